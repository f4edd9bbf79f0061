import { Role, type SubAccount } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { SubCompaniesPage } from './SubCompaniesPage';

const sub = (id: number, companyName: string, over: Partial<SubAccount> = {}): SubAccount => ({
  id,
  companyName,
  shortName: `S${id}`,
  logo: '',
  contactName: 'Li Lei',
  email: `s${id}@example.com`,
  phone: '',
  floor: '12F',
  roomNumbers: ['1201'],
  gids: [],
  egids: [],
  vaPerm: 3,
  adminType: 0,
  modules: [],
  isUse: 1,
  startDate: null,
  endDate: null,
  archivedAt: null,
  expired: false,
  createTime: 0,
  ...over,
});

function setup(extra: Record<string, StubHandler> = {}, url = '/setting/subcoms') {
  saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
  const server = stubServer({
    config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { subCompanies: true } } }),
    getSubAccountPageByUserid: () => ({
      status: 0,
      result: { pageNo: 1, pageSize: 20, count: 2, list: [sub(1, 'Starlight Ltd'), sub(2, 'Moon Co', { isUse: 0 })] },
    }),
    getSubAccountTemp: () => ({ status: 0, result: [] }),
    getGate: () => ({ status: 0, result: [{ gid: 7, gname: 'North gate', accounts: 0 }] }),
    getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
    ...extra,
  });
  const router = createMemoryRouter([{ path: '/setting/subcoms', element: <SubCompaniesPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

describe('sub-companies screen', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists with the search and status of the URL, each row with its status', async () => {
    const server = setup({}, '/setting/subcoms?q=star&status=0');
    expect(await screen.findByText('Starlight Ltd')).toBeTruthy();
    expect(within(screen.getByText('Moon Co').closest('tr') as HTMLElement).getByText('Stopped')).toBeTruthy();
    expect(within(screen.getByText('Starlight Ltd').closest('tr') as HTMLElement).getByText('In use')).toBeTruthy();
    expect(screen.getAllByText('12F · 1201')).toHaveLength(2);
    expect(server.bodies('getSubAccountPageByUserid')[0]).toMatchObject({ name: 'star', status: 0, startIndex: 0 });
  });

  it('a batch delete refused for records shows the counts and archives on request', async () => {
    const server = setup({
      batchDelSubAccount: (b) =>
        b.archive
          ? { status: 0, result: { deleted: 0, archived: 1 } }
          : { status: 58, reason: 'records', result: { records: [{ id: 1, employees: 3, visits: 5, invitations: 2 }] } },
    });
    await screen.findByText('Starlight Ltd');
    const row = screen.getByText('Starlight Ltd').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByTestId('sub-batch-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const refused = await screen.findByTestId('sub-refused');
    expect(refused.textContent).toContain('Starlight Ltd: 3 employees, 5 visits, 2 invitations');
    fireEvent.click(screen.getByRole('button', { name: 'Archive them' }));
    await waitFor(() => expect(server.bodies('batchDelSubAccount')).toHaveLength(2));
    expect(server.bodies('batchDelSubAccount')).toEqual([
      { ids: [1], archive: false },
      { ids: [1], archive: true },
    ]);
  });

  it('the form checks as typed (short name over 6) and shows the server’s refusals on their fields', async () => {
    const server = setup({ addSubAccount: () => ({ status: 46, reason: 'taken', result: { errors: [{ field: 'companyName', rule: 'taken' }] } }) });
    fireEvent.click((await screen.findAllByTestId('sub-add'))[0] as HTMLElement);
    fireEvent.change(await screen.findByLabelText('Company name'), { target: { value: 'Starlight Ltd' } });
    fireEvent.change(screen.getByLabelText('Short name'), { target: { value: 'TOOLONG' } });
    fireEvent.change(screen.getByLabelText('Email (sign-in)'), { target: { value: 'front@star.example' } });
    expect(await screen.findByText(/at most 6/i)).toBeTruthy();
    fireEvent.click(screen.getByTestId('sub-save'));
    await new Promise((r) => setTimeout(r, 0));
    expect(server.bodies('addSubAccount')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Short name'), { target: { value: 'STAR' } });
    // Modules are offered only to an administrator of chosen modules.
    expect(screen.queryByText('Modules')).toBeNull();
    fireEvent.click(screen.getByLabelText('Chosen modules'));
    const visitors = (await screen.findByLabelText('Visitors')) as HTMLInputElement;
    fireEvent.click(visitors);
    // The form has taken the module (a loaded machine showed the save sent before it had).
    await waitFor(() => expect(visitors.checked).toBe(true));
    fireEvent.click(screen.getByTestId('sub-save'));
    expect(await screen.findByText('Another sub-company has this name')).toBeTruthy();
    expect(server.bodies('addSubAccount')[0]).toMatchObject({
      companyName: 'Starlight Ltd',
      shortName: 'STAR',
      email: 'front@star.example',
      vaPerm: 3,
      adminType: 1,
      modules: ['visitors'],
    });
  });
});
