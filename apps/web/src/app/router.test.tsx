import { companySettings } from '@openvisit/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './start';
import { i18n } from '../platform/i18n';
import { AppProviders, createQueryClient } from '../platform/providers';
import { saveLogin } from '../platform/session';
import { buildRoutes } from './router';

const userInfo = {
  userid: 1,
  username: 'Wang Wei',
  email: 'boss@acme.cn',
  phone: '13800138000',
  company: 'Acme Ltd',
  shortName: 'ACME',
  remark: '',
  userType: 0,
  regDate: Date.UTC(2025, 0, 1),
  loginDate: null,
  expireDate: null,
  lang: 'en',
  guidePending: false,
  sType: -1,
};

function stubServer(features: Record<string, boolean> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      const results: Record<string, unknown> = {
        '/api/config': { version: 'v9.9.9', siteLabel: 'TestSite', captcha: false, features },
        '/api/GetUserInfo': userInfo,
        '/api/getEmpListPages': { pageNo: 1, pageSize: 20, count: 0, list: [] },
        '/api/getEmployeeCount': { total: 0, enabled: 0, forbidden: 0, stopped: 0 },
        '/api/getPeopleCounting': { onSite: 0, people: 0, byKind: {}, byGate: [] },
        '/api/getVisitStatistics': {
          total: 0,
          byKind: { walkin: 0, invite: 0, appointment: 0, resident: 0 },
          topTypes: [],
          topReasons: [],
          byHour: Array<number>(24).fill(0),
          averageStayMinutes: null,
          stays: 0,
          invitations: 0,
          noShows: 0,
        },
        '/api/getVisitorChartByDept': [],
        '/api/getAllVisitorLineChart': [],
        '/api/SearchVisitByConditionPage': { pageNo: 1, pageSize: 20, count: 0, countCapped: false, list: [] },
      };
      const body = { status: 0, reason: 'success', result: path && path in results ? results[path] : [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Media queries answered for a window `width` px wide (the shell's layout follows antd's breakpoints). */
function stubWidth(width: number) {
  const px = (query: string, kind: string) => Number(query.match(new RegExp(`${kind}:\\s*([\\d.]+)px`))?.[1] ?? Number.NaN);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !(px(query, 'min-width') > width) && !(px(query, 'max-width') < width),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }));
}

describe('router guards and menus derived from the route tables', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    stubServer();
    stubWidth(1366);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a token to sign-in with redirect, role and sType', async () => {
    const router = renderAt('/setting/account/stage?type=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('redirect')).toBe('/setting/account/stage?type=2');
    expect(q.get('role')).toBe('manager');
    expect(q.get('sType')).toBe('-1');
    expect(await screen.findByTestId('signin-tab-admin')).toBeTruthy();
  });

  it('sends a signed-in account of another role to its own home', async () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 2, sType: 2, userid: 1, company: 'Acme Ltd', account: 'desk1', sName: 'Li Na' }, 'reception');
    const router = renderAt('/setting/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reception'));
    // The front desk's home is today's visitors.
    await waitFor(() => expect(document.title).toBe("Today's visitors - TestSite"));
  });

  it('opens the admin home from "/", with only working screens in the menus and the version in the footer', async () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Wang Wei' }, 'manager');
    const router = renderAt('/');
    // Spec section 2: the root goes to the visitors section, whose index is the statistics of the report center.
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor'));
    expect(await screen.findByText('No visits in this period')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Statistics - TestSite'));
    const sections = screen.getByRole('navigation', { name: 'Visitors' });
    expect(sections.textContent).toBe('StatisticsVisitor reportVisitor listOn site now');
    await act(() => router.navigate('/visitor/vlist'));
    expect(await screen.findByText('No visits yet')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Visitor list - TestSite'));
    await act(() => router.navigate('/emp/emplist'));
    expect(await screen.findByText('No employees yet')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Administrator' });
    // People is a drop-down once it has more than one screen (employees and the whitelist, which has no switch); so are
    // the system settings (account settings and work apps).
    expect(nav.textContent).toBe('VisitorsPeopleMeetingSystem settings');
    // A section with one screen has no sidebar.
    expect(screen.queryByRole('navigation', { name: 'Company employees' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Company employees - TestSite'));
    await act(() => router.navigate('/emp'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/emp/emplist'));

    await act(() => router.navigate('/setting/account'));
    expect(await screen.findByText('boss@acme.cn')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Account settings' });
    expect(sidebar.textContent).toBe('Company informationSecurityStaff accounts');
    expect((await screen.findByTestId('version-label')).textContent).toBe('TestSite · Version v9.9.9');
    await waitFor(() => expect(document.title).toBe('Company information - TestSite'));
  });

  it('on a phone, opens the navigation from the menu button in a drawer', async () => {
    stubWidth(390);
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Wang Wei' }, 'manager');
    const router = renderAt('/setting/account');
    expect(await screen.findByText('boss@acme.cn')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Administrator' })).toBeNull();
    await act(async () => (await screen.findByRole('button', { name: 'Open the menu' })).click());
    const nav = await screen.findByRole('navigation', { name: 'Administrator' });
    expect(nav.textContent).toBe('VisitorsPeopleMeetingSystem settingsAccount settingsWork appsIntegrationsData retentionPersonal data requests');
    await act(async () => (await screen.findByText('Visitors')).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor'));
  });

  it("keeps the spec's /emp/black for the blacklist while its switch is on, and /emp/rolist out of the menus", async () => {
    vi.unstubAllGlobals();
    stubServer({ blacklist: true });
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Wang Wei' }, 'manager');
    const router = renderAt('/emp/black');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blacklist'));
    await waitFor(() => expect(document.title).toBe('Blacklist - TestSite'));
    await act(() => router.navigate('/emp/rolist'));
    expect(await screen.findByText('Select a role to see and manage its members')).toBeTruthy();
    // Still no sidebar in the employees section: its only menu screen is the employee list.
    expect(screen.queryByRole('navigation', { name: 'Company employees' })).toBeNull();
  });

  it('answers /emp/black with the 404 screen while the blacklist is switched off', async () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Wang Wei' }, 'manager');
    renderAt('/emp/black');
    expect(await screen.findByText('Sorry, this page does not exist')).toBeTruthy();
  });

  it('answers unknown paths with the 404 screen; the later guide steps are screens of their own, behind sign-in', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('Sorry, this page does not exist')).toBeTruthy();
    router.navigate('/guide3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/guide3');
  });

  it('an unknown address keeps the signed-in frame: the 404 inside the area with its menu', async () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Wang Wei' }, 'manager');
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('Sorry, this page does not exist')).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Administrator' })).toBeTruthy();
    await act(() => router.navigate('/emporder/nothing-here'));
    expect(await screen.findByText('Sorry, this page does not exist')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Administrator' })).toBeTruthy();
  });

  it("opens the temporary cards at the spec's /tcard, the administrator's at /tempcard and an employee's in the portal", async () => {
    stubServer({ tempCard: true });
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', email: 'boss@acme.cn' }, 'manager');
    const router = renderAt('/tcard?status=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tempcard'));
    expect(router.state.location.search).toBe('?status=1');
    saveLogin({ token: 't', tokenExpire: 1, role: 7, userid: 1, company: 'Acme Ltd', empPhone: '13800138001' }, 'emporder');
    const portal = renderAt('/tcard');
    await waitFor(() => expect(portal.state.location.pathname).toBe('/emporder/tcard'));
  });

  it('opens the employee portal on the single invite (spec: /emporder redirects to sigleorder)', async () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 0, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Eve' }, 'emporder');
    const router = renderAt('/emporder');
    await waitFor(() => expect(router.state.location.pathname).toBe('/emporder/sigleorder'));
  });

  it('/guide2…/guide5 open the wizard at their step: /guide4 is the notification mode, then /guide5', async () => {
    const fetchStub = vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      const results: Record<string, unknown> = {
        '/api/config': { version: 'v9.9.9', siteLabel: 'TestSite', captcha: false, features: { notice: true } },
        '/api/GetUserInfo': { ...companySettings.parse({}), ...userInfo, guidePending: true },
        '/api/getNotifyConf': {
          email: { emailNotify: 1, type: 0, smtp: '', smtp_port: 0, ssl: 0, account: '', sender: '', hasPassword: false },
          sms: { smsNotify: 0, provider: '', endpoint: '', appKey: '', signature: '', smsQuota: 0, smsSent: 0, hasSecret: false },
          wechat: { wxNotify: 0, appId: '', templateId: '', endpoint: '', hasSecret: false },
          voice: { ivrNotify: 0, endpoint: '', hasKey: false },
          installationMail: true,
        },
      };
      const body = { status: 0, reason: 'success', result: path && path in results ? results[path] : null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchStub);
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'Acme Ltd', username: 'Wang Wei' }, 'manager');
    const router = renderAt('/guide4');
    const step = await screen.findByTestId('guide-notice');
    expect(step.querySelector('[data-testid="email-form"]')).toBeTruthy();
    expect(document.querySelector('.ant-steps-item-process')?.textContent).toContain('Notification mode');
    act(() => screen.getByTestId('guide-notice-skip').click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide5'));
    expect(await screen.findByTestId('kiosk-preview')).toBeTruthy();
  });
});
