// Days of a zone with daylight saving time: the 23-hour and 25-hour days must fall and count exactly as before.
// Put back after the file: the server project's workers run several files in one process (isolate: false).
const zoneBefore = process.env.TZ;
process.env.TZ = 'Europe/Berlin';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedEmployee, seedSubAccount, type TestApp, testApp } from '../../../test/harness.js';
import { type DayStats, jobs, visitDayStats, visits } from '../../db/schema/index.js';
import { dayOf } from '../../platform/formats/days.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { DAY_SUMMARY_JOB, daysBetween, ensureDaySummaries, fillDaySummaries } from './reports.fill.js';
import { type DayBounds, emptyDay } from './reports.repository.js';

afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

/**
 * The summary as the statistics computed it before the job (a join of the visits against a recordset of day ranges),
 * kept here as the reference the job's one-pass query must match figure for figure.
 */
async function reference(t: TestApp, companyId: number, sub: number | undefined, days: DayBounds[], now: Date) {
  const out = new Map(days.map((d) => [d.day, emptyDay()]));
  const only = sub === undefined ? sql`` : sql` AND v.sub_account_id = ${sub}`;
  const json = JSON.stringify(days.map((d) => ({ day: d.day, f: d.from.toISOString(), u: d.until.toISOString() })));
  const d = sql`jsonb_to_recordset(${json}::jsonb) AS d(day text, f timestamptz, u timestamptz)`;
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const came = await t.db.execute(sql`
    SELECT d.day, v.kind, floor(extract(epoch FROM v.visit_at - d.f) / 3600)::int AS hour, v.emp_id AS emp,
      v.visit_type AS vtype, v.visit_reason AS reason,
      grouping(v.kind) AS gk, grouping(floor(extract(epoch FROM v.visit_at - d.f) / 3600)::int) AS gh,
      grouping(v.emp_id) AS ge, grouping(v.visit_type) AS gt, count(*)::int AS n,
      coalesce(sum(extract(epoch FROM v.sign_out_at - v.visit_at)) FILTER (WHERE v.sign_out_at >= v.visit_at), 0)::float8 AS stay,
      (count(*) FILTER (WHERE v.sign_out_at >= v.visit_at))::int AS stays
    FROM ${d} JOIN visits v ON v.company_id = ${companyId} AND v.visit_at >= d.f AND v.visit_at < d.u${only}
    GROUP BY GROUPING SETS ((d.day, v.kind), (d.day, floor(extract(epoch FROM v.visit_at - d.f) / 3600)::int),
      (d.day, v.emp_id), (d.day, v.visit_type), (d.day, v.visit_reason))`);
  type Came = { day: string; kind: string; hour: number; emp: number | null; vtype: string | null; reason: string | null };
  for (const r of rows<Came & { gk: number; gh: number; ge: number; gt: number; n: number; stay: number; stays: number }>(came)) {
    const s = out.get(r.day) as DayStats;
    if (Number(r.gk) === 0) {
      s.kinds[r.kind] = r.n;
      s.staySeconds += Number(r.stay);
      s.stays += r.stays;
    } else if (Number(r.gh) === 0) {
      const h = Math.min(23, Math.max(0, r.hour));
      s.hours[h] = (s.hours[h] ?? 0) + r.n;
    } else if (Number(r.ge) === 0) s.emps[r.emp === null ? '' : String(r.emp)] = r.n;
    else if (Number(r.gt) === 0) s.types[r.vtype ?? ''] = r.n;
    else s.reasons[r.reason ?? ''] = r.n;
  }
  const invited = await t.db.execute(sql`
    SELECT d.day,
      (count(*) FILTER (WHERE v.visit_at IS NOT NULL OR v.status NOT IN ('refused', 'ended')))::int AS inv,
      (count(*) FILTER (WHERE v.visit_at IS NULL AND v.status NOT IN ('refused', 'ended')))::int AS ns
    FROM ${d} JOIN visits v ON v.company_id = ${companyId} AND v.kind IN ('invite', 'appointment')
      AND v.appointment_at >= d.f AND v.appointment_at < d.u AND v.appointment_at < ${now.toISOString()}::timestamptz${only}
    GROUP BY d.day`);
  for (const r of rows<{ day: string; inv: number; ns: number }>(invited)) {
    const s = out.get(r.day) as DayStats;
    s.invitations = r.inv;
    s.noShows = r.ns;
  }
  return out;
}

/** A small deterministic generator: the same varied data on every run. */
function prng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

describe('the daily summary job', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let subs: number[] = [];
  let firstDay = '';
  const now = new Date();
  // Around both clock changes of 2026 in Berlin (29 March: 23 hours; 25 October: 25 hours).
  const spans = [daysBetween('2026-03-26', '2026-04-02'), daysBetween('2026-10-23', '2026-10-28')];
  const days = spans.flat();

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
    const b = await seedCompany(t);
    subs = [(await seedSubAccount(t, a.id)).id, (await seedSubAccount(t, a.id)).id];
    const emps = [(await seedEmployee(t, a.id)).id, (await seedEmployee(t, a.id)).id, null];
    const r = prng(2026);
    const rows: (typeof visits.$inferInsert)[] = [];
    for (const d of days) {
      const span = d.until.getTime() - d.from.getTime();
      // Edges of the day (its first and last millisecond) and random moments, each in a random scope.
      const moments = [0, span - 1, ...Array.from({ length: 30 }, () => Math.floor(r() * span))];
      for (const offset of moments) {
        const when = new Date(d.from.getTime() + offset);
        const kind = pick(r, ['walkin', 'walkin', 'invite', 'appointment', 'resident'] as const);
        const invitation = kind === 'invite' || kind === 'appointment';
        const came = !invitation || r() < 0.6;
        const stay = pick(r, [null, 0, 95_000, 3_600_000, -60_000, 14 * 3_600_000]);
        rows.push({
          companyId: a.id,
          name: 'v',
          kind,
          status: came ? pick(r, ['signedIn', 'signedOut']) : pick(r, ['expired', 'refused', 'ended', 'pending', 'approved']),
          empId: pick(r, emps),
          subAccountId: pick(r, [null, null, ...subs]),
          visitType: pick(r, ['', 'Business', 'Interview', 'Service']),
          visitReason: pick(r, ['Meeting', 'Repair', 'Delivery', '']),
          appointmentAt: invitation ? new Date(when.getTime() - Math.floor(r() * 2 * 3_600_000)) : null,
          visitAt: came ? when : null,
          signOutAt: came && stay !== null ? new Date(when.getTime() + stay) : null,
        });
      }
    }
    await t.db.insert(visits).values(rows);
    const moments = rows.flatMap((v) => [v.visitAt, v.appointmentAt]).filter((m): m is Date => !!m);
    firstDay = dayOf(new Date(Math.min(...moments.map((m) => m.getTime()))));
    // Another company's visits on the same days: never in a's summary.
    await t.db.insert(visits).values(days.map((d) => ({ companyId: b.id, name: 'x', kind: 'walkin', status: 'signedIn', visitAt: d.from })));
  });
  afterAll(() => t.close());

  const storedOf = async (scope: number) =>
    new Map(
      (
        await t.db
          .select()
          .from(visitDayStats)
          .where(and(eq(visitDayStats.companyId, a.id), eq(visitDayStats.scope, scope)))
      ).map((r) => [r.day, r.stats]),
    );

  it('stores nothing before it runs; after start-up, every closed day of every scope, figure for figure as before', async () => {
    expect((await storedOf(0)).size).toBe(0);
    await ensureDaySummaries(t.services.jobs);
    expect(await t.services.jobs.runDue()).toBeGreaterThan(0);
    // The sweep queued the next one, a slot later.
    const next = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, DAY_SUMMARY_JOB), eq(jobs.state, 'queued')));
    expect(next.map((j) => j.runAt > new Date())).toEqual([true]);
    // Every closed day since the first visit, in the company and each sub-company.
    const expected = daysBetween(firstDay, dayOf(now)).map((d) => d.day);
    for (const scope of [0, ...subs]) {
      const stored = await storedOf(scope);
      expect([...stored.keys()].sort()).toEqual(expected);
      const ref = new Map<string, DayStats>();
      for (const span of spans) for (const [day, s] of await reference(t, a.id, scope || undefined, span, now)) ref.set(day, s);
      for (const d of days) expect([scope, d.day, stored.get(d.day)]).toEqual([scope, d.day, ref.get(d.day)]);
    }
    // The generator did make every case: several kinds, stays, no-shows and invitations on these days.
    const all = [...(await storedOf(0)).values()];
    expect(all.reduce((n, s) => n + s.noShows, 0)).toBeGreaterThan(0);
    expect(all.reduce((n, s) => n + s.stays, 0)).toBeGreaterThan(0);
    expect(Object.keys(all[0]?.kinds ?? {}).length).toBeGreaterThan(1);
  });

  it('a second sweep finds nothing missing', async () => {
    expect(await fillDaySummaries(systemScope(t.db), new Date())).toBe(0);
  });

  it('refills a closed day a visit change dropped, exactly, and only that day', async () => {
    const day = spans[0]?.[3] as DayBounds;
    const [v] = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.companyId, a.id), sql`${visits.visitAt} >= ${day.from} AND ${visits.visitAt} < ${day.until}`))
      .limit(1);
    // The visit moves to the next day's first hour: both days are dropped by the trigger.
    await t.db
      .update(visits)
      .set({ visitAt: day.until, visitReason: 'Moved' })
      .where(eq(visits.id, v?.id ?? 0));
    expect((await storedOf(0)).has(day.day)).toBe(false);
    expect(await fillDaySummaries(systemScope(t.db), new Date())).toBe(2);
    const stored = await storedOf(0);
    const ref = await reference(t, a.id, undefined, spans[0] ?? [], now);
    for (const d of spans[0] ?? []) expect([d.day, stored.get(d.day)]).toEqual([d.day, ref.get(d.day)]);
    expect(stored.get(spans[0]?.[4]?.day ?? '')?.reasons.Moved).toBe(1);
  });

  it('answers the same from the visits (before the job) and from the stored days', async () => {
    const period = { startDate: '2026-10-23', endDate: '2026-10-27' };
    const fromStore = await t.api.getVisitStatistics(period, a.token);
    await t.db.delete(visitDayStats).where(eq(visitDayStats.companyId, a.id));
    const queued = async () => (await t.db.select().from(jobs).where(eq(jobs.kind, DAY_SUMMARY_JOB))).length;
    const before = await queued();
    const live = await t.api.getVisitStatistics(period, a.token);
    expect(live).toEqual(fromStore);
    // The request stored nothing and asked for a sweep.
    expect((await storedOf(0)).size).toBe(0);
    expect(await queued()).toBe(before + 1);
  });
});
