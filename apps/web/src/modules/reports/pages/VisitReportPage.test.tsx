import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub, sampleVisit } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { VisitReportPage } from './VisitReportPage';

const fig = (visits: number, people: number, signedIn: number, signedOut: number, onSite: number, avgStayMinutes: number | null) => ({
  visits,
  people,
  signedIn,
  signedOut,
  onSite,
  avgStayMinutes,
});

const grouped: StubHandler = (body) => ({
  status: 0,
  result: {
    groupBy: body.groupBy,
    groups:
      body.groupBy === 'day'
        ? [{ key: '2026-03-02', label: '2026-03-02', ...fig(3, 4, 2, 2, 0, 90) }]
        : [
            { key: 'Acme', label: 'Acme', ...fig(3, 4, 2, 2, 0, 90) },
            { key: '', label: '', ...fig(1, 3, 1, 0, 1, null) },
          ],
    totals: fig(1234, 1500, 3, 2, 1, 75),
    page: null,
  },
});

const listed: StubHandler = () => ({
  status: 0,
  result: {
    groupBy: 'none',
    groups: [],
    totals: fig(2, 3, 2, 1, 1, 45),
    page: {
      pageNo: 1,
      pageSize: 20,
      count: 2,
      countCapped: false,
      list: [sampleVisit(1, { vname: 'Visitor One' }), sampleVisit(2, { vname: 'Visitor Two' })],
    },
  },
});

const nothing: StubHandler = (body) => ({ status: 0, result: { groupBy: body.groupBy, groups: [], totals: fig(0, 0, 0, 0, 0, null), page: null } });

const departments: StubHandler = () => ({
  status: 0,
  result: [
    {
      deptid: 5,
      deptName: '研发部',
      deptNo: '',
      parentId: 0,
      deptManagerEmpid: null,
      deptManager: '',
      empCount: 1,
      subtreeCount: 1,
      childDeptList: [],
    },
  ],
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/visitor/data', element: <VisitReportPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const totalsRow = () => screen.getByTestId('report-totals').textContent;

describe('VisitReportPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the URL’s query, shows the groups and the totals row, and exports exactly that query', async () => {
    const server = stubServer({
      config: configStub,
      getDeptList: departments,
      getVisitReport: grouped,
      ExportVisitReport: () =>
        new Response('xlsx', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="r.xlsx"',
          },
        }),
    });
    renderAt('/visitor/data?from=2026-03-01&to=2026-03-03&kind=walkin&name=Li&dept=5&group=company');
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(server.bodies('getVisitReport')[0]).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      name: 'Li',
      kind: 'walkin',
      deptid: 5,
      groupBy: 'company',
      startIndex: 0,
      requestedCount: 20,
    });
    const acme = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('Acme')) as HTMLElement;
    expect(
      within(acme)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Acme', '3', '4', '2', '2', '0', '1 h 30 min']);
    const none = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('No company')) as HTMLElement;
    expect(
      within(none)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['No company', '1', '3', '1', '0', '1', '—']);
    expect(totalsRow()).toBe('Total1,2341,500321' + '1 h 15 min');

    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(server.queries('ExportVisitReport')).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(server.queries('ExportVisitReport')[0]))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      name: 'Li',
      kind: 'walkin',
      deptid: '5',
      groupBy: 'company',
      lang: 'en',
    });
    expect(await screen.findByText('The report is downloading')).toBeTruthy();
  });

  it('changes the grouping through the URL and lists visits with their totals, in Chinese too', async () => {
    const server = stubServer({
      config: configStub,
      getDeptList: departments,
      getVisitReport: (b) => (b.groupBy === 'none' ? listed(b, '') : grouped(b, '')),
    });
    const router = renderAt('/visitor/data?from=2026-03-01&to=2026-03-03');
    expect(await screen.findByText('2 Mar 2026')).toBeTruthy();
    expect(server.bodies('getVisitReport')[0]?.groupBy).toBe('day');
    fireEvent.click(screen.getByText('No grouping'));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-03&group=none'));
    expect(await screen.findByText('Visitor One')).toBeTruthy();
    expect(server.bodies('getVisitReport').at(-1)).toMatchObject({ groupBy: 'none', startDate: '2026-03-01', endDate: '2026-03-03' });
    expect(totalsRow()).toBe('Total: 2 visits321' + '45 min');
    await i18n.changeLanguage('zh');
    await waitFor(() => expect(totalsRow()).toBe('合计：2 次来访321' + '45分钟'));
  });

  it('disables the export with a reason when nothing matches, and refuses a period over the limit without asking', async () => {
    const server = stubServer({ config: configStub, getDeptList: departments, getVisitReport: nothing });
    renderAt('/visitor/data?from=2026-03-01&to=2026-03-03&group=visitType');
    expect(await screen.findByText('No visits in this period')).toBeTruthy();
    expect((screen.getByTestId('report-export') as HTMLButtonElement).disabled).toBe(true);
    renderAt('/visitor/data?from=2025-01-01&to=2026-01-02');
    expect(await screen.findByText('The period is too long: at most 366 days')).toBeTruthy();
    expect(server.bodies('getVisitReport').every((b) => b.startDate === '2026-03-01')).toBe(true);
  });
});
