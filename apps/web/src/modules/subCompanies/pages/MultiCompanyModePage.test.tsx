import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { MultiCompanyModePage } from './MultiCompanyModePage';

describe('multi-company mode', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('explains the switch and changes the company setting through updateSASwitch, showing what the server keeps', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    let stored = 0;
    const server = stubServer({
      config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { subCompanies: true } } }),
      GetUserInfo: () => ({ status: 0, result: { subAccount: stored } }),
      updateSASwitch: (b) => {
        stored = Number(b.subAccount);
        return { status: 0, result: { subAccount: stored } };
      },
    });
    const router = createMemoryRouter([{ path: '/x', element: <MultiCompanyModePage /> }], { initialEntries: ['/x'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const toggle = screen.getByTestId('multi-company-switch') as HTMLButtonElement;
    // Enabled once the company's setting is read.
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.getByText('Multi-company mode is off')).toBeTruthy();
    expect(screen.getByText(/tenant companies are managed here as sub-companies/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('Multi-company mode is on')).toBeTruthy();
    expect(server.bodies('updateSASwitch')).toEqual([{ subAccount: 1 }]);
    await waitFor(() => expect(screen.getByText('Manage sub-companies')).toBeTruthy());
  });
});
