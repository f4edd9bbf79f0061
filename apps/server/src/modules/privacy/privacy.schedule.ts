import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import { jobContext } from '../../platform/http/calls.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Services } from '../../platform/services.js';
import { forgetVisitorFaces } from '../credentials/credentials.public.js';
import { FACES_AFTER_ERASURE_JOB } from './privacy.faces.js';
import { sweepCompany } from './privacy.sweep.js';
import { companiesToSweep } from './privacy.system.repository.js';
import { fulfilDueRequests } from './privacy.visitor.js';

/**
 * The nightly retention sweep at 03:00 server time: one `privacy.daily` job per day, keyed by the day, fans out one
 * `privacy.sweep` per company, keyed by company and day, so any number of processes may schedule it and each company
 * is swept once a night. A sweep a kill interrupted is retried by the queue and goes on where it stopped.
 */
export const DAILY_SWEEP_JOB = 'privacy.daily';
export const COMPANY_SWEEP_JOB = 'privacy.sweep';
const SWEEP_HOUR = 3;

function nextRun(now: Date): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), SWEEP_HOUR, 0, 0, 0);
  if (at <= now) at.setDate(at.getDate() + 1);
  return at;
}

export async function ensureRetentionSweep(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = nextRun(now);
  const day = dayOf(at);
  await jobs.enqueue(DAILY_SWEEP_JOB, { day }, { runAt: at, key: `${DAILY_SWEEP_JOB}:${day}`, maxAttempts: 10 });
}

export function registerPrivacyJobs(
  deps: { system: SystemScope; config: Config; services: Services; log: FastifyBaseLogger },
  now: () => Date = () => new Date(),
): void {
  const { jobs } = deps.services;
  jobs.register(DAILY_SWEEP_JOB, async (payload) => {
    const { day } = payload as { day: string };
    for (const companyId of await companiesToSweep(deps.system))
      await jobs.enqueue(COMPANY_SWEEP_JOB, { companyId, day }, { key: `${COMPANY_SWEEP_JOB}:${companyId}:${day}`, maxAttempts: 5 });
    // The next night's, after this one's hour (a clock running a little behind never re-queues this night's).
    const ran = dayStart(day);
    ran.setHours(SWEEP_HOUR);
    await ensureRetentionSweep(jobs, new Date(Math.max(now().getTime(), ran.getTime())));
  });
  jobs.register(FACES_AFTER_ERASURE_JOB, async (payload) => {
    const { companyId, visitIds } = payload as { companyId: number; visitIds: number[] };
    const ctx = jobContext(deps, companyId, { job: FACES_AFTER_ERASURE_JOB, account: 'retention', name: 'Retention sweep' });
    const held = await forgetVisitorFaces(ctx.tenant, visitIds);
    // Thrown, the queue asks again later; a terminal that never answers runs out of retries and its row fails.
    if (held.length) throw new Error(`${held.length} erased visitors' faces still held by a face terminal`);
  });
  jobs.register(COMPANY_SWEEP_JOB, async (payload) => {
    const { companyId } = payload as { companyId: number };
    const ctx = jobContext(deps, companyId, { job: COMPANY_SWEEP_JOB, account: 'retention', name: 'Retention sweep' });
    const erased = await fulfilDueRequests(ctx, now());
    const report = await sweepCompany(ctx, 'daily', now());
    ctx.log.info({ removed: report.removed, files: report.files, erasureRequests: erased }, 'retention sweep done');
  });
}
