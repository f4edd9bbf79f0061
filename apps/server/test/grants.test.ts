import { allCalls, allDownloads, grantNeeded, isRoleAccess, Role, Status, UNGRANTED_CALLS } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subAccounts } from '../src/db/schema/index.js';
import { createSession, resolveSession } from '../src/platform/identity/sessions.js';
import { PASSWORD, seedCompany, seedStaff, seedSubAccount, type Tenant, type TestApp, testApp } from './harness.js';

/**
 * Generated over the registry: a module-driven account (a sub-administrator, a sub-company of adminType other than 0)
 * granted two modules answers 610 on every call and download of any other module its role admits, before the input is
 * read, and passes on the granted ones and the few every account needs (the contract's `grantNeeded`).
 */
const GRANTED = ['employees', 'blacklist'] as const;
const PERIOD = { startDate: '2026-01-01', endDate: '2026-01-31' };

describe('a module-driven account makes only the calls of its granted modules', () => {
  let t: TestApp;
  let a: Tenant;
  let subAdmin: string;
  let subCompany: string;

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
    subAdmin = (await seedStaff(t, a.id, Role.SUBADMIN, undefined, GRANTED)).token;
    const sub = await seedSubAccount(t, a.id, GRANTED);
    const login = await t.api.subAccountLogin({ email: sub.email, password: PASSWORD });
    subCompany = login.result.token;
  });
  afterAll(() => t.close());

  /** A new session of the same account, so a call that signs out or changes a password spares the rest. */
  async function fresh(token: string): Promise<string> {
    const { id: _id, expiresAt: _e, grants: _g, ...rest } = await resolveSession(t.db, token);
    return (await createSession(t.db, { ...rest, hours: 1, ip: '127.0.0.1', userAgent: 'grants test' })).token;
  }

  const downloadUrl = (d: (typeof allDownloads)[number]) => d.path?.replace(/:\w+/g, 'x') ?? `/api/${d.name}`;

  async function matrix(role: Role, token: () => string) {
    const refusedGranted: string[] = [];
    const admittedOther: string[] = [];
    let refusals = 0;
    const judge = (name: string, area: (typeof allCalls)[number]['area'], status: number) => {
      const needed = grantNeeded({ name, area });
      const granted = needed === null || (GRANTED as readonly string[]).includes(needed);
      if (granted && status === Status.NO_PERMISSION) refusedGranted.push(`${name} (${area})`);
      if (!granted && status !== Status.NO_PERMISSION) admittedOther.push(`${name} (${area}): ${status}`);
      if (!granted) refusals++;
    };
    for (const c of allCalls) {
      if (!isRoleAccess(c.access) || !(c.access as readonly number[]).includes(role)) continue;
      const r = await t.app.inject({
        method: c.method ?? 'POST',
        url: `/api/${c.name}`,
        headers: { 'x-coolvisit-token': await fresh(token()) },
        ...(c.method === 'GET' ? {} : { payload: {} }),
      });
      judge(c.name, c.area, r.json().status);
    }
    for (const d of allDownloads) {
      if (!(d.access as readonly number[]).includes(role)) continue;
      const r = await t.app.inject({ method: 'GET', url: downloadUrl(d), headers: { 'x-coolvisit-token': await fresh(token()) } });
      judge(d.name, d.area, String(r.headers['content-type']).includes('json') ? r.json().status : 0);
    }
    return { refusedGranted, admittedOther, refusals };
  }

  it('a sub-administrator (sType 5) granted employees and blacklist', async () => {
    const { refusedGranted, admittedOther, refusals } = await matrix(Role.SUBADMIN, () => subAdmin);
    expect(admittedOther).toEqual([]);
    expect(refusedGranted).toEqual([]);
    // The matrix refused something real: the role admits well over a hundred calls of other modules.
    expect(refusals).toBeGreaterThan(100);
  });

  it('a sub-company of adminType 1 granted employees and blacklist', async () => {
    const { refusedGranted, admittedOther, refusals } = await matrix(Role.SUB_COMPANY, () => subCompany);
    expect(admittedOther).toEqual([]);
    expect(refusedGranted).toEqual([]);
    expect(refusals).toBeGreaterThan(5);
  });

  it('the calls every account may make whatever its grants are calls of the registry', () => {
    const names = new Set<string>(allCalls.map((c) => c.name));
    expect([...UNGRANTED_CALLS].filter((n) => !names.has(n))).toEqual([]);
    expect(grantNeeded({ name: 'login/logout', area: 'auth' })).toBeNull();
    expect(grantNeeded({ name: 'addDepartment', area: 'departments' })).toBe('departments');
  });

  it('a refused call is refused before its handler: nothing is written', async () => {
    const r = await t.api.addDepartment({ deptName: 'Not granted' }, subAdmin);
    expect(r.status).toBe(Status.NO_PERMISSION);
    const list = await t.api.getDeptList({}, a.token);
    expect(JSON.stringify(list.result)).not.toContain('Not granted');
  });

  it("GetUserInfo answers a module-driven account's grants, and no grants for the administrator", async () => {
    expect((await t.api.GetUserInfo({}, subAdmin)).result.modules).toEqual(GRANTED);
    expect((await t.api.GetUserInfo({}, subCompany)).result.modules).toEqual(GRANTED);
    expect((await t.api.GetUserInfo({}, a.token)).result.modules).toBeUndefined();
  });
});

describe('grants changed: the open session follows them from its next call', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
  });
  afterAll(() => t.close());

  it('a sub-administrator whose modules the administrator changes', async () => {
    const staff = await seedStaff(t, a.id, Role.SUBADMIN, 'grants.sub', ['employees']);
    expect((await t.api.getEmpListPages({}, staff.token)).status).toBe(0);
    expect((await t.api.SearchVisitByConditionPage({}, staff.token)).status).toBe(Status.NO_PERMISSION);
    const changed = await t.api.UpdateManager({ account: 'grants.sub', modules: ['visitors'] }, a.token);
    expect(changed.status).toBe(0);
    expect(changed.result.modules).toEqual(['visitors']);
    // The same token: no sign-in again, no stale grants.
    expect((await t.api.getEmpListPages({}, staff.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.SearchVisitByConditionPage({}, staff.token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, staff.token)).result.modules).toEqual(['visitors']);
  });

  it("a sub-company whose adminType and modules change (the sub-companies module's calls write the same row)", async () => {
    const sub = await seedSubAccount(t, a.id, ['reports']);
    const token = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    expect((await t.api.getVisitStatistics(PERIOD, token)).status).not.toBe(Status.NO_PERMISSION);
    expect((await t.api.getSubEmpListPages({}, token)).status).toBe(Status.NO_PERMISSION);
    await t.db
      .update(subAccounts)
      .set({ modules: ['employees'] })
      .where(eq(subAccounts.id, sub.id));
    expect((await t.api.getVisitStatistics(PERIOD, token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getSubEmpListPages({}, token)).status).toBe(0);
    // adminType 0: the fixed set, its role alone decides.
    await t.db.update(subAccounts).set({ adminType: 0 }).where(eq(subAccounts.id, sub.id));
    expect((await t.api.getVisitStatistics(PERIOD, token)).status).not.toBe(Status.NO_PERMISSION);
    expect((await t.api.GetUserInfo({}, token)).result.modules).toBeUndefined();
  });
});
