import type { FileStore } from '../../platform/files/files.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { photoPath } from './logistics.photos.js';
import { logisticsSystemRepository } from './logistics.system.repository.js';

/**
 * The photo sweep: a booking photo no booking of its company names a day after its upload (never booked, dropped by
 * a change, its company gone) leaves the store. The day lets a carrier upload and then fill in the booking. One job per
 * hour slot, keyed by the slot, so any number of processes may schedule it and each slot runs once; each run queues
 * the next.
 */
export const PHOTO_SWEEP_JOB = 'logistics.sweepPhotos';
export const PHOTO_SWEEP_EVERY_MS = 60 * 60_000;
export const PHOTO_GRACE_MS = 24 * 60 * 60_000;
const BATCH = 200;

/** Removes the unnamed photos uploaded before `now` less the grace; answers how many. */
export async function sweepPhotos(system: SystemScope, files: FileStore, now: Date = new Date()): Promise<number> {
  const repo = logisticsSystemRepository(system);
  const before = new Date(now.getTime() - PHOTO_GRACE_MS);
  let removed = 0;
  for (;;) {
    const rows = await repo.claimOrphanUploads(before, BATCH);
    for (const [i, row] of rows.entries()) {
      try {
        await files.remove(photoPath(row.company_id, row.key));
      } catch (err) {
        await repo.restoreUploads(rows.slice(i));
        throw err;
      }
    }
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export async function ensurePhotoSweep(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / PHOTO_SWEEP_EVERY_MS) * PHOTO_SWEEP_EVERY_MS + PHOTO_SWEEP_EVERY_MS);
  await jobs.enqueue(PHOTO_SWEEP_JOB, { at: at.toISOString() }, { runAt: at, key: `${PHOTO_SWEEP_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

export function registerLogisticsJobs(deps: { system: SystemScope; jobs: JobQueue; files: FileStore }, now: () => Date = () => new Date()): void {
  deps.jobs.register(PHOTO_SWEEP_JOB, async () => {
    await sweepPhotos(deps.system, deps.files, now());
    await ensurePhotoSweep(deps.jobs, now());
  });
}
