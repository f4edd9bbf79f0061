import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { ApiKeysPage } from './ApiKeysPage';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const key = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Door system ${id}`,
  prefix: `ovk_abcd123${id}`,
  scopes: ['visitors:read', 'invitations:write'],
  createdBy: 'Ada Lovelace',
  createTime: Date.now() - 86_400_000,
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  lastUsedIp: '',
  ...extra,
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/integrations/keys', element: <ApiKeysPage /> }], { initialEntries: ['/integrations/keys'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('ApiKeysPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('creates a key with scopes chosen per area, shows it once; a revoked one offers nothing more', async () => {
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
      getApiKeys: ok([key(1, { revokedAt: Date.now() - 1000 })]),
      addApiKey: ok({ id: 2, key: 'ovk_abcd1232_0123456789012345678901234567890123456789012' }),
    });
    renderPage();
    const revoked = (await screen.findByText('Door system 1')).closest('tr') as HTMLElement;
    expect(revoked.textContent).toContain('Revoked');
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /Create key/ })[0] as HTMLElement);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'HR sync' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Create key/ }));
    expect(await within(dialog).findByText('Give the key at least one scope')).toBeTruthy();
    fireEvent.click(within(within(dialog).getByRole('radiogroup', { name: 'Employees' })).getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(within(within(dialog).getByRole('radiogroup', { name: 'Visitors' })).getByRole('radio', { name: 'Read' }));
    // SCIM: the address to give the identity provider is the server's, beside the console.
    expect(within(dialog).getByText(/the address http:\/\/localhost(:\d+)?\/scim\/v2 and this key/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /SCIM provisioning/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Create key/ }));
    const shown = await screen.findByTestId('shown-secret');
    expect((shown as HTMLInputElement).value).toBe('ovk_abcd1232_0123456789012345678901234567890123456789012');
    await waitFor(() => expect(server.bodies('addApiKey')).toHaveLength(1));
    expect(server.bodies('addApiKey')[0]).toEqual({ name: 'HR sync', scopes: ['employees:write', 'visitors:read', 'scim'], expiresAt: null });
  });
});
