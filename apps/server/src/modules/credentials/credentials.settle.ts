import { FACE_MAX_ATTEMPTS } from '@openvisit/contract';
import { devicesRepository } from '../../core/entitlements/entitlements.public.js';
import { reportFaceStatus } from '../../core/people/people.public.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { emitEvents } from '../../platform/jobs/eventOutbox.js';
import { type FailedCredential, faceSyncRepository, terminalRepository } from './credentials.repository.js';

/** Backoff after the n-th failure: 1, 2, 4, 8 … minutes, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}

/** What a device (or its driver) said of one change it was given, by the change's seq. */
export interface Outcome {
  seq: number;
  status: 'synced' | 'failed';
  reason?: string;
  /** A face problem code (faceStatusLabels) where the device said the photo was unusable. */
  code?: number | undefined;
}

/**
 * Settles what a device said of the changes it was given, whatever the driver: a change confirmed is live (or, a
 * removal, gone); a failure is tried again after a backoff, and after FACE_MAX_ATTEMPTS failures it is failed with the
 * device's reason (the dead-letter list, until re-issued). An outcome for a seq the row no longer has (changed since)
 * is stale and ignored. Employees' photos report their face status. In the caller's transaction.
 */
export async function settle(tx: TenantScope, deviceId: number, results: Outcome[], now: Date): Promise<{ accepted: number; stale: number }> {
  const repo = terminalRepository(tx);
  const rows = new Map(
    (
      await repo.bySeqs(
        deviceId,
        results.map((r) => r.seq),
      )
    ).map((r) => [r.seq, r]),
  );
  const synced: number[] = [];
  const failed: FailedCredential[] = [];
  const faces: { empId: number; photo: string; face: number }[] = [];
  for (const res of results) {
    const row = rows.get(res.seq);
    if (!row) continue;
    const isPhoto = row.personKind === 'employee' && row.action !== 'remove' && row.photo !== '';
    if (res.status === 'synced') {
      synced.push(row.seq);
      if (isPhoto) faces.push({ empId: row.personId, photo: row.photo, face: 0 });
      continue;
    }
    const attempts = row.attempts + 1;
    const final = attempts >= FACE_MAX_ATTEMPTS;
    const lastError = res.reason || (res.code ? `code ${res.code}` : 'failed');
    await repo.markFailed(row.id, row.seq, {
      status: final ? 'failed' : 'pending',
      attempts,
      lastError,
      nextAttemptAt: final ? null : new Date(now.getTime() + backoffMs(attempts)),
    });
    if (final) failed.push({ ...row, attempts, lastError });
    // A photo the terminal cannot use is the employee's face status (faceStatusLabels), shown in the employee list.
    if (isPhoto && res.code) faces.push({ empId: row.personId, photo: row.photo, face: res.code });
  }
  await repo.markSynced(deviceId, synced, now);
  await reportFaceStatus(tx, faces);
  await emitCredentialFailures(tx, failed);
  const accepted = results.filter((r) => rows.has(r.seq)).length;
  return { accepted, stale: results.length - accepted };
}

/**
 * Changes not confirmed by their deadline (of one terminal, or all) count as a failed attempt (the repository's
 * `unconfirmed`); those at the cap are told of as `credential.failed`. Answers how many. In the caller's transaction.
 */
export async function settleUnconfirmed(tx: TenantScope, now: Date, deviceId?: number): Promise<number> {
  const { count, failed } = await faceSyncRepository(tx).unconfirmed(now, deviceId);
  await emitCredentialFailures(tx, failed);
  return count;
}

/** `credential.failed` for each credential that ran out of attempts, naming its device as it is now. */
async function emitCredentialFailures(tx: TenantScope, failed: FailedCredential[]): Promise<void> {
  if (!failed.length) return;
  const ids = [...new Set(failed.map((f) => f.deviceId))];
  const names = new Map((await devicesRepository(tx).devices({ ids })).map((d) => [d.id, d.name]));
  await emitEvents(
    tx,
    tx.companyId,
    failed.map((f) => {
      const type = f.personKind === 'visitor' || f.personKind === 'resident' ? f.personKind : 'employee';
      const action = f.action === 'remove' || f.action === 'update' ? f.action : 'add';
      return {
        type: 'credential.failed',
        data: {
          device: { id: f.deviceId, name: names.get(f.deviceId) ?? '' },
          person: { type, id: f.personId, name: f.name },
          vid: type === 'visitor' ? f.personId : null,
          action,
          attempts: f.attempts,
          reason: f.lastError,
        },
      };
    }),
  );
}
