import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { getSession, saveLogin } from '../../../platform/session';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { ReadOnlyBanner } from '../components/ReadOnlyBanner';
import { SUPER_STASH_KEY } from '../readOnlySession';
import { SuperHomePage } from './SuperHomePage';

const day = (n: number) => dayjs().subtract(n, 'day').format('YYYY-MM-DD');
const company = (userid: number, name: string, counts: number[], onSite: number) => ({
  userid,
  company: name,
  today: counts.at(-1) ?? 0,
  onSite,
  total: counts.reduce((a, b) => a + b, 0),
  days: counts.map((count, i) => ({ date: day(counts.length - 1 - i), count })),
});
const figures =
  (list: ReturnType<typeof company>[]): StubHandler =>
  () => ({ status: 0, result: { today: day(0), list } });
const entered: StubHandler = (body) => ({
  status: 0,
  result: {
    token: 'read-only-token',
    tokenExpire: Date.now() + 3600_000,
    role: Role.ADMIN,
    sType: -1,
    userid: Number(body.companyId),
    company: 'Gamma Works',
    account: 'LFT_hq',
    username: 'HQ',
    readOnly: true,
  },
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/super', element: <SuperHomePage /> },
      { path: '/', element: <ReadOnlyBanner /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const signInSuper = () =>
  saveLogin({ token: 'super-token', tokenExpire: 0, role: Role.SUPER, userid: 0, company: '', account: 'LFT_hq', username: 'HQ' }, 'super');

describe('SuperHomePage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    signInSuper();
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("shows each company's figures and a chart, and asks again for another period", async () => {
    await i18n.changeLanguage('en');
    const server = stubServer({
      config: configStub,
      getAllSuperAccountVCount: figures([company(7, 'Delta Co', [2, 0, 0, 0, 0, 0, 1], 0), company(8, 'Gamma Works', [0, 0, 0, 0, 0, 1, 1234], 3)]),
    });
    renderAt('/super');
    const gamma = await screen.findByTestId('company-8');
    expect(within(gamma).getByText('Gamma Works')).toBeTruthy();
    expect(within(gamma).getByTestId('today').textContent).toContain('1,234');
    expect(within(gamma).getByTestId('onSite').textContent).toContain('3');
    expect(within(gamma).getByTestId('total').textContent).toContain('1,235');
    expect(within(screen.getByTestId('company-7')).getByTestId('today').textContent).toContain('1');
    expect(screen.getByRole('img', { name: 'Visits per day' })).toBeTruthy();
    expect(server.bodies('getAllSuperAccountVCount').at(-1)).toEqual({ startDate: day(6), endDate: day(0) });
    fireEvent.click(screen.getByText('Last 30 days'));
    await waitFor(() => expect(server.bodies('getAllSuperAccountVCount').at(-1)).toEqual({ startDate: day(29), endDate: day(0) }));
  });

  it('says so when there is no company or no visit, in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ config: configStub, getAllSuperAccountVCount: figures([]) });
    renderAt('/super');
    expect(await screen.findByText('暂无关联企业')).toBeTruthy();
  });

  it('shows an empty chart for a quiet period', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ config: configStub, getAllSuperAccountVCount: figures([company(7, 'Delta Co', [0, 0, 0, 0, 0, 0, 0], 0)]) });
    renderAt('/super');
    expect(await screen.findByText('该时间段内没有访客')).toBeTruthy();
    expect(screen.getByText('今日访客')).toBeTruthy();
  });

  it('opens a company read-only and goes back to the super account without signing in', async () => {
    await i18n.changeLanguage('en');
    const server = stubServer({
      config: configStub,
      getAllSuperAccountVCount: figures([company(8, 'Gamma Works', [1], 1)]),
      superAccountEnterCompany: entered,
      superAccountLeaveCompany: () => ({ status: 0, result: null }),
    });
    const router = renderAt('/super');
    fireEvent.click(await screen.findByTestId('open-8'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.bodies('superAccountEnterCompany')).toEqual([{ companyId: 8 }]);
    expect(getSession()).toMatchObject({ token: 'read-only-token', role: 'manager' });
    expect(sessionStorage.getItem(SUPER_STASH_KEY)).toContain('super-token');
    const banner = await screen.findByTestId('read-only-banner');
    expect(banner.textContent).toContain('Read-only view of Gamma Works');
    fireEvent.click(screen.getByTestId('read-only-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/super'));
    expect(server.bodies('superAccountLeaveCompany')).toHaveLength(1);
    expect(getSession()).toMatchObject({ token: 'super-token', role: 'super' });
    expect(sessionStorage.getItem(SUPER_STASH_KEY)).toBeNull();
  });
});
