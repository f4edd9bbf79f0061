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

/** A fake captcha server: pictures (of characters or of sums) numbered in the order asked for. */
function captchaServer() {
  let issued = 0;
  return stubServer({
    config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: true, features: {} } }),
    getValidationCode: (body) => {
      issued += 1;
      const kind = body.kind === 'question' ? 'question' : 'image';
      return { status: 0, result: { base64Str: `data:image/png;base64,${kind}-${issued}`, digest: `digest-${issued}`, expiresIn: 300, kind } };
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
    expect(img.getAttribute('src')).toMatch(/image-1$/);
    expect(img.getAttribute('width')).toBe('176');
    fireEvent.click(screen.getByRole('button', { name: 'New picture' }));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/image-2$/));
    fireEvent.click(screen.getByTestId('captcha-img'));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/image-3$/));
    // Pictures are asked for as before, without a kind, so an older server answers too.
    expect(server.bodies('getValidationCode').every((b) => !('kind' in b))).toBe(true);
  });

  it('switches to a picture of a sum, asks for digits, checks its answer the same way, and back', async () => {
    const server = captchaServer();
    const onSent = renderForm();
    await screen.findByTestId('captcha-img');
    fireEvent.click(screen.getByRole('button', { name: "Can't read it? Use a sum instead" }));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/question-2$/));
    expect(server.bodies('getValidationCode').at(-1)).toEqual({ kind: 'question' });
    expect(screen.getByRole('img', { name: 'A small sum in a picture, click for a new one' })).toBeTruthy();
    // The answer field has the focus again and asks for digits.
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('placeholder')).toBe('The answer, in digits');
    expect(input.getAttribute('inputmode')).toBe('numeric');

    fireEvent.click(screen.getByRole('button', { name: 'Another sum' }));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/question-3$/));

    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('digest-3'));
    expect(server.bodies('validationCode')).toEqual([{ digest: 'digest-3', vcode: '10' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Use letters instead' }));
    await waitFor(() => expect(screen.getByTestId('captcha-img').getAttribute('src')).toMatch(/image-\d+$/));
  });

  it('speaks Chinese: the refresh buttons, the switch and the sum', async () => {
    await act(() => i18n.changeLanguage('zh'));
    captchaServer();
    renderForm();
    await screen.findByTestId('captcha-img');
    expect(screen.getByRole('button', { name: '换一张' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '看不清？改为算术题' }));
    expect(await screen.findByRole('img', { name: '算术题图片，点击更换' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '换一题' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '改用字符验证码' })).toBeTruthy();
  });
});
