import {
  type CallInput,
  type DownloadInput,
  dayNumber,
  type exportVisitReport,
  type getVisitReport,
  periodLength,
  REPORT_GROUPINGS,
  REPORT_PERIOD_MAX_DAYS,
  type ReportGrouping,
} from '@openvisit/contract';
import dayjs from 'dayjs';
import { paramsFromVisitFilters, searchInput, type VisitFilters, visitFiltersFromParams } from '../../core/visitList/public';
import { DAY_FORMAT } from '../../platform/format';
import { pageWindow, positiveInt } from '../../platform/list';

/** The visitor report's query: the visitor list's filters over a period (always set), a host department and a grouping. */
export type ReportFilters = VisitFilters & {
  from: string;
  to: string;
  dept?: number;
  group: ReportGrouping;
};

export const DEFAULT_GROUPING: ReportGrouping = 'day';

/** The last 7 days, today included: the period when the URL names none. */
export function defaultPeriod(today = dayjs()): { from: string; to: string } {
  return { from: today.subtract(6, 'day').format(DAY_FORMAT), to: today.format(DAY_FORMAT) };
}

export function reportFiltersFromParams(p: URLSearchParams, today = dayjs()): ReportFilters {
  const base = visitFiltersFromParams(p);
  // Both ends real calendar days (2026-02-30 is not), else the default period.
  const real = !!base.from && !!base.to && dayNumber(base.from) !== null && dayNumber(base.to) !== null;
  const period = real ? { from: base.from as string, to: base.to as string } : defaultPeriod(today);
  const group = p.get('group');
  return {
    ...base,
    ...period,
    dept: positiveInt(p.get('dept')),
    group: group && (REPORT_GROUPINGS as readonly string[]).includes(group) ? (group as ReportGrouping) : DEFAULT_GROUPING,
  };
}

export function paramsFromReportFilters(f: ReportFilters): URLSearchParams {
  const out = paramsFromVisitFilters(f);
  if (f.dept) out.set('dept', String(f.dept));
  if (f.group !== DEFAULT_GROUPING) out.set('group', f.group);
  return out;
}

/** The period rule the server would answer (a reversed period cannot come from the URL: it is swapped). */
export function periodProblem(f: ReportFilters): 'periodTooLong' | null {
  return periodLength(f.from, f.to) > REPORT_PERIOD_MAX_DAYS ? 'periodTooLong' : null;
}

function queryOf(f: ReportFilters) {
  const { date: _date, endDate: _endDate, ...filters } = searchInput(f);
  return { ...filters, startDate: f.from, endDate: f.to, deptid: f.dept, groupBy: f.group };
}

export function reportInput(f: ReportFilters): CallInput<typeof getVisitReport> {
  return { ...queryOf(f), ...pageWindow(f) };
}

/** The export's query: exactly the report's (every row rather than a page), booleans as query text. */
export function exportInput(f: ReportFilters, lang: 'zh' | 'en'): DownloadInput<typeof exportVisitReport> {
  const q = queryOf(f);
  return { ...q, onSite: q.onSite ? 'true' : undefined, overtime: q.overtime ? 'true' : undefined, lang };
}
