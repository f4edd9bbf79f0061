import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { StatisticsPage } from './StatisticsPage';

const zeroHours = Array<number>(24).fill(0);
const stats =
  (total: number): StubHandler =>
  () => ({
    status: 0,
    result: {
      total,
      byKind: { walkin: total, invite: 0, appointment: 0, resident: 0 },
      topTypes: total ? [{ name: '商务#Business', count: total }] : [],
      topReasons: total ? [{ name: 'Meeting', count: total }] : [],
      byHour: zeroHours.map((_, h) => (h === 9 ? total : 0)),
      averageStayMinutes: total ? 153.4 : null,
      stays: total ? 5 : 0,
      invitations: total ? 9 : 0,
      noShows: total ? 2 : 0,
    },
  });
const line: StubHandler = (body) => ({
  status: 0,
  result: [{ date: String(body.startDate), total: 1, byKind: { walkin: 1, invite: 0, appointment: 0, resident: 0 } }],
});
const depts: StubHandler = () => ({ status: 0, result: [{ deptid: null, deptName: '', count: 1 }] });
const counting: StubHandler = () => ({ status: 0, result: { onSite: 3, people: 4, byKind: {}, byGate: [] } });

function renderPage(url = '/visitor') {
  const router = createMemoryRouter([{ path: '/visitor', element: <StatisticsPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const kpi = (key: string) => screen.getByTestId(`kpi-${key}`).textContent;

describe('StatisticsPage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the period’s numbers and asks the server again for a new period', async () => {
    await i18n.changeLanguage('en');
    const server = stubServer({
      config: configStub,
      getPeopleCounting: counting,
      getVisitStatistics: stats(1234),
      getAllVisitorLineChart: line,
      getVisitorChartByDept: depts,
    });
    const router = renderPage();
    await waitFor(() => expect(kpi('visits')).toContain('1,234'));
    expect(kpi('onSite')).toContain('3');
    expect(kpi('stay')).toContain('153 min');
    expect(kpi('stay')).toContain('over 5 visits');
    expect(kpi('noShows')).toContain('2');
    expect(kpi('noShows')).toContain('of 9 invitations');
    expect(screen.getByText('Visits per day')).toBeTruthy();
    const today = dayjs().format('YYYY-MM-DD');
    expect(server.bodies('getVisitStatistics').at(-1)).toMatchObject({ startDate: dayjs().subtract(6, 'day').format('YYYY-MM-DD'), endDate: today });

    fireEvent.click(screen.getByText('30 days'));
    await waitFor(() =>
      expect(server.bodies('getVisitStatistics').at(-1)).toMatchObject({
        startDate: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
        endDate: today,
      }),
    );
    expect(server.bodies('getAllVisitorLineChart').at(-1)).toMatchObject({ startDate: dayjs().subtract(29, 'day').format('YYYY-MM-DD') });
    expect(server.bodies('getVisitorChartByDept').at(-1)).toMatchObject({ endDate: today });
    expect(router.state.location.search).toBe('?period=days30');
  });

  it('shows the empty state for a period without visits, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({
      config: configStub,
      getPeopleCounting: counting,
      getVisitStatistics: stats(0),
      getAllVisitorLineChart: line,
      getVisitorChartByDept: depts,
    });
    renderPage('/visitor?period=today');
    expect(await screen.findByText('该期间没有访问')).toBeTruthy();
    expect(kpi('noShows')).toContain('邀约 0 次');
  });

  it('refuses a reversed custom range without calling the server', async () => {
    const server = stubServer({ config: configStub, getPeopleCounting: counting, getVisitStatistics: stats(1) });
    renderPage('/visitor?period=custom&from=2026-03-05&to=2026-03-01');
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(server.bodies('getVisitStatistics')).toEqual([]);
  });
});
