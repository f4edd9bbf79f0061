import { type OperationLog, Role } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { OperationLogPage } from './OperationLogPage';

const AT = new Date(2026, 0, 5, 14, 30, 15).getTime();
function entry(id: number, extra: Partial<OperationLog> = {}): OperationLog {
  return {
    id,
    userid: 1,
    optId: '1',
    optName: 'Ada Lovelace',
    optRole: 0,
    ipAddr: '127.0.0.1',
    objId: '3',
    objName: 'Zhang San',
    optEvent: 'add',
    optClient: 0,
    optModule: 6,
    oTime: AT,
    // A row older than the description keys: its details are shown as stored.
    optDesc: 'blacklist',
    descKey: null,
    descParams: {},
    seq: id,
    ...extra,
  };
}

const logs =
  (list: OperationLog[]): Handler =>
  () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: list.length, list } });
const config: Handler = () => ({
  status: 0,
  result: { version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { operationLog: true } },
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/emplog', element: <OperationLogPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('OperationLogPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    signOutLocal();
    await i18n.changeLanguage('en');
  });

  it('asks for the filters of the URL, shows them in the controls, and labels rows from the lookups', async () => {
    const server = stubServer({ config, getLogList: logs([entry(1), entry(2, { optEvent: 'export', objName: 'blacklist.xlsx', optClient: 1 })]) });
    renderAt('/emplog?name=Ada&module=6&event=add&from=2026-01-01&to=2026-01-31');
    expect(await screen.findByText('Zhang San')).toBeTruthy();
    expect(server.bodies('getLogList')[0]).toEqual({
      startIndex: 0,
      requestedCount: 20,
      optName: 'Ada',
      optModule: 6,
      optEvent: 'add',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect((screen.getByLabelText('Operator') as HTMLInputElement).value).toBe('Ada');
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('blacklist.xlsx')) as HTMLElement;
    expect(within(row).getByText('Export')).toBeTruthy();
    expect(within(row).getByText('Mobile')).toBeTruthy();
    expect(within(row).getAllByText('Blacklist').length).toBeGreaterThan(0);
    expect(within(row).getByText('5 Jan 2026, 14:30:15')).toBeTruthy();
    expect(screen.getByText('2 records')).toBeTruthy();
  });

  it('checks the chain for an administrator and names the entry where it breaks, in either language', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: 0, userid: 1, company: 'ACME' }, 'manager');
    let answer = { checked: 12, pending: 0, firstBroken: null as null | { reason: 'changed'; seq: number; id: number; oTime: number } };
    const server = stubServer({ config, getLogList: logs([entry(1)]), verifyLogChain: () => ({ status: 0, result: answer }) });
    renderAt('/emplog');
    await screen.findByText('Zhang San');
    fireEvent.click(screen.getByRole('button', { name: /Check integrity/ }));
    expect(await screen.findByText('The log is intact: 12 entries checked against the server key.')).toBeTruthy();
    answer = { checked: 6, pending: 0, firstBroken: { reason: 'changed', seq: 7, id: 40, oTime: AT } };
    await act(() => i18n.changeLanguage('zh'));
    fireEvent.click(screen.getByRole('button', { name: /完整性校验/ }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('校验链在第 7 条记录处断开'));
    expect(alert.textContent).toContain('这条记录写入后被修改过');
    expect(server.bodies('verifyLogChain')).toHaveLength(2);
  });

  it('offers no integrity check to a sub-administrator', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.SUBADMIN, sType: 0, userid: 1, company: 'ACME' }, 'manager');
    stubServer({ config, getLogList: logs([entry(1)]) });
    renderAt('/emplog');
    await screen.findByText('Zhang San');
    expect(screen.queryByRole('button', { name: /Check integrity/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('writes a changed filter into the URL, back to page 1, and clears them all', async () => {
    const server = stubServer({ config, getLogList: logs([entry(1)]) });
    const router = renderAt('/emplog?page=2');
    await screen.findByText('Zhang San');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByTitle('Manager'));
    await waitFor(() => expect(router.state.location.search).toBe('?role=0'));
    await waitFor(() => expect(server.bodies('getLogList').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, optRole: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the labels and dates in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubServer({ config, getLogList: logs([entry(1)]) });
    renderAt('/emplog');
    const row = (await screen.findByText('Zhang San')).closest('tr') as HTMLElement;
    expect(within(row).getByText('管理员')).toBeTruthy();
    expect(within(row).getByText('黑名单')).toBeTruthy();
    expect(within(row).getByText('增加')).toBeTruthy();
    expect(within(row).getByText('PC端')).toBeTruthy();
    expect(within(row).getByText('2026-01-05 14:30:15')).toBeTruthy();
    expect(screen.getByText('共 1 条记录')).toBeTruthy();
  });

  it("renders the server's description keys in the console language, other rows' details as stored", async () => {
    const cards = entry(2, {
      objName: 'cards.csv',
      optEvent: 'update',
      optModule: 1,
      descKey: 'cardsSynced',
      descParams: { issued: 3, cleared: 0, refused: 1 },
      optDesc: 'cards: 3 issued, 0 cleared, 1 refused',
    });
    const search = entry(3, {
      objName: 'blacklist.xlsx',
      optEvent: 'export',
      descKey: 'blacklistSearched',
      descParams: { search: '张' },
      optDesc: 'blacklist, search "张"',
    });
    const client = entry(4, { objName: 'employees.xlsx', optEvent: 'export', optDesc: 'exported 20 rows' });
    const newer = entry(5, { objName: 'gadget', descKey: 'fromANewerServer', descParams: { n: 1 }, optDesc: 'a newer sentence' });
    const rows = [cards, search, client, newer];
    const detailsOf = async (objName: string) => {
      const row = (await screen.findByText(objName)).closest('tr') as HTMLElement;
      return within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    };

    await act(() => i18n.changeLanguage('zh'));
    stubServer({ config, getLogList: logs(rows) });
    renderAt('/emplog');
    expect(await detailsOf('cards.csv')).toContain('卡号：发放 3 张，清除 0 张，拒绝 1 条');
    expect(await detailsOf('blacklist.xlsx')).toContain('黑名单，搜索“张”');
    expect(await detailsOf('employees.xlsx')).toContain('exported 20 rows');
    expect(await detailsOf('gadget')).toContain('a newer sentence');
    expect(screen.getByRole('columnheader', { name: '详情' })).toBeTruthy();

    // The same rows follow a language switch.
    await act(() => i18n.changeLanguage('en'));
    expect(await detailsOf('cards.csv')).toContain('cards: 3 issued, 0 cleared, 1 refused');
    expect(await detailsOf('blacklist.xlsx')).toContain('blacklist, search "张"');
  });

  it('has an empty state for an empty log and for filters that match nothing', async () => {
    stubServer({ config, getLogList: logs([]) });
    const router = renderAt('/emplog?event=lock');
    expect(await screen.findByText('No operations match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No operations recorded yet')).toBeTruthy();
  });
});
