import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { samplePaper, samplePass } from '../../core/induction/testing';
import { standardField } from '../../core/walkIn/fields';
import { i18n } from '../../platform/i18n';
import { sampleVisit } from '../../testing/fixtures';
import { type StubHandler, stubServer } from '../../testing/stubServer';
import { DEFAULT_SETTINGS, type KioskConfig } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { CheckInScreen } from './CheckInScreen';
import { RegisterScreen } from './RegisterScreen';

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
      fields: [
        field(1, 'vname', '姓名#Name', true),
        field(2, 'vphone', '手机号#Phone', true),
        field(3, 'vemail', '邮箱#Email', false),
        field(4, 'empid', '被访人#Host', true),
      ],
    },
  ],
};

const FOUND = {
  vid: 77,
  vname: 'Rita Return',
  vphone: '13955550001',
  vemail: 'rita@example.com',
  vcompany: '',
  certificateType: 'idCard',
  cardId: '',
  hasCardId: false,
  plateNum: '',
  tid: 7,
  empid: 9,
  empName: 'Ada Host',
};

const PASSED = {
  pid: 41,
  passed: true,
  totalScore: 100,
  fullScore: 100,
  passScore: 60,
  pass: samplePass(),
  attemptsLeft: 1,
  answers: [
    { qdid: 11, correct: true, score: 50 },
    { qdid: 12, correct: true, score: 50 },
  ],
};

function renderKiosk(screenEl: React.ReactNode) {
  const kiosk = testKiosk({ config });
  render(<KioskContext.Provider value={kiosk}>{screenEl}</KioskContext.Provider>);
  return kiosk;
}

/** The first answer asks for the induction (69), every later one takes the visit. */
function examFirst(result: (body: Record<string, unknown>) => unknown, required: unknown): StubHandler {
  let asked = false;
  return (body) => {
    if (asked) return { status: 0, result: result(body) };
    asked = true;
    return { status: 69, reason: 'Please take the exam', result: required };
  };
}

/** Passing sends the errand again at once (the score in view, its button there to send it again if that fails). */
async function answerAndPass(continueLabel: string) {
  fireEvent.click(await screen.findByRole('radio', { name: 'No' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Door A' }));
  fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
  expect(await screen.findByRole('button', { name: continueLabel })).toBeTruthy();
  expect(screen.getByText('Your score: 100 of 100 (pass mark 60)')).toBeTruthy();
}

async function registerReturning() {
  fireEvent.click(await screen.findByRole('button', { name: 'Yes, I have been here before' }));
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '13955550001' } });
  fireEvent.click(screen.getByRole('button', { name: 'Find my details' }));
  await screen.findByText(/^Welcome back, Rita Return/);
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('kiosk: the safety induction before the badge (69)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a walk-in asked for the induction takes it, then the same registration is sent again and the badge follows', async () => {
    const server = stubServer({
      getVisitorAppointmentByPhone: () => ({ status: 0, result: FOUND }),
      UpdatePhoto: examFirst((b) => sampleVisit(100, { vname: String(b.vname), status: 'signedIn' }), { qid: 3, tid: 7, vid: null }),
      getRandomTopicList: () => ({ status: 0, result: { pass: null, paper: samplePaper({ video: null }) } }),
      examSubmit: () => ({ status: 0, result: PASSED }),
    });
    const kiosk = renderKiosk(<RegisterScreen />);
    await registerReturning();
    expect(await screen.findByRole('heading', { name: 'Safety induction' })).toBeTruthy();
    // The paper is drawn once the step shows (an effect): wait for the call, not only the heading.
    await waitFor(() =>
      expect(server.bodies('getRandomTopicList')).toEqual([
        { tid: 7, vname: 'Rita Return', vphone: '13955550001', vemail: 'rita@example.com', certificateType: 'idCard', cardId: '', lang: 'en' },
      ]),
    );
    // Answering is activity the kiosk cannot see as touches: it holds its return to the start screen.
    await waitFor(() => expect(kiosk.hold).toHaveBeenLastCalledWith(true));
    expect(kiosk.finish).not.toHaveBeenCalled();
    expect(kiosk.enqueue).not.toHaveBeenCalled();
    await answerAndPass('Continue to my badge');
    await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
    expect(kiosk.finish.mock.calls[0]?.[0]).toMatchObject({ kind: 'signedIn', visit: { vid: 100 } });
    expect(server.bodies('UpdatePhoto')).toHaveLength(2);
    const [first, again] = server.bodies('UpdatePhoto');
    expect(again).toEqual(first);
    expect(first?.clientKey).toMatch(/^k[0-9a-f]{32}$/);
    expect(kiosk.enqueue).not.toHaveBeenCalled();
    expect(kiosk.hold).toHaveBeenLastCalledWith(false);
  });

  it('a pass already held sends the registration again at once', async () => {
    const server = stubServer({
      getVisitorAppointmentByPhone: () => ({ status: 0, result: FOUND }),
      UpdatePhoto: examFirst(() => sampleVisit(101, { status: 'signedIn' }), { qid: 3, tid: 7, vid: null }),
      getRandomTopicList: () => ({ status: 0, result: { pass: samplePass(), paper: null } }),
    });
    const kiosk = renderKiosk(<RegisterScreen />);
    await registerReturning();
    await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
    expect(server.paths().filter((p) => p !== 'getVisitorAppointmentByPhone')).toEqual(['UpdatePhoto', 'getRandomTopicList', 'UpdatePhoto']);
    expect(server.paths()).not.toContain('examSubmit');
  });

  it('a check-in asked for the induction draws the visit’s paper and checks in again with the same key', async () => {
    const server = stubServer({
      AppClientSignin: examFirst(() => ({ ...sampleVisit(5, { status: 'signedIn' }), repeated: false }), { qid: 3, tid: 7, vid: 5 }),
      getRandomTopicList: () => ({ status: 0, result: { pass: null, paper: samplePaper({ video: null }) } }),
      examSubmit: () => ({ status: 0, result: PASSED }),
    });
    const kiosk = renderKiosk(<CheckInScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use phone' }));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '13922220001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('heading', { name: 'Safety induction' })).toBeTruthy();
    await waitFor(() => expect(server.bodies('getRandomTopicList')).toEqual([{ vid: 5, lang: 'en' }]));
    await answerAndPass('Continue to check-in');
    await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
    expect(kiosk.finish.mock.calls[0]?.[0]).toMatchObject({ kind: 'signedIn', visit: { vid: 5 } });
    expect(server.bodies('AppClientSignin')).toHaveLength(2);
    const [first, again] = server.bodies('AppClientSignin');
    expect(again).toEqual(first);
    expect(kiosk.enqueue).not.toHaveBeenCalled();
  });

  it('no attempts left today: said in the kiosk’s language, nothing sent again', async () => {
    const server = stubServer({
      AppClientSignin: () => ({ status: 69, result: { qid: 3, tid: 7, vid: 5 } }),
      getRandomTopicList: () => ({ status: 693, reason: 'No exam attempts are left today' }),
    });
    const kiosk = renderKiosk(<CheckInScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use phone' }));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '13922220001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('No attempts are left today. Please ask at reception.')).toBeTruthy();
    expect(server.bodies('AppClientSignin')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(kiosk.home).toHaveBeenCalled();
  });
});
