import type { ListedPerson, ScreeningMatch, ScreeningReview } from '@openvisit/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../../platform/providers';
import type { StubHandler as Handler } from '../../testing/stubServer';
import { BlacklistPage, WhitelistPage } from './pages/ListedPeoplePage';
import { ScreeningReviewsPage } from './pages/ScreeningReviewsPage';

/** Fixtures and helpers of the blacklist module's component tests. */
export const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
export const page = <T,>(list: T[]): Handler => ok({ pageNo: 1, pageSize: 20, count: list.length, list });

/** An entry as the lists answer it: `phones` and `credentialNos` start with `phone` and `credentialNo`, unless given. */
export function person(bid: number, name: string, extra: Partial<ListedPerson> = {}): ListedPerson {
  const p: ListedPerson = {
    bid,
    name,
    aliases: [],
    phone: `1380013800${bid}`,
    phones: [],
    credentialNo: '',
    credentialNos: [],
    birthDate: '',
    remark: '',
    level: 'refuse',
    expireTime: null,
    expired: false,
    photo: '',
    sname: 'Ada Lovelace',
    createTime: Date.UTC(2026, 0, 5, 9, 30),
    ...extra,
  };
  return {
    ...p,
    phones: extra.phones ?? (p.phone ? [p.phone] : []),
    credentialNos: extra.credentialNos ?? (p.credentialNo ? [p.credentialNo] : []),
  };
}

/** A match as screening answers it, its reason in both languages. */
export function match(bid: number, name: string, extra: Partial<ScreeningMatch> = {}): ScreeningMatch {
  return {
    bid,
    list: 'black',
    name,
    level: 'refuse',
    photo: '',
    strength: 'exact',
    reason: { alias: 0, rules: ['same'] },
    reasonText: { en: 'same as the name', zh: '与姓名相同' },
    ...extra,
  };
}

/** A person held for review at the kiosk. */
export function review(id: number, name: string, extra: Partial<ScreeningReview> = {}): ScreeningReview {
  return {
    id,
    subject: 'visit',
    subjectId: 100 + id,
    vid: 100 + id,
    name,
    phone: '13900139000',
    channel: 'kiosk',
    matches: [match(7, 'Zhang San', { strength: 'possible', reasonText: { en: 'same pinyin as the name', zh: '与姓名同音' } })],
    status: 'waiting',
    createTime: Date.UTC(2026, 2, 3, 8, 15),
    decidedBy: '',
    decideTime: null,
    remark: '',
    ...extra,
  };
}

/** Renders the list pages and the review queue at `url`; answers the router (its location is the URL's state). */
export function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/blacklist', element: <BlacklistPage /> },
      { path: '/whitelist', element: <WhitelistPage /> },
      { path: '/blacklist/reviews', element: <ScreeningReviewsPage /> },
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

/** A row of the table by a text it holds. */
export function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** antd's confirmations name no dialog: found by a text they show. */
export async function confirmDialog(text: string): Promise<HTMLElement> {
  const found = await screen.findAllByText(text);
  const dialog = found.map((e) => e.closest('[role="dialog"]')).find(Boolean);
  if (!dialog) throw new Error(`no dialog with ${text}`);
  return dialog as HTMLElement;
}
