import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type SystemScope, scopeForCompany } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { reconcileCompany } from './credentials.reconcile.js';
import { faceSyncSystemRepository } from './credentials.system.repository.js';

/**
 * The face terminals' reconciliation runs every half minute, one job per slot keyed by the slot (any number of
 * processes may schedule it; each slot runs once), each run queuing the next. A company that fails is logged and
 * tried again at the next slot; the others go on.
 */
export const FACE_SYNC_JOB = 'faceSync.reconcile';
export const FACE_SYNC_EVERY_MS = 30_000;

export async function ensureFaceSync(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / FACE_SYNC_EVERY_MS) * FACE_SYNC_EVERY_MS + FACE_SYNC_EVERY_MS);
  await jobs.enqueue(FACE_SYNC_JOB, { at: at.toISOString() }, { runAt: at, key: `${FACE_SYNC_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

/** Every company with a face terminal, reconciled at `now`; answers how many companies failed. */
export async function reconcileAll(system: SystemScope, now: Date, log?: FastifyBaseLogger): Promise<number> {
  let failed = 0;
  for (const companyId of await faceSyncSystemRepository(system).companiesWithTerminals()) {
    try {
      await reconcileCompany(scopeForCompany(system, companyId), now);
    } catch (err) {
      failed++;
      log?.error({ err, companyId }, 'face sync: reconciliation failed');
    }
  }
  return failed;
}

export function registerFaceSyncJobs(
  deps: { system: SystemScope; jobs: JobQueue; log: FastifyBaseLogger; config: Config },
  now: () => Date = () => new Date(),
): void {
  deps.jobs.register(FACE_SYNC_JOB, async () => {
    if (deps.config.features.accessControl) await reconcileAll(deps.system, now(), deps.log);
    await ensureFaceSync(deps.jobs, now());
  });
}
