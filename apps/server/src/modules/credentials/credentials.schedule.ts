import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany } from '../../platform/identity/tenancy.js';
import type { Listen } from '../../platform/jobs/events.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Services } from '../../platform/services.js';
import { PUSH_DRIVERS } from './credentials.drivers.js';
import { listenForChanges, Pusher } from './credentials.live.js';
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

/** Every company with a device that keeps people, reconciled at `now` (and its pushed-to devices with work pushed); answers how many companies failed. */
export async function reconcileAll(system: SystemScope, secrets: SecretBox, now: Date, log?: FastifyBaseLogger, pusher?: Pusher): Promise<number> {
  let failed = 0;
  for (const companyId of await faceSyncSystemRepository(system).companiesWithTerminals()) {
    try {
      const scope = scopeForCompany(system, companyId);
      await reconcileCompany(scope, secrets, now);
      await pusher?.kickDue(scope);
      await pusher?.sweep(scope, now);
    } catch (err) {
      failed++;
      log?.error({ err, companyId }, 'face sync: reconciliation failed');
    }
  }
  return failed;
}

/**
 * The half-minute job, and where the queue runs, the pusher and the listener that reconciles a company on a change;
 * answers the function that stops them (the app's close).
 */
export function registerFaceSyncJobs(
  deps: {
    system: SystemScope;
    jobs: JobQueue;
    log: FastifyBaseLogger;
    config: Config;
    listen: Listen;
    services: Services;
  },
  now: () => Date = () => new Date(),
): () => Promise<void> {
  const pusher = new Pusher(deps.system, { services: deps.services, config: deps.config, drivers: PUSH_DRIVERS, log: deps.log });
  deps.jobs.register(FACE_SYNC_JOB, async () => {
    if (deps.config.features.accessControl) await reconcileAll(deps.system, deps.services.secrets, now(), deps.log, pusher);
    await ensureFaceSync(deps.jobs, now());
  });
  let stopListening: (() => Promise<void>) | null = null;
  deps.jobs.whenStarted(() => {
    if (!deps.config.features.accessControl) return;
    listenForChanges(deps.listen, deps.system, deps.services.secrets, pusher, deps.log).then(
      (stop) => {
        stopListening = stop;
      },
      (err) => deps.log.error({ err }, 'credentials: not listening for changes'),
    );
  });
  return async () => {
    await stopListening?.();
    await pusher.idle();
  };
}
