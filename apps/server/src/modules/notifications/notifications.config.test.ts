import { EmailType, Status } from '@openvisit/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/directory-fakes.js';
import { PASSWORD, seedCompany, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { type FakeSmtp, startSmtp } from '../../../test/notify-fakes.js';
import { messages, notifyConfigs, operationLogs } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

const SMTP_PASSWORD = 'Mail pass #1 with spaces';
const SMS_SECRET = 'sms-secret-9x7';
const WX_SECRET = 'wx-secret-3k2';
const IVR_KEY = 'ivr-key-5m1';

describe('notification settings', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let own: FakeSmtp;
  let installation: FakeSmtp;
  const conf = async (token: string) => (await t.api.getNotifyConf({}, token)).result;
  const lastLog = async (companyId: number) =>
    (await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, companyId)).orderBy(desc(operationLogs.id)).limit(1))[0];
  const ownServer = () => ({
    type: EmailType.SMTP,
    smtp: '127.0.0.1',
    smtp_port: own.port,
    ssl: 0,
    account: 'mailer',
    sender: 'visits@alpha.example',
  });

  beforeAll(async () => {
    own = await startSmtp({ user: 'mailer', pass: SMTP_PASSWORD });
    installation = await startSmtp();
    t = await testApp({ smtpUrl: `smtp://127.0.0.1:${installation.port}` });
    ({ a, b } = await twoTenants(t));
  });
  afterAll(async () => {
    await t.close();
    await own.close();
    await installation.close();
  });

  it('no token 28; HSE, desks, kiosks and employees 610; sub-administrators may', async () => {
    for (const name of ['getNotifyConf', 'ConfigureEmail', 'testEmailConf', 'updateSMSConf', 'UpdateWxConf', 'ivrNotifyConf', 'getSendRecords'])
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    for (const sType of [0, 2, 4] as const) {
      const staff = await seedStaff(t, a.id, sType);
      expect((await t.api.getNotifyConf({}, staff.token)).status).toBe(Status.NO_PERMISSION);
      expect((await t.api.updateSMSConf({ smsNotify: 0 }, staff.token)).status).toBe(Status.NO_PERMISSION);
      expect((await t.api.getSendRecords({}, staff.token)).status).toBe(Status.NO_PERMISSION);
    }
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await t.api.ConfigureEmail({ emailNotify: 1 }, empToken)).status).toBe(Status.NO_PERMISSION);
    const sub = await seedStaff(t, a.id, 5);
    expect((await t.api.getNotifyConf({}, sub.token)).status).toBe(0);
  });

  it('answers the defaults: email on through the installation, the other channels off', async () => {
    const c = await conf(a.token);
    expect(c.installationMail).toBe(true);
    expect(c.email).toMatchObject({ emailNotify: 1, type: 0, hasPassword: false });
    expect(c.sms).toMatchObject({ smsNotify: 0, smsQuota: 0, hasSecret: false });
    expect(c.wechat.wxNotify).toBe(0);
    expect(c.voice.ivrNotify).toBe(0);
  });

  it('refuses bad settings with field errors', async () => {
    const errors = async (name: string, body: object) => (await t.call<Errors>(name, body, a.token)).result.errors;
    expect(await errors('ConfigureEmail', { smtp: 'bad host!', smtp_port: 70000, sender: 'nope' })).toEqual([
      { field: 'smtp', rule: 'format' },
      { field: 'smtp_port', rule: 'range' },
      { field: 'sender', rule: 'format' },
    ]);
    expect(await errors('ConfigureEmail', { type: 3 })).toEqual([{ field: 'type', rule: 'invalid_union' }]);
    // The company's own server needs host, port and sender; an account needs its password.
    expect(await errors('ConfigureEmail', { type: 1, account: 'mailer' })).toEqual([
      { field: 'smtp', rule: 'required' },
      { field: 'smtp_port', rule: 'required' },
      { field: 'sender', rule: 'required' },
      { field: 'pwd', rule: 'required' },
    ]);
    expect(await errors('updateSMSConf', { smsNotify: 1 })).toEqual([
      { field: 'endpoint', rule: 'required' },
      { field: 'appKey', rule: 'required' },
      { field: 'appSecret', rule: 'required' },
      { field: 'signature', rule: 'required' },
    ]);
    expect(await errors('updateSMSConf', { endpoint: 'ftp://sms.example', smsQuota: -1, signature: 'x'.repeat(21) })).toEqual([
      { field: 'endpoint', rule: 'format' },
      { field: 'signature', rule: 'tooLong' },
      { field: 'smsQuota', rule: 'range' },
    ]);
    // Credentials belong in the secret fields, not in the URL.
    expect(await errors('updateSMSConf', { endpoint: 'https://user:pw@sms.example/send' })).toEqual([{ field: 'endpoint', rule: 'format' }]);
    expect(await errors('UpdateWxConf', { wxNotify: 1, appId: 'wx app' })).toEqual([{ field: 'appId', rule: 'format' }]);
    expect(await errors('UpdateWxConf', { wxNotify: 1 })).toEqual([
      { field: 'appId', rule: 'required' },
      { field: 'appSecret', rule: 'required' },
      { field: 'templates.notice', rule: 'required' },
    ]);
    expect(await errors('ivrNotifyConf', { ivrNotify: 1 })).toEqual([
      { field: 'endpoint', rule: 'required' },
      { field: 'key', rule: 'required' },
    ]);
    expect(await conf(a.token)).toMatchObject({ email: { type: 0 }, sms: { smsNotify: 0 } });
  });

  it('keeps every secret sealed at rest and out of every answer; omitted secrets stay; another company sees none of it', async () => {
    const answers: unknown[] = [];
    const call = async (name: string, body: object) => {
      const r = await t.call(name, body, a.token);
      expect(r.status, `${name}: ${r.reason}`).toBe(0);
      answers.push(r);
      return r.result as Record<string, unknown>;
    };
    expect(await call('ConfigureEmail', { ...ownServer(), pwd: SMTP_PASSWORD })).toMatchObject({ ...ownServer(), emailNotify: 1, hasPassword: true });
    expect(await lastLog(a.id)).toMatchObject({ objName: 'email', optDesc: `email notices through 127.0.0.1:${own.port}, password changed` });
    expect(
      await call('updateSMSConf', {
        smsNotify: 1,
        provider: 'Test SMS',
        endpoint: 'http://127.0.0.1:9/send',
        appKey: 'key1',
        appSecret: SMS_SECRET,
        signature: '【Alpha】',
        smsQuota: 100,
      }),
    ).toMatchObject({ smsNotify: 1, smsQuota: 100, smsSent: 0, hasSecret: true, signature: '【Alpha】' });
    expect((await lastLog(a.id))?.optDesc).toBe('switched on, 100 messages left');
    expect(
      await call('UpdateWxConf', { wxNotify: 1, appId: 'wx0000000000000001', appSecret: WX_SECRET, templates: { notice: 'tpl-1' } }),
    ).toMatchObject({ wxNotify: 1, hasSecret: true });
    expect(await call('ivrNotifyConf', { ivrNotify: 1, endpoint: 'http://127.0.0.1:9/ivr', key: IVR_KEY })).toMatchObject({
      ivrNotify: 1,
      hasKey: true,
    });
    expect((await lastLog(a.id))?.optDesc).toBe('switched on, secret changed');
    // A change without the secret keeps it.
    expect(await call('updateSMSConf', { signature: '【Alpha Co】' })).toMatchObject({ hasSecret: true, smsQuota: 100 });
    expect(await call('ConfigureEmail', { ssl: 0 })).toMatchObject({ hasPassword: true });
    answers.push(await t.api.getNotifyConf({}, a.token), await t.api.GetUserInfo({}, a.token));
    const text = JSON.stringify(answers);
    for (const secret of [SMTP_PASSWORD, SMS_SECRET, WX_SECRET, IVR_KEY]) expect(text).not.toContain(secret);
    const stored = await t.db.select().from(notifyConfigs).where(eq(notifyConfigs.companyId, a.id));
    expect(stored).toHaveLength(4);
    for (const row of stored) {
      expect(row.secret).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toMatch(/secret-|key-5m1|with spaces/);
    }
    // Beta has its own settings (none).
    const beta = await conf(b.token);
    expect(beta.email).toMatchObject({ type: 0, hasPassword: false, smtp: '' });
    expect(beta.sms).toMatchObject({ smsNotify: 0, hasSecret: false, smsQuota: 0 });
  });

  it("delivers the company's mails through its own server, other companies' through the installation's", async () => {
    await t.api.RetrievePassword({ email: a.email }, undefined);
    await t.api.RetrievePassword({ email: b.email }, undefined);
    await t.services.jobs.runDue();
    expect(own.received.map((m) => m.to)).toEqual([[a.email]]);
    expect(own.received[0]).toMatchObject({ from: 'visits@alpha.example', user: 'mailer' });
    expect(installation.received.map((m) => m.to)).toEqual([[b.email]]);
    // Switching email notices off: the company's mail goes through the installation's server again.
    expect((await t.api.ConfigureEmail({ emailNotify: 0 }, a.token)).status).toBe(0);
    await t.api.RetrievePassword({ email: a.email }, undefined);
    await t.services.jobs.runDue();
    expect(installation.received.map((m) => m.to)).toEqual([[b.email], [a.email]]);
    expect((await t.api.ConfigureEmail({ emailNotify: 1 }, a.token)).status).toBe(0);
  });

  it('sends a test mail through the given or stored settings, recorded; 40 with one neutral reason when the server refuses or is down', async () => {
    const before = own.received.length;
    // Stored settings (the stored password is used).
    expect((await t.api.testEmailConf({ to: 'check@example.com' }, a.token)).status).toBe(0);
    expect(own.received.slice(before).map((m) => m.to)).toEqual([['check@example.com']]);
    const wrong = await t.api.testEmailConf({ to: 'check@example.com', pwd: 'not the password' }, a.token);
    expect(wrong.status).toBe(Status.EMAIL_SEND_FAILED);
    // One neutral reason whatever failed (a refused login, a closed port): the form cannot probe the network.
    expect(wrong.reason).toMatch(/could not be sent through this mail server/);
    const down = await t.api.testEmailConf({ to: 'check@example.com', smtp_port: await closedPort(), pwd: SMTP_PASSWORD }, a.token);
    expect(down.status).toBe(Status.EMAIL_SEND_FAILED);
    expect(down.reason).toBe(wrong.reason);
    // The test did not change the settings.
    expect((await conf(a.token)).email.smtp_port).toBe(own.port);
    const records = (await t.api.getSendRecords({ to: 'check@example.com' }, a.token)).result;
    expect(records.list.map((r) => r.state)).toEqual(['failed', 'failed', 'sent']);
    expect(records.list[1]?.error).not.toMatch(/535|ECONNREFUSED/i);
    // Bad input is refused before anything is sent.
    expect((await t.call<Errors>('testEmailConf', { to: 'not-an-address' }, a.token)).result.errors).toEqual([{ field: 'to', rule: 'format' }]);
  });

  it('the stored password goes only to the server and port it was saved for: another one must bring its own', async () => {
    const listener = await startSmtp({ user: 'mailer', pass: 'their own' });
    try {
      const before = await conf(a.token);
      const elsewhere = [{ smtp_port: listener.port }, { smtp: 'localhost' }, { smtp_port: listener.port, account: 'mailer' }];
      for (const change of elsewhere) {
        for (const call of ['testEmailConf', 'ConfigureEmail'] as const) {
          const r = await t.call<Errors>(call, { to: 'check@example.com', ...change }, a.token);
          expect(r.status, `${call} ${JSON.stringify(change)}`).toBe(Status.BAD_PARAMS);
          expect(r.result.errors).toEqual([{ field: 'pwd', rule: 'required' }]);
        }
      }
      expect(listener.logins).toEqual([]);
      expect(await conf(a.token)).toEqual(before);
      // With its own password the test goes there, and only that password is sent.
      expect((await t.api.testEmailConf({ to: 'check@example.com', smtp_port: listener.port, pwd: 'their own' }, a.token)).status).toBe(0);
      expect(listener.logins).toEqual([{ username: 'mailer', password: 'their own' }]);
      // The stored server itself still works without retyping the password.
      expect((await t.api.testEmailConf({ to: 'check@example.com', smtp: ' 127.0.0.1 ' }, a.token)).status).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('the installation without a mail server: a test through it is 40, mails are kept', async () => {
    const bare = await testApp();
    try {
      const c = await seedCompany(bare, 'Gamma');
      expect((await bare.api.getNotifyConf({}, c.token)).result.installationMail).toBe(false);
      const r = await bare.api.testEmailConf({ to: 'check@example.com' }, c.token);
      expect(r.status).toBe(Status.EMAIL_SEND_FAILED);
      expect(r.reason).toContain('SMTP_URL');
      await bare.api.RetrievePassword({ email: c.email });
      await bare.services.jobs.runDue();
      const [m] = await bare.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, c.id), eq(messages.to, c.email)));
      expect(m?.state).toBe('kept');
    } finally {
      await bare.close();
    }
  });

  it('clearing the account forgets its password', async () => {
    const r = await t.api.ConfigureEmail({ account: '' }, a.token);
    expect(r.result.hasPassword).toBe(false);
    const [row] = await t.db
      .select()
      .from(notifyConfigs)
      .where(and(eq(notifyConfigs.companyId, a.id), eq(notifyConfigs.channel, 'email')));
    expect(row?.secret).toBe('');
  });
});
