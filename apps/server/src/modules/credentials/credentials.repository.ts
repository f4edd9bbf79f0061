import { FACE_ACK_WAIT_MS, FACE_MAX_ATTEMPTS, FACE_NOT_CONFIRMED } from '@openvisit/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { faceCredentials, facePassReceipts, faceSyncState } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type CredentialRow = typeof faceCredentials.$inferSelect;
export type CredentialKey = { deviceId: number; personKind: string; personId: number };
/** What a device should hold of a person. */
export interface Held {
  name: string;
  photo: string;
  /** Access card number, '' for none (residents have none). */
  cardNo: string;
  /** An employee's temporary card, lent and not overdue ('' none): a second card where the device keeps several. */
  tempCard: string;
  /** Whose still QR pass the person shows ('v:<check-in code>', 'r:<resident id>'; '' none or rotating): the driver writes its text. */
  qr: string;
  /** Passes the device may let the person through (a visitor's: the company's qrMaxCount); null: no limit. */
  passLimit: number | null;
  /** The person's vehicle plate, normalized (normalizePlate), where the device is an ANPR camera; '' elsewhere or none. */
  plate: string;
  validFrom: Date | null;
  validTo: Date | null;
  groups: number[];
}
/** The payload of an add or update. */
export type Desired = CredentialKey & Held & { action: 'add' | 'update'; digest: string };
export type CredentialFilter = { deviceId: number; status?: string; personKind?: string; name?: string };

const WRITE_BATCH = 1000;

/** What the `credential.failed` event tells of a credential that ran out of attempts. */
const failedColumns = {
  deviceId: faceCredentials.deviceId,
  personKind: faceCredentials.personKind,
  personId: faceCredentials.personId,
  name: faceCredentials.name,
  action: faceCredentials.action,
  attempts: faceCredentials.attempts,
  lastError: faceCredentials.lastError,
};
export type FailedCredential = { [K in keyof typeof failedColumns]: (typeof failedColumns)[K]['_']['data'] };
/** Every change takes the next seq, so it is in every terminal's next delta. */
const nextSeq = sql`nextval('face_credentials_seq')`;
const resetRetry = { status: 'pending', attempts: 0, lastError: '', nextAttemptAt: null, ackDueAt: null, updatedAt: sql`now()` } as const;

/** A credential as one element of the upsert's JSON parameter. */
const wireRow = (r: Desired) => ({
  d: r.deviceId,
  k: r.personKind,
  p: r.personId,
  a: r.action,
  n: r.name,
  ph: r.photo,
  c: r.cardNo,
  tc: r.tempCard,
  q: r.qr,
  pl: r.passLimit,
  pt: r.plate,
  vf: r.validFrom?.toISOString() ?? null,
  vt: r.validTo?.toISOString() ?? null,
  g: r.groups,
  dg: r.digest,
});

/** One company's credentials (face_credentials: every driver's) as the reconciliation writes them. */
export const faceSyncRepository = scoped(function faceSyncRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const companyId = scope.companyId;
  const fc = faceCredentials;
  const mine = eq(fc.companyId, companyId);
  return {
    current: (visitIds?: number[]) =>
      db
        .select({
          id: fc.id,
          deviceId: fc.deviceId,
          personKind: fc.personKind,
          personId: fc.personId,
          action: fc.action,
          status: fc.status,
          digest: fc.digest,
        })
        .from(fc)
        .where(and(mine, visitIds ? and(eq(fc.personKind, 'visitor'), inArray(fc.personId, visitIds.length ? visitIds : [0])) : undefined)),
    /**
     * Writes adds and updates, each with a new seq. One statement per batch, its rows as one JSON parameter: a
     * multi-row VALUES of this width costs more to build than the database spends on it.
     */
    async upsert(rows: Desired[]): Promise<void> {
      for (let i = 0; i < rows.length; i += WRITE_BATCH) {
        const batch = rows.slice(i, i + WRITE_BATCH).map(wireRow);
        await db.execute(sql`
          INSERT INTO face_credentials (company_id, device_id, person_kind, person_id, action, name, photo, card_no, temp_card, qr, pass_limit, plate, valid_from, valid_to, groups, digest)
          SELECT ${companyId}, u.d, u.k, u.p, u.a, u.n, u.ph, u.c, u.tc, u.q, u.pl, u.pt, u.vf, u.vt, u.g, u.dg
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            AS u(d integer, k text, p integer, a text, n text, ph text, c text, tc text, q text, pl integer, pt text, vf timestamptz, vt timestamptz, g integer[], dg text)
          ON CONFLICT (device_id, person_kind, person_id) DO UPDATE SET
            action = excluded.action, name = excluded.name, photo = excluded.photo, card_no = excluded.card_no, temp_card = excluded.temp_card, qr = excluded.qr,
            pass_limit = excluded.pass_limit, plate = excluded.plate,
            valid_from = excluded.valid_from, valid_to = excluded.valid_to, groups = excluded.groups, digest = excluded.digest,
            seq = ${nextSeq}, status = 'pending', attempts = 0, last_error = '', next_attempt_at = NULL, ack_due_at = NULL,
            updated_at = now()`);
      }
    },
    /** Turns these credentials into removals (the terminal must forget the person). */
    async remove(ids: number[]): Promise<void> {
      for (let i = 0; i < ids.length; i += WRITE_BATCH)
        await db
          .update(fc)
          .set({ action: 'remove', digest: '', seq: nextSeq, ...resetRetry })
          .where(and(mine, inArray(fc.id, ids.slice(i, i + WRITE_BATCH))));
    },
    /** Removes everyone whose window is over, answering how many. */
    expire: (now: Date) =>
      db
        .update(fc)
        .set({ action: 'remove', digest: '', seq: nextSeq, ...resetRetry })
        .where(and(mine, ne(fc.action, 'remove'), isNotNull(fc.validTo), lte(fc.validTo, now)))
        .returning({ id: fc.id })
        .then((r) => r.length),
    /** Failures whose backoff is over go into the terminal's next delta again. */
    retryDue: (now: Date) =>
      db
        .update(fc)
        .set({ seq: nextSeq, nextAttemptAt: null, ackDueAt: null, updatedAt: sql`now()` })
        .where(and(mine, eq(fc.status, 'pending'), isNotNull(fc.nextAttemptAt), lte(fc.nextAttemptAt, now)))
        .returning({ id: fc.id })
        .then((r) => r.length),
    /**
     * Changes pulled but not confirmed by their deadline (of one terminal, or all): a failed attempt with the reason
     * FACE_NOT_CONFIRMED, offered again with a new seq, or failed at the cap. Answers how many, and those failed.
     */
    async unconfirmed(now: Date, deviceId?: number): Promise<{ count: number; failed: FailedCredential[] }> {
      const due = and(
        mine,
        deviceId ? eq(fc.deviceId, deviceId) : undefined,
        eq(fc.status, 'pending'),
        isNotNull(fc.ackDueAt),
        lte(fc.ackDueAt, now),
      );
      const failed = { status: 'failed', lastError: FACE_NOT_CONFIRMED, attempts: sql`${fc.attempts} + 1`, ackDueAt: null, updatedAt: sql`now()` };
      const capped = await db
        .update(fc)
        .set(failed)
        .where(and(due, sql`${fc.attempts} + 1 >= ${FACE_MAX_ATTEMPTS}`))
        .returning(failedColumns);
      const again = await db
        .update(fc)
        .set({ ...failed, status: 'pending', seq: nextSeq })
        .where(due)
        .returning({ id: fc.id });
      return { count: capped.length + again.length, failed: capped };
    },
    /** Employees' credentials to send again whatever their digest (their photo was re-queued). */
    forceEmployees: (empIds: number[]) =>
      empIds.length
        ? db
            .update(fc)
            .set({ seq: nextSeq, action: sql`CASE WHEN ${fc.action} = 'remove' THEN 'remove' ELSE 'update' END`, ...resetRetry })
            .where(and(mine, eq(fc.personKind, 'employee'), inArray(fc.personId, empIds)))
        : Promise.resolve(),
  };
});

/** What a terminal's own calls read and write: its delta, its confirmations, its pass-record receipts. */
export const terminalRepository = scoped(function terminalRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const companyId = scope.companyId;
  const fc = faceCredentials;
  const mine = eq(fc.companyId, companyId);
  return {
    /** A terminal's delta: its rows after `cursor`, in seq order, one more than asked to tell whether more follow. */
    delta: (deviceId: number, cursor: number, limit: number) =>
      db
        .select()
        .from(fc)
        .where(and(mine, eq(fc.deviceId, deviceId), sql`${fc.seq} > ${cursor}`))
        .orderBy(asc(fc.seq))
        .limit(limit + 1),
    /**
     * Pending changes the terminal now holds start their confirmation deadline (once per seq): FACE_ACK_WAIT_MS,
     * doubled per attempt already made, at most an hour. Rows waiting for a retry's backoff are left alone.
     */
    delivered: (deviceId: number, seqs: number[], now: Date) =>
      seqs.length
        ? db
            .update(fc)
            .set({
              ackDueAt: sql`${now.toISOString()}::timestamptz + least(${FACE_ACK_WAIT_MS} * power(2, ${fc.attempts}), 3600000) * interval '1 millisecond'`,
            })
            .where(
              and(mine, eq(fc.deviceId, deviceId), inArray(fc.seq, seqs), eq(fc.status, 'pending'), isNull(fc.ackDueAt), isNull(fc.nextAttemptAt)),
            )
        : Promise.resolve(),
    bySeqs: (deviceId: number, seqs: number[]) =>
      db
        .select()
        .from(fc)
        .where(and(mine, eq(fc.deviceId, deviceId), inArray(fc.seq, seqs.length ? seqs : [0]))),
    /** Confirmed: only while the row is still at the confirmed seq (a newer change must be confirmed itself). */
    markSynced: (deviceId: number, seqs: number[], now: Date) =>
      seqs.length
        ? db
            .update(fc)
            .set({ status: 'synced', attempts: 0, lastError: '', nextAttemptAt: null, ackDueAt: null, syncedAt: now, updatedAt: now })
            .where(and(mine, eq(fc.deviceId, deviceId), inArray(fc.seq, seqs)))
        : Promise.resolve(),
    markFailed: (id: number, seq: number, v: { status: string; attempts: number; lastError: string; nextAttemptAt: Date | null }) =>
      db
        .update(fc)
        .set({ ...v, ackDueAt: null, updatedAt: sql`now()` })
        .where(and(mine, eq(fc.id, id), eq(fc.seq, seq))),
    credential: (deviceId: number, personKind: string, personId: number) =>
      db
        .select()
        .from(fc)
        .where(and(mine, eq(fc.deviceId, deviceId), eq(fc.personKind, personKind), eq(fc.personId, personId)))
        .then((r) => r[0]),
    /** Names of people the company's terminals know, to name a pass record (any terminal's row will do). */
    names: (keys: { personKind: string; personId: number }[]) =>
      keys.length
        ? db
            .selectDistinctOn([fc.personKind, fc.personId], { personKind: fc.personKind, personId: fc.personId, name: fc.name })
            .from(fc)
            .where(
              and(
                mine,
                sql`(${fc.personKind}, ${fc.personId}) IN (${sql.join(
                  keys.map((k) => sql`(${k.personKind}, ${k.personId})`),
                  sql`, `,
                )})`,
              ),
            )
        : Promise.resolve([]),
    receive: (deviceId: number, recordIds: string[]) =>
      db
        .insert(facePassReceipts)
        .values(recordIds.map((recordId) => ({ companyId, deviceId, recordId })))
        .onConflictDoNothing()
        .returning({ recordId: facePassReceipts.recordId })
        .then((r) => r.map((x) => x.recordId)),
    linkReceipts: (deviceId: number, links: { recordId: string; passRecordId: number }[]) =>
      links.length
        ? db.execute(sql`UPDATE face_pass_receipts r SET pass_record_id = v.pid
            FROM (VALUES ${sql.join(
              links.map((l) => sql`(${l.recordId}, ${l.passRecordId}::integer)`),
              sql`, `,
            )}) AS v(rid, pid)
            WHERE r.company_id = ${companyId} AND r.device_id = ${deviceId} AND r.record_id = v.rid`)
        : Promise.resolve(),
  };
});

/** The console's reads of the credentials, and its retry. */
export const credentialsViewRepository = scoped(function credentialsViewRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const companyId = scope.companyId;
  const fc = faceCredentials;
  const mine = eq(fc.companyId, companyId);
  return {
    async page(f: CredentialFilter, offset: number, limit: number) {
      const where = (withStatus: boolean): SQL | undefined =>
        and(
          mine,
          eq(fc.deviceId, f.deviceId),
          withStatus && f.status ? eq(fc.status, f.status) : undefined,
          f.personKind ? eq(fc.personKind, f.personKind) : undefined,
          f.name ? ilike(fc.name, containsPattern(f.name)) : undefined,
        );
      const [rows, counts] = await Promise.all([
        db.select().from(fc).where(where(true)).orderBy(desc(fc.updatedAt), desc(fc.id)).offset(offset).limit(limit),
        db.select({ status: fc.status, n: count() }).from(fc).where(where(false)).groupBy(fc.status),
      ]);
      return { rows, counts };
    },
    /** Per change and status, and the queue: due now, being written (claimed or pulled), waiting for a retry. */
    async tallies(deviceId: number) {
      const of = and(mine, eq(fc.deviceId, deviceId));
      const [states, [queue]] = await Promise.all([
        db.select({ action: fc.action, status: fc.status, n: count() }).from(fc).where(of).groupBy(fc.action, fc.status),
        selectRows<{ due: number; in_flight: number; waiting: number }>(
          db,
          sql`SELECT count(*) FILTER (WHERE ack_due_at IS NULL AND next_attempt_at IS NULL)::int AS due,
            count(*) FILTER (WHERE ack_due_at IS NOT NULL)::int AS in_flight,
            count(*) FILTER (WHERE next_attempt_at IS NOT NULL)::int AS waiting
            FROM face_credentials WHERE company_id = ${companyId} AND device_id = ${deviceId} AND status = 'pending'`,
        ),
      ]);
      return { states, queue: { due: queue?.due ?? 0, inFlight: queue?.in_flight ?? 0, waiting: queue?.waiting ?? 0 } };
    },
    /** Per device: failed credentials, pending ones and the oldest pending change. */
    troubles: () =>
      db
        .select({
          deviceId: fc.deviceId,
          failed: sql<number>`count(*) FILTER (WHERE ${fc.status} = 'failed')::int`,
          pending: sql<number>`count(*) FILTER (WHERE ${fc.status} = 'pending')::int`,
          oldestPendingAt: sql<Date | null>`min(${fc.updatedAt}) FILTER (WHERE ${fc.status} = 'pending')`.mapWith(fc.updatedAt),
        })
        .from(fc)
        .where(and(mine, sql`${fc.status} <> 'synced'`))
        .groupBy(fc.deviceId),
    ofPerson: (personKind: string, personId: number) =>
      db
        .select()
        .from(fc)
        .where(and(mine, eq(fc.personKind, personKind), eq(fc.personId, personId)))
        .orderBy(asc(fc.deviceId)),
    /** Failed credentials of a terminal back to pending with a new seq: all, or these ids; answers the ids. */
    retryFailed: (deviceId: number, ids?: number[]) =>
      db
        .update(fc)
        .set({ seq: nextSeq, ...resetRetry })
        .where(and(mine, eq(fc.deviceId, deviceId), eq(fc.status, 'failed'), ids ? inArray(fc.id, ids) : undefined))
        .returning({ id: fc.id })
        .then((r) => r.map((x) => x.id)),
    ofDevice: (deviceId: number, ids: number[]) =>
      db
        .select({ id: fc.id })
        .from(fc)
        .where(and(mine, eq(fc.deviceId, deviceId), inArray(fc.id, ids)))
        .then((r) => r.map((x) => x.id)),
  };
});

/**
 * The sync's watermark and fingerprint. The fingerprint reads other modules' tables only to tell whether anything
 * changed (counts, last updates, hashes of the link tables), never their content.
 */
export const syncStateRepository = scoped(function syncStateRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const companyId = scope.companyId;
  return {
    /**
     * The company's state, locked to the end of the caller's transaction: two reconciliations of one company (the
     * half-minute run and one on a change, or two processes) run one after the other, the second seeing the first's rows.
     */
    async lockedState() {
      await db.insert(faceSyncState).values({ companyId }).onConflictDoNothing();
      const [row] = await db.select().from(faceSyncState).where(eq(faceSyncState.companyId, companyId)).for('update');
      return row;
    },
    saveState: (v: { visitEventId: number; fingerprint: string; fullAt: Date | null }) =>
      db
        .insert(faceSyncState)
        .values({ companyId, ...v })
        .onConflictDoUpdate({ target: faceSyncState.companyId, set: v }),
    /**
     * Whether anything but visits changed: people, groups, membership, grants, blacklist, temporary cards (counts, last
     * updates, cards gone overdue, hashes of the link tables). Devices' own rows are left out: their last-seen stamp changes every minute.
     */
    fingerprint: () =>
      selectRows<{ fp: string }>(
        db,
        sql`SELECT concat_ws('|',
          (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM employees WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM resident_visitors WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM device_groups WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM listed_people WHERE company_id = ${companyId} AND kind = 'black'),
          (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || count(*) FILTER (WHERE status = 1 AND due_at < now())
            FROM interim_cards WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(sum(hashtext(id || kind || driver || status)), 0) FROM devices WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(sum(hashtext(group_id || ':' || device_id)), 0) FROM device_group_devices WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(sum(hashtext(group_id || ':' || emp_id)), 0) FROM employee_device_groups WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(sum(hashtext(group_id || ':' || visitor_type_id)), 0) FROM visitor_type_device_groups WHERE company_id = ${companyId}),
          (SELECT count(*) || ':' || coalesce(sum(hashtext(group_id || ':' || resident_id)), 0) FROM resident_device_groups WHERE company_id = ${companyId})
        ) AS fp`,
      ).then((r) => r[0]?.fp ?? ''),
    /** Records the receipts, answering the record ids not received before (the only ones to record). */
  };
});
