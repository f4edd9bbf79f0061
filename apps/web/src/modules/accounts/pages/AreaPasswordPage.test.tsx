import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { AreaPasswordPage, EmployeePasswordPage } from './AreaPasswordPage';

async function change(old: string, next: string) {
  fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: old } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: next } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password screens', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the employee portal’s emppwd changes it with updateEmpPwd, refusing a weak one as typed and the server’s wrong old one', async () => {
    let calls = 0;
    const server = stubServer({
      config: configStub,
      updateEmpPwd: () => (++calls === 1 ? { status: 2, reason: 'The old password is wrong' } : { status: 0, result: null }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <EmployeePasswordPage />
      </AppProviders>,
    );
    await change('Old-pass-2026', 'abcdefgh');
    expect(await screen.findByText('Password strength is too weak: use at least two of letters, digits and symbols')).toBeTruthy();
    expect(server.bodies('updateEmpPwd')).toHaveLength(0);
    await change('Old-pass-2026', 'New-pass-2026');
    await waitFor(() => expect(server.bodies('updateEmpPwd')).toHaveLength(1));
    expect(await screen.findByText('The old password is wrong')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(server.bodies('updateEmpPwd')[1]).toEqual({ oldPassword: 'Old-pass-2026', password: 'New-pass-2026', confirm: 'New-pass-2026' });
    expect(server.bodies('updatePassword')).toEqual([]);
  });

  it('the other areas keep updatePassword', async () => {
    const server = stubServer({ config: configStub, updatePassword: () => ({ status: 0, result: null }) });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AreaPasswordPage />
      </AppProviders>,
    );
    await change('Old-pass-2026', 'New-pass-2026');
    await waitFor(() => expect(server.bodies('updatePassword')).toHaveLength(1));
    expect(server.bodies('updateEmpPwd')).toEqual([]);
  });
});
