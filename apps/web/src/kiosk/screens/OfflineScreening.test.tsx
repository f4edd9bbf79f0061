import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { standardField } from '../../core/walkIn/fields';
import { i18n } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import { DEFAULT_SETTINGS, type KioskConfig } from '../config';
import { KioskContext, type Outcome } from '../context';
import '../i18n';
import { memoryStore, OfflineQueue } from '../offlineQueue';
import { screenedEnqueue } from '../offlineScreening';
import { memoryCopyStore, ScreeningCopies } from '../screeningCopy';
import { builtCopy } from '../screeningCopy.testing';
import { type TestKiosk, testKiosk } from '../testing';
import { CheckInScreen } from './CheckInScreen';
import { RegisterScreen } from './RegisterScreen';
import { ResultScreen } from './ResultScreen';
import { StaffPanel } from './StaffPanel';

const field = standardField;
const config: KioskConfig = {
  company: 'Acme',
  settings: { ...DEFAULT_SETTINGS, comeAgain: 1 },
  gates: [],
  types: [
    {
      tid: 7,
      vType: '访客#Guest',
      reasons: [],
      fields: [field(1, 'vname', '姓名#Name', true), field(2, 'vphone', '手机号#Phone', true), field(4, 'empid', '被访人#Host', true)],
    },
  ],
};
const found = (vname: string, vphone: string) => ({
  vid: 77,
  vname,
  vphone,
  vemail: '',
  vcompany: '',
  certificateType: 'idCard',
  cardId: '',
  hasCardId: false,
  plateNum: '',
  tid: 7,
  empid: 9,
  empName: 'Ada Host',
});

/** A kiosk of company 1 holding a copy of its watchlists (張偉 refused; a phone at review level), whose server does not answer. */
async function offlineKiosk() {
  const copy = builtCopy([{ name: '張偉' }, { name: '李娜', phones: ['13722223333'], level: 'review' }]);
  const copies = new ScreeningCopies(memoryCopyStore(), async () => ({ ...copy, unchanged: false }));
  await copies.refresh(1);
  const queue = new OfflineQueue(memoryStore(), async () => {
    throw new TypeError('fetch failed');
  });
  const kiosk = testKiosk({ config, queue, enqueue: vi.fn(screenedEnqueue(queue, copies, 1)) });
  return { kiosk, queue };
}

const down = () => new Response('', { status: 503 });

/** A returning visitor's walk-in (the form filled from the last visit), sent while the server is down. */
async function walkIn(kiosk: TestKiosk, vname: string, vphone: string): Promise<Outcome> {
  stubServer({ getVisitorAppointmentByPhone: () => ({ status: 0, result: found(vname, vphone) }), UpdatePhoto: down });
  render(
    <KioskContext.Provider value={kiosk}>
      <RegisterScreen />
    </KioskContext.Provider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Yes, I have been here before' }));
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: vphone } });
  fireEvent.click(screen.getByRole('button', { name: 'Find my details' }));
  await screen.findByText(new RegExp(`^Welcome back, ${vname}`));
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
  cleanup();
  return kiosk.finish.mock.calls[0]?.[0] as Outcome;
}

function show(kiosk: TestKiosk, el: React.ReactNode) {
  render(<KioskContext.Provider value={kiosk}>{el}</KioskContext.Provider>);
}

describe('kiosk: screening a visitor while the server does not answer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('a walk-in as "Zhang Wei" against 張偉 is queued marked and told to see reception; staff see it matched, unnamed', async () => {
    const { kiosk, queue } = await offlineKiosk();
    const outcome = await walkIn(kiosk, 'Zhang Wei', '13800000001');
    expect(outcome).toEqual({ kind: 'queued', label: 'Zhang Wei', matched: true });
    expect(kiosk.enqueue.mock.calls[0]?.[1]).toEqual({ name: 'Zhang Wei', phone: '13800000001', idNumber: '' });
    expect(queue.counts(1)).toMatchObject({ pending: 1, matched: [{ kind: 'walkIn', matched: true }] });

    show(kiosk, <ResultScreen outcome={outcome} />);
    expect(screen.getByRole('heading', { name: 'Please see reception' })).toBeTruthy();
    expect(screen.queryByText('Saved, will be sent')).toBeNull();
    expect(document.body.textContent).not.toMatch(/blacklist|watchlist|Zhang Wei/i);
    cleanup();

    stubServer({ getPeopleCounting: () => ({ status: 0, result: { onSite: 0, people: 0, byKind: {}, byGate: [] } }) });
    show(kiosk, <StaffPanel counts={queue.counts(1)} onClose={vi.fn()} onExit={vi.fn()} />);
    expect(screen.getByTestId('staff-matched').textContent).toMatch(/^Matched the watchlist, waiting for reception: 1.*registration, not sent yet$/);
    expect(screen.getByTestId('staff-queue').textContent).toBe('Waiting to be sent: 1');
    expect(document.body.textContent).not.toContain('Zhang Wei');
  });

  it('a clear walk-in is queued as before: saved, will be sent', async () => {
    const { kiosk, queue } = await offlineKiosk();
    const outcome = await walkIn(kiosk, 'Wang Fang', '13800000002');
    expect(outcome).toEqual({ kind: 'queued', label: 'Wang Fang', matched: false });
    expect(queue.counts(1)).toMatchObject({ pending: 1, matched: [] });
    show(kiosk, <ResultScreen outcome={outcome} />);
    expect(screen.getByRole('heading', { name: 'Saved, will be sent' })).toBeTruthy();
  });

  it('a check-in by a listed phone is marked; by code, nothing is screened', async () => {
    const { kiosk, queue } = await offlineKiosk();
    stubServer({ AppClientSignin: down });
    show(kiosk, <CheckInScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use phone' }));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '137 2222 3333' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
    expect(kiosk.finish.mock.calls[0]?.[0]).toMatchObject({ kind: 'queued', matched: true });
    expect(kiosk.enqueue.mock.calls[0]?.[1]).toEqual({ phone: '137 2222 3333' });
    expect(queue.counts(1).matched).toHaveLength(1);
  });

  it('says "please see reception" in Chinese too, never the list', async () => {
    await i18n.changeLanguage('zh');
    show(testKiosk({ lang: 'zh' }), <ResultScreen outcome={{ kind: 'queued', label: '张伟', matched: true }} />);
    expect(screen.getByRole('heading', { name: '请到前台办理' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/黑名单|名单|张伟/);
  });
});
