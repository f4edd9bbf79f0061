import { allCalls, type CallDef, isRoleAccess, isWriteCall, LogRole, Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedSuper, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { companies, visits } from '../../db/schema/index.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';

/**
 * The super account's figures and its read-only look into a company. Gamma and Delta are its companies, Bystander is
 * not: Bystander's busy day (and everyone it has on site) must never be counted or seen.
 */
const today = dayOf(new Date());
const daysAgo = (n: number) => dayOf(dayStart(today, -n));
/** A moment of a day: minutes after its midnight (server time zone). */
const on = (day: string, minutes: number) => new Date(dayStart(day).getTime() + minutes * 60_000);
const PERIOD = { startDate: daysAgo(2), endDate: today };

type Figures = { userid: number; company: string; today: number; onSite: number; total: number; days: { date: string; count: number }[] };

describe('super account figures and read-only look', () => {
  let t: TestApp;
  let gamma: Tenant;
  let delta: Tenant;
  let bystander: Tenant;
  let sup = '';
  let account = '';

  beforeAll(async () => {
    t = await testApp();
    gamma = await seedCompany(t, 'Gamma');
    delta = await seedCompany(t, 'Delta');
    bystander = await seedCompany(t, 'Bystander');
    const walkin = (companyId: number, name: string, visitAt: Date, signedOut: boolean) => ({
      companyId,
      name,
      kind: 'walkin' as const,
      status: signedOut ? ('signedOut' as const) : ('signedIn' as const),
      visitAt,
      ...(signedOut && { signOutAt: new Date(visitAt.getTime() + 30 * 60_000) }),
    });
    await t.db.insert(visits).values([
      // Gamma: today 2 (one still here), yesterday 1 still here, 2 days ago 1; 3 days ago (outside the period) 1.
      walkin(gamma.id, 'g1', on(today, 1), false),
      walkin(gamma.id, 'g2', on(today, 2), true),
      walkin(gamma.id, 'g3', on(daysAgo(1), 600), false),
      walkin(gamma.id, 'g4', on(daysAgo(2), 600), true),
      walkin(gamma.id, 'g5', on(daysAgo(3), 600), true),
      // An invitation not yet honoured counts nowhere.
      { companyId: gamma.id, name: 'g6', kind: 'invite', status: 'sent', appointmentAt: on(today, 3) },
      // Delta: today 1 gone, 2 days ago 2.
      walkin(delta.id, 'd1', on(today, 1), true),
      walkin(delta.id, 'd2', on(daysAgo(2), 600), true),
      walkin(delta.id, 'd3', on(daysAgo(2), 660), true),
      // Bystander (not the super account's): a busy day, five still on site.
      ...Array.from({ length: 5 }, (_, i) => walkin(bystander.id, `b${i}`, on(today, 1 + i), false)),
      ...Array.from({ length: 4 }, (_, i) => walkin(bystander.id, `b-old${i}`, on(daysAgo(1), 600 + i), true)),
    ]);
    account = (await seedSuper(t, [gamma.id, delta.id])).account;
    const login = await t.api.superAccountLogin({ account, password: PASSWORD });
    expect(login.status, login.reason).toBe(0);
    sup = login.result.token;
  });
  afterAll(() => t.close());

  const expectedGamma = (): Figures => ({
    userid: gamma.id,
    company: 'Gamma',
    today: 2,
    onSite: 2,
    total: 4,
    days: [
      { date: daysAgo(2), count: 1 },
      { date: daysAgo(1), count: 1 },
      { date: today, count: 2 },
    ],
  });
  const expectedDelta = (): Figures => ({
    userid: delta.id,
    company: 'Delta',
    today: 1,
    onSite: 0,
    total: 3,
    days: [
      { date: daysAgo(2), count: 2 },
      { date: daysAgo(1), count: 0 },
      { date: today, count: 1 },
    ],
  });

  it('counts each of its companies, by name, and never another company', async () => {
    const r = await t.api.getAllSuperAccountVCount(PERIOD, sup);
    expect(r.status, r.reason).toBe(0);
    expect(r.result).toEqual({ today, list: [expectedDelta(), expectedGamma()] });
  });

  it('counts today and on site now also when the period is in the past', async () => {
    const r = await t.api.getAllSuperAccountVCount({ startDate: daysAgo(3), endDate: daysAgo(3) }, sup);
    const gammaNow = r.result.list.find((c) => c.userid === gamma.id);
    expect(gammaNow).toEqual({ ...expectedGamma(), total: 1, days: [{ date: daysAgo(3), count: 1 }] });
  });

  it('answers one of its companies, and 602 for any other', async () => {
    const r = await t.api.getSupAccVCount({ ...PERIOD, companyId: gamma.id }, sup);
    expect(r.status, r.reason).toBe(0);
    expect(r.result).toEqual({ ...expectedGamma(), date: today });
    for (const companyId of [bystander.id, 999_999]) {
      const other = await t.api.getSupAccVCount({ ...PERIOD, companyId }, sup);
      expect(other.status).toBe(Status.NO_SUCH_RECORD);
      expect(JSON.stringify(other)).not.toContain('Bystander');
    }
  });

  it('takes its companies from its own row only: a body naming another company is refused', async () => {
    expect((await t.call('getAllSuperAccountVCount', { ...PERIOD, userid: bystander.id }, sup)).status).toBe(Status.NO_PERMISSION);
  });

  it('answers 28 without a session and 610 to every other role', async () => {
    for (const name of ['getAllSuperAccountVCount', 'getSupAccVCount', 'superAccountEnterCompany'] as const) {
      expect((await t.call(name, { ...PERIOD, companyId: gamma.id })).status).toBe(Status.TOKEN_MISSING);
      expect((await t.call(name, { ...PERIOD, companyId: gamma.id }, gamma.token)).status).toBe(Status.NO_PERMISSION);
    }
    expect((await t.call('superAccountLeaveCompany', {})).status).toBe(Status.TOKEN_MISSING);
    // An ordinary administrator's session is not a read-only one.
    expect((await t.api.superAccountLeaveCompany({}, gamma.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.GetUserInfo({}, gamma.token)).status).toBe(0);
  });

  it('refuses a bad period with the field named', async () => {
    const cases = [
      [{ startDate: '2026-02-30', endDate: today }, 'startDate', 'format'],
      [{ startDate: today, endDate: daysAgo(1) }, 'endDate', 'beforeStart'],
      [{ startDate: '2020-01-01', endDate: '2021-12-31' }, 'endDate', 'periodTooLong'],
    ] as const;
    for (const [body, field, rule] of cases) {
      const r = await t.call<{ fields: { field: string; rule: string }[] }>('getAllSuperAccountVCount', body, sup);
      expect(r.status).toBe(Status.BAD_PARAMS);
      expect(JSON.stringify(r.result)).toContain(field);
      expect(JSON.stringify(r.result)).toContain(rule);
    }
    expect((await t.call('getSupAccVCount', { ...PERIOD, companyId: 'x' }, sup)).status).toBe(Status.BAD_PARAMS);
  });

  describe('read-only look into a company', () => {
    const enter = async (companyId: number) => {
      const r = await t.api.superAccountEnterCompany({ companyId }, sup);
      expect(r.status, r.reason).toBe(0);
      return r.result;
    };

    it('opens a read-only console of one of its companies only', async () => {
      const entered = await enter(gamma.id);
      expect(entered).toMatchObject({ role: Role.ADMIN, userid: gamma.id, company: 'Gamma', account, readOnly: true });
      expect(entered.tokenExpire - Date.now()).toBeLessThanOrEqual(3600_000);
      const list = await t.api.SearchVisitByCondition({}, entered.token);
      expect(list.status, list.reason).toBe(0);
      expect(list.result.map((v) => v.vname).sort()).toEqual(['g1', 'g2', 'g3', 'g4', 'g5', 'g6']);
      expect((await t.api.GetUserInfo({}, entered.token)).result.company).toBe('Gamma');
      const other = await t.api.superAccountEnterCompany({ companyId: bystander.id }, sup);
      expect(other.status).toBe(Status.NO_SUCH_RECORD);
      expect(JSON.stringify(other)).not.toContain('Bystander');
      // The read-only session is an administrator's: the super account's own calls are not its.
      expect((await t.api.getAllSuperAccountVCount(PERIOD, entered.token)).status).toBe(Status.NO_PERMISSION);
    });

    it('refuses every write of the registry with 610 and lets reads through', async () => {
      const { token } = await enter(delta.id);
      const admin = (allCalls as readonly CallDef[]).filter((c) => isRoleAccess(c.access) && c.access.includes(Role.ADMIN));
      const writes = admin.filter((c) => isWriteCall(c));
      const reads = admin.filter((c) => !isWriteCall(c) && !['login/logout', 'superAccountLeaveCompany'].includes(c.name));
      expect(writes.filter((c) => c.upload).length).toBeGreaterThan(5);
      expect(writes.length).toBeGreaterThan(150);
      const send = (name: string, method: string | undefined) =>
        t.app.inject({
          method: method ?? 'POST',
          url: `/api/${name}`,
          headers: { 'x-coolvisit-token': token },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
      const wrong: string[] = [];
      for (const c of writes) {
        const r = await send(c.name, c.method);
        if (r.json().status !== Status.NO_PERMISSION) wrong.push(`${c.name} (write) answered ${r.body.slice(0, 80)}`);
      }
      for (const c of reads) {
        const r = await send(c.name, c.method);
        if (r.statusCode >= 500 || r.json().status === Status.NO_PERMISSION) wrong.push(`${c.name} (read) answered ${r.body.slice(0, 80)}`);
      }
      expect(wrong).toEqual([]);
      // Nothing written: Delta's visits are as they were, the session still reads.
      expect((await t.api.SearchVisitByCondition({}, token)).result.map((v) => v.vname).sort()).toEqual(['d1', 'd2', 'd3']);
      expect((await t.api.addEmployee({ name: 'Nobody', phone: '13912345678' } as never, token)).status).toBe(Status.NO_PERMISSION);
    });

    it('names the super account in the company log and ends only the read-only session on leaving', async () => {
      const { token } = await enter(gamma.id);
      const left = await t.api.superAccountLeaveCompany({}, token);
      expect(left.status, left.reason).toBe(0);
      expect((await t.api.SearchVisitByCondition({}, token)).status).toBe(Status.TOKEN_INVALID);
      expect((await t.api.getAllSuperAccountVCount(PERIOD, sup)).status).toBe(0);
      const log = await t.api.getLogList({ requestedCount: 50 }, gamma.token);
      expect(log.status, log.reason).toBe(0);
      const rows = log.result.list.filter((r) => r.optId === account);
      expect(rows.map((r) => [r.optEvent, r.optRole])).toEqual(
        expect.arrayContaining([
          ['login', LogRole.SUPER],
          ['logout', LogRole.SUPER],
        ]),
      );
      // Nothing of it in a company the super account never entered.
      const bystanderLog = await t.api.getLogList({ requestedCount: 50 }, bystander.token);
      expect(JSON.stringify(bystanderLog.result)).not.toContain(account);
    });

    it('refuses a disabled company (60); its figures are still the super account’s to read', async () => {
      await t.db.update(companies).set({ status: 2 }).where(eq(companies.id, delta.id));
      expect((await t.api.superAccountEnterCompany({ companyId: delta.id }, sup)).status).toBe(Status.ACCOUNT_DISABLED);
      expect((await t.api.getSupAccVCount({ ...PERIOD, companyId: delta.id }, sup)).result).toEqual({ ...expectedDelta(), date: today });
    });
  });
});
