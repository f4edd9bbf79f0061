import type { z } from 'zod';

/**
 * A report period: calendar days (yyyy-mm-dd, both included) in the server's time zone, at most
 * REPORT_PERIOD_MAX_DAYS long. Every report call (statistics, the visitor report and its export) takes one, so the
 * same checks answer the same field rules everywhere: `format` (not a real calendar day), `beforeStart` (end before
 * start), `periodTooLong` (longer than the limit). The limit keeps a chart readable and a report's query bounded.
 */
export const REPORT_PERIOD_MAX_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar day, else null (2026-02-30 is not one). */
export function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / 86_400_000;
}

/** Days in the period, both ends included (1 for a single day). */
export function periodLength(startDate: string, endDate: string): number {
  return (dayNumber(endDate) ?? 0) - (dayNumber(startDate) ?? 0) + 1;
}

/** The period rules across fields, for `.superRefine` on a report call's input. */
export function checkReportPeriod(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  const [start, end] = [dayNumber(v.startDate), dayNumber(v.endDate)];
  if (start === null || end === null) return;
  if (end < start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
  else if (end - start + 1 > REPORT_PERIOD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'periodTooLong' });
}
