import { Role, Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedEmployee, seedSubAccount, type TestApp, testApp } from '../../../test/harness.js';
import { departments, employeeDepartments, jobs, visitDayStats, visits } from '../../db/schema/index.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { DAY_SUMMARY_JOB, fillDaySummaries } from './reports.fill.js';

/** Local (server time zone) moment of March 2026. */
const at = (day: number, h: number, m = 0) => new Date(2026, 2, day, h, m);
const PERIOD = { startDate: '2026-03-01', endDate: '2026-03-03' };

interface Stats {
  total: number;
  byKind: Record<string, number>;
  topTypes: { name: string; count: number }[];
  topReasons: { name: string; count: number }[];
  byHour: number[];
  averageStayMinutes: number | null;
  stays: number;
  invitations: number;
  noShows: number;
}
type Line = { date: string; total: number; byKind: Record<string, number> }[];
type Depts = { deptid: number | null; deptName: string; count: number }[];

const hours = (m: Record<number, number>) => Array.from({ length: 24 }, (_, h) => m[h] ?? 0);

describe('statistics calls', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let b: Awaited<ReturnType<typeof seedCompany>>;
  let subToken = '';
  let empToken = '';
  const dept: Record<string, number> = {};
  const vid: Record<string, number> = {};
  let otherDept = 0;
  let subId = 0;

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
    b = await seedCompany(t);
    const [e1, e2, e3] = [await seedEmployee(t, a.id), await seedEmployee(t, a.id), await seedEmployee(t, a.id)];
    const sub = await seedSubAccount(t, a.id);
    subId = sub.id;
    const sub2 = await seedSubAccount(t, a.id);
    const [sales] = await t.db.insert(departments).values({ companyId: a.id, name: 'Sales' }).returning();
    const [east] = await t.db
      .insert(departments)
      .values({ companyId: a.id, name: 'Sales East', parentId: sales?.id ?? 0 })
      .returning();
    const [rd] = await t.db.insert(departments).values({ companyId: a.id, name: 'R&D' }).returning();
    const [bDept] = await t.db.insert(departments).values({ companyId: b.id, name: 'Other' }).returning();
    Object.assign(dept, { sales: sales?.id, east: east?.id, rd: rd?.id });
    otherDept = bDept?.id ?? 0;
    // e1 in Sales; e2 in Sales East and R&D (counts in both); e3 in none.
    await t.db.insert(employeeDepartments).values([
      { companyId: a.id, empId: e1.id, deptId: dept.sales ?? 0 },
      { companyId: a.id, empId: e2.id, deptId: dept.east ?? 0 },
      { companyId: a.id, empId: e2.id, deptId: dept.rd ?? 0 },
    ]);
    const rows = {
      v1: {
        kind: 'walkin',
        status: 'signedOut',
        empId: e1.id,
        visitAt: at(1, 9, 10),
        signOutAt: at(1, 10, 10),
        visitType: 'Business',
        visitReason: 'Meeting',
      },
      v2: {
        kind: 'walkin',
        status: 'signedOut',
        empId: e2.id,
        visitAt: at(1, 9, 40),
        signOutAt: at(1, 10, 10),
        visitType: 'Business',
        visitReason: 'Meeting',
      },
      v3: {
        kind: 'appointment',
        status: 'signedIn',
        empId: e3.id,
        appointmentAt: at(1, 14),
        visitAt: at(1, 14, 5),
        visitType: 'Interview',
        visitReason: 'Hiring',
      },
      v4: {
        kind: 'invite',
        status: 'signedOut',
        empId: e1.id,
        appointmentAt: at(2, 11),
        visitAt: at(2, 11),
        signOutAt: at(2, 13),
        visitType: 'Business',
        visitReason: 'Delivery',
      },
      v5: { kind: 'invite', status: 'expired', empId: e2.id, appointmentAt: at(2, 15) },
      v6: { kind: 'appointment', status: 'ended', empId: e1.id, appointmentAt: at(3, 10) },
      v7: { kind: 'resident', status: 'signedOut', visitAt: at(3, 8), signOutAt: at(3, 17) },
      v8: {
        kind: 'walkin',
        status: 'signedOut',
        empId: e1.id,
        subAccountId: sub.id,
        visitAt: at(3, 16, 30),
        signOutAt: at(3, 16, 45),
        visitType: 'Service',
        visitReason: 'Repair',
      },
      v9: {
        kind: 'walkin',
        status: 'signedIn',
        empId: e3.id,
        subAccountId: sub2.id,
        visitAt: at(2, 12),
        visitType: 'Business',
        visitReason: 'Meeting',
      },
      // Outside the period: an invitation of the 4th never honoured, a walk-in of the evening before.
      v10: { kind: 'invite', status: 'expired', empId: e1.id, appointmentAt: at(4, 9) },
      v11: { kind: 'walkin', status: 'signedOut', empId: e1.id, visitAt: at(0, 23, 30), signOutAt: at(1, 0, 30), visitType: 'Business' },
    } as const;
    for (const [k, v] of Object.entries(rows)) {
      const [row] = await t.db
        .insert(visits)
        .values({ companyId: a.id, name: k, ...v })
        .returning();
      vid[k] = row?.id ?? 0;
    }
    // Another company's busy day must never show up.
    await t.db.insert(visits).values(
      Array.from({ length: 5 }, () => ({
        companyId: b.id,
        kind: 'walkin',
        status: 'signedOut',
        name: 'x',
        visitAt: at(1, 10),
        visitType: 'Business',
      })),
    );
    const s = await t.api.subAccountLogin({ email: sub.email, password: PASSWORD });
    subToken = s.result.token;
    const e = await t.api.empLogin({ phone: e1.phone, empPwd: PASSWORD });
    expect(e.result.role).toBe(Role.EMPLOYEE);
    empToken = e.result.token;
  });
  afterAll(() => t.close());

  const call = async <T>(name: string, body: object, token = a.token) => {
    const r = await t.call<T>(name, { ...PERIOD, ...body }, token);
    expect(r.status, r.reason).toBe(0);
    return r.result;
  };

  const expected: Stats = {
    total: 7,
    byKind: { walkin: 4, invite: 1, appointment: 1, resident: 1 },
    topTypes: [
      { name: 'Business', count: 4 },
      { name: 'Interview', count: 1 },
      { name: 'Service', count: 1 },
    ],
    topReasons: [
      { name: 'Meeting', count: 3 },
      { name: 'Delivery', count: 1 },
      { name: 'Hiring', count: 1 },
      { name: 'Repair', count: 1 },
    ],
    byHour: hours({ 8: 1, 9: 2, 11: 1, 12: 1, 14: 1, 16: 1 }),
    // 60 + 30 + 120 + 540 + 15 minutes over 5 signed-out visits.
    averageStayMinutes: 153,
    stays: 5,
    invitations: 3,
    noShows: 1,
  };

  it('answers each day by kind, zeros included, for this company only', async () => {
    expect(await call<Line>('getAllVisitorLineChart', { endDate: '2026-03-04' })).toEqual([
      { date: '2026-03-01', total: 3, byKind: { walkin: 2, invite: 0, appointment: 1, resident: 0 } },
      { date: '2026-03-02', total: 2, byKind: { walkin: 1, invite: 1, appointment: 0, resident: 0 } },
      { date: '2026-03-03', total: 2, byKind: { walkin: 1, invite: 0, appointment: 0, resident: 1 } },
      { date: '2026-03-04', total: 0, byKind: { walkin: 0, invite: 0, appointment: 0, resident: 0 } },
    ]);
  });

  const storedDays = async (scope: number) =>
    (
      await t.db
        .select({ day: visitDayStats.day })
        .from(visitDayStats)
        .where(and(eq(visitDayStats.companyId, a.id), eq(visitDayStats.scope, scope)))
    )
      .map((r) => r.day)
      .filter((d) => d >= PERIOD.startDate && d <= '2026-03-04')
      .sort();
  const queuedSweeps = async () => (await t.db.select().from(jobs).where(eq(jobs.kind, DAY_SUMMARY_JOB))).length;

  it('answers totals, tops, hours, average stay and no-shows; the job stores the days, which answer the same', async () => {
    expect(await call<Stats>('getVisitStatistics', {})).toEqual(expected);
    // The request stored nothing: it computed the closed days and asked the job for a sweep.
    expect(await storedDays(0)).toEqual([]);
    expect(await queuedSweeps()).toBeGreaterThan(0);
    await t.services.jobs.runDue();
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    expect(await storedDays(0)).toEqual(days);
    // Each sub-company's days too, so its first statistics call is as quick.
    expect(await storedDays(subId)).toEqual(days);
    expect(await call<Stats>('getVisitStatistics', {})).toEqual(expected);
  });

  it('answers a period whose days are all stored from them alone: no computing, no sweep asked', async () => {
    // Earlier sweeps' rows go, so their keys cannot hide a sweep asked now.
    await t.db.delete(jobs).where(eq(jobs.kind, DAY_SUMMARY_JOB));
    const before = await queuedSweeps();
    // A stored day altered behind the visits' back (no trigger fires): the answer shows it, so nothing was recomputed.
    await t.db.execute(
      sql`UPDATE visit_day_stats SET stats = jsonb_set(stats, '{kinds,resident}', '40') WHERE company_id = ${a.id} AND scope = 0 AND day = '2026-03-03'`,
    );
    expect((await call<Line>('getAllVisitorLineChart', {})).map((d) => d.total)).toEqual([3, 2, 41]);
    expect(await queuedSweeps()).toBe(before);
    // Days before the company's first visit are never stored (nothing to count): answered live, no sweep asked.
    const january = await call<Line>('getAllVisitorLineChart', { startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(january.map((d) => d.total)).toEqual(Array(31).fill(0));
    expect(await queuedSweeps()).toBe(before);
    await t.db.execute(
      sql`UPDATE visit_day_stats SET stats = jsonb_set(stats, '{kinds,resident}', '1') WHERE company_id = ${a.id} AND scope = 0 AND day = '2026-03-03'`,
    );
  });

  it('counts per host department now: two departments count in each, no department in its own bucket', async () => {
    expect(await call<Depts>('getVisitorChartByDept', {})).toEqual([
      { deptid: null, deptName: '', count: 3 },
      { deptid: dept.sales, deptName: 'Sales', count: 3 },
      { deptid: dept.rd, deptName: 'R&D', count: 1 },
      { deptid: dept.east, deptName: 'Sales East', count: 1 },
    ]);
    expect(await call<Depts>('getVisitorChartByDept', { deptid: dept.sales })).toEqual([
      { deptid: dept.sales, deptName: 'Sales', count: 3 },
      { deptid: dept.east, deptName: 'Sales East', count: 1 },
    ]);
    const r = await t.api.getVisitorChartByDept({ ...PERIOD, deptid: otherDept }, a.token);
    expect(r.status).toBe(Status.NO_SUCH_RECORD);
  });

  it('shows a sub-company only its own visits', async () => {
    const s = await call<Stats>('getVisitStatistics', {}, subToken);
    expect(s).toEqual({
      total: 1,
      byKind: { walkin: 1, invite: 0, appointment: 0, resident: 0 },
      topTypes: [{ name: 'Service', count: 1 }],
      topReasons: [{ name: 'Repair', count: 1 }],
      byHour: hours({ 16: 1 }),
      averageStayMinutes: 15,
      stays: 1,
      invitations: 0,
      noShows: 0,
    });
    expect((await call<Line>('getAllVisitorLineChart', {}, subToken)).map((d) => d.total)).toEqual([0, 0, 1]);
    expect(await call<Depts>('getVisitorChartByDept', {}, subToken)).toEqual([{ deptid: dept.sales, deptName: 'Sales', count: 1 }]);
  });

  it('stays exact after a check-in, a sign-out and an edit of a stored day', async () => {
    await call<Stats>('getVisitStatistics', {});
    // The no-show of the 2nd arrives late, v3 signs out, v2's reason is edited.
    await t.db
      .update(visits)
      .set({ visitAt: at(2, 15, 20), status: 'signedIn' })
      .where(eq(visits.id, vid.v5 ?? 0));
    await t.db
      .update(visits)
      .set({ signOutAt: at(1, 15, 5), status: 'signedOut' })
      .where(eq(visits.id, vid.v3 ?? 0));
    await t.db
      .update(visits)
      .set({ visitReason: 'Delivery' })
      .where(eq(visits.id, vid.v2 ?? 0));
    expect(await call<Stats>('getVisitStatistics', {})).toEqual({
      ...expected,
      total: 8,
      byKind: { walkin: 4, invite: 2, appointment: 1, resident: 1 },
      topReasons: [
        { name: 'Delivery', count: 2 },
        { name: 'Meeting', count: 2 },
        { name: 'Hiring', count: 1 },
        { name: 'Repair', count: 1 },
      ],
      byHour: hours({ 8: 1, 9: 2, 11: 1, 12: 1, 14: 1, 15: 1, 16: 1 }),
      // + 60 minutes of v3.
      averageStayMinutes: 137.5,
      stays: 6,
      noShows: 0,
    });
    expect((await call<Line>('getAllVisitorLineChart', {})).map((d) => d.total)).toEqual([3, 3, 2]);
    // The trigger dropped the edited days; the next sweep stores them again, as exact.
    expect(await storedDays(0)).toEqual(['2026-03-03', '2026-03-04']);
    expect(await fillDaySummaries(systemScope(t.db), new Date())).toBeGreaterThanOrEqual(2);
    expect(await storedDays(0)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect((await call<Line>('getAllVisitorLineChart', {})).map((d) => d.total)).toEqual([3, 3, 2]);
    // A deleted visit leaves its day too.
    await t.db.delete(visits).where(eq(visits.id, vid.v7 ?? 0));
    expect((await call<Line>('getAllVisitorLineChart', {})).map((d) => d.total)).toEqual([3, 3, 1]);
  });

  it('counts today live', async () => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const before = (await call<Line>('getAllVisitorLineChart', { startDate: day, endDate: day }))[0]?.total;
    await t.db.insert(visits).values({ companyId: a.id, kind: 'walkin', status: 'signedIn', name: 'now', visitAt: new Date() });
    expect((await call<Line>('getAllVisitorLineChart', { startDate: day, endDate: day }))[0]?.total).toBe((before ?? 0) + 1);
    const stored = await t.db.execute(sql`SELECT count(*)::int AS n FROM visit_day_stats WHERE day = ${day}`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('refuses no session, a role that does not read visits, and bad periods, with nothing answered', async () => {
    expect((await t.api.getVisitStatistics(PERIOD)).status).toBe(28);
    expect((await t.api.getVisitStatistics(PERIOD, empToken)).status).toBe(Status.NO_PERMISSION);
    for (const name of ['getVisitStatistics', 'getAllVisitorLineChart', 'getVisitorChartByDept']) {
      const reversed = await t.call<unknown>(name, { startDate: '2026-03-03', endDate: '2026-03-01' }, a.token);
      expect(reversed.status).toBe(Status.BAD_PARAMS);
      expect(JSON.stringify(reversed)).toContain('beforeStart');
      const long = await t.call(name, { startDate: '2025-01-01', endDate: '2026-01-02' }, a.token);
      expect([long.status, JSON.stringify(long).includes('periodTooLong')]).toEqual([Status.BAD_PARAMS, true]);
      const bad = await t.call(name, { startDate: '2026-02-30', endDate: '2026-03-01' }, a.token);
      expect([bad.status, JSON.stringify(bad).includes('format')]).toEqual([Status.BAD_PARAMS, true]);
      expect((await t.call(name, { startDate: '2026/03/01', endDate: '2026-03-01' }, a.token)).status).toBe(Status.BAD_PARAMS);
    }
    // 366 days is the limit, allowed.
    expect((await t.api.getAllVisitorLineChart({ startDate: '2025-03-03', endDate: '2026-03-03' }, a.token)).status).toBe(0);
  });
});
