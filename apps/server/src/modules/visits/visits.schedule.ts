import { signOutOverdue } from '../../core/visits/visits.public.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';

/**
 * Automatic sign-out (spec: leaveExpiryTime): every few minutes, visitors still signed in after their leave time are
 * signed out as of that time, in companies that set a leave expiry. One job per time slot, keyed by the slot, so any
 * number of processes may schedule it and each slot runs once; each run queues the next.
 */
export const AUTO_SIGN_OUT_JOB = 'visits.autoSignOut';
export const AUTO_SIGN_OUT_EVERY_MS = 5 * 60_000;

function slotAfter(now: Date): Date {
  return new Date(Math.floor(now.getTime() / AUTO_SIGN_OUT_EVERY_MS) * AUTO_SIGN_OUT_EVERY_MS + AUTO_SIGN_OUT_EVERY_MS);
}

export async function ensureAutoSignOut(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = slotAfter(now);
  await jobs.enqueue(AUTO_SIGN_OUT_JOB, { at: at.toISOString() }, { runAt: at, key: `${AUTO_SIGN_OUT_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

export function registerVisitJobs(deps: { system: SystemScope; jobs: JobQueue }, now: () => Date = () => new Date()): void {
  deps.jobs.register(AUTO_SIGN_OUT_JOB, async () => {
    await signOutOverdue(deps.system, now());
    await ensureAutoSignOut(deps.jobs, now());
  });
}
