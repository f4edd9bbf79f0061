import { NotifyChannel, Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import {
  type FakeDingTalkNotice,
  type FakeProvider,
  type FakeRtxNotice,
  type FakeSmtp,
  startFakeDingTalkNotice,
  startFakeProvider,
  startFakeRtxNotice,
  startSmtp,
} from '../../../test/notify-fakes.js';
import { startWechat, type WechatFake } from '../../../test/wechat-fake.js';
import { companies, contactEmployeeLinks, contactSync, jobs, messages } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/errors.js';

/**
 * Delivery on every channel: the Notifier records each message and a job delivers it through the channel's provider
 * (local fakes here), with retries for a provider that is down and the reason on record when it fails.
 */
describe('notification delivery', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let sms: FakeProvider;
  let wx: WechatFake;
  let ivr: FakeProvider;
  let dd: FakeDingTalkNotice;
  let rtx: FakeRtxNotice;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  let proxy: number;

  const addEmployee = async (token: string, employee_name: string, phone: string, email = '') =>
    (await t.api.addEmployee({ employee_name, phone, email }, token)).result.empid;
  const records = async (token: string, filter: object = {}) => (await t.api.getSendRecords({ requestedCount: 100, ...filter }, token)).result;
  const walkIn = async (vname: string, empid: number, token = desk.token) => {
    const r = await t.api.UpdatePhoto({ vname, vphone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, empid }, token);
    expect(r.status, r.reason).toBe(0);
    return r.result.vid;
  };
  /** Runs the due jobs, then makes the retried ones due at once, until nothing waits (each retry counted). */
  const drain = () => drainJobs(t);
  const smsConf = async (token = a.token) => (await t.api.getNotifyConf({}, token)).result.sms;

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startFakeProvider('sms-secret');
    wx = await startWechat('wx00000000000a1f2a', 'wx-secret');
    wx.templates.add('tpl-arrival');
    ivr = await startFakeProvider('ivr-key');
    dd = await startFakeDingTalkNotice();
    rtx = await startFakeRtxNotice();
    t = await testApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      contacts: { dingtalkApiUrl: dd.url, timeoutMs: 1500, maxResponseBytes: 100_000 },
      notify: { timeoutMs: 3000, maxResponseBytes: 64 * 1024 },
      wechatApiUrl: wx.url,
    });
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    const ok = async (name: string, body: object, token = a.token) => {
      const r = await t.call(name, body, token);
      expect(r.status, `${name}: ${r.reason}`).toBe(0);
    };
    await ok('updateSMSConf', { smsNotify: 1, endpoint: sms.url, appKey: 'alpha-key', appSecret: 'sms-secret', signature: '【Alpha】', smsQuota: 2 });
    await ok('UpdateWxConf', { wxNotify: 1, appId: 'wx00000000000a1f2a', appSecret: 'wx-secret', templates: { notice: 'tpl-arrival' } });
    await ok('ivrNotifyConf', { ivrNotify: 1, endpoint: ivr.url, key: 'ivr-key' });
    // DingTalk on (what updateDDNotify stores once DingTalk has accepted the credentials).
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify({ ddnotify: 1, ddcorpid: dd.appKey, ddagentid: dd.agentId })}::jsonb` })
      .where(eq(companies.id, a.id));
    await t.db.insert(contactSync).values({ companyId: a.id, ddSecret: t.services.secrets.seal(dd.secret) });
    host = await addEmployee(a.token, 'Helen Host', '13800001111', 'helen@example.com');
    proxy = await addEmployee(a.token, 'Pat Proxy', '13800001112', 'pat@example.com');
    dd.people.set('13800001111', 'dd-helen');
    await ok('setEmpOpenid', { empId: host, openid: 'oHelen-openid-1111' });
    wx.followers.add('oHelen-openid-1111');
    const everything = NotifyChannel.EMAIL | NotifyChannel.SMS | NotifyChannel.WECHAT | NotifyChannel.DINGTALK | NotifyChannel.VOICE;
    await ok('updateDefaultNotify', { empids: [host], defaultNotify: everything });
    await ok('updateDefaultNotify', { empids: [proxy], defaultNotify: NotifyChannel.SMS });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await ok('setVisitProxy', { empid: host, proxyId: proxy, startDate: day(-1), endDate: day(1), proxyStatus: 1 });
  });
  afterAll(async () => {
    await t.close();
    for (const f of [smtp, sms, wx, ivr, dd, rtx]) await f.close();
  });

  it('tells the host on every channel they chose and the proxy by SMS; each a record, sent, about the visit', async () => {
    const vid = await walkIn('Victor Walker', host);
    await drain();
    expect(smtp.received.map((m) => m.to)).toEqual([['helen@example.com']]);
    expect(sms.received.map((r) => r.body.to).sort()).toEqual(['13800001111', '13800001112']);
    for (const r of [...sms.received, ...ivr.received]) expect(r.signed).toBe(true);
    expect(sms.received[0]?.body).toMatchObject({ channel: 'sms', appKey: 'alpha-key', signature: '【Alpha】' });
    // SMS and voice get the short text (no greeting).
    expect(String(sms.received[0]?.body.text)).toMatch(/^(Your visitor has arrived\.|A visitor of Helen Host)/);
    expect(wx.sent).toEqual([
      expect.objectContaining({
        touser: 'oHelen-openid-1111',
        template_id: 'tpl-arrival',
        data: expect.objectContaining({ first: { value: 'Your visitor has arrived: Victor Walker' } }),
      }),
    ]);
    expect(ivr.received.map((r) => r.body.to)).toEqual(['13800001111']);
    // DingTalk: the host is found by phone (no directory link), then sent a work notice.
    expect(dd.sent).toEqual([{ agent_id: 2934571, userid_list: 'dd-helen', content: expect.stringContaining('Victor Walker') }]);
    const page = await records(a.token);
    expect(page.count).toBe(6);
    expect(page.list.every((r) => r.state === 'sent' && r.vid === vid && r.attempts === 1 && r.sentTime !== null)).toBe(true);
    expect(page.list.map((r) => r.channel).sort()).toEqual(['dingtalk', 'email', 'sms', 'sms', 'voice', 'wechat']);
    expect(page.list.find((r) => r.channel === 'dingtalk')).toMatchObject({ to: 'tel:13800001111', toName: 'Helen Host' });
    // Each SMS took one from the quota.
    expect(await smsConf()).toMatchObject({ smsQuota: 0, smsSent: 2 });
  });

  it('with the quota used up, SMS is on record as failed (43) and the other channels still go', async () => {
    await walkIn('Second Visitor', host);
    await drain();
    const failed = (await records(a.token, { state: 'failed' })).list;
    expect(failed.map((r) => [r.channel, r.error])).toEqual([
      ['sms', 'SMS quota exceeded, please buy SMS first'],
      ['sms', 'SMS quota exceeded, please buy SMS first'],
    ]);
    expect(sms.received).toHaveLength(2);
    expect(wx.sent).toHaveLength(2);
    await expect(t.services.notifier.require(a.id, 'sms')).rejects.toMatchObject({ status: Status.SMS_QUOTA_EXCEEDED });
  });

  it('a refusing provider: failed at once with its words, not retried; a provider down: retried, then failed with the reason', async () => {
    await t.api.updateSMSConf({ smsQuota: 5 }, a.token);
    wx.followers.clear();
    ivr.mode = 'down';
    sms.mode = 'down';
    dd.mode = 'hang';
    await walkIn('Third Visitor', host);
    await t.services.jobs.runDue();
    const byChannel = new Map((await records(a.token)).list.slice(0, 6).map((r) => [`${r.channel}:${r.to}`, r]));
    expect(byChannel.get('wechat:oHelen-openid-1111')).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'WeChat refused the message: require subscribe (43004)',
    });
    expect(byChannel.get('voice:13800001111')).toMatchObject({ state: 'queued', attempts: 1, error: 'The voice service answered HTTP 503' });
    expect(byChannel.get('dingtalk:tel:13800001111')).toMatchObject({ state: 'queued', error: 'DingTalk did not answer within 3 s' });
    // An SMS the provider did not take is given back to the quota.
    expect(await smsConf()).toMatchObject({ smsQuota: 5, smsSent: 0 });
    await drain();
    const after = new Map((await records(a.token)).list.slice(0, 6).map((r) => [`${r.channel}:${r.to}`, r]));
    expect(after.get('voice:13800001111')).toMatchObject({ state: 'failed', attempts: 5, error: 'The voice service answered HTTP 503' });
    expect(after.get('sms:13800001112')).toMatchObject({ state: 'failed', attempts: 5 });
    expect(after.get('wechat:oHelen-openid-1111')?.attempts).toBe(1);
    expect(after.get('email:helen@example.com')?.state).toBe('sent');
    const failedJobs = await t.db.select().from(jobs).where(eq(jobs.state, 'failed'));
    expect(failedJobs.map((j) => j.lastError)).toContain('The voice service answered HTTP 503');
    wx.followers.add('oHelen-openid-1111');
    ivr.mode = 'ok';
    sms.mode = 'ok';
    dd.mode = 'ok';
  });

  it('a channel switched off is on record with the reason; require() answers the catalogue codes', async () => {
    await t.api.updateSMSConf({ smsNotify: 0 }, a.token);
    await t.api.ConfigureEmail({ emailNotify: 0 }, a.token);
    const told = await t.services.notifier.tellEmployee(a.id, host, { subject: 'S', text: 'T' });
    expect(told.map((x) => [x.channel, x.state, x.reason])).toEqual([
      ['email', 'failed', 'Email notification is switched off'],
      ['sms', 'failed', 'SMS is switched off; turn it on in the notification settings'],
      ['wechat', 'queued', undefined],
      ['dingtalk', 'queued', undefined],
      ['voice', 'queued', undefined],
    ]);
    const code = async (channel: 'email' | 'sms' | 'rtx') => {
      try {
        await t.services.notifier.require(a.id, channel);
        return 0;
      } catch (err) {
        return err instanceof AppError ? err.status : -1;
      }
    };
    expect([await code('email'), await code('sms'), await code('rtx')]).toEqual([
      Status.EMAIL_NOTICE_OFF,
      Status.SMS_SWITCH_OFF,
      Status.INVALID_CHANNEL,
    ]);
    await t.api.ConfigureEmail({ emailNotify: 1 }, a.token);
    await drain();
  });

  it('DingTalk to the directory-linked user; RTX (exclusive with DingTalk) to the linked account, in GBK; refusals kept', async () => {
    await t.db.insert(contactEmployeeLinks).values({ companyId: a.id, source: 'dingtalk', externalId: 'linked-helen', empId: host });
    dd.sent.length = 0;
    await t.services.notifier.tell(
      a.id,
      { channel: 'dingtalk', to: 'linked-helen', toName: 'Helen Host' },
      { subject: '访客已到达', text: '王访客已签到' },
    );
    await t.services.notifier.tellEmployee(a.id, host, { subject: 'Hello', text: 'again' });
    await drain();
    expect(dd.sent.map((s) => s.userid_list)).toEqual(['linked-helen', 'linked-helen']);
    expect(dd.sent.map((x) => x.content).sort()).toEqual(['Hello\nagain', '访客已到达\n王访客已签到']);

    expect((await t.api.updateRtxConf({ rtxnotify: 1, rtxIp: rtx.host, rtxPort: rtx.port }, b.token)).status).toBe(0);
    const zhang = await addEmployee(b.token, '张三', '13700000001');
    const nobody = await addEmployee(b.token, 'No Account', '13700000002');
    await t.api.updateDefaultNotify({ empids: [zhang, nobody], defaultNotify: NotifyChannel.RTX }, b.token);
    await t.db.insert(contactEmployeeLinks).values({ companyId: b.id, source: 'rtx', externalId: 'zhangsan', empId: zhang });
    const notice = { subject: '访客已到达：王五', text: '王五（共 2 人）于 10:00 在前台签到。' };
    await t.services.notifier.tellEmployee(b.id, zhang, notice);
    expect(await t.services.notifier.tellEmployee(b.id, nobody, notice)).toEqual([
      expect.objectContaining({ channel: 'rtx', state: 'failed', reason: 'No RTX account to send to' }),
    ]);
    await drain();
    expect(rtx.sent).toEqual([{ receiver: 'zhangsan', title: notice.subject, msg: notice.text }]);
    rtx.mode = 'restricted';
    await t.services.notifier.tellEmployee(b.id, zhang, notice);
    await drain();
    const [last] = (await records(b.token, { channel: 'rtx', state: 'failed' })).list;
    expect(last).toMatchObject({ attempts: 1, error: "The RTX server refused the message: this server's address is not allowed (SDKProperty.xml)" });
    rtx.mode = 'ok';
  });

  it('delivery records: company-scoped, filtered by channel, state, day and recipient, paged', async () => {
    const all = await records(a.token);
    const beta = await records(b.token);
    expect(beta.list.every((r) => r.channel === 'rtx')).toBe(true);
    const betaIds = new Set(beta.list.map((r) => r.id));
    expect(all.list.filter((r) => betaIds.has(r.id))).toEqual([]);
    expect((await records(a.token, { channel: 'wechat' })).list.every((r) => r.channel === 'wechat')).toBe(true);
    expect((await records(a.token, { state: 'sent', channel: 'email' })).list.every((r) => r.state === 'sent' && r.channel === 'email')).toBe(true);
    expect((await records(a.token, { to: 'PAT' })).list.every((r) => r.toName === 'Pat Proxy')).toBe(true);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect((await records(a.token, { startDate: day, endDate: day })).count).toBe(all.count);
    expect((await records(a.token, { startDate: '2001-01-01', endDate: '2001-01-02' })).count).toBe(0);
    const first = await t.api.getSendRecords({ startIndex: 0, requestedCount: 3 }, a.token);
    const second = await t.api.getSendRecords({ startIndex: 3, requestedCount: 3 }, a.token);
    expect(first.result.list).toHaveLength(3);
    expect(second.result.list[0]?.id).toBeLessThan(first.result.list[2]?.id ?? 0);
    const errors = async (body: object) => (await t.call<{ errors: unknown[] }>('getSendRecords', body, a.token)).result.errors;
    expect(await errors({ channel: 'fax' })).toEqual([{ field: 'channel', rule: 'invalid_value' }]);
    expect(await errors({ startDate: '2026-02-02', endDate: '2026-02-01' })).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
    // The mails of the records are the messages table's rows of this company, and nothing else.
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.companyId, a.id)));
    expect(all.count).toBe(n?.n);
  });
});
