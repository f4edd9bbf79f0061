import { Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownCaptcha, PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { type FakeProvider, startFakeProvider } from '../../../test/notify-fakes.js';
import { companies, messages, smsCodes, visits } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

/** SMS verification codes, and "came before" at the kiosk proven by one while the company has SMS on. */
describe('SMS verification codes', () => {
  let t: TestApp;
  let sms: FakeProvider;
  let a: Tenant;
  let b: Tenant;
  let kiosk: Awaited<ReturnType<typeof seedStaff>>;
  const PHONE = '13955550001';

  /** The code in the last SMS the provider received. */
  const lastCode = () => /(\d{6})/.exec(String(sms.received.at(-1)?.body.text))?.[1] ?? '';
  /** Lets the next code be sent at once (the one-a-minute rule is tested on its own). */
  const ageCodes = () => t.db.update(smsCodes).set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` });
  const send = (token: string, phone = PHONE, purpose = 'returning') =>
    t.call<{ expiresIn: number; resendIn: number }>('sendSmsCode', { phone, purpose }, token);
  const smsOn = (quota = 20) =>
    t.api.updateSMSConf({ smsNotify: 1, endpoint: sms.url, appKey: 'k1', appSecret: 'sms-secret', signature: '【Alpha】', smsQuota: quota }, a.token);

  beforeAll(async () => {
    sms = await startFakeProvider('sms-secret');
    t = await testApp({ notify: { timeoutMs: 3000, maxResponseBytes: 64 * 1024 } });
    ({ a, b } = await twoTenants(t));
    kiosk = await seedStaff(t, a.id, 4);
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || '{"comeAgain":1}'::jsonb` })
      .where(eq(companies.id, a.id));
    await t.db
      .insert(visits)
      .values({ companyId: a.id, kind: 'walkin', status: 'signedOut', name: 'Rita Return', phone: PHONE, company: 'Star Ltd' });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('who may ask: no token 28; HSE and employees 610; bad phone 400', async () => {
    expect((await t.api.sendSmsCode({ phone: PHONE })).status).toBe(Status.TOKEN_MISSING);
    const hse = await seedStaff(t, a.id, 0);
    expect((await send(hse.token)).status).toBe(Status.NO_PERMISSION);
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await send(empToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call<Errors>('sendSmsCode', { phone: '12' }, kiosk.token)).result.errors).toEqual([{ field: 'phone', rule: 'format' }]);
  });

  it('53 with SMS off, 43 without quota, 22 with the reason when the provider refuses or is down', async () => {
    expect((await send(kiosk.token)).status).toBe(Status.SMS_SWITCH_OFF);
    await smsOn(0);
    expect((await send(kiosk.token)).status).toBe(Status.SMS_QUOTA_EXCEEDED);
    await smsOn(20);
    sms.mode = 'refuse';
    const refused = await send(kiosk.token);
    expect(refused.status).toBe(Status.SMS_SEND_FAILED);
    expect(refused.reason).toBe('The SMS was not sent: The SMS provider refused the message: blocked number (code 17)');
    sms.mode = 'down';
    const down = await send(kiosk.token);
    expect(down.status).toBe(Status.SMS_SEND_FAILED);
    expect(down.reason).toContain('HTTP 503');
    sms.mode = 'ok';
    // Failed sends leave no code to guess and cost nothing.
    expect(await t.db.select().from(smsCodes)).toHaveLength(0);
    const quota = (await t.api.getNotifyConf({}, a.token)).result.sms.smsQuota;
    expect(quota).toBe(20);
  });

  it('sends a 6-digit code, kept hashed and masked in the delivery record; one a minute and five an hour per phone (52)', async () => {
    const r = await send(kiosk.token);
    expect(r.status, r.reason).toBe(0);
    expect(r.result).toEqual({ expiresIn: 300, resendIn: 60 });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.db.select().from(smsCodes);
    expect(JSON.stringify(stored)).not.toContain(code);
    const [record] = (await t.api.getSendRecords({ channel: 'sms', state: 'sent' }, a.token)).result.list;
    expect(record).toMatchObject({ to: PHONE, subject: 'Verification code', state: 'sent' });
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.id, record?.id ?? 0));
    expect(row?.text).toBe('Your verification code is ******. It is valid for 5 minutes; do not share it.');
    expect((await send(kiosk.token)).status).toBe(Status.MESSAGE_ALREADY_SENT);
    for (let i = 0; i < 4; i++) {
      await ageCodes();
      expect((await send(kiosk.token, '13955550099')).status).toBe(0);
    }
    await ageCodes();
    expect((await send(kiosk.token, '13955550099')).status).toBe(0);
    await ageCodes();
    const tooMany = await send(kiosk.token, '13955550099');
    expect(tooMany.status).toBe(Status.MESSAGE_ALREADY_SENT);
    expect(tooMany.reason).toContain('last hour');
  });

  it('checkSmsCode: 145 wrong, 144 none or expired or tried too often; a right one is not spent by the check', async () => {
    await ageCodes();
    expect((await send(kiosk.token)).status).toBe(0);
    const code = lastCode();
    const check = (c: string, purpose = 'returning', phone = PHONE) => t.call('checkSmsCode', { phone, code: c, purpose });
    expect((await check(code === '000000' ? '111111' : '000000')).status).toBe(Status.SMS_CODE_WRONG);
    expect((await check(code)).status).toBe(0);
    expect((await check(code)).status).toBe(0);
    expect((await check(code, 'verify')).status).toBe(Status.SMS_CODE_EXPIRED);
    expect((await check(code, 'returning', '13955550077')).status).toBe(Status.SMS_CODE_EXPIRED);
    expect((await t.call<Errors>('checkSmsCode', { phone: PHONE, code: '12ab56' })).result.errors).toEqual([{ field: 'code', rule: 'format' }]);
    await t.db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await check(code)).status).toBe(Status.SMS_CODE_EXPIRED);
    await ageCodes();
    expect((await send(kiosk.token)).status).toBe(0);
    const fresh = lastCode();
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await check(wrong)).status).toBe(Status.SMS_CODE_WRONG);
    expect((await check(fresh)).status).toBe(Status.SMS_CODE_EXPIRED);
  });

  it('came before at the kiosk: with SMS on the look-up needs the code sent to that phone, spent once', async () => {
    const lookUp = (body: object) => t.call<{ vname: string } & Errors>('getVisitorAppointmentByPhone', body, kiosk.token);
    // Known or not, the phone alone gets the same answer: nothing leaks before the code.
    expect((await lookUp({ phone: PHONE })).result.errors).toEqual([{ field: 'smsCode', rule: 'required' }]);
    expect((await lookUp({ phone: '13955559999' })).result.errors).toEqual([{ field: 'smsCode', rule: 'required' }]);
    await ageCodes();
    expect((await send(kiosk.token)).status).toBe(0);
    const code = lastCode();
    expect((await lookUp({ phone: PHONE, smsCode: code === '000000' ? '111111' : '000000' })).status).toBe(Status.SMS_CODE_WRONG);
    const found = await lookUp({ phone: PHONE, smsCode: code });
    expect(found.status).toBe(0);
    expect(found.result.vname).toBe('Rita Return');
    expect((await lookUp({ phone: PHONE, smsCode: code })).status).toBe(Status.SMS_CODE_EXPIRED);
    // A code of another company's kiosk does not open this one.
    await t.api.updateSMSConf(
      { smsNotify: 1, endpoint: sms.url, appKey: 'k2', appSecret: 'sms-secret', signature: '【Beta】', smsQuota: 5 },
      b.token,
    );
    const betaKiosk = await seedStaff(t, b.id, 2);
    await ageCodes();
    expect((await send(betaKiosk.token)).status).toBe(0);
    expect((await lookUp({ phone: PHONE, smsCode: lastCode() })).status).toBe(Status.SMS_CODE_EXPIRED);
    // SMS off: the look-up works as before, without a code.
    await t.api.updateSMSConf({ smsNotify: 0 }, a.token);
    expect((await lookUp({ phone: PHONE })).result.vname).toBe('Rita Return');
    await smsOn(20);
  });

  it("sendPicSmsCode: from the invitation page, after a verified captcha, only to the invitation's phone", async () => {
    const host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    const invited = await t.api.addAppointment(
      { empid: host, appointmentDate: Date.now() + 86_400_000, visitors: [{ name: '王受邀', phone: '13933334444' }] },
      a.token,
    );
    expect(invited.status, invited.reason).toBe(0);
    const secid = new URL(invited.result[0]?.inviteLink ?? '').searchParams.get('token') ?? '';
    const verified = async () => {
      const c = await knownCaptcha(t);
      expect((await t.api.validationCode({ digest: c.digest, vcode: c.code })).status).toBe(0);
      return c.digest;
    };
    const pic = (body: object) => t.call<Errors>('sendPicSmsCode', body);
    expect((await pic({ phone: '13933334444', secid })).result.errors).toEqual([{ field: 'digest', rule: 'required' }]);
    expect((await pic({ phone: '13933334444', secid, digest: (await knownCaptcha(t)).digest })).status).toBe(Status.CAPTCHA_INVALID);
    expect((await pic({ phone: '13933334444', secid: 'tampered', digest: await verified() })).status).toBe(Status.INVALID_VISITOR);
    expect((await pic({ phone: '13900000000', secid, digest: await verified() })).result.errors).toEqual([{ field: 'phone', rule: 'notInvited' }]);
    const digest = await verified();
    expect((await pic({ phone: '+86 139 3333 4444', secid, digest })).status).toBe(0);
    // The digest is spent.
    expect((await pic({ phone: '13933334444', secid, digest })).status).toBe(Status.CAPTCHA_INVALID);
    expect(sms.received.at(-1)?.body.to).toBe('13933334444');
    expect((await t.api.checkSmsCode({ phone: '13933334444', code: lastCode(), purpose: 'invitation' })).status).toBe(0);
    const [row] = await t.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, '13933334444'), eq(smsCodes.purpose, 'invitation')));
    expect(row?.companyId).toBe(a.id);
  });
});
