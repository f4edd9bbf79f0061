import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { SsoPage } from './SsoPage';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const connection = {
  id: 3,
  protocol: 'oidc',
  name: 'Okta',
  enabled: true,
  issuer: 'https://fabrikam.okta.com',
  clientId: 'abc',
  hasSecret: true,
  scopes: 'openid email profile',
  claims: { email: 'email', phone: 'phone_number', name: 'name', empNo: '', groups: 'groups' },
  jit: false,
  jitDepartmentId: null,
  roleMap: [],
  required: true,
  redirectUri: 'https://visit.fabrikam.example/signin/sso',
  lastSignInAt: null,
  createTime: Date.now() - 86_400_000,
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/integrations/sso', element: <SsoPage /> }], { initialEntries: ['/integrations/sso'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('SsoPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('checks the issuer as typed, shows the provider’s refusal under it, and keeps a stored secret when left empty', async () => {
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
      getSsoConnections: ok({ connections: [connection], redirectUri: connection.redirectUri }),
      getRARG: ok([]),
      getDeptList: ok([]),
      addSsoConnection: (body) =>
        (body as { protocol?: string }).protocol === 'saml'
          ? { status: 1420, reason: 'The metadata cannot be read: it needs the provider’s EntityDescriptor, sign-on address and signing certificate' }
          : { status: 1414, reason: 'the provider could not be reached' },
      updateSsoConnection: ok(null),
    });
    renderPage();
    const row = (await screen.findByText('Okta')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Required');
    expect(screen.getByTestId('sso-redirect-uri').textContent).toContain('/signin/sso');

    fireEvent.click(screen.getAllByRole('button', { name: /Add provider/ })[0] as HTMLElement);
    let dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Entra' } });
    fireEvent.change(within(dialog).getByLabelText('Issuer'), { target: { value: 'login.microsoftonline.com' } });
    expect(await within(dialog).findByText(/Enter a URL such as https:\/\/login.example.com/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Issuer'), { target: { value: 'https://login.microsoftonline.com/tenant/v2.0' } });
    fireEvent.change(within(dialog).getByLabelText('Client ID'), { target: { value: 'app-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText(/the provider could not be reached/)).toBeTruthy();
    // SAML: its own fields; metadata the server cannot read is said under it.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'SAML 2.0' }));
    fireEvent.change(await within(dialog).findByLabelText('Provider metadata (XML)'), { target: { value: '<EntityDescriptor/>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText(/The metadata cannot be read/)).toBeTruthy();
    await waitFor(() => expect(server.bodies('addSsoConnection')).toHaveLength(2));
    expect(server.bodies('addSsoConnection')[1]).toMatchObject({ protocol: 'saml', metadataXml: '<EntityDescriptor/>', name: 'Entra' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel/ }));

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('A secret is stored: leave empty to keep it')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(server.bodies('updateSsoConnection')).toHaveLength(1));
    expect(server.bodies('updateSsoConnection')[0]).toMatchObject({
      id: 3,
      clientSecret: '',
      clearSecret: false,
      required: true,
      issuer: connection.issuer,
    });
  });
});
