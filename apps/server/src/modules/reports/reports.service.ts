import { periodLength, Status, VISIT_KINDS, type VisitKind } from '@openvisit/contract';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { horizonStart, requestDaySummaries } from './reports.fill.js';
import { type DayBounds, type DayStats, reportsRepository } from './reports.repository.js';

interface Period {
  startDate: string;
  endDate: string;
}

function repoOf(ctx: AuthedContext) {
  // A sub-company's figures are its own (the scope's visibility); everyone else's the company's.
  return reportsRepository(ctx.tenant, ctx.tenant.visibility.subCompany ?? undefined);
}

/**
 * The statistics of each day of the period: closed days (before today) from visit_day_stats, which only the
 * background job fills (reports.fill.ts); today and later live. A closed day not stored yet (the job has not reached
 * it, or the visits trigger dropped it) is computed here with the same one-pass query but not stored: the job is the
 * only writer, so a request never races it, and a sweep is asked for soon instead.
 */
async function daysOf(ctx: AuthedContext, p: Period): Promise<{ day: string; stats: DayStats }[]> {
  const repo = repoOf(ctx);
  const now = new Date();
  const today = dayOf(now);
  const days: DayBounds[] = [];
  for (let i = 0; i < periodLength(p.startDate, p.endDate); i++) {
    const from = dayStart(p.startDate, i);
    days.push({ day: dayOf(from), from, until: dayStart(p.startDate, i + 1) });
  }
  const stored = await repo.stored(p.startDate, p.endDate);
  const missing = days.filter((d) => !stored.has(d.day));
  const computed = await repo.live(missing, now);
  // A sweep is asked for a missing closed day with visits: an empty one is most likely before the company's first
  // visit, which the job never stores (a dropped day left empty waits for the periodic sweep). Days older than the
  // horizon, and a sub-company session without a sub-company (scope -1), are always computed live.
  const horizon = horizonStart(now);
  const busy = (s?: DayStats) => !!s && (Object.keys(s.kinds).length > 0 || s.invitations > 0);
  if (repo.fillable && missing.some((d) => d.day < today && d.day >= horizon && busy(computed.get(d.day))))
    await requestDaySummaries(ctx.services.jobs, now);
  return days.map((d) => ({ day: d.day, stats: stored.get(d.day) ?? computed.get(d.day) ?? ({} as DayStats) }));
}

const zeroKinds = () => Object.fromEntries(VISIT_KINDS.map((k) => [k, 0])) as Record<VisitKind, number>;

export async function lineChart(ctx: AuthedContext, p: Period) {
  return (await daysOf(ctx, p)).map(({ day, stats }) => {
    const byKind = zeroKinds();
    for (const k of VISIT_KINDS) byKind[k] = stats.kinds[k] ?? 0;
    return { date: day, total: VISIT_KINDS.reduce((n, k) => n + byKind[k], 0), byKind };
  });
}

function add(into: Map<string, number>, from: Record<string, number>) {
  for (const [k, n] of Object.entries(from)) into.set(k, (into.get(k) ?? 0) + n);
}

const top10 = (m: Map<string, number>) =>
  [...m]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, 10);

export async function statistics(ctx: AuthedContext, p: Period) {
  const byKind = zeroKinds();
  const byHour = Array<number>(24).fill(0);
  const types = new Map<string, number>();
  const reasons = new Map<string, number>();
  let [staySeconds, stays, invitations, noShows] = [0, 0, 0, 0];
  for (const { stats: s } of await daysOf(ctx, p)) {
    for (const k of VISIT_KINDS) byKind[k] += s.kinds[k] ?? 0;
    s.hours.forEach((n, h) => {
      byHour[h] = (byHour[h] ?? 0) + n;
    });
    add(types, s.types);
    add(reasons, s.reasons);
    staySeconds += s.staySeconds;
    stays += s.stays;
    invitations += s.invitations;
    noShows += s.noShows;
  }
  // Visits without a type or reason are not a "top" entry.
  types.delete('');
  reasons.delete('');
  return {
    total: VISIT_KINDS.reduce((n, k) => n + byKind[k], 0),
    byKind,
    topTypes: top10(types),
    topReasons: top10(reasons),
    byHour,
    averageStayMinutes: stays ? Math.round((staySeconds / stays / 60) * 10) / 10 : null,
    stays,
    invitations,
    noShows,
  };
}

export async function byDepartment(ctx: AuthedContext, p: Period & { deptid?: number }) {
  const repo = repoOf(ctx);
  const depts = await repo.departments();
  // Checked before any counting: another company's department answers "not found", no partial chart.
  if (p.deptid !== undefined && !depts.some((d) => d.id === p.deptid)) throw new AppError(Status.NO_SUCH_RECORD, 'No such department');
  let wanted: Set<number> | null = null;
  if (p.deptid !== undefined) {
    wanted = new Set([p.deptid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const d of depts)
        if (wanted.has(d.parentId) && !wanted.has(d.id)) {
          wanted.add(d.id);
          grew = true;
        }
    }
  }
  const emps = new Map<string, number>();
  for (const { stats } of await daysOf(ctx, p)) add(emps, stats.emps);
  const deptsOf = new Map<number, number[]>();
  for (const m of await repo.memberships()) deptsOf.set(m.empId, [...(deptsOf.get(m.empId) ?? []), m.deptId]);
  const counts = new Map<number | null, number>();
  for (const [emp, n] of emps) {
    const ds = emp === '' ? [] : (deptsOf.get(Number(emp)) ?? []);
    for (const d of ds.length ? ds : [null]) counts.set(d, (counts.get(d) ?? 0) + n);
  }
  const names = new Map(depts.map((d) => [d.id, d.name]));
  return [...counts]
    .filter(([d]) => (wanted ? d !== null && wanted.has(d) : true))
    .map(([deptid, count]) => ({ deptid, deptName: deptid === null ? '' : (names.get(deptid) ?? ''), count }))
    .sort((a, b) => b.count - a.count || a.deptName.localeCompare(b.deptName));
}
