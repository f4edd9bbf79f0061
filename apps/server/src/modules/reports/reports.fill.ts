import { periodLength } from '@openvisit/contract';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import { type SystemScope, scopeForCompany } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { type DayBounds, reportsRepository } from './reports.repository.js';
import { reportsSystemRepository } from './reports.system.repository.js';

/**
 * The daily summary (visit_day_stats) is filled here, in the background, never by a request: every few minutes a
 * sweep stores every company's missing closed days (scope 0 and each sub-company) back to its first visit, at most
 * HORIZON_DAYS. That covers the start-up (the first sweep is queued at once), each day's close (the first sweep after
 * midnight) and the days the visits trigger dropped (0020_report_stats_trigger.sql): the next sweep, or sooner when
 * a request found one missing (`requestDaySummaries`). Sweeps are keyed by their slot, so any number of processes
 * may schedule them and each slot runs once; each run queues the next.
 */
export const DAY_SUMMARY_JOB = 'reports.daySummaries';
export const DAY_SUMMARY_EVERY_MS = 5 * 60_000;
/** Two years back: a period is at most 366 days, so a year and the one before compare from stored days. */
export const HORIZON_DAYS = 731;
/** Days computed per statement pair: bounds each statement, so PGlite's one connection serves requests in between. */
const CHUNK_DAYS = 31;

/** The closed days from `startDay` to before `endDay`. */
export function daysBetween(startDay: string, endDay: string): DayBounds[] {
  return Array.from({ length: Math.max(0, periodLength(startDay, endDay) - 1) }, (_, i) => ({
    day: dayOf(dayStart(startDay, i)),
    from: dayStart(startDay, i),
    until: dayStart(startDay, i + 1),
  }));
}

export function horizonStart(now: Date): string {
  return dayOf(dayStart(dayOf(now), -HORIZON_DAYS));
}

/** Stores the company's closed days from `startDay` missing in any of its scopes; answers how many days. */
export async function fillCompany(system: SystemScope, companyId: number, startDay: string, now: Date): Promise<number> {
  const repo = reportsRepository(scopeForCompany(system, companyId));
  const days = daysBetween(startDay, dayOf(now));
  if (!days.length) return 0;
  const subs = await repo.subCompanies();
  const stored = await repo.storedKeys(startDay, days.at(-1)?.day ?? startDay, [0, ...subs]);
  const missing = days.filter((d) => [0, ...subs].some((s) => !stored.has(`${s}:${d.day}`)));
  for (let i = 0; i < missing.length; i += CHUNK_DAYS) {
    const chunk = missing.slice(i, i + CHUNK_DAYS);
    await repo.storeAll(chunk, await repo.compute(chunk, now, subs));
  }
  return missing.length;
}

/** One sweep: every company whose stored days do not cover its closed days is filled. Answers the days stored. */
export async function fillDaySummaries(system: SystemScope, now: Date): Promise<number> {
  const [start, today] = [horizonStart(now), dayOf(now)];
  let filled = 0;
  for (const c of await reportsSystemRepository(system).summaryCoverage(start, today, dayStart(today))) {
    const from = dayOf(c.first) > start ? dayOf(c.first) : start;
    if (c.stored < daysBetween(from, today).length * (1 + c.subs)) filled += await fillCompany(system, c.companyId, from, now);
  }
  return filled;
}

function slotAfter(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_SUMMARY_EVERY_MS) * DAY_SUMMARY_EVERY_MS + DAY_SUMMARY_EVERY_MS);
}

/** Start-up: a sweep now (once per slot whatever the number of processes), which then queues the next. */
export async function ensureDaySummaries(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(slotAfter(now).getTime() - DAY_SUMMARY_EVERY_MS);
  await jobs.enqueue(DAY_SUMMARY_JOB, { at: at.toISOString() }, { runAt: now, key: `${DAY_SUMMARY_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

/**
 * A request met a closed day not stored (dropped by the trigger, or not reached yet): a sweep now, at most one per
 * 10 seconds (its key), so busy screens add few job rows; a drop the slot's sweep missed waits for the periodic one.
 */
export async function requestDaySummaries(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const slot = Math.floor(now.getTime() / 10_000);
  await jobs.enqueue(DAY_SUMMARY_JOB, { soon: true }, { key: `${DAY_SUMMARY_JOB}:soon:${slot}`, maxAttempts: 3 });
}

export function registerReportJobs(deps: { system: SystemScope; jobs: JobQueue }, now: () => Date = () => new Date()): void {
  deps.jobs.register(DAY_SUMMARY_JOB, async (payload) => {
    // The next slot first: a sweep that fails (the database away) must not end the chain.
    if (!(payload as { soon?: boolean }).soon) {
      const at = slotAfter(now());
      await deps.jobs.enqueue(
        DAY_SUMMARY_JOB,
        { at: at.toISOString() },
        { runAt: at, key: `${DAY_SUMMARY_JOB}:${at.toISOString()}`, maxAttempts: 3 },
      );
    }
    await fillDaySummaries(deps.system, now());
  });
}
