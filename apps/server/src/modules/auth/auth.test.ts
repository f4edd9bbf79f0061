import { Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownCaptcha, PASSWORD, seedCompany, seedEmployee, seedSubAccount, seedSuper, type TestApp, testApp } from '../../../test/harness.js';
import { recordStatements } from '../../db/client.js';
import { companies, employees, jobs, mails, operationLogs, sessions, staffAccounts, subAccounts } from '../../db/schema/index.js';
import { hashPassword, sha256 } from '../../platform/identity/crypto.js';

function linkToken(text: string, path: string): string {
  const m = text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!m?.[1]) throw new Error(`no ${path} link in mail:\n${text}`);
  return m[1];
}

describe('registration and activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const reg = {
    email: 'Founder@Example.com',
    password: 'Visit0r!2026',
    company: '星河科技有限公司',
    username: '李雷',
    phone: '13800138000',
    lang: 'zh',
  };

  it('registers a company, mails an activation link in its language, refuses sign-in until activated', async () => {
    const r = await t.call('Register', reg);
    expect(r.status).toBe(0);
    // The answer names no company id: it must read the same whether the address was free or not.
    expect(r.result).toBeNull();
    const [company] = await t.db.select().from(companies).where(eq(companies.email, 'founder@example.com'));
    expect(company?.email).toBe('founder@example.com');
    expect(company?.status).toBe(0);
    expect(company?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(company?.passwordHash).not.toContain(reg.password);

    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'founder@example.com'));
    expect(mail?.subject).toContain('激活');
    expect(mail?.state).toBe('kept');
    const token = linkToken(t.services.outbox.opened(mail?.text ?? ''), '/active');

    const before = await t.api.Login({ email: reg.email, password: reg.password });
    expect(before.status).toBe(Status.ACCOUNT_NOT_ACTIVATED);

    const act = await t.api.webActivateAccount({ token });
    expect(act.status).toBe(0);
    expect(act.result.email).toBe('founder@example.com');
    const again = await t.api.webActivateAccount({ token });
    expect(again.status).toBe(Status.ACCOUNT_ALREADY_ACTIVATED);

    const login = await t.api.Login({
      email: reg.email,
      password: reg.password,
    });
    expect(login.status).toBe(0);
    expect(login.result.sType).toBe(-1);
    // A new company's employees may invite their visitors from the start (the issue 15 first run).
    expect((await t.api.GetUserInfo({}, login.result.token)).result.permissionSwitch).toBe(1);
    expect(login.result.role).toBe(Role.ADMIN);
    expect(login.result.guidePending).toBe(true);
  });

  it('a taken email answers as a new registration does, stores nothing and tells the address by mail', async () => {
    const before = await t.db.select().from(companies);
    const fresh = await t.call('Register', { ...reg, email: 'first.time@example.com', company: 'Brand New Co', lang: 'en' });
    const takenEmail = await t.call('Register', { ...reg, company: 'Other Co', lang: 'en' });
    // Nothing in the answer tells a taken address from a free one.
    expect({ status: takenEmail.status, result: takenEmail.result }).toEqual({ status: fresh.status, result: fresh.result });
    expect(await t.db.select().from(companies)).toHaveLength(before.length + 1);
    // The owner of the address learns of it in their mailbox, where an outsider cannot read it.
    const [owner] = (await t.db.select().from(mails).where(eq(mails.to, 'founder@example.com'))).filter((m) => !m.subject.includes('激活'));
    expect(owner?.text).toContain('already registered');
    expect(owner?.text).toContain(`${t.config.publicUrl}/forgot`);
  });

  it("another company's name is free to take: company names are not unique, so no answer or mail can reveal one", async () => {
    const r = await t.call('Register', { ...reg, email: 'other@example.com', company: '星河科技有限公司', lang: 'en' });
    expect(r.status).toBe(0);
    const named = await t.db.select({ email: companies.email }).from(companies).where(eq(companies.name, '星河科技有限公司'));
    expect(named.map((c) => c.email).sort()).toEqual(['founder@example.com', 'other@example.com']);
    // The new address gets its own activation link, like any new company.
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'other@example.com'));
    expect(t.services.outbox.opened(mail?.text ?? '')).toContain('/active?token=');
  });

  it('refuses bad input with 400 naming each field', async () => {
    const r = await t.call<{ errors: { field: string; rule: string }[] }>('Register', {
      email: 'not-an-email',
      password: 'abc',
      company: '',
      username: 'x<y',
      phone: '123',
    });
    expect(r.status).toBe(Status.BAD_PARAMS);
    const fields = Object.fromEntries(r.result.errors.map((e) => [e.field, e.rule]));
    expect(fields).toMatchObject({ email: 'format', password: 'tooShort', company: 'required', username: 'illegalChars', phone: 'format' });
    expect(r.reason).toContain('email');
  });

  it('answers 39 for an unknown activation token', async () => {
    expect((await t.api.webActivateAccount({ token: 'x'.repeat(43) })).status).toBe(Status.INVALID_LINK);
  });
});

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ captcha: true });
  });
  afterAll(() => t.close());

  it('issues a PNG picture and a digest', async () => {
    const r = await t.api.getValidationCode();
    expect(r.status).toBe(0);
    expect(r.result.base64Str).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(r.result.digest.length).toBeGreaterThan(16);
  });

  it('answers 119 on a wrong code and lets a verified digest be spent once', async () => {
    const { digest, code } = await knownCaptcha(t);
    expect((await t.api.validationCode({ digest, vcode: 'zzzz' })).status).toBe(Status.CAPTCHA_INVALID);
    // Sign-in without a verified captcha is refused before the password is even looked at.
    expect((await t.api.Login({ email: 'nobody@example.com', password: 'x', digest })).status).toBe(Status.CAPTCHA_INVALID);
    expect((await t.api.validationCode({ digest, vcode: code.toUpperCase() })).status).toBe(0);
    expect((await t.api.Login({ email: 'nobody@example.com', password: 'x', digest })).status).toBe(Status.WRONG_CREDENTIALS);
    expect((await t.api.Login({ email: 'nobody@example.com', password: 'x', digest })).status).toBe(Status.CAPTCHA_INVALID);
  });

  it('gives up on a digest after five wrong answers', async () => {
    const { digest, code } = await knownCaptcha(t);
    for (let i = 0; i < 5; i++) await t.api.validationCode({ digest, vcode: 'nope' });
    expect((await t.api.validationCode({ digest, vcode: code })).status).toBe(Status.CAPTCHA_INVALID);
  });

  it("lets machines' accounts (visitor machine, front desk) sign in without a captcha, but not people's", async () => {
    const [co] = await t.db
      .insert(companies)
      .values({ name: 'Captcha Co', email: 'cap@example.com', username: 'A', passwordHash: 'x', status: 1 })
      .returning();
    await t.db.insert(staffAccounts).values([
      { companyId: co?.id ?? 0, account: 'pad01', name: 'Pad', sType: 4, passwordHash: await hashPassword(PASSWORD), mustChangePassword: 0 },
      { companyId: co?.id ?? 0, account: 'desk01', name: 'Desk', sType: 2, passwordHash: await hashPassword(PASSWORD), mustChangePassword: 0 },
      { companyId: co?.id ?? 0, account: 'hse01', name: 'HSE', sType: 0, passwordHash: await hashPassword(PASSWORD), mustChangePassword: 0 },
    ]);
    expect((await t.api.Login({ email: 'pad01', password: PASSWORD })).status).toBe(0);
    expect((await t.api.Login({ email: 'desk01', password: PASSWORD })).status).toBe(0);
    expect((await t.api.Login({ email: 'hse01', password: PASSWORD })).status).toBe(Status.CAPTCHA_INVALID);
  });
});

describe('sign-in kinds, lockout and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('signs in staff by account with their sType and gates, and forces a first password change flag', async () => {
    const company = await seedCompany(t);
    await t.db
      .insert(staffAccounts)
      .values({ companyId: company.id, account: 'hse.lead', name: 'HSE Lead', sType: 0, gids: [3, 4], passwordHash: await hashPassword(PASSWORD) });
    const r = await t.api.Login({
      email: 'HSE.lead',
      password: PASSWORD,
    });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ sType: 0, role: Role.HSE, gid: '3,4', mustChangePassword: true, userid: company.id });
  });

  it('refuses disabled (60) and expired (42) staff accounts', async () => {
    const company = await seedCompany(t);
    const hash = await hashPassword(PASSWORD);
    await t.db.insert(staffAccounts).values([
      { companyId: company.id, account: 'off.desk', name: 'Off', sType: 2, status: 1, passwordHash: hash },
      { companyId: company.id, account: 'old.desk', name: 'Old', sType: 2, endDate: '2020-01-01', passwordHash: hash },
    ]);
    expect((await t.api.Login({ email: 'off.desk', password: PASSWORD })).status).toBe(Status.ACCOUNT_DISABLED);
    expect((await t.api.Login({ email: 'old.desk', password: PASSWORD })).status).toBe(Status.ACCOUNT_EXPIRED);
  });

  it('refuses an expired company (42) and a disabled one (60)', async () => {
    const a = await seedCompany(t);
    await t.db
      .update(companies)
      .set({ expireDate: new Date('2021-01-01') })
      .where(eq(companies.id, a.id));
    expect((await t.api.Login({ email: a.email, password: PASSWORD })).status).toBe(Status.ACCOUNT_EXPIRED);
    await t.db.update(companies).set({ status: 2 }).where(eq(companies.id, a.id));
    expect((await t.api.Login({ email: a.email, password: PASSWORD })).status).toBe(Status.ACCOUNT_DISABLED);
  });

  it('answers 75 for unknown accounts and wrong passwords alike, warns with tries left, then locks (67)', async () => {
    const company = await seedCompany(t);
    expect((await t.api.Login({ email: 'ghost@example.com', password: 'whatever1' })).status).toBe(Status.WRONG_CREDENTIALS);
    const seen: number[] = [];
    const remaining: unknown[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await t.call<{ remaining?: number }>('Login', { email: company.email, password: 'wrong-pass1' });
      seen.push(r.status);
      if (r.status === Status.LOGIN_TRIES_LEFT) remaining.push(r.result.remaining);
    }
    expect(seen).toEqual([75, 75, 75, 75, 75, 302, 302, 67]);
    expect(remaining).toEqual([2, 1]);
    // Locked: even the right password is refused, and the lock is in the operation log.
    expect((await t.api.Login({ email: company.email, password: PASSWORD })).status).toBe(Status.ACCOUNT_LOCKED);
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, company.id));
    expect(logs.some((l) => l.optEvent === 'lock')).toBe(true);
  });

  it('a success resets the failure count', async () => {
    const company = await seedCompany(t);
    for (let i = 0; i < 4; i++) await t.api.Login({ email: company.email, password: 'wrong-pass1' });
    expect((await t.api.Login({ email: company.email, password: PASSWORD })).status).toBe(0);
    for (let i = 0; i < 5; i++) expect((await t.api.Login({ email: company.email, password: 'wrong-pass1' })).status).toBe(75);
  });

  it('signs in employees by phone, sub-companies by email, super accounts by LFT_ account', async () => {
    const company = await seedCompany(t);
    const emp = await seedEmployee(t, company.id);
    const e = await t.api.empLogin({ phone: `+86 ${emp.phone}`, empPwd: PASSWORD });
    expect(e.status).toBe(0);
    expect(e.result).toMatchObject({ role: Role.EMPLOYEE, empid: emp.id, userid: company.id });
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: 'bad-pass1' })).status).toBe(75);

    const sub = await seedSubAccount(t, company.id);
    const s = await t.api.subAccountLogin({ email: sub.email, password: PASSWORD });
    expect(s.status).toBe(0);
    expect(s.result).toMatchObject({ role: Role.SUB_COMPANY, subaccountId: sub.id });

    const sup = await seedSuper(t, [company.id]);
    const h = await t.call<{ role: number; companies: { userid: number }[] }>('superAccountLogin', { account: sup.account, password: PASSWORD });
    expect(h.status).toBe(0);
    expect(h.result.role).toBe(Role.SUPER);
    expect(h.result.companies.map((c) => c.userid)).toEqual([company.id]);
    expect((await t.api.superAccountLogin({ account: 'admin', password: PASSWORD })).status).toBe(75);
  });

  it('a sub-company email is unique within its head company only: when two hold it, the password tells which signs in', async () => {
    const a = await seedCompany(t);
    const b = await seedCompany(t);
    const sub = (companyId: number, email: string, password: string) =>
      hashPassword(password).then((passwordHash) =>
        t.db
          .insert(subAccounts)
          .values({ companyId, companyName: `Floor ${password}`, email, passwordHash })
          .returning({ id: subAccounts.id }),
      );
    // Another head company's tenant may use the address: creating it must not tell anyone that it is taken.
    const [inA] = await sub(a.id, 'Front@Tenant.example', 'Alpha#2026');
    const [inB] = await sub(b.id, 'front@tenant.example', 'Beta#2026');
    await expect(sub(a.id, 'FRONT@tenant.example', 'Gamma#2026')).rejects.toThrow();
    const asA = await t.api.subAccountLogin({ email: 'front@tenant.example', password: 'Alpha#2026' });
    const asB = await t.api.subAccountLogin({ email: 'Front@Tenant.example', password: 'Beta#2026' });
    expect(asA.result).toMatchObject({ userid: a.id, subaccountId: inA?.id });
    expect(asB.result).toMatchObject({ userid: b.id, subaccountId: inB?.id });
    expect((await t.api.subAccountLogin({ email: 'front@tenant.example', password: 'Gamma#2026' })).status).toBe(Status.WRONG_CREDENTIALS);
  });

  it('tokens: 28 missing, 27 unknown or signed out, 29 expired; user/info by query token', async () => {
    const company = await seedCompany(t);
    expect((await t.api.GetUserInfo({})).status).toBe(Status.TOKEN_MISSING);
    expect((await t.api.GetUserInfo({}, 'nonsense')).status).toBe(Status.TOKEN_INVALID);
    const info = await t.app.inject({ method: 'GET', url: `/api/user/info?token=${company.token}` });
    expect(info.json()).toMatchObject({ status: 0, result: { userid: company.id, role: Role.ADMIN } });

    const other = await t.api.Login({ email: company.email, password: PASSWORD });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(other.result.token)));
    expect((await t.api.GetUserInfo({}, other.result.token)).status).toBe(Status.TOKEN_EXPIRED);

    expect((await t.api['login/logout']({}, company.token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, company.token)).status).toBe(Status.TOKEN_INVALID);
    // The stored token is only a hash.
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === company.token)).toBe(false);
  });

  it('records sign-in and sign-out in the operation log', async () => {
    const company = await seedCompany(t);
    await t.api['login/logout']({}, company.token);
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, company.id));
    expect(logs.map((l) => l.optEvent).sort()).toEqual(['login', 'logout']);
    expect(logs.every((l) => l.optModule === 0 && l.optRole === 0 && l.optId === company.email)).toBe(true);
  });
});

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('mails a one-time reset link; the new password works, the old one and other sessions do not', async () => {
    const company = await seedCompany(t);
    expect((await t.api.RetrievePassword({ email: company.email.toUpperCase(), lang: 'en' })).status).toBe(0);
    await t.services.jobs.runDue();
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, company.email));
    expect(mail?.subject).toBe('Reset your OpenVisit password');
    const token = linkToken(t.services.outbox.opened(mail?.text ?? ''), '/reset');

    const same = await t.api.ModifyPassword({ token, password: PASSWORD });
    expect(same.status).toBe(Status.BAD_PARAMS);
    expect((await t.api.ModifyPassword({ token, password: 'weak' })).status).toBe(Status.BAD_PARAMS);
    expect(await t.api.ModifyPassword({ token, password: 'Brand-new-2026' })).toMatchObject({ status: 0, result: { account: 'admin' } });
    expect((await t.api.ModifyPassword({ token, password: 'Another-2026' })).status).toBe(Status.INVALID_LINK);

    expect((await t.api.GetUserInfo({}, company.token)).status).toBe(Status.TOKEN_INVALID);
    expect((await t.api.Login({ email: company.email, password: PASSWORD })).status).toBe(75);
    expect((await t.api.Login({ email: company.email, password: 'Brand-new-2026' })).status).toBe(0);
  });

  it('answers a known and an unknown address alike, byte for byte, after the same work; mails only the known', async () => {
    const company = await seedCompany(t);
    const emp = await seedEmployee(t, company.id, '13700005678');
    await t.db.update(employees).set({ email: 'known.emp@example.com' }).where(eq(employees.id, emp.id));
    const before = (await t.db.select().from(mails)).length;
    const answer = (name: string, body: object) =>
      recordStatements(async () => (await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: body })).body);
    for (const [name, known, unknown] of [
      ['RetrievePassword', { email: company.email, lang: 'en' }, { email: 'nobody@example.com', lang: 'en' }],
      ['resetEmpPwd', { email: 'known.emp@example.com', lang: 'en' }, { email: 'nobody@example.com', lang: 'en' }],
      ['checkEmpInfo', { phone: emp.phone, lang: 'en' }, { phone: '13700009876', lang: 'en' }],
    ] as const) {
      const k = await answer(name, known);
      const u = await answer(name, unknown);
      expect(u.result, name).toBe(k.result);
      expect(JSON.parse(k.result)).toEqual({ status: 0, reason: 'success', result: null });
      // No look-up of the account while the caller waits: the same statements (values aside) either way.
      expect(u.statements, name).toEqual(k.statements);
    }
    // The links go out from the job: three to the known, none to the unknown.
    await t.services.jobs.runDue();
    const sent = (await t.db.select().from(mails)).slice(before).map((m) => m.to);
    expect(sent.sort()).toEqual([company.email, 'known.emp@example.com', 'known.emp@example.com'].sort());
    // What was typed is not kept once the job is done: the queue holds no address or phone of the forms.
    const kept = JSON.stringify((await t.db.select().from(jobs).where(eq(jobs.kind, 'auth.passwordLinks'))).map((j) => j.payload));
    expect(kept).not.toMatch(/nobody@example\.com|13700009876|known\.emp|13700005678/);
    expect(kept).toMatch(/^\[\{\}(,\{\})*\]$/);
  });

  it('an employee sets a first password from an emailed link, then signs in to the portal; a stopped employee gets no link', async () => {
    const company = await seedCompany(t);
    const add = (employee_name: string, phone: string, email: string, status = 0) =>
      t.call<{ empid: number }>('addEmployee', { employee_name, phone, email, status }, company.token);
    expect((await add('Eve Employee', '13700001234', 'eve@example.com')).status).toBe(0);
    expect((await add('Sam Stopped', '13700001235', 'sam@example.com', 2)).status).toBe(0);
    // No password yet: the portal refuses the phone.
    expect((await t.api.empLogin({ phone: '13700001234', empPwd: 'Whatever-2026' })).status).toBe(75);

    expect((await t.api.resetEmpPwd({ email: 'EVE@example.com', lang: 'en' })).status).toBe(0);
    await t.services.jobs.runDue();
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'eve@example.com'));
    expect(mail?.text).toContain('Hello Eve Employee,');
    const token = linkToken(t.services.outbox.opened(mail?.text ?? ''), '/reset');
    expect((await t.api.ModifyPassword({ token, password: 'Eve-portal-2026' })).status).toBe(0);
    expect((await t.api.ModifyPassword({ token, password: 'Eve-again-2026' })).status).toBe(Status.INVALID_LINK);
    const login = await t.api.empLogin({ phone: '13700001234', empPwd: 'Eve-portal-2026' });
    expect(login.status).toBe(0);
    expect(login.result.role).toBe(7);
    // The company's administrator password is untouched.
    expect((await t.api.Login({ email: company.email, password: PASSWORD })).status).toBe(0);

    expect((await t.api.resetEmpPwd({ email: 'sam@example.com' })).status).toBe(0);
    await t.services.jobs.runDue();
    expect(await t.db.select().from(mails).where(eq(mails.to, 'sam@example.com'))).toHaveLength(0);
  });
});
