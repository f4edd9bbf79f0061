import {
  DEFAULT_EMAIL_CONF,
  DEFAULT_IVR_CONF,
  DEFAULT_SMS_CONF,
  DEFAULT_WX_CONF,
  type EmailConf,
  type MessageRecord,
  type NotifyConf,
  Status,
} from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { NoticePage } from './NoticePage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function open(url = '/setting/notice') {
  const router = createMemoryRouter([{ path: '/setting/notice', element: <NoticePage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function conf(patch: Partial<NotifyConf> = {}): NotifyConf {
  return { email: DEFAULT_EMAIL_CONF, sms: DEFAULT_SMS_CONF, wechat: DEFAULT_WX_CONF, voice: DEFAULT_IVR_CONF, installationMail: true, ...patch };
}

/** The company's own SMTP server, saved with its password. */
const STORED_SMTP: EmailConf = {
  ...DEFAULT_EMAIL_CONF,
  type: 1,
  smtp: 'smtp.acme.com',
  smtp_port: 465,
  ssl: 1,
  account: 'mailer',
  sender: 'v@acme.com',
  hasPassword: true,
};

const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const lastDialog = async () => (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;

describe('NoticePage › email', () => {
  it('needs host, port and sender for the company’s own server, as typed; saves without a password it was not given', async () => {
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf() }),
      ConfigureEmail: (b) => ({ status: 0, result: { ...DEFAULT_EMAIL_CONF, ...b, hasPassword: false } }),
    });
    open();
    const form = await screen.findByTestId('email-form');
    fireEvent.click(within(form).getByLabelText('Our SMTP server'));
    fireEvent.click(screen.getByTestId('email-save'));
    await waitFor(() => expect(within(form).getAllByText('Required while the channel is on')).toHaveLength(3));
    expect(s.bodies('ConfigureEmail')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Server'), { target: { value: 'http://smtp.example.com' } });
    expect(await within(form).findByText('A host name or IPv4 address, without http:// or a port')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Server'), { target: { value: 'smtp.example.com' } });
    fireEvent.change(within(form).getByLabelText('Port'), { target: { value: '70000' } });
    expect(await within(form).findByText('Out of range')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Port'), { target: { value: '587' } });
    fireEvent.change(within(form).getByLabelText('Sender address'), { target: { value: 'visits@example' } });
    expect(await within(form).findByText('Incorrect email format')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Sender address'), { target: { value: 'visits@example.com' } });
    // An account needs its password (none is stored).
    fireEvent.change(within(form).getByLabelText('Account'), { target: { value: 'mailer' } });
    fireEvent.click(screen.getByTestId('email-save'));
    expect(await within(form).findByText('Required while the channel is on')).toBeTruthy();
    fireEvent.change(byTestId('email-pwd'), { target: { value: 'pa ss' } });
    fireEvent.click(screen.getByTestId('email-save'));
    await waitFor(() =>
      expect(s.bodies('ConfigureEmail')).toEqual([
        { emailNotify: 1, type: 1, smtp: 'smtp.example.com', smtp_port: 587, ssl: 0, account: 'mailer', pwd: 'pa ss', sender: 'visits@example.com' },
      ]),
    );
    expect(await screen.findByText('Email settings saved')).toBeTruthy();
    // The password field is emptied: it is never shown again.
    await waitFor(() => expect(byTestId('email-pwd').value).toBe(''));
  });

  it('keeps a stored password unless a new one is typed; says so; explains Exchange; warns when the installation has no server', async () => {
    const s = stubServer({
      getNotifyConf: () => ({
        status: 0,
        result: conf({
          installationMail: false,
          email: STORED_SMTP,
        }),
      }),
      ConfigureEmail: (b) => ({ status: 0, result: { ...DEFAULT_EMAIL_CONF, ...b, hasPassword: true } }),
    });
    open();
    const form = await screen.findByTestId('email-form');
    expect(byTestId('email-pwd').placeholder).toBe('Stored — leave empty to keep it');
    fireEvent.click(within(form).getByLabelText('Our Exchange server'));
    expect(await within(form).findByText(/Exchange is reached through its SMTP endpoint/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('email-save'));
    await waitFor(() => expect(s.bodies('ConfigureEmail')).toHaveLength(1));
    expect(s.bodies('ConfigureEmail')[0]).not.toHaveProperty('pwd');
    expect(s.bodies('ConfigureEmail')[0]).toMatchObject({ type: 2, smtp: 'smtp.acme.com', ssl: 1 });
    fireEvent.click(within(form).getByLabelText("This installation's mail server"));
    expect(await within(form).findByText(/Mail through this system is not set up yet/)).toBeTruthy();
  });

  it('asks for the password again when the server, port or security changes, as the server does', async () => {
    const stored = STORED_SMTP;
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf({ email: stored }) }),
      ConfigureEmail: () => ({ status: 0, result: stored }),
    });
    open();
    const form = await screen.findByTestId('email-form');
    const server = within(form).getByLabelText('Server');
    fireEvent.change(server, { target: { value: 'smtp.elsewhere.example' } });
    fireEvent.click(screen.getByTestId('email-save'));
    expect(await within(form).findByText('Required while the channel is on')).toBeTruthy();
    expect(s.bodies('ConfigureEmail')).toHaveLength(0);
    // Back to the server it was saved for: the stored one goes again, nothing to retype.
    fireEvent.change(server, { target: { value: 'smtp.acme.com' } });
    fireEvent.click(screen.getByTestId('email-save'));
    await waitFor(() => expect(s.bodies('ConfigureEmail')).toHaveLength(1));
    expect(s.bodies('ConfigureEmail')[0]).not.toHaveProperty('pwd');
  });

  it('sends a test mail through the form’s values and shows the server’s refusal (40) or the success', async () => {
    let answer: { status: number; reason?: string } = {
      status: Status.EMAIL_SEND_FAILED,
      reason: 'The test mail was not sent: 535 Authentication failed',
    };
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf() }),
      testEmailConf: () => ({ ...answer, result: null }),
    });
    open();
    await screen.findByTestId('email-form');
    fireEvent.change(byTestId('email-test-to'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('email-test-send'));
    expect(await screen.findByText('Incorrect email format')).toBeTruthy();
    expect(s.bodies('testEmailConf')).toHaveLength(0);
    fireEvent.change(byTestId('email-test-to'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByTestId('email-test-send'));
    const failed = await screen.findByTestId('email-test-result');
    expect(within(failed).getByText('The test mail was not sent')).toBeTruthy();
    expect(within(failed).getByText('The test mail was not sent: 535 Authentication failed')).toBeTruthy();
    expect(s.bodies('testEmailConf')[0]).toMatchObject({ to: 'me@example.com', type: 0, emailNotify: 1 });
    answer = { status: 0 };
    fireEvent.click(screen.getByTestId('email-test-send'));
    expect(await screen.findByText('Test mail sent to me@example.com')).toBeTruthy();
  });

  it('asks before email notices are switched off', async () => {
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf() }),
      ConfigureEmail: (b) => ({ status: 0, result: { ...DEFAULT_EMAIL_CONF, ...b } }),
    });
    open();
    await screen.findByTestId('email-form');
    fireEvent.click(screen.getByTestId('email-notify'));
    fireEvent.click(screen.getByTestId('email-save'));
    const dialog = await lastDialog();
    expect(within(dialog).getAllByText('Switch Email off?').length).toBeGreaterThan(0);
    expect(s.bodies('ConfigureEmail')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(s.bodies('ConfigureEmail')).toEqual([expect.objectContaining({ emailNotify: 0 })]));
  });
});

describe('NoticePage › SMS, WeChat, voice', () => {
  it('a switched-on SMS channel needs its settings; checks them as typed; sends the secret only when typed', async () => {
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf() }),
      updateSMSConf: (b) => ({ status: 0, result: { ...DEFAULT_SMS_CONF, ...b, hasSecret: true, smsSent: 0 } }),
    });
    open('/setting/notice?tab=sms');
    const form = await screen.findByTestId('sms-form');
    fireEvent.click(screen.getByTestId('sms-switch'));
    fireEvent.click(screen.getByTestId('sms-save'));
    await waitFor(() => expect(within(form).getAllByText('Required while the channel is on')).toHaveLength(4));
    fireEvent.change(byTestId('sms-endpoint'), { target: { value: 'ftp://sms.example.com' } });
    expect(await within(form).findByText('An http:// or https:// address, without a user name or password in it')).toBeTruthy();
    fireEvent.change(byTestId('sms-endpoint'), { target: { value: 'https://sms.example.com/send' } });
    fireEvent.change(byTestId('sms-appKey'), { target: { value: 'key 1' } });
    expect(await within(form).findByText('Not a valid value')).toBeTruthy();
    fireEvent.change(byTestId('sms-appKey'), { target: { value: 'key1' } });
    fireEvent.change(byTestId('sms-appSecret'), { target: { value: 's3cret' } });
    fireEvent.change(byTestId('sms-signature'), { target: { value: '【Acme】' } });
    fireEvent.change(byTestId('sms-smsQuota'), { target: { value: '-1' } });
    expect(await within(form).findByText('Out of range')).toBeTruthy();
    fireEvent.change(byTestId('sms-smsQuota'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('sms-save'));
    await waitFor(() =>
      expect(s.bodies('updateSMSConf')).toEqual([
        {
          smsNotify: 1,
          vendor: 'relay',
          provider: '',
          endpoint: 'https://sms.example.com/send',
          appKey: 'key1',
          appSecret: 's3cret',
          signature: '【Acme】',
          sdkAppId: '',
          region: 'ap-guangzhou',
          templates: { code: '', invitation: '', cancellation: '', arrival: '', notice: '' },
          smsQuota: 500,
        },
      ]),
    );
    expect(await screen.findByText('SMS notices settings saved')).toBeTruthy();
  });

  it('asks before SMS is switched off; a stored secret is not asked for again; shows how many were sent', async () => {
    const on = {
      ...DEFAULT_SMS_CONF,
      smsNotify: 1 as const,
      endpoint: 'https://sms.example.com',
      appKey: 'k',
      signature: 'S',
      hasSecret: true,
      smsQuota: 10,
      smsSent: 3,
    };
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf({ sms: on }) }),
      updateSMSConf: (b) => ({ status: 0, result: { ...on, ...b } }),
    });
    open('/setting/notice?tab=sms');
    await screen.findByTestId('sms-form');
    expect(screen.getByTestId('sms-sent').textContent).toBe('3 messages sent since the quota was set');
    fireEvent.click(screen.getByTestId('sms-switch'));
    fireEvent.click(screen.getByTestId('sms-save'));
    const dialog = await lastDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(s.bodies('updateSMSConf')).toHaveLength(1));
    expect(s.bodies('updateSMSConf')[0]).toMatchObject({ smsNotify: 0, endpoint: 'https://sms.example.com' });
    expect(s.bodies('updateSMSConf')[0]).not.toHaveProperty('appSecret');
  });

  it('puts the server’s field errors of WeChat and voice on their fields', async () => {
    const refuse: StubHandler = () => ({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'endpoint', rule: 'format' }] } });
    const wxRefuse: StubHandler = () => ({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'appId', rule: 'format' }] } });
    stubServer({ getNotifyConf: () => ({ status: 0, result: conf() }), UpdateWxConf: wxRefuse, ivrNotifyConf: refuse });
    open('/setting/notice?tab=wechat');
    const wx = await screen.findByTestId('wechat-form');
    fireEvent.change(byTestId('wechat-appId'), { target: { value: 'wx0123456789abcdef' } });
    fireEvent.click(screen.getByTestId('wechat-save'));
    expect(await within(wx).findByText('Not a valid value')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Voice call' }));
    const voice = await screen.findByTestId('voice-form');
    fireEvent.click(screen.getByTestId('voice-switch'));
    fireEvent.click(screen.getByTestId('voice-save'));
    await waitFor(() => expect(within(voice).getAllByText('Required while the channel is on')).toHaveLength(2));
  });
});

describe('NoticePage › delivery records', () => {
  const record = (id: number, extra: Partial<MessageRecord> = {}): MessageRecord => ({
    id,
    channel: 'email',
    to: 'helen@example.com',
    toName: 'Helen Host',
    subject: 'Your visitor has arrived: Victor',
    state: 'sent',
    error: null,
    attempts: 1,
    vid: 7,
    createTime: Date.now(),
    sentTime: Date.now(),
    ...extra,
  });

  it('lists every message with its state and reason; the filters go to the server and into the URL', async () => {
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf() }),
      getSendRecords: (b) => ({
        status: 0,
        result: {
          pageNo: 1,
          pageSize: 20,
          count: 2,
          list:
            b.channel === 'sms'
              ? []
              : [record(2), record(1, { channel: 'sms', to: '13800001111', state: 'failed', error: 'The SMS quota is used up', attempts: 0 })],
        },
      }),
    });
    const router = open('/setting/notice?tab=records');
    const table = await screen.findByTestId('records-table');
    expect(await within(table).findByText('The SMS quota is used up')).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getAllByText('Helen Host')).toHaveLength(2);
    expect(s.bodies('getSendRecords')[0]).toEqual({ startIndex: 0, requestedCount: 20 });
    fireEvent.mouseDown(within(screen.getByTestId('records-channel')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('SMS'));
    await waitFor(() => expect(s.bodies('getSendRecords').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, channel: 'sms' }));
    expect(new URLSearchParams(router.state.location.search).get('channel')).toBe('sms');
    expect(await within(table).findByText('No messages match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: 'helen' } });
    fireEvent.keyDown(screen.getByLabelText('Recipient'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(s.bodies('getSendRecords').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, channel: 'sms', to: 'helen' }));
  });
});

describe('NoticePage in Chinese', () => {
  it('labels the channels and rules in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ getNotifyConf: () => ({ status: 0, result: conf() }) });
    open('/setting/notice?tab=sms');
    await screen.findByTestId('sms-form');
    expect(screen.getByRole('tab', { name: '发送记录' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-switch'));
    fireEvent.click(screen.getByTestId('sms-save'));
    await waitFor(() => expect(screen.getAllByText('开启该通道时必填')).toHaveLength(4));
  });
});
