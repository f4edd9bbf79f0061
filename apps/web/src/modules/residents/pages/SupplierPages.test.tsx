import { Role, type Supplier } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { RvPassRecordPage } from './RvPassRecordPage';
import { SupplierCompaniesPage } from './SupplierCompaniesPage';
import { TrafficPage } from './TrafficPage';

const file =
  (type: string): Handler =>
  () =>
    new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': type } });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

const supplier = (supplierId: number, name: string, workers = 0): Supplier => ({
  supplierId,
  name,
  contact: '',
  phone: '',
  remark: '',
  workers,
  accounts: 0,
  createTime: 0,
});

const base = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { supplier: true } }),
  getSupplierList: ok([supplier(1, 'Clean Co', 3)]),
  ...extra,
});

/** The screen at `url` (its filters are read from the URL's query). */
function show(page: ReactNode, url = '/screen') {
  const router = createMemoryRouter([{ path: '/screen', element: page }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function rowOf(name: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

describe('supplier screens', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
  });
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });

  it('lists supplier companies and adds one; a taken name is shown on its field', async () => {
    const server = stubServer(
      base({ addSupplier: (b) => (b.name === 'Clean Co' ? { status: 3, result: null } : { status: 0, result: supplier(2, String(b.name)) }) }),
    );
    show(<SupplierCompaniesPage />);
    expect(within(await waitFor(() => rowOf('Clean Co'))).getByText('3')).toBeTruthy();
    fireEvent.click(await screen.findByText('Add supplier company'));
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Clean Co' } });
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement);
    expect(await screen.findByText('Another supplier company has this name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Build Co' } });
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement);
    expect(await screen.findByText('Build Co added')).toBeTruthy();
    expect(server.bodies('addSupplier').at(-1)).toEqual({ name: 'Build Co', contact: '', phone: '', remark: '' });
  });

  it('charts the traffic statistics of the period and totals them per company', async () => {
    const server = stubServer(
      base({
        getRvReport: ok({
          days: ['2026-01-01', '2026-01-02'],
          companies: [{ supplierId: 1, company: 'Clean Co', counts: [2, 1], total: 3 }],
          total: 3,
        }),
      }),
    );
    show(<TrafficPage />);
    expect(await screen.findByRole('img', { name: 'Sign-ins per supplier company and day, 3 in total' })).toBeTruthy();
    expect(within(rowOf('Clean Co')).getByText('3')).toBeTruthy();
    const asked = server.bodies('getRvReport')[0] as { startDate: string; endDate: string };
    expect(asked.endDate > asked.startDate).toBe(true);
  });

  it('reads the traffic period from the URL (a reversed one put right)', async () => {
    const server = stubServer(base({ getRvReport: ok({ days: [], companies: [], total: 0 }) }));
    show(<TrafficPage />, '/screen?from=2026-03-09&to=2026-03-01');
    await waitFor(() => expect(server.bodies('getRvReport')).toEqual([{ startDate: '2026-03-01', endDate: '2026-03-09' }]));
  });

  it('lists the workers’ pass records with their kind and result', async () => {
    stubServer(
      base({
        getRvOpenInfo: ok({
          pageNo: 1,
          pageSize: 20,
          count: 2,
          list: [
            {
              kind: 'door',
              id: 9,
              at: Date.UTC(2026, 0, 1, 9),
              rid: 1,
              name: 'Zhao Worker',
              phone: '',
              company: 'Clean Co',
              place: 'Gate 1',
              direction: 1,
              result: 0,
            },
            {
              kind: 'signIn',
              id: 4,
              at: Date.UTC(2026, 0, 1, 8),
              rid: 1,
              name: 'Qian Worker',
              phone: '',
              company: 'Clean Co',
              place: 'Lobby',
              direction: 1,
              result: 1,
            },
          ],
        }),
      }),
    );
    show(<RvPassRecordPage />);
    expect(within(await waitFor(() => rowOf('Zhao Worker'))).getByText('Refused')).toBeTruthy();
    expect(within(rowOf('Qian Worker')).getByText('Desk sign-in')).toBeTruthy();
  });

  it('keeps the pass records’ filters and page in the URL', async () => {
    const server = stubServer(base({ getRvOpenInfo: ok({ pageNo: 2, pageSize: 20, count: 0, list: [] }) }));
    const router = show(<RvPassRecordPage />, '/screen?name=Zhao&supplierId=1&kind=door&date=2026-01-01&endDate=2026-01-31&page=2');
    await waitFor(() =>
      expect(server.bodies('getRvOpenInfo')[0]).toEqual({
        startIndex: 20,
        requestedCount: 20,
        name: 'Zhao',
        supplierId: 1,
        kind: 'door',
        date: '2026-01-01',
        endDate: '2026-01-31',
      }),
    );
    const search = screen.getByLabelText('Name or phone') as HTMLInputElement;
    expect(search.value).toBe('Zhao');
    fireEvent.change(search, { target: { value: 'Qian' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?name=Qian&supplierId=1&kind=door&date=2026-01-01&endDate=2026-01-31'));
  });

  it('exports the pass records with the list’s filters (no paging) in the console language', async () => {
    const server = stubServer(base({ getRvOpenInfo: ok({ pageNo: 1, pageSize: 20, count: 0, list: [] }), ExportgetRvrList: file(XLSX) }));
    show(<RvPassRecordPage />, '/screen?kind=door&page=2');
    await waitFor(() => expect(server.bodies('getRvOpenInfo').at(-1)).toMatchObject({ kind: 'door' }));
    fireEvent.click(screen.getByTestId('rv-records-export'));
    expect(await screen.findByText('The export is downloading')).toBeTruthy();
    expect(server.queries('ExportgetRvrList')).toEqual(['kind=door&lang=en']);
  });

  it('exports the traffic statistics of the period shown', async () => {
    const server = stubServer(base({ getRvReport: ok({ days: [], companies: [], total: 0 }), ExportRvOdList: file(XLSX) }));
    show(<TrafficPage />);
    fireEvent.click(await screen.findByTestId('rv-traffic-export'));
    expect(await screen.findByText('The export is downloading')).toBeTruthy();
    const asked = server.bodies('getRvReport')[0] as { startDate: string; endDate: string };
    expect(server.queries('ExportRvOdList')).toEqual([`startDate=${asked.startDate}&endDate=${asked.endDate}&lang=en`]);
  });
});
