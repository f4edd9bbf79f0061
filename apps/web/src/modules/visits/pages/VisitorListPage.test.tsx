import type { Visit } from '@openvisit/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { i18n } from '../../../platform/i18n';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { VisitorListPage } from './VisitorListPage';

function visit(vid: number): Visit {
  return {
    vid,
    kind: 'walkin',
    signinType: 0,
    status: 'signedOut',
    permission: 1,
    vname: `Visitor ${vid}`,
    vphone: '13800138000',
    vemail: '',
    vcompany: 'Acme',
    certificateType: '',
    cardId: '',
    vphoto: false,
    empid: 1,
    empName: 'Ada Host',
    empPhone: '',
    tid: null,
    visitType: '',
    visitReason: '',
    followers: [],
    peopleCount: 1,
    plateNum: '',
    belongings: '',
    temperature: null,
    extendCol: {},
    gid: null,
    signInGate: '',
    signOutGate: '',
    signInOpName: '',
    signOutOpName: '',
    cardNo: '',
    code: null,
    appointmentDate: null,
    visitdate: Date.now(),
    signOutDate: Date.now(),
    leaveTime: null,
    signPdf: false,
    lang: 'en',
    subaccountId: null,
    createTime: Date.now(),
  };
}

const config: StubHandler = () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: {} } });
const counting: StubHandler = () => ({ status: 0, result: { onSite: 0, people: 0, byKind: {}, gates: [] } });

function page(count: number, countCapped: boolean): StubHandler {
  return () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count, countCapped, list: [visit(1), visit(2)] } });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/visitor/vlist', element: <VisitorListPage /> }], { initialEntries: ['/visitor/vlist'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('VisitorListPage total', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows an exact total as a count', async () => {
    await i18n.changeLanguage('en');
    stubServer({ config, getPeopleCounting: counting, SearchVisitByConditionPage: page(2, false) });
    renderPage();
    expect(await screen.findByText('2 visits')).toBeTruthy();
    expect(screen.queryByText(/\+/)).toBeNull();
  });

  it('shows a capped total as "at least" in English and Chinese', async () => {
    await i18n.changeLanguage('en');
    stubServer({ config, getPeopleCounting: counting, SearchVisitByConditionPage: page(10_000, true) });
    renderPage();
    expect(await screen.findByText('10,000+ visits')).toBeTruthy();
    await i18n.changeLanguage('zh');
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
  });
});
