import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { faceCredentials } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** The queue of a pushed-to device (a driver the server calls, not one that pulls): claims, releases, who has work. */
export const pushQueueRepository = scoped(function pushQueueRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const fc = faceCredentials;
  const mine = eq(fc.companyId, scope.companyId);
  const due = and(mine, eq(fc.status, 'pending'), isNull(fc.ackDueAt), isNull(fc.nextAttemptAt));
  return {
    /** Every credential of the device (a readback compares them with what it holds). */
    ofDevice: (deviceId: number) =>
      db
        .select()
        .from(fc)
        .where(and(mine, eq(fc.deviceId, deviceId))),
    /** Credentials a readback found wrong on the device: written again (a new seq, attempts from zero), with why. */
    requeue: (deviceId: number, ids: number[], reason: string) =>
      ids.length
        ? db
            .update(fc)
            .set({
              seq: sql`nextval('face_credentials_seq')`,
              status: 'pending',
              attempts: 0,
              lastError: reason,
              nextAttemptAt: null,
              ackDueAt: null,
              updatedAt: sql`now()`,
            })
            .where(and(mine, eq(fc.deviceId, deviceId), inArray(fc.id, ids)))
        : Promise.resolve(),
    /**
     * A pushed-to device's next changes, claimed for `leaseMs` (the confirmation deadline of a pull): pending, not
     * waiting for a retry's backoff, not claimed by another run; in seq order.
     */
    claim: (deviceId: number, limit: number, now: Date, leaseMs: number) =>
      db
        .update(fc)
        .set({ ackDueAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            fc.id,
            db
              .select({ id: fc.id })
              .from(fc)
              .where(and(due, eq(fc.deviceId, deviceId)))
              .orderBy(asc(fc.seq))
              .limit(limit),
          ),
        )
        .returning()
        .then((r) => r.sort((a, b) => a.seq - b.seq)),
    /** Claimed changes the device could not be asked about (it refused us, or was not there): back in the queue, with why. */
    release: (deviceId: number, seqs: number[], reason: string) =>
      seqs.length
        ? db
            .update(fc)
            .set({ ackDueAt: null, lastError: reason, updatedAt: sql`now()` })
            .where(and(mine, eq(fc.deviceId, deviceId), inArray(fc.seq, seqs), eq(fc.status, 'pending')))
        : Promise.resolve(),
    /** The company's pushed-to devices with changes due now. */
    devicesDue: (deviceIds: number[]) =>
      deviceIds.length
        ? db
            .selectDistinct({ deviceId: fc.deviceId })
            .from(fc)
            .where(and(due, inArray(fc.deviceId, deviceIds)))
            .then((r) => r.map((x) => x.deviceId))
        : Promise.resolve([]),
    /** The device's rows (any state) holding these plates: whose plate a camera read. */
    plateHolders: (deviceId: number, plates: string[]) =>
      plates.length
        ? db
            .select()
            .from(fc)
            .where(and(mine, eq(fc.deviceId, deviceId), inArray(fc.plate, plates)))
        : Promise.resolve([]),
  };
});
