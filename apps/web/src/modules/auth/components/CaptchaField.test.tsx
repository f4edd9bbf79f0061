import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the shell's start-up registers the sign-in texts, as main.tsx does
import '../../../app/start';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { useCaptcha, useCaptchaSubmit } from '../api';
import { CaptchaField } from './CaptchaField';

/** A fake captcha server: pictures and questions numbered in the order asked for. */
function captchaServer() {
  let issued = 0;
  return stubServer({
    config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: true, features: {} } }),
    getValidationCode: (body) => {
      issued += 1;
      const base = { base64Str: `data:image/svg+xml;base64,${issued}`, digest: `digest-${issued}`, expiresIn: 300 };
      if (body.kind !== 'question') return { status: 0, result: { ...base, kind: 'image' } };
      return { status: 0, result: { ...base, kind: 'question', question: { left: 7, right: issued, operator: 'plus' } } };
    },
    validationCode: () => ({ status: 0, result: null }),
  });
}

function CaptchaForm({ onSent }: { onSent: (digest: string | undefined) => void }) {
  const [form] = Form.useForm<{ vcode?: string }>();
  const captcha = useCaptcha();
  const { submit } = useCaptchaSubmit(form, captcha, async (_values, digest) => onSent(digest));
  return (
    <Form form={form} onFinish={submit}>
      <CaptchaField captcha={captcha} />
      <Button htmlType="submit">send</Button>
    </Form>
  );
}

function renderForm() {
  const onSent = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CaptchaForm onSent={onSent} />
    </AppProviders>,
  );
  return onSent;
}

describe('CaptchaField', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows a new picture from the refresh button beside it and from a click on the picture', async () => {
    const server = captchaServer();
    renderForm();
    const img = await screen.findByTestId('captcha-img');
    expect(img.getAttribute('src')).toMatch(/,1$/);
    expect(img.getAttribute('width')).toBe('176');
    fireEvent.click(screen.getByRole('button', { name: 'New picture' }));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/,2$/));
    fireEvent.click(screen.getByTestId('captcha-img'));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/,3$/));
    // Pictures are asked for as before, without a kind, so an older server answers too.
    expect(server.bodies('getValidationCode').every((b) => !('kind' in b))).toBe(true);
  });

  it('switches to a question a screen reader can read, checks its answer the same way, and back', async () => {
    const server = captchaServer();
    const onSent = renderForm();
    await screen.findByTestId('captcha-img');
    fireEvent.click(screen.getByRole('button', { name: "Can't read it? Answer a question instead" }));
    const question = await screen.findByTestId('captcha-question');
    expect(question.textContent).toBe('What is 7 plus 2?');
    expect(server.bodies('getValidationCode').at(-1)).toEqual({ kind: 'question' });
    expect(screen.queryByTestId('captcha-img')).toBeNull();
    // The answer field is described by the question and has the focus, so it is read out at once.
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(input.getAttribute('aria-describedby')).toBe(question.id);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('placeholder')).toBe('The answer, in digits');

    fireEvent.click(screen.getByRole('button', { name: 'Another question' }));
    await waitFor(() => expect(screen.getByTestId('captcha-question').textContent).toBe('What is 7 plus 3?'));

    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('digest-3'));
    expect(server.bodies('validationCode')).toEqual([{ digest: 'digest-3', vcode: '10' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Use a picture instead' }));
    expect(await screen.findByTestId('captcha-img')).toBeTruthy();
    expect(screen.queryByTestId('captcha-question')).toBeNull();
  });

  it('speaks Chinese: the refresh buttons, the switch and the question', async () => {
    await act(() => i18n.changeLanguage('zh'));
    captchaServer();
    renderForm();
    await screen.findByTestId('captcha-img');
    expect(screen.getByRole('button', { name: '换一张' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '看不清？改为回答算术题' }));
    expect((await screen.findByTestId('captcha-question')).textContent).toBe('7 加 2 等于几？');
    expect(screen.getByRole('button', { name: '换一题' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '改用图片验证码' })).toBeTruthy();
  });
});
