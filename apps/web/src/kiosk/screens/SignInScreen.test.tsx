import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../platform/i18n';
import { i18n, showLanguage } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import '../i18n';
import { SignInScreen } from './SignInScreen';

describe('kiosk sign-in', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('words its validation message in the language shown, also after a switch (issue 15)', async () => {
    stubServer({});
    render(<SignInScreen onSignedIn={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the kiosk' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Required');

    await act(() => showLanguage('zh'));
    expect(await screen.findByRole('heading', { name: '访客机登录' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('必填');

    await act(() => showLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Kiosk sign-in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Required');
  });

  it('re-words the refusal of a new password after a switch', async () => {
    stubServer({
      Login: () => ({ status: 0, result: { token: 't', userid: 1, company: 'Acme', role: 4, sType: 4, tokenExpire: 0, mustChangePassword: true } }),
    });
    render(<SignInScreen onSignedIn={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Account'), { target: { value: 'gate' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Old-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the kiosk' }));
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'Fresh-pass-2024' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'Other-pass-2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match');

    await act(() => showLanguage('zh'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });
});
