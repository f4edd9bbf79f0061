import type { Visit } from '@openvisit/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
