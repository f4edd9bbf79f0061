import { type Manager, Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { ManagersPage, StagePage } from './ManagersPage';
import { ManagersRedirect } from './ManagersRedirect';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

const manager = (id: number, account: string, sType: number, supplierId: number | null = null): Manager => ({
  id,
  account,
  sName: `Name ${id}`,
  phone: '',
  sType,
  supplierId,
  gids: [],
  startDate: null,
  endDate: null,
  remark: '',
  status: 0,
  locked: false,
  twoStep: false,
  passkeys: 0,
  modules: sType === 5 ? ['employees'] : [],
  createTime: 0,
});

const handlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { supplier: true } }),
  GetManagerByUser: ok([manager(1, 'clean_sc', 1, 4)]),
  getGate: ok([]),
  getSupplierList: ok([{ supplierId: 4, name: 'Clean Co', contact: '', phone: '', remark: '', workers: 0, accounts: 1, createTime: 0 }]),
  ...extra,
});

function show() {
  const router = createMemoryRouter([{ path: '/x', element: <ManagersPage /> }], { initialEntries: ['/x'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('staff accounts screen', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('HSE: its verification accounts are server-company accounts only, added as such for a supplier company', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.HSE, sType: 0, userid: 1, company: 'ACME' }, 'hse');
    const server = stubServer(handlers({ AddManager: (b) => ({ status: 0, result: manager(2, String(b.account), 1, 4) }) }));
    show();
    expect(await screen.findByText('Verification accounts')).toBeTruthy();
    expect(await screen.findByText('clean_sc')).toBeTruthy();
    // One kind only: no type filter.
    expect(screen.queryByLabelText('Account type')).toBeNull();
    fireEvent.click(screen.getByText('Add staff account').closest('button') as HTMLElement);
    fireEvent.change(await screen.findByLabelText('Account'), { target: { value: 'build_sc' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Build desk' } });
    fireEvent.change(screen.getByLabelText('Initial password'), { target: { value: 'Str0ng!Passw0rd#' } });
    fireEvent.mouseDown(await screen.findByLabelText('Supplier company'));
    fireEvent.click(await screen.findByTitle('Clean Co'));
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement);
    await waitFor(() => expect(server.bodies('AddManager')).toHaveLength(1));
    expect(server.bodies('AddManager')[0]).toMatchObject({ account: 'build_sc', sName: 'Build desk', sType: 1, supplierId: 4 });
    expect(server.bodies('GetManagerByUser')[0]).toEqual({});
  });

  it('the administrator sees every kind with the type filter', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    stubServer(handlers({ GetManagerByUser: ok([manager(1, 'desk_1', 2), manager(2, 'hse_1', 0)]) }));
    show();
    expect(await screen.findByText('desk_1')).toBeTruthy();
    expect(screen.getByText('Staff accounts')).toBeTruthy();
    expect(screen.getByLabelText('Account type')).toBeTruthy();
    // Which kind each is: a machine keeps the password it is given, a person changes it at first sign-in.
    expect(screen.getByText('desk_1').closest('tr')?.textContent).toContain('Machine account');
    expect(screen.getByText('hse_1').closest('tr')?.textContent).toContain("Person's account");
    fireEvent.click(screen.getByText('Add staff account').closest('button') as HTMLElement);
    expect(await screen.findByText(/it keeps this password until you change it here/)).toBeTruthy();
  });

  it("an account's passkeys and two steps show on its form; reset is asked first, then sent and the notice goes", async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    const secured = { ...manager(3, 'hse_2', 0), sName: 'Hana', twoStep: true, passkeys: 2 };
    const server = stubServer(
      handlers({
        GetManagerByUser: ok([secured, manager(4, 'hse_3', 0)]),
        UpdateManager: () => ({ status: 0, result: { ...secured, twoStep: false, passkeys: 0 } }),
      }),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit hse_3' }));
    expect(await screen.findByText('Edit staff account hse_3')).toBeTruthy();
    expect(screen.queryByText(/Two-step sign-in is/)).toBeNull();
    fireEvent.click(screen.getByText('Cancel').closest('button') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit hse_2' }));
    expect(await screen.findByText('Two-step sign-in is on · 2 passkeys')).toBeTruthy();
    fireEvent.click(screen.getByText('Reset').closest('button') as HTMLElement);
    expect(await screen.findByText('Reset the sign-in security of Hana?')).toBeTruthy();
    expect(server.bodies('UpdateManager')).toHaveLength(0);
    const confirm = (await screen.findAllByText('Reset'))
      .map((n) => n.closest('button'))
      .find((b) => b?.className.includes('ant-btn-dangerous') && b.closest('.ant-popconfirm'));
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() => expect(server.bodies('UpdateManager')).toHaveLength(1));
    expect(server.bodies('UpdateManager')[0]).toMatchObject({ account: 'hse_2', resetTwoStep: true });
    expect(await screen.findByText('Two-step sign-in reset; 2 passkey(s) removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Two-step sign-in is on/)).toBeNull());
  });

  it('names role 0 Executive under the HSE-administrator-change flag', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    const flag = { version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {}, hseAdminChange: true };
    stubServer(handlers({ config: ok(flag), GetManagerByUser: ok([manager(1, 'safety_1', 0)]) }));
    show();
    const row = (await screen.findByText('safety_1')).closest('tr') as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('Executive'));
    expect(row.textContent).not.toContain('HSE');
  });

  it('stage: an account’s drawer has its own address (stage/sdetail/:id), closing goes back; the old managers path redirects', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    stubServer(handlers({ GetManagerByUser: ok([manager(1, 'desk_1', 2), manager(7, 'desk_7', 2)]) }));
    const base = '/setting/account';
    const router = createMemoryRouter(
      [
        { path: `${base}/stage`, element: <StagePage /> },
        { path: `${base}/stage/sdetail/:id?`, element: <StagePage /> },
        { path: `${base}/managers`, element: <ManagersRedirect /> },
      ],
      { initialEntries: [`${base}/managers?type=2`] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // The bookmark of the former address lands on stage, its filter kept.
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/stage`));
    expect(router.state.location.search).toBe('?type=2');
    expect(await screen.findByText('desk_7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit desk_7' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/stage/sdetail/7`));
    expect(await screen.findByText('Edit staff account desk_7')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel').closest('button') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/stage`));
    expect(router.state.location.search).toBe('?type=2');

    // Opened from the address itself; one naming no account of the list falls back to the list.
    await router.navigate(`${base}/stage/sdetail/1`);
    expect(await screen.findByText('Edit staff account desk_1')).toBeTruthy();
    await router.navigate(`${base}/stage/sdetail/99`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/stage`));
  });
});
