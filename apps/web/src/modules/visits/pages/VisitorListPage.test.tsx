import type { Visit } from '@openvisit/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../platform/format';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub, sampleVisit } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { VisitorListPage } from './VisitorListPage';

function visit(vid: number): Visit {
  return sampleVisit(vid, { status: 'signedOut', signOutDate: Date.now() });
}

const config = configStub;
const counting: StubHandler = () => ({ status: 0, result: { onSite: 0, people: 0, byKind: {}, gates: [] } });

function page(count: number, countCapped: boolean): StubHandler {
  return () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count, countCapped, counted: true, list: [visit(1), visit(2)] } });
}

/** A server that counts 95 visits when asked (`withCount`, the default); otherwise answers the page's lower bound. */
const paging: StubHandler = (body) => {
  const start = Number(body.startIndex ?? 0);
  const list = [visit(start + 1), visit(start + 2)];
  if (body.withCount === false)
    return { status: 0, result: { pageNo: start / 20 + 1, pageSize: 20, count: start + 21, countCapped: true, counted: false, list } };
  return { status: 0, result: { pageNo: start / 20 + 1, pageSize: 20, count: 95, countCapped: false, counted: true, list } };
};

function renderPage(url = '/visitor/vlist') {
  const router = createMemoryRouter([{ path: '/visitor/vlist', element: <VisitorListPage /> }], { initialEntries: [url] });
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
    stubServer({ config, getPeopleCounting: counting, SearchVisitByConditionPage: page(1_000, true) });
    renderPage();
    expect(await screen.findByText('1,000+ visits')).toBeTruthy();
    await i18n.changeLanguage('zh');
    expect(await screen.findByText('共 1,000+ 条')).toBeTruthy();
  });
});

describe('VisitorListPage paging', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts with the first page and keeps that total on later pages, which it asks without a count', async () => {
    await i18n.changeLanguage('en');
    const server = stubServer({ config, getPeopleCounting: counting, SearchVisitByConditionPage: paging });
    renderPage();
    expect(await screen.findByText('95 visits')).toBeTruthy();
    expect(server.bodies('SearchVisitByConditionPage')).toMatchObject([{ startIndex: 0, withCount: true }]);
    fireEvent.click(screen.getByTitle('3'));
    // The third page's rows (vids 41, 42) under the first page's total, not the page's own "at least 61".
    expect(await screen.findByRole('button', { name: 'Visitor 41' })).toBeTruthy();
    expect(screen.getByText('95 visits')).toBeTruthy();
    expect(server.bodies('SearchVisitByConditionPage').at(-1)).toMatchObject({ startIndex: 40, withCount: false });
  });

  it('asks for the total on a deep link to a later page', async () => {
    await i18n.changeLanguage('en');
    const server = stubServer({ config, getPeopleCounting: counting, SearchVisitByConditionPage: paging });
    renderPage('/visitor/vlist?page=5');
    expect(await screen.findByText('95 visits')).toBeTruthy();
    expect(server.bodies('SearchVisitByConditionPage')).toMatchObject([{ startIndex: 80, withCount: true }]);
  });
});

describe('VisitorListPage sign-in time', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows when a visitor signed in, and a dash for one who never came (not the planned time)', async () => {
    await i18n.changeLanguage('en');
    const planned = Date.UTC(2026, 10, 24, 9, 30);
    const signedIn = Date.UTC(2026, 10, 24, 10, 5);
    const came = sampleVisit(1, { vname: 'Came', status: 'signedIn', appointmentDate: planned, visitdate: signedIn });
    const noShow = sampleVisit(2, { vname: 'Never came', status: 'expired', appointmentDate: planned, visitdate: null });
    const list: StubHandler = () => ({
      status: 0,
      result: { pageNo: 1, pageSize: 20, count: 2, countCapped: false, counted: true, list: [came, noShow] },
    });
    stubServer({ config, getPeopleCounting: counting, SearchVisitByConditionPage: list });
    renderPage();
    const cellOf = async (name: string) => {
      const row = (await screen.findByRole('button', { name })).closest('tr') as HTMLElement;
      const column = [...document.querySelectorAll('thead th')].findIndex((th) => th.textContent === 'Signed in');
      return row.querySelectorAll('td')[column]?.textContent;
    };
    expect(await cellOf('Came')).toBe(formatDateTime(signedIn));
    expect(await cellOf('Never came')).toBe('—');
  });
});
