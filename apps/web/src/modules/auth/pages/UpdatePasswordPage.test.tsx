import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Where the page continues to is the shell's route tables' answer: this test checks the page against the real one.
// biome-ignore lint/style/noRestrictedImports: the shell's start-up, as main.tsx runs it before the first render
import '../../../app/start';
import { type LoginResult, Role } from '@openvisit/contract';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { UpdatePasswordPage } from './UpdatePasswordPage';

describe('the forced password change', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOutLocal();
  });

  it('takes a logistics account on to its carriers, not back to a password screen', async () => {
    stubServer({
      config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { logistics: true } } }),
      updatePassword: () => ({ status: 0, result: null }),
    });
    saveLogin({ token: 't', account: 'trucks', sType: Role.LOGISTICS, mustChangePassword: true } as LoginResult, 'logic');
    const router = createMemoryRouter(
      [
        { path: '/update', element: <UpdatePasswordPage /> },
        { path: '*', element: <div data-testid="landed" /> },
      ],
      { initialEntries: ['/update'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'Old-pass-123' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New-pass-456' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'New-pass-456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByTestId('landed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logic/logicSupplierCom'));
  });
});
