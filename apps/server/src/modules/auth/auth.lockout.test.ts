import { randomBytes } from 'node:crypto';
import { type CallName, Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  knownCaptcha,
  PASSWORD,
  seedCompany,
  seedEmployee,
  seedStaff,
  seedSubAccount,
  seedSuper,
  type TestApp,
  testApp,
} from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { recordStatements } from '../../db/client.js';
import { companies, signInFailures, staffAccounts } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/identity/crypto.js';

interface Envelope {
  status: number;
  result: { remaining?: number; lockedUntil?: number; token?: string } | null;
}

/** A sign-in call from a given client address (what Fastify sees as the request's ip). */
async function from(t: TestApp, ip: string, name: CallName, body: object, headers: Record<string, string> = {}): Promise<Envelope> {
  const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: body, remoteAddress: ip, headers });
  return res.json() as Envelope;
}

/** Signs in rightly from `ip` and answers the device mark the answer set, as the browser keeps and sends it back. */
async function knownDevice(t: TestApp, ip: string, name: CallName, body: object): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: body, remoteAddress: ip });
  expect((res.json() as Envelope).status).toBe(0);
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^ov_known=/);
  return { cookie };
}

const MINUTE = 60_000;

describe('sign-in failures lock the account only for the source that keeps failing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  /** Each kind of sign-in: the call, its body with a password, and the account's id in the failure table. */
  async function kinds() {
    const company = await seedCompany(t);
    const staff = await seedStaff(t, company.id, 2);
    const emp = await seedEmployee(t, company.id);
    const sub = await seedSubAccount(t, company.id);
    const sup = await seedSuper(t, [company.id]);
    return [
      { name: 'Login', body: (password: string) => ({ email: company.email, password }) },
      { name: 'Login', body: (password: string) => ({ email: staff.account, password }) },
      { name: 'empLogin', body: (password: string) => ({ phone: emp.phone, empPwd: password }) },
      { name: 'subAccountLogin', body: (password: string) => ({ email: sub.email, password }) },
      { name: 'superAccountLogin', body: (password: string) => ({ account: sup.account, password }) },
    ] as const;
  }

  it('warns with the tries left, then locks the failing source; the owner still signs in from elsewhere, for every kind', async () => {
    for (const kind of await kinds()) {
      const owner = await knownDevice(t, '198.51.100.20', kind.name, kind.body(PASSWORD));
      const seen: number[] = [];
      for (let i = 0; i < 8; i++) seen.push((await from(t, '203.0.113.7', kind.name, kind.body('Wrong#Pass1'))).status);
      expect(seen, kind.name).toEqual([75, 75, 75, 75, 75, 302, 302, 67]);
      // The failing source stays locked, even with the right password…
      expect((await from(t, '203.0.113.7', kind.name, kind.body(PASSWORD))).status, kind.name).toBe(Status.ACCOUNT_LOCKED);
      // …but the owner, elsewhere on their own device, is not locked out by a stranger.
      expect((await from(t, '198.51.100.20', kind.name, kind.body(PASSWORD), owner)).status, kind.name).toBe(0);
    }
  });

  it('a name no account answers to is answered exactly as a real account, warning and lock included, with the same work', async () => {
    const company = await seedCompany(t);
    const staff = await seedStaff(t, company.id, 2);
    const emp = await seedEmployee(t, company.id);
    const sub = await seedSubAccount(t, company.id);
    const sup = await seedSuper(t, [company.id]);
    const none = randomBytes(3).toString('hex');
    const pairs = [
      [
        'Login',
        (password: string) => ({ email: company.email, password }),
        (password: string) => ({ email: `nobody.${none}@example.com`, password }),
      ],
      ['Login', (password: string) => ({ email: staff.account, password }), (password: string) => ({ email: `nobody_${none}`, password })],
      ['empLogin', (empPwd: string) => ({ phone: emp.phone, empPwd }), (empPwd: string) => ({ phone: '13700000042', empPwd })],
      [
        'subAccountLogin',
        (password: string) => ({ email: sub.email, password }),
        (password: string) => ({ email: `nosub+${none}@example.com`, password }),
      ],
      [
        'superAccountLogin',
        (password: string) => ({ account: sup.account, password }),
        (password: string) => ({ account: `LFT_no${none}`, password }),
      ],
    ] as const;
    /** The whole answer, byte for byte, but the lock's end (a time): that it is there is compared, not when. */
    const answer = async (ip: string, name: CallName, body: object) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, payload: body, remoteAddress: ip });
      return res.body.replace(/"lockedUntil":\d+/, '"lockedUntil":"<time>"');
    };
    for (const [i, [name, real, unknown]] of pairs.entries()) {
      // The first wrong password: the same statements (the same look-ups, counts and writes) either way.
      const r1 = await recordStatements(() => answer(`203.0.113.${120 + i}`, name, real('Wrong#Pass1')));
      const u1 = await recordStatements(() => answer(`198.51.100.${120 + i}`, name, unknown('Wrong#Pass1')));
      expect(u1.result, name).toBe(r1.result);
      expect(u1.statements, name).toEqual(r1.statements);
      // Then on to the warning (302 with the tries left) and the lock (67 with its end), the same for both.
      const seen: string[] = [];
      for (let n = 1; n < 9; n++) {
        const r = await answer(`203.0.113.${120 + i}`, name, real(n === 8 ? PASSWORD : 'Wrong#Pass1'));
        const u = await answer(`198.51.100.${120 + i}`, name, unknown(n === 8 ? PASSWORD : 'Wrong#Pass1'));
        expect(u, `${name} try ${n + 1}`).toBe(r);
        seen.push(JSON.parse(r).status);
      }
      expect(seen, name).toEqual([75, 75, 75, 75, 302, 302, 67, 67]);
    }
  });

  it('an account sharing its name with another company’s gives no way around the lock', async () => {
    const victim = await seedCompany(t);
    const attacker = await seedCompany(t);
    const emp = await seedEmployee(t, victim.id);
    // The attacker's own company names a desk after the victim's email and an employee after the victim's phone.
    expect((await t.api.AddManager({ account: victim.email, password: 'Mine#2026', sName: 'Decoy', sType: 2 }, attacker.token)).status).toBe(0);
    await seedEmployee(t, attacker.id, emp.phone);
    for (const [name, body] of [
      ['Login', (password: string) => ({ email: victim.email, password })],
      ['empLogin', (password: string) => ({ phone: emp.phone, empPwd: password })],
    ] as const) {
      const owner = await knownDevice(t, '198.51.100.23', name, body(PASSWORD));
      for (let i = 0; i < 8; i++) await from(t, '203.0.113.11', name, body(`Guess#${i}`));
      // Locked out of the victim too: guesses from here no longer reach its password.
      expect((await from(t, '203.0.113.11', name, body(PASSWORD))).status, name).toBe(Status.ACCOUNT_LOCKED);
      expect((await from(t, '198.51.100.23', name, body(PASSWORD), owner)).status, name).toBe(0);
    }
  });

  it('locks for minutes, not a day, and each further lock lasts twice as long', async () => {
    const company = await seedCompany(t);
    const ip = '203.0.113.8';
    let locked: Envelope | undefined;
    for (let i = 0; i < 8; i++) locked = await from(t, ip, 'Login', { email: company.email, password: 'Wrong#Pass1' });
    expect(locked?.status).toBe(Status.ACCOUNT_LOCKED);
    const first = (locked?.result?.lockedUntil ?? 0) - Date.now();
    expect(first).toBeGreaterThan(10 * MINUTE);
    expect(first).toBeLessThanOrEqual(t.config.lockout.lockMinutes * MINUTE);
    expect(first).toBeLessThan(60 * MINUTE);
    // The lock runs out; the next failure from that source locks it again, for twice as long.
    await t.db
      .update(signInFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(signInFailures.kind, 'admin'), eq(signInFailures.accountId, company.id), eq(signInFailures.source, ip)));
    const again = await from(t, ip, 'Login', { email: company.email, password: 'Wrong#Pass1' });
    expect(again.status).toBe(Status.ACCOUNT_LOCKED);
    const second = (again.result?.lockedUntil ?? 0) - Date.now();
    expect(second).toBeGreaterThan(first + 10 * MINUTE);
    expect(second).toBeLessThanOrEqual(2 * t.config.lockout.lockMinutes * MINUTE);
  });

  it('a success clears the failures of its source; another source’s lock stays', async () => {
    const company = await seedCompany(t);
    const owner = await knownDevice(t, '198.51.100.21', 'Login', { email: company.email, password: PASSWORD });
    for (let i = 0; i < 8; i++) await from(t, '203.0.113.9', 'Login', { email: company.email, password: 'Wrong#Pass1' });
    for (let i = 0; i < 4; i++) await from(t, '198.51.100.21', 'Login', { email: company.email, password: 'Wrong#Pass1' }, owner);
    expect((await from(t, '198.51.100.21', 'Login', { email: company.email, password: PASSWORD }, owner)).status).toBe(0);
    for (let i = 0; i < 5; i++) expect((await from(t, '198.51.100.21', 'Login', { email: company.email, password: 'Wrong#Pass1' })).status).toBe(75);
    expect((await from(t, '203.0.113.9', 'Login', { email: company.email, password: PASSWORD })).status).toBe(Status.ACCOUNT_LOCKED);
  });

  it('counts the source as Fastify sees it: behind a trusted proxy, the forwarded client address', async () => {
    const proxied = await testApp({}, { TRUST_PROXY: 'on' });
    try {
      const company = await seedCompany(proxied);
      const via = (client: string, password: string, headers: Record<string, string> = {}) =>
        from(proxied, '10.0.0.1', 'Login', { email: company.email, password }, { 'x-forwarded-for': client, ...headers });
      const owner = await knownDevice(proxied, '10.0.0.1', 'Login', { email: company.email, password: PASSWORD });
      for (let i = 0; i < 8; i++) await via('203.0.113.10', 'Wrong#Pass1');
      expect((await via('203.0.113.10', PASSWORD)).status).toBe(Status.ACCOUNT_LOCKED);
      // Same proxy, another client (the owner's device): not locked.
      expect((await via('198.51.100.22', PASSWORD, owner)).status).toBe(0);
    } finally {
      await proxied.close();
    }
  });

  // A client that writes its own X-Forwarded-For, a new address at every guess: the proxies in front append the
  // address they saw, so only the entries the trusted hops wrote are believed and the guesses stay one source.
  it.each([
    { trust: 'off', peer: '203.0.113.10', chain: (forged: string) => forged },
    { trust: 'on', peer: '10.0.0.1', chain: (forged: string) => `${forged}, 203.0.113.10` },
    { trust: '2', peer: '10.0.0.2', chain: (forged: string) => `${forged}, 203.0.113.10, 10.0.0.1` },
    { trust: '10.0.0.0/24', peer: '10.0.0.2', chain: (forged: string) => `${forged}, 203.0.113.10, 10.0.0.1` },
  ])('a forged X-Forwarded-For gets no fresh address with TRUST_PROXY=$trust', async ({ trust, peer, chain }) => {
    const app = await testApp({}, { TRUST_PROXY: trust });
    try {
      const company = await seedCompany(app);
      const guess = (i: number, password: string) =>
        from(app, peer, 'Login', { email: company.email, password }, { 'x-forwarded-for': chain(`198.18.0.${i + 1}`) });
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) answers.push((await guess(i, 'Wrong#Pass1')).status);
      expect(answers.slice(5)).toContain(Status.ACCOUNT_LOCKED);
      expect((await guess(99, PASSWORD)).status).toBe(Status.ACCOUNT_LOCKED);
    } finally {
      await app.close();
    }
  });

  it('refuses a TRUST_PROXY it cannot read, naming the forms it takes', () => {
    for (const bad of ['yes', '10.0.0.0/40', '300.1.1.1', '99'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: off, on \(one proxy hop\)/);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, fd00::/8' }).trustProxy).toEqual(['10.0.0.1', 'fd00::/8']);
  });
});

describe('guesses spread over many addresses make the account wait, never its owner on a known device', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  /** One wrong guess from each of `n` fresh addresses (no address ever reaches its own warning or lock). */
  async function spread(name: CallName, body: (password: string) => object, n: number, first = 0): Promise<Envelope[]> {
    const answers: Envelope[] = [];
    for (let i = first; i < first + n; i++) answers.push(await from(t, `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`, name, body(`Guess#${i}`)));
    return answers;
  }

  it('from the fifth failure elsewhere each address waits, the right password too; the owner’s device does not', async () => {
    const company = await seedCompany(t);
    const body = (password: string) => ({ email: company.email, password });
    const owner = await knownDevice(t, '192.0.2.50', 'Login', body(PASSWORD));
    const answers = await spread('Login', body, 20);
    // Five wrong answers, then the account waits: the guesses are refused without their password being tried.
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([75, 75, 75, 75, 75]);
    expect(answers.slice(6).every((a) => a.status === Status.ACCOUNT_LOCKED)).toBe(true);
    const waits = answers.slice(6).map((a) => (a.result?.lockedUntil ?? 0) - Date.now());
    expect(Math.max(...waits)).toBeLessThanOrEqual(t.config.lockout.spreadMaxDelaySeconds * 1000);
    // Refused guesses are not failures: the count stopped where the waiting began.
    const [row] = await t.db
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.kind, 'admin'), eq(signInFailures.accountId, company.id), eq(signInFailures.source, '')));
    expect(row?.failures).toBeLessThanOrEqual(6);
    // A new address with the right password waits too: no guess gets through while the account waits…
    const stranger = await from(t, '192.0.2.77', 'Login', body(PASSWORD));
    expect(stranger.status).toBe(Status.ACCOUNT_LOCKED);
    expect(stranger.result?.token).toBeUndefined();
    // …while the owner, on the device they signed in from before, is not slowed at all.
    expect((await from(t, '192.0.2.50', 'Login', body(PASSWORD), owner)).status).toBe(0);
  });

  it('the wait runs out on its own, and a mark of another account or an old password does not skip it', async () => {
    const company = await seedCompany(t);
    const other = await seedCompany(t);
    const body = (password: string) => ({ email: company.email, password });
    const otherMark = await knownDevice(t, '192.0.2.60', 'Login', { email: other.email, password: PASSWORD });
    const oldMark = await knownDevice(t, '192.0.2.61', 'Login', body(PASSWORD));
    expect((await t.api.updatePassword({ oldPassword: PASSWORD, password: 'Newer#Pass2026' }, company.token)).status).toBe(0);
    await spread('Login', body, 8, 1000);
    for (const headers of [otherMark, oldMark, { cookie: `ov_known=admin.${company.id}.${Math.floor(Date.now() / 1000)}.forged` }])
      expect((await from(t, '192.0.2.62', 'Login', body('Newer#Pass2026'), headers)).status).toBe(Status.ACCOUNT_LOCKED);
    // The last failure is backdated past the longest wait: the account signs in from anywhere again.
    await t.db
      .update(signInFailures)
      .set({ updatedAt: new Date(Date.now() - (t.config.lockout.spreadMaxDelaySeconds + 1) * 1000) })
      .where(and(eq(signInFailures.kind, 'admin'), eq(signInFailures.accountId, company.id)));
    expect((await from(t, '192.0.2.62', 'Login', body('Newer#Pass2026'))).status).toBe(0);
  });

  it('a name no account answers to waits exactly alike', async () => {
    const company = await seedCompany(t);
    const real = await spread('Login', (password) => ({ email: company.email, password }), 9, 2000);
    const nobody = `nobody.${randomBytes(3).toString('hex')}@example.com`;
    const none = await spread('Login', (password) => ({ email: nobody, password }), 9, 3000);
    expect(none.map((a) => a.status)).toEqual(real.map((a) => a.status));
  });
});

describe('the captcha after a few failures, visitor machines included', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({}, { CAPTCHA: 'on' });
  });
  afterAll(() => t.close());

  /** A company's visitor machine, written directly: the seeds sign in, which would need a captcha here. */
  async function pad(): Promise<{ account: string }> {
    const [co] = await t.db
      .insert(companies)
      .values({
        name: `Pad Co ${randomBytes(3).toString('hex')}`,
        email: `pad.${randomBytes(4).toString('hex')}@example.com`,
        username: 'Admin',
        passwordHash: await hashPassword(PASSWORD),
        status: 1,
      })
      .returning({ id: companies.id });
    const account = `pad_${randomBytes(3).toString('hex')}`;
    await t.db
      .insert(staffAccounts)
      .values({ companyId: co?.id ?? 0, account, name: 'Pad', sType: 4, passwordHash: await hashPassword(PASSWORD), mustChangePassword: 0 });
    return { account };
  }

  async function verified(): Promise<string> {
    const c = await knownCaptcha(t);
    expect((await t.api.validationCode({ digest: c.digest, vcode: c.code })).status).toBe(0);
    return c.digest;
  }

  it('a visitor machine signs in without one until its account has failed a few times, then needs one', async () => {
    const machine = await pad();
    expect((await from(t, '198.51.100.30', 'Login', { email: machine.account, password: PASSWORD })).status).toBe(0);
    // Failures from anywhere count toward the account's captcha.
    for (let i = 0; i < t.config.lockout.captchaAfter; i++)
      expect((await from(t, `203.0.113.${40 + i}`, 'Login', { email: machine.account, password: 'Wrong#Pass1' })).status).toBe(75);
    expect((await from(t, '198.51.100.30', 'Login', { email: machine.account, password: PASSWORD })).status).toBe(Status.CAPTCHA_INVALID);
    expect((await from(t, '198.51.100.30', 'Login', { email: machine.account, password: PASSWORD, digest: await verified() })).status).toBe(0);
    // The success clears the account's count: the machine signs in unattended again.
    expect((await from(t, '198.51.100.30', 'Login', { email: machine.account, password: PASSWORD })).status).toBe(0);
  });

  it('a source that fails against many accounts must solve the captcha even for a visitor machine', async () => {
    const machine = await pad();
    for (let i = 0; i < t.config.lockout.sourceCaptchaAfter; i++)
      await from(t, '203.0.113.60', 'Login', { email: `nobody${i}`, password: 'Wrong#Pass1', digest: await verified() });
    expect((await from(t, '203.0.113.60', 'Login', { email: machine.account, password: PASSWORD })).status).toBe(Status.CAPTCHA_INVALID);
    expect((await from(t, '198.51.100.31', 'Login', { email: machine.account, password: PASSWORD })).status).toBe(0);
  });
});
