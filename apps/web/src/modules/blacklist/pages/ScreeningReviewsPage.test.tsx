import type { ScreeningReview } from '@openvisit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { confirmDialog, match, ok, page, renderAt, review, rowOf } from '../testing';

const waiting = [
  review(1, 'Li Si'),
  review(2, 'Wang Wu', {
    channel: 'door',
    phone: '',
    matches: [match(8, 'Wang Wu', { level: 'review', strength: 'strong', reasonText: { en: 'phone agrees', zh: '手机号一致' } })],
  }),
];
const decided = [
  review(3, 'Zhao Liu', {
    channel: 'desk',
    status: 'refused',
    decidedBy: 'Ada Lovelace',
    decideTime: Date.UTC(2026, 2, 3, 9, 0),
    remark: 'Known trespasser',
  }),
];

const handlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } }),
  getScreeningReviews: (b) => page(b.state === 'decided' ? decided : waiting)(b, ''),
  ...extra,
});

/** What the decision answers: the review decided. */
const decidedAs = (b: Record<string, unknown>): ScreeningReview =>
  review(Number(b.id), 'Li Si', { status: b.result === 'allow' ? 'allowed' : 'refused', remark: String(b.remark ?? '') });

describe('ScreeningReviewsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the people waiting with where, when and why they matched; allows one after a confirmation', async () => {
    const server = stubServer(handlers({ decideScreeningReview: (b) => ({ status: 0, result: decidedAs(b) }) }));
    renderAt('/blacklist/reviews');
    expect(await screen.findByText('Li Si')).toBeTruthy();
    expect(server.bodies('getScreeningReviews')[0]).toEqual({ startIndex: 0, requestedCount: 20, state: 'waiting' });
    const li = rowOf('Li Si');
    expect(within(li).getByText('13900139000')).toBeTruthy();
    expect(within(li).getByText('Kiosk')).toBeTruthy();
    expect(within(li).getByText('Zhang San')).toBeTruthy();
    expect(within(li).getByTestId('strength-possible').textContent).toBe('Possible');
    const why = within(li).getByTestId('match-7');
    expect(within(why).getByText('Refuse')).toBeTruthy();
    expect(within(why).getByText('same pinyin as the name')).toBeTruthy();
    const wang = rowOf('Wang Wu');
    expect(within(wang).getByText('Door')).toBeTruthy();
    expect(within(wang).getByTestId('strength-strong').textContent).toBe('Strong');
    expect(within(wang).getByText('Review')).toBeTruthy();

    fireEvent.click(within(li).getByRole('button', { name: 'Allow Li Si' }));
    const confirm = await confirmDialog('Allow Li Si?');
    expect(server.bodies('decideScreeningReview')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Li Si allowed')).toBeTruthy();
    expect(server.bodies('decideScreeningReview')).toEqual([{ id: 1, result: 'allow', remark: '' }]);
    // The queue is read again: the row moves to the decided tab.
    await waitFor(() => expect(server.bodies('getScreeningReviews')).toHaveLength(2));
  });

  it('refuses only with a reason, checked as typed', async () => {
    const server = stubServer(handlers({ decideScreeningReview: (b) => ({ status: 0, result: decidedAs(b) }) }));
    renderAt('/blacklist/reviews');
    await screen.findByText('Li Si');
    fireEvent.click(within(rowOf('Li Si')).getByRole('button', { name: 'Refuse Li Si' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refuse Li Si')).toBeTruthy();
    const submit = () => fireEvent.click(within(dialog).getByText('Refuse', { selector: '.ant-modal-footer button span' }));
    submit();
    expect(await within(dialog).findByText('Give the reason for the refusal')).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'x' } });
    await waitFor(() => expect(within(dialog).queryByText('Give the reason for the refusal')).toBeNull());
    // Spaces alone are no reason.
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(await within(dialog).findByText('Give the reason for the refusal')).toBeTruthy();
    expect(server.bodies('decideScreeningReview')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: ' Known trespasser ' } });
    submit();
    expect(await screen.findByText('Li Si refused')).toBeTruthy();
    expect(server.bodies('decideScreeningReview')).toEqual([{ id: 1, result: 'refuse', remark: 'Known trespasser' }]);
  });

  it('says when a review was decided meanwhile (58) and reads the queue again', async () => {
    const server = stubServer(handlers({ decideScreeningReview: () => ({ status: 58, reason: 'decided', result: null }) }));
    renderAt('/blacklist/reviews');
    await screen.findByText('Li Si');
    fireEvent.click(within(rowOf('Wang Wu')).getByRole('button', { name: 'Refuse Wang Wu' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Not expected' } });
    fireEvent.click(within(dialog).getByText('Refuse', { selector: '.ant-modal-footer button span' }));
    expect(await screen.findByText('The review of Wang Wu was already decided; the list has been refreshed.')).toBeTruthy();
    expect(server.bodies('decideScreeningReview')).toEqual([{ id: 2, result: 'refuse', remark: 'Not expected' }]);
    await waitFor(() => expect(server.bodies('getScreeningReviews')).toHaveLength(2));
    // The dialog closes (jsdom runs no animation: it stays on its way out), as there is nothing left to decide.
    await waitFor(() => expect(dialog.className).toContain('ant-zoom-leave'));
  });

  it('shows the decided tab from the URL with the outcome, who decided, when and why; searches by name', async () => {
    const server = stubServer(handlers());
    const router = renderAt('/blacklist/reviews');
    await screen.findByText('Li Si');
    fireEvent.click(screen.getByRole('tab', { name: 'Decided' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=decided'));
    const row = await screen.findByText('Zhao Liu').then(() => rowOf('Zhao Liu'));
    expect(server.bodies('getScreeningReviews').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, state: 'decided' });
    expect(within(row).getByText('Refused')).toBeTruthy();
    expect(within(row).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(row).getByText('Known trespasser')).toBeTruthy();
    expect(within(row).getByText('Front desk')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Allow/ })).toBeNull();

    const box = screen.getByLabelText('Search by name');
    fireEvent.change(box, { target: { value: 'Zhao' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?state=decided&q=Zhao'));
    await waitFor(() =>
      expect(server.bodies('getScreeningReviews').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, state: 'decided', name: 'Zhao' }),
    );
  });

  it('says when no one is waiting', async () => {
    stubServer(handlers({ getScreeningReviews: page([]) }));
    renderAt('/blacklist/reviews');
    expect(await screen.findByText('No one is waiting for review')).toBeTruthy();
  });
});
