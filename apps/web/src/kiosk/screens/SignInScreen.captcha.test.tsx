import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import '../i18n';
import { SignInScreen } from './SignInScreen';

describe('kiosk SignInScreen captcha', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the captcha the server asks for, and a question instead of the picture on request', async () => {
    let issued = 0;
    const server = stubServer({
      Login: (body) => (body.digest ? { status: 75, reason: 'wrong' } : { status: 119, reason: 'captcha' }),
      getValidationCode: (body) => {
        issued += 1;
        const base = { base64Str: `data:image/svg+xml;base64,${issued}`, digest: `d-${issued}`, expiresIn: 300 };
        return {
          status: 0,
          result: body.kind === 'question' ? { ...base, kind: 'question', question: { left: 9, right: 4, operator: 'minus' } } : base,
        };
      },
      validationCode: () => ({ status: 0, result: null }),
    });
    render(<SignInScreen onSignedIn={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'desk01' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the kiosk' }));
    expect(await screen.findByRole('img', { name: 'Verification code' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "Can't read it? Answer a question instead" }));
    const question = await screen.findByText('What is 9 minus 4?');
    expect(server.bodies('getValidationCode').at(-1)).toEqual({ kind: 'question' });
    expect(screen.queryByRole('img', { name: 'Verification code' })).toBeNull();
    const input = screen.getByLabelText('Verification code');
    expect(input.getAttribute('aria-describedby')).toBe(question.id);

    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the kiosk' }));
    await waitFor(() => expect(server.bodies('validationCode')).toEqual([{ digest: 'd-2', vcode: '5' }]));
    // After the failed sign-in a new challenge of the same kind is shown.
    await waitFor(() => expect(server.bodies('getValidationCode')).toHaveLength(3));
    expect(server.bodies('getValidationCode').at(-1)).toEqual({ kind: 'question' });
    expect(screen.getByRole('button', { name: 'Use a picture instead' })).toBeTruthy();
  });
});
