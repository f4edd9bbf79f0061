import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { standardField } from '../../core/walkIn/fields';
import { i18n } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import { DEFAULT_SETTINGS, type KioskConfig } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { RegisterScreen } from './RegisterScreen';

const field = standardField;

const config = (comeAgain: number, terms = ''): KioskConfig => ({
  company: 'Acme',
  settings: { ...DEFAULT_SETTINGS, comeAgain, secureProtocol: terms },
  ...(terms && {
    protocol: { zh: { id: 30, version: 4, lang: 'zh', text: terms }, en: { id: 30, version: 4, lang: 'zh', text: terms } },
  }),
  gates: [],
  types: [
    {
      tid: 7,
      vType: '访客#Guest',
      reasons: [],
      fields: [
        field(1, 'vname', '姓名#Name', true),
        field(2, 'vphone', '手机号#Phone', true),
        field(3, 'cardId', '证件号码#Certificate number', true),
        field(4, 'vcompany', '单位#Company', false),
        field(5, 'empid', '被访人#Host', true),
      ],
    },
    { tid: 8, vType: '送货#Delivery', reasons: [], fields: [field(11, 'vname', '姓名#Name', true), field(12, 'empid', '被访人#Host', true)] },
  ],
});

const FOUND = {
  vid: 77,
  vname: 'Rita Return',
  vphone: '13955550001',
  vemail: 'rita@example.com',
  vcompany: 'Star Ltd',
  certificateType: 'idCard',
  cardId: '110*************2X',
  hasCardId: true,
  plateNum: '',
  tid: 7,
  empid: 9,
  empName: 'Ada Host',
  protocolsAccepted: [] as number[],
};

const visit = (body: Record<string, unknown>) => ({ vid: 100, status: 'signedIn', vname: body.vname, code: '12345678' });

function renderScreen(comeAgain: number, terms = '') {
  const finish = vi.fn();
  const home = vi.fn();
  const kiosk = testKiosk({ config: config(comeAgain, terms), lang: i18n.language === 'zh' ? 'zh' : 'en', finish, home });
  render(
    <KioskContext.Provider value={kiosk}>
      <RegisterScreen />
    </KioskContext.Provider>,
  );
  return { finish, home };
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function findByPhone(phone = '13955550001') {
  fireEvent.click(await screen.findByRole('button', { name: 'Yes, I have been here before' }));
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Find my details' }));
}

describe('kiosk registration: "came before"', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('fills the form from the last visit, shows the ID on file masked and reuses it when left empty', async () => {
    const server = stubServer({
      getVisitorAppointmentByPhone: () => ({ status: 0, result: FOUND }),
      UpdatePhoto: (b) => ({ status: 0, result: visit(b) }),
    });
    const { finish } = renderScreen(1);
    await findByPhone();
    await screen.findByText('Welcome back, Rita Return. Please check your details and change what is different.');
    expect(server.bodies('getVisitorAppointmentByPhone')).toEqual([{ phone: '13955550001' }]);
    // The type of the last visit is chosen; every detail can still be changed.
    expect(screen.getByRole('heading', { name: 'Register · Guest' })).toBeTruthy();
    expect(input('Name').value).toBe('Rita Return');
    expect(input(/^Company/).value).toBe('Star Ltd');
    expect(screen.getByText('Ada Host')).toBeTruthy();
    // The number itself is never put in the field.
    expect(input('Certificate number').value).toBe('');
    expect(screen.getByTestId('id-on-file').textContent).toBe('ID number on file: 110*************2X. Leave the field empty to use it again.');
    fireEvent.change(input(/^Company/), { target: { value: 'New Co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    const [sent] = server.bodies('UpdatePhoto');
    expect(sent).toMatchObject({ vname: 'Rita Return', vphone: '13955550001', vcompany: 'New Co', cardId: '', empid: 9, tid: 7, reuseIdFrom: 77 });
  });

  it('is not asked for the terms again when they accepted this version before; is when they did not', async () => {
    for (const accepted of [[30], []]) {
      const server = stubServer({
        getVisitorAppointmentByPhone: () => ({ status: 0, result: { ...FOUND, protocolsAccepted: accepted } }),
        UpdatePhoto: (b) => ({ status: 0, result: visit(b) }),
      });
      const { finish } = renderScreen(1, '佩戴安全帽。');
      await findByPhone();
      await screen.findByTestId('id-on-file');
      // The form's last step sends; with the terms still to read, it leads to them.
      fireEvent.click(screen.getByRole('button', { name: accepted.length ? 'Submit' : 'Next' }));
      if (accepted.length) {
        await waitFor(() => expect(finish).toHaveBeenCalled());
        // Nothing signed here: the server carries the earlier acceptance over.
        expect(server.bodies('UpdatePhoto')[0]).toMatchObject({ protocolAccepted: false, signature: '' });
        expect(server.bodies('UpdatePhoto')[0]).not.toHaveProperty('protocolVersion');
      } else {
        expect(await screen.findByRole('heading', { name: 'Safety terms' })).toBeTruthy();
        expect(server.bodies('UpdatePhoto')).toEqual([]);
      }
      cleanup();
    }
  });

  it('a typed certificate number or another phone does not reuse the one on file', async () => {
    const server = stubServer({
      getVisitorAppointmentByPhone: () => ({ status: 0, result: FOUND }),
      UpdatePhoto: (b) => ({ status: 0, result: visit(b) }),
    });
    const { finish } = renderScreen(1);
    await findByPhone();
    await screen.findByTestId('id-on-file');
    fireEvent.change(input('Phone'), { target: { value: '13955550009' } });
    expect(screen.queryByTestId('id-on-file')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // Required again now that nothing on file applies.
    expect(await screen.findByText('Please check the fields marked in red.')).toBeTruthy();
    expect(server.bodies('UpdatePhoto')).toEqual([]);
    fireEvent.change(input('Certificate number'), { target: { value: '11010519491231002X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    const [sent] = server.bodies('UpdatePhoto');
    expect(sent).toMatchObject({ vphone: '13955550009', cardId: '11010519491231002X' });
    expect(sent).not.toHaveProperty('reuseIdFrom');
  });

  it('when the server refuses the reuse, the visitor is asked to type the number', async () => {
    stubServer({
      getVisitorAppointmentByPhone: () => ({ status: 0, result: FOUND }),
      UpdatePhoto: () => ({ status: 400, result: { errors: [{ field: 'reuseIdFrom', rule: 'notFound' }] } }),
    });
    renderScreen(1);
    await findByPhone();
    await screen.findByTestId('id-on-file');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('error-cardId').textContent).toBe('The ID number on file cannot be used. Please type it.'));
    expect(screen.queryByTestId('id-on-file')).toBeNull();
  });

  it('"first visit" goes to the empty form without a look-up; no match keeps the phone for the form', async () => {
    const server = stubServer({ getVisitorAppointmentByPhone: () => ({ status: 1117 }) });
    renderScreen(1);
    fireEvent.click(await screen.findByRole('button', { name: 'No, this is my first visit' }));
    // Two types: the visitor chooses one, then an empty form.
    fireEvent.click(await screen.findByRole('button', { name: 'Guest' }));
    expect(input('Name').value).toBe('');
    expect(server.paths()).toEqual([]);
  });

  it('no match: a message, then the form with the phone typed', async () => {
    const server = stubServer({ getVisitorAppointmentByPhone: () => ({ status: 1117 }) });
    renderScreen(1);
    await findByPhone('13955550002');
    expect((await screen.findByTestId('returning-problem')).textContent).toBe('No earlier visit with this phone number. Please fill in the form.');
    fireEvent.click(screen.getByRole('button', { name: 'Fill in the form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Guest' }));
    expect(input('Phone').value).toBe('13955550002');
    expect(input('Name').value).toBe('');
    expect(screen.queryByTestId('id-on-file')).toBeNull();
    expect(server.paths()).toEqual(['getVisitorAppointmentByPhone']);
  });

  it('a malformed phone is not looked up', async () => {
    const server = stubServer({});
    renderScreen(1);
    await findByPhone('12ab');
    expect(document.getElementById('k-returning-phone')?.getAttribute('aria-invalid')).toBe('true');
    expect(server.paths()).toEqual([]);
  });

  it('switch off: no question, the visitor type first', async () => {
    stubServer({});
    renderScreen(0);
    expect(await screen.findByRole('heading', { name: 'What brings you here?' })).toBeTruthy();
    expect(screen.queryByText('Have you visited us before?')).toBeNull();
  });

  it('asks and hints in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ getVisitorAppointmentByPhone: () => ({ status: 0, result: FOUND }) });
    renderScreen(1);
    expect(await screen.findByRole('heading', { name: '您以前来访过吗？' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '是，我来访过' }));
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13955550001' } });
    fireEvent.click(screen.getByRole('button', { name: '查找我的信息' }));
    expect((await screen.findByTestId('id-on-file')).textContent).toBe('已登记的证件号码：110*************2X。留空即沿用。');
  });
});

describe('kiosk registration: "came before" proven by an SMS code (company SMS on)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The server's look-up: the code 123456 opens it; without a code it asks for one. */
  const lookUp = (body: Record<string, unknown>) => {
    if (!body.smsCode) return { status: 400, result: { errors: [{ field: 'smsCode', rule: 'required' }] } };
    if (body.smsCode === '123456') return { status: 0, result: FOUND };
    return { status: 145 };
  };

  it('sends a code to the phone, checks it as typed, says when it is wrong, then fills the form', async () => {
    const server = stubServer({ getVisitorAppointmentByPhone: lookUp, sendSmsCode: () => ({ status: 0, result: { expiresIn: 300, resendIn: 60 } }) });
    renderScreen(1);
    await findByPhone();
    expect(await screen.findByRole('heading', { name: 'Enter the code we sent you' })).toBeTruthy();
    expect(screen.getByText('A 6-digit code was sent by SMS to 13955550001. It is valid for 5 minutes.')).toBeTruthy();
    expect(server.bodies('sendSmsCode')).toEqual([{ phone: '13955550001', purpose: 'returning' }]);
    const code = screen.getByLabelText('Code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12a3' } });
    expect(code.value).toBe('123');
    expect(screen.getByText('Type the 6 digits of the code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(server.bodies('getVisitorAppointmentByPhone')).toHaveLength(1);
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('returning-problem')).textContent).toBe('The code is not right. Please check it and try again.');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Welcome back, Rita Return. Please check your details and change what is different.');
    expect(server.bodies('getVisitorAppointmentByPhone')).toEqual([
      { phone: '13955550001' },
      { phone: '13955550001', smsCode: '654321' },
      { phone: '13955550001', smsCode: '123456' },
    ]);
    expect(input('Name').value).toBe('Rita Return');
  });

  it('an expired code: asks for a new one, which can be sent again', async () => {
    const server = stubServer({
      getVisitorAppointmentByPhone: (b) => (b.smsCode ? { status: 144 } : lookUp(b)),
      sendSmsCode: () => ({ status: 0, result: { expiresIn: 300, resendIn: 60 } }),
    });
    renderScreen(1);
    await findByPhone();
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('returning-problem')).textContent).toBe('The code has expired or was tried too often. Ask for a new one.');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByTestId('returning-info')).textContent).toBe('A new code was sent.');
    expect(server.bodies('sendSmsCode')).toHaveLength(2);
  });

  it('no code can be sent (provider failure, no quota): the form, by hand, with the phone', async () => {
    stubServer({ getVisitorAppointmentByPhone: lookUp, sendSmsCode: () => ({ status: 22, reason: 'The SMS was not sent' }) });
    renderScreen(1);
    await findByPhone('13955550002');
    expect((await screen.findByTestId('returning-problem')).textContent).toBe('We could not send you a code. Please fill in the form.');
    expect(screen.queryByLabelText('Code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fill in the form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Guest' }));
    expect(input('Phone').value).toBe('13955550002');
    expect(input('Name').value).toBe('');
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ getVisitorAppointmentByPhone: lookUp, sendSmsCode: () => ({ status: 0, result: { expiresIn: 300, resendIn: 60 } }) });
    renderScreen(1);
    fireEvent.click(await screen.findByRole('button', { name: '是，我来访过' }));
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13955550001' } });
    fireEvent.click(screen.getByRole('button', { name: '查找我的信息' }));
    expect(await screen.findByRole('heading', { name: '请输入短信验证码' })).toBeTruthy();
  });
});
