import { NotifyChannel, Status } from '@openvisit/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drainJobs, seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { startWechat, type WechatFake } from '../../../test/wechat-fake.js';
import { messages } from '../../db/schema/index.js';
import { wxOf } from './notifications.repository.js';

type Errors = { errors: { field: string; rule: string }[] };
const APP_ID = 'wx0123456789abcdef';
const SECRET = 'wechat-test-secret-2f9';
const HELEN = 'oHelen_0123456789abcdefghij';

// WeChat official-account template messages against a local server playing WeChat's API (token, template send).
describe('WeChat template messages', () => {
  let t: TestApp;
  let a: Tenant;
  let wx: WechatFake;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  let other: number;

  const walkIn = async (vname: string, empid: number) => {
    const r = await t.api.UpdatePhoto({ vname, vphone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, empid }, desk.token);
    expect(r.status, r.reason).toBe(0);
  };
  const wxRecords = () =>
    t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, a.id), eq(messages.channel, 'wechat')))
      .orderBy(desc(messages.id));
  const drain = () => drainJobs(t);

  beforeAll(async () => {
    wx = await startWechat(APP_ID, SECRET);
    t = await testApp({ wechatApiUrl: wx.url, notify: { timeoutMs: 3000, maxResponseBytes: 64 * 1024 } });
    a = await seedCompany(t, 'Alpha');
    desk = await seedStaff(t, a.id, 2);
    host = (await t.api.addEmployee({ employee_name: 'Helen Host', phone: '13800001111' }, a.token)).result.empid;
    other = (await t.api.addEmployee({ employee_name: 'Oscar Other', phone: '13800001112' }, a.token)).result.empid;
    expect((await t.api.updateDefaultNotify({ empids: [host], defaultNotify: NotifyChannel.WECHAT }, a.token)).status).toBe(0);
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });
  beforeEach(() => {
    wx.followers = new Set([HELEN]);
    wx.templates = new Set(['TPL_notice_1', 'TPL_arrival_1']);
    wx.down = false;
  });

  it('settings: a switched-on channel needs AppID, secret and the notice template; the secret is never answered', async () => {
    const off = await t.api.UpdateWxConf({ wxNotify: 1 }, a.token);
    expect(off.status).toBe(Status.BAD_PARAMS);
    expect((off.result as unknown as Errors).errors.map((e) => e.field).sort()).toEqual(['appId', 'appSecret', 'templates.notice']);
    const badId = await t.api.UpdateWxConf({ wxNotify: 1, appId: 'not-an-appid' }, a.token);
    expect((badId.result as unknown as Errors).errors).toEqual([{ field: 'appId', rule: 'format' }]);
    const saved = await t.api.UpdateWxConf(
      { wxNotify: 1, appId: APP_ID, appSecret: SECRET, templates: { notice: 'TPL_notice_1', arrival: 'TPL_arrival_1' } },
      a.token,
    );
    expect(saved.status, saved.reason).toBe(0);
    expect(saved.result).toEqual({
      wxNotify: 1,
      appId: APP_ID,
      templates: { arrival: 'TPL_arrival_1', approval: '', appointment: '', notice: 'TPL_notice_1' },
      hasSecret: true,
    });
    expect(JSON.stringify((await t.api.getNotifyConf({}, a.token)).result)).not.toContain(SECRET);
  });

  it('openids: set, read, unique per company, removed when empty; an unknown employee is 55', async () => {
    expect((await t.api.setEmpOpenid({ empId: host, openid: HELEN }, a.token)).result).toEqual({ empId: host, openid: HELEN });
    expect((await t.api.getEmpOpenid({ empId: host }, a.token)).result.openid).toBe(HELEN);
    expect((await t.api.setEmpOpenid({ empId: other, openid: HELEN }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.setEmpOpenid({ empId: 999_999, openid: HELEN }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.setEmpOpenid({ empId: other, openid: 'bad openid!' }, a.token)).status).toBe(Status.BAD_PARAMS);
    await t.api.setEmpOpenid({ empId: other, openid: 'oOscar_0123456789abcdefghij' }, a.token);
    await t.api.setEmpOpenid({ empId: other, openid: '' }, a.token);
    expect((await t.api.getEmpOpenid({ empId: other }, a.token)).result.openid).toBe('');
  });

  it("the test: sent to an employee's openid with the kind's template and values; refusals answer errcode and errmsg", async () => {
    const sent = await t.api.testWxConf({ empId: host, kind: 'arrival' }, a.token);
    expect(sent.result).toEqual({ sent: true, problem: null, code: '', detail: '' });
    expect(wx.sent.at(-1)).toEqual({
      touser: HELEN,
      template_id: 'TPL_arrival_1',
      data: {
        first: { value: 'Test message' },
        keyword1: { value: 'Alex Chen' },
        keyword2: { value: 'Alpha' },
        keyword3: { value: expect.any(String) },
        keyword4: { value: 'Reception' },
        remark: { value: expect.stringContaining('test message') },
      },
    });
    // A kind without its own template goes by the notice one, its text as keyword1.
    await t.api.testWxConf({ to: HELEN, kind: 'approval' }, a.token);
    expect(wx.sent.at(-1)).toMatchObject({ template_id: 'TPL_notice_1', data: { keyword1: { value: expect.stringContaining('WeChat notices') } } });
    expect((await t.api.testWxConf({ to: 'oNotAFollower_123456789', kind: 'notice' }, a.token)).result).toEqual({
      sent: false,
      problem: 'refused',
      code: '43004',
      detail: 'require subscribe',
    });
    expect((await t.api.testWxConf({ to: HELEN, kind: 'notice', templates: { notice: 'TPL_unknown' } }, a.token)).result).toMatchObject({
      problem: 'refused',
      code: '40037',
    });
    // Unsaved credentials are tried as typed: a wrong secret is the token endpoint's refusal.
    expect((await t.api.testWxConf({ to: HELEN, appSecret: 'wrong-secret' }, a.token)).result).toMatchObject({ problem: 'refused', code: '40125' });
    expect((await t.api.testWxConf({ empId: other }, a.token)).result).toMatchObject({ sent: false, problem: 'noOpenid' });
    expect((await t.api.testWxConf({}, a.token)).status).toBe(Status.BAD_PARAMS);
    wx.down = true;
    expect((await t.api.testWxConf({ to: HELEN }, a.token)).result).toMatchObject({ sent: false, problem: 'unreachable' });
    const [last] = await wxRecords();
    expect(last).toMatchObject({ to: HELEN, state: 'failed' });
  });

  it('a visitor arriving: the host with an openid is told by the arrival template; the token is kept, and taken again once on 40001', async () => {
    const before = wx.tokenRequests;
    await walkIn('Victor Walker', host);
    await drain();
    expect(wx.sent.at(-1)).toMatchObject({
      touser: HELEN,
      template_id: 'TPL_arrival_1',
      data: { first: { value: 'Your visitor has arrived: Victor Walker' }, keyword1: { value: 'Victor Walker' }, keyword2: { value: '' } },
    });
    expect((await wxRecords())[0]).toMatchObject({ state: 'sent', to: HELEN, toName: 'Helen Host', attempts: 1 });
    await walkIn('Second Visitor', host);
    await drain();
    expect(wx.sent.at(-1)?.data.keyword1).toEqual({ value: 'Second Visitor' });
    expect(wx.tokenRequests).toBe(before + 1);
    // Another process took a new token (or it expired early): 40001, one new token, the message goes.
    wx.expire();
    await walkIn('Third Visitor', host);
    await drain();
    expect(wx.sent.at(-1)?.data.keyword1).toEqual({ value: 'Third Visitor' });
    expect((await wxRecords())[0]).toMatchObject({ state: 'sent', attempts: 1 });
    expect(wx.tokenRequests).toBe(before + 2);
  });

  it("a refusal fails the message at once with the platform's words; the platform down is retried", async () => {
    wx.followers = new Set();
    await walkIn('Fourth Visitor', host);
    await t.services.jobs.runDue();
    expect((await wxRecords())[0]).toMatchObject({ state: 'failed', attempts: 1, error: 'WeChat refused the message: require subscribe (43004)' });
    wx.down = true;
    await walkIn('Fifth Visitor', host);
    await t.services.jobs.runDue();
    expect((await wxRecords())[0]).toMatchObject({ state: 'queued', attempts: 1, error: 'WeChat answered HTTP 503' });
    wx.down = false;
    wx.followers = new Set([HELEN]);
    await drain();
    expect((await wxRecords())[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });
});

describe('settings saved for the former WeChat relay', () => {
  it('keep their AppID, secret and template (as the general notice’s)', () => {
    const row = { enabled: 1, conf: { appId: APP_ID, templateId: 'TPL-OLD', endpoint: 'https://relay.example.com/wx' }, secret: 'sealed' };
    expect(wxOf(row as unknown as Parameters<typeof wxOf>[0])).toMatchObject({
      wxNotify: 1,
      appId: APP_ID,
      hasSecret: true,
      templates: { notice: 'TPL-OLD', arrival: '' },
    });
  });
});
