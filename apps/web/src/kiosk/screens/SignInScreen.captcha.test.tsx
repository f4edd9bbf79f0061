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

  it('shows the captcha the server asks for, and a picture of a sum instead on request', async () => {
    let issued = 0;
    const server = stubServer({
      Login: (body) => (body.digest ? { status: 75, reason: 'wrong' } : { status: 119, reason: 'captcha' }),
      getValidationCode: (body) => {
        issued += 1;
        const kind = body.kind === 'question' ? 'question' : 'image';
        return { status: 0, result: { base64Str: `data:image/png;base64,${kind}-${issued}`, digest: `d-${issued}`, expiresIn: 300, kind } };
      },
      validationCode: () => ({ status: 0, result: null }),
    });
    render(<SignInScreen onSignedIn={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'desk01' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the kiosk' }));
    expect(await screen.findByRole('img', { name: 'Verification code' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "Can't read it? Use a sum instead" }));
    const sum = await screen.findByRole('img', { name: 'A small sum in a picture' });
    expect(sum.getAttribute('src')).toMatch(/question-2$/);
    expect(server.bodies('getValidationCode').at(-1)).toEqual({ kind: 'question' });
    const input = screen.getByLabelText('Verification code');
    expect(input.getAttribute('inputmode')).toBe('numeric');

    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the kiosk' }));
    await waitFor(() => expect(server.bodies('validationCode')).toEqual([{ digest: 'd-2', vcode: '5' }]));
    // After the failed sign-in a new challenge of the same kind is shown.
    await waitFor(() => expect(server.bodies('getValidationCode')).toHaveLength(3));
    expect(server.bodies('getValidationCode').at(-1)).toEqual({ kind: 'question' });
    expect(screen.getByRole('button', { name: 'Use letters instead' })).toBeTruthy();
  });
});
