import { type ContactChannel, LogModule, renderLogDesc, Status, settingObject } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { writeLog } from '../../platform/http/audit.js';
import { jobContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Services } from '../../platform/services.js';
import { autoSummary, nextMidnight, runAutomatic } from './contacts.service.js';
import { companiesWithAutoSync } from './contacts.system.repository.js';

/**
 * Spec section 9: automatic contact sync daily at 00:00 (server time). One `contacts.daily` job per day, keyed by
 * the day, fans out one `contacts.sync` job per company, keyed by company and day. Keys make every enqueue
 * idempotent, so any number of server processes may schedule and work the queue: each company syncs once a day.
 */
export const DAILY_JOB = 'contacts.daily';
export const COMPANY_JOB = 'contacts.sync';

/** yyyy-MM-dd of a date in server time. */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** 00:00 of the day after `day` (yyyy-MM-dd). */
function midnightAfter(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1, 0, 0, 0, 0);
}

export interface ScheduleDeps {
  system: SystemScope;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
}

/** Queues the daily job of the next 00:00 unless some process already did. */
export async function ensureDailySync(jobs: JobQueue, now: Date = new Date(), after?: string): Promise<void> {
  let at = nextMidnight(now);
  // A job run a little early by a node whose clock lags still moves on to the next day, never re-queues its own.
  if (after && midnightAfter(after) > at) at = midnightAfter(after);
  const day = localDay(at);
  await jobs.enqueue(DAILY_JOB, { day }, { runAt: at, key: `${DAILY_JOB}:${day}`, maxAttempts: 10 });
}

/** How long a pushed directory change waits for the ones that follow it: one sync gathers the changes of that while. */
export const CHANGE_DELAY_MS = 5_000;

/**
 * A directory change the platform pushed (Feishu's contact events): one automatic sync of the company at the end of the
 * current `delayMs` window, keyed by it, so a burst of changes makes one run. Runs only while the company's automatic
 * sync is on with that channel (the switch says "every day and when the directory changes").
 */
export async function directoryChanged(jobs: JobQueue, companyId: number, channel: ContactChannel, delayMs = CHANGE_DELAY_MS): Promise<void> {
  const now = Date.now();
  const window = delayMs > 0 ? Math.floor(now / delayMs) : now;
  await jobs.enqueue(
    COMPANY_JOB,
    { companyId, day: 'change', channel },
    { key: `${COMPANY_JOB}:${companyId}:change:${window}`, runAt: new Date(delayMs > 0 ? (window + 1) * delayMs : now), maxAttempts: 5 },
  );
}

/** Refusals a retry cannot cure: recorded in the company's last result and not retried. */
const FINAL = new Set<number>([Status.DINGTALK_VERIFY_FAILED, Status.DIRECTORY_REFUSED, Status.SYNC_COUNT_EXCEEDED, Status.BAD_PARAMS]);

/**
 * Registers the two job kinds. `now` is the scheduler's clock (tests pass their own); the queue itself decides
 * what is due by the database clock.
 */
export function registerContactJobs(deps: ScheduleDeps, now: () => Date = () => new Date()): void {
  const { jobs } = deps.services;
  jobs.register(DAILY_JOB, async (payload) => {
    const { day } = payload as { day: string };
    await ensureDailySync(jobs, now(), day);
    for (const c of await companiesWithAutoSync(deps.system))
      await jobs.enqueue(COMPANY_JOB, { companyId: c.companyId, day }, { key: `${COMPANY_JOB}:${c.companyId}:${day}`, maxAttempts: 5 });
  });
  jobs.register(COMPANY_JOB, async (payload) => {
    const { companyId, channel } = payload as { companyId: number; day: string; channel?: ContactChannel };
    const ctx = jobContext(deps, companyId, { job: COMPANY_JOB, account: 'auto-sync', name: 'Automatic sync' });
    try {
      const reports = await runAutomatic(ctx, channel);
      if (!reports) return;
      const desc = autoSummary(reports);
      await writeLog(
        deps.system,
        ctx.services.secrets,
        ctx.session,
        {
          module: LogModule.EMPLOYEE,
          event: 'import',
          objName: reports[0] ? settingObject(reports[0].channel, 'autoSync') : settingObject('autoSync'),
          desc,
        },
        '',
      );
      ctx.log.info({ desc: renderLogDesc(desc.key, desc.params, 'en') }, 'automatic directory sync done');
    } catch (err) {
      if (err instanceof AppError && FINAL.has(err.status)) {
        ctx.log.warn({ status: err.status, reason: err.message }, 'automatic directory sync refused');
        return;
      }
      throw err;
    }
  });
}
