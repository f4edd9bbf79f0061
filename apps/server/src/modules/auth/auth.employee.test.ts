import { Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownCaptcha, PASSWORD, seedCompany, seedEmployee, seedStaff, type TestApp, testApp } from '../../../test/harness.js';
import { mails, operationLogs } from '../../db/schema/index.js';

function linkToken(text: string): string {
  const m = text.match(/\/reset\?token=([A-Za-z0-9_-]+)/);
  if (!m?.[1]) throw new Error(`no link in mail:\n${text}`);
  return m[1];
}
type Errors = { errors: { field: string; rule: string }[] };

describe('the employee’s own account: checkEmpInfo and updateEmpPwd', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  const mailsTo = (to: string) => t.db.select().from(mails).where(eq(mails.to, to));

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
  });
  afterAll(() => t.close());

  it('checkEmpInfo by phone mails a first-password link to the email on file and answers the same for anyone', async () => {
    const add = (employee_name: string, phone: string, email: string, status = 0) =>
      t.call<{ empid: number }>('addEmployee', { employee_name, phone, email, status }, a.token);
    expect((await add('New Starter', '13700002001', 'starter@example.com')).status).toBe(0);
    expect((await add('Gone Away', '13700002002', 'gone@example.com', 2)).status).toBe(0);
    expect((await add('No Mail', '13700002003', '')).status).toBe(0);

    const known = await t.api.checkEmpInfo({ phone: '+86 137 0000 2001', lang: 'en' });
    const unknown = await t.api.checkEmpInfo({ phone: '13700009999' });
    const stopped = await t.api.checkEmpInfo({ phone: '13700002002' });
    const noMail = await t.api.checkEmpInfo({ phone: '13700002003' });
    // Nothing in the answers tells these apart.
    for (const r of [unknown, stopped, noMail])
      expect({ status: r.status, reason: r.reason, result: r.result }).toEqual({
        status: known.status,
        reason: known.reason,
        result: known.result,
      });
    expect(known).toMatchObject({ status: 0, result: null });
    await t.services.jobs.runDue();
    const [mail] = await mailsTo('starter@example.com');
    expect(mail?.text).toContain('Hello New Starter,');
    // No password yet: a welcome to the portal, not a reset they never asked for.
    expect(mail?.subject).toMatch(/^Welcome to .*: set your password$/);
    expect(await mailsTo('gone@example.com')).toHaveLength(0);

    // The link sets the first password, and says whose it was (the page then opens the employee sign-in).
    const set = await t.api.ModifyPassword({ token: linkToken(t.services.outbox.opened(mail?.text ?? '')), password: 'Starter-2026' });
    expect(set).toMatchObject({ status: 0, result: { account: 'employee' } });
    expect((await t.api.empLogin({ phone: '13700002001', empPwd: 'Starter-2026' })).status).toBe(0);
    // By email too (one link per company, never twice for one employee found both ways); with a password now, a reset.
    expect((await t.api.checkEmpInfo({ phone: '13700002001', email: 'STARTER@example.com' })).status).toBe(0);
    await t.services.jobs.runDue();
    const mails = await mailsTo('starter@example.com');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toContain('Reset your OpenVisit password');
  });

  it('checkEmpInfo needs a phone or an email, a captcha when captchas are on, and is rate-limited', async () => {
    expect(((await t.call('checkEmpInfo', {})).result as Errors).errors).toEqual([{ field: 'phone', rule: 'phoneOrEmail' }]);
    const guarded = await testApp({ captcha: true });
    try {
      expect((await guarded.api.checkEmpInfo({ phone: '13700002001' })).status).toBe(Status.CAPTCHA_INVALID);
      const { digest, code } = await knownCaptcha(guarded);
      expect((await guarded.api.validationCode({ digest, vcode: code })).status).toBe(0);
      expect((await guarded.api.checkEmpInfo({ phone: '13700002001', digest })).status).toBe(0);
    } finally {
      await guarded.close();
    }
    const limited = await testApp({
      rateLimits: { global: 100000, signin: 100000, captcha: 100000, register: 100000, recovery: 2, public: 100000, lookup: 100000 },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.api.checkEmpInfo({ phone: '13700002001' })).http);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('updateEmpPwd: the old password checked, the rules of spec section 5, other sessions ended', async () => {
    const emp = await seedEmployee(t, a.id, '13700003001');
    const signIn = async (pw = PASSWORD) => (await t.api.empLogin({ phone: emp.phone, empPwd: pw })).result.token;
    const here = await signIn();
    const elsewhere = await signIn();
    const change = (body: Record<string, unknown>, token = here) => t.call('updateEmpPwd', body, token);
    expect((await change({ oldPassword: 'Wrong-2026', password: 'Brand-new-2026' })).status).toBe(Status.INVALID_PASSWORD);
    const rule = async (body: Record<string, unknown>) => ((await change(body)).result as Errors).errors;
    expect(await rule({ oldPassword: PASSWORD, password: 'abc' })).toEqual([{ field: 'password', rule: 'tooShort' }]);
    expect(await rule({ oldPassword: PASSWORD, password: 'abcdefgh' })).toEqual([{ field: 'password', rule: 'tooWeak' }]);
    expect(await rule({ oldPassword: PASSWORD, password: PASSWORD })).toEqual([{ field: 'password', rule: 'sameAsOld' }]);
    expect(await rule({ oldPassword: PASSWORD, password: 'Brand-new-2026', confirm: 'Brand-new-2027' })).toEqual([
      { field: 'confirm', rule: 'mismatch' },
    ]);
    expect((await t.api.GetUserInfo({}, elsewhere)).status).not.toBe(Status.TOKEN_INVALID);

    expect((await change({ oldPassword: PASSWORD, password: 'Brand-new-2026', confirm: 'Brand-new-2026' })).status).toBe(0);
    expect((await t.api.searchInviteByCondition({}, here)).status).toBe(0);
    expect((await t.api.searchInviteByCondition({}, elsewhere)).status).toBe(Status.TOKEN_INVALID);
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(Status.WRONG_CREDENTIALS);
    expect(await signIn('Brand-new-2026')).toBeTruthy();
    const logged = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.optEvent, 'password')));
    expect(logged).toEqual([expect.objectContaining({ optName: '张三', optRole: 2 })]);

    // Only employees: administrators and staff change theirs with updatePassword.
    expect((await change({ oldPassword: PASSWORD, password: 'Brand-new-2026' }, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await change({ oldPassword: PASSWORD, password: 'Brand-new-2026' }, (await seedStaff(t, a.id, 2)).token)).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await change({ oldPassword: PASSWORD, password: 'Brand-new-2026' }, '')).status).toBe(Status.TOKEN_MISSING);
  });
});
