import { type ReportFigures, type ReportGroup, type ReportGrouping, Status, type Visit } from '@openvisit/contract';
import { filterOf, toVisit, type VisitQuery, visitsOf } from '../../core/visits/visits.public.js';
import type { VisitFilter } from '../../db/visitFilter.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { type FigureRow, reportTableRepository } from './reportTable.repository.js';

export interface ReportQuery extends Omit<VisitQuery, 'date' | 'endDate'> {
  startDate: string;
  endDate: string;
  deptid?: number;
  groupBy: ReportGrouping;
}

export function repoOf(ctx: AuthedContext) {
  return reportTableRepository(ctx.tenant);
}

/** The visitor list's filter over the period, with the host department (602 when it is not this company's). */
export async function reportFilter(ctx: AuthedContext, q: ReportQuery): Promise<VisitFilter> {
  if (q.deptid && !(await repoOf(ctx).departmentExists(q.deptid))) throw new AppError(Status.NO_SUCH_RECORD, 'No such department');
  return filterOf(ctx, { ...q, date: q.startDate, endDate: q.endDate }, q.deptid ? { hostDeptId: q.deptid } : {});
}

function figuresOf(r: FigureRow): ReportFigures {
  return {
    visits: r.visits,
    people: r.people,
    signedIn: r.signedIn,
    signedOut: r.signedOut,
    onSite: r.onSite,
    avgStayMinutes: r.staySeconds === null ? null : Math.round(r.staySeconds / 60),
  };
}

/** Every day of the period's midnight, and the end of its last day. */
function dayStarts(startDate: string, endDate: string): Date[] {
  const out: Date[] = [];
  for (let d = dayStart(startDate), end = dayStart(endDate, 1); ; d = dayStart(dayOf(d), 1)) {
    out.push(d);
    if (d >= end) break;
  }
  return out;
}

/** The groups, days in order, the others most visits first (then by key, so the order is stable). */
export async function groupsOf(ctx: AuthedContext, q: ReportQuery, filter: VisitFilter): Promise<ReportGroup[]> {
  const repo = repoOf(ctx);
  const byVisits = (a: ReportGroup, b: ReportGroup) => b.visits - a.visits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  switch (q.groupBy) {
    case 'day': {
      const starts = dayStarts(q.startDate, q.endDate);
      const rows = await repo.byDay(filter, starts);
      return rows
        .filter((r) => r.bucket >= 1 && r.bucket < starts.length)
        .sort((a, b) => a.bucket - b.bucket)
        .map((r) => {
          const key = dayOf(starts[r.bucket - 1] as Date);
          return { key, label: key, ...figuresOf(r) };
        });
    }
    case 'department':
      return (await repo.byDepartment(filter))
        .map((r) => ({ key: r.deptId === null ? '' : String(r.deptId), label: r.name ?? '', ...figuresOf(r) }))
        .sort(byVisits);
    case 'visitType':
      return (await repo.byVisitType(filter)).map((r) => ({ key: r.key, label: r.key, ...figuresOf(r) })).sort(byVisits);
    case 'company':
      return (await repo.byCompany(filter)).map((r) => ({ key: r.key, label: r.key, ...figuresOf(r) })).sort(byVisits);
    default:
      return [];
  }
}

export async function totalsOf(ctx: AuthedContext, filter: VisitFilter): Promise<ReportFigures> {
  return figuresOf(await repoOf(ctx).totals(filter));
}

export async function visitReport(ctx: AuthedContext, q: ReportQuery & { startIndex: number; requestedCount: number }) {
  const filter = await reportFilter(ctx, q);
  const [groups, totals, page] = await Promise.all([
    groupsOf(ctx, q, filter),
    totalsOf(ctx, filter),
    q.groupBy === 'none' ? visitsOf(ctx.tenant).page(filter, q.startIndex, q.requestedCount) : Promise.resolve(null),
  ]);
  return {
    groupBy: q.groupBy,
    groups,
    totals,
    page: page && {
      pageNo: Math.floor(q.startIndex / q.requestedCount) + 1,
      pageSize: q.requestedCount,
      count: page.count,
      countCapped: page.countCapped,
      counted: page.counted,
      list: page.rows.map(toVisit) as Visit[],
    },
  };
}
