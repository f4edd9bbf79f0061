import type { LogDescKey } from '@openvisit/contract';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.js';
import { operationLogHeads, operationLogs } from '../../db/schema/index.js';
import type { SecretBox } from '../identity/crypto.js';
import { type DbOrScope, dbFrom } from '../identity/tenancy.js';
import type { JobQueue } from '../jobs/jobs.js';

/**
 * The operation log as a chain per company: each entry carries its place (seq), the previous entry's hash and its own,
 * an HMAC under a key derived from the server's secret over its fields and that previous hash. Someone with only the
 * database (no SECRET_KEY) cannot change, remove, add or reorder an entry without `verifyChain` naming where. An
 * erasure may blank an entry's personal fields: the chain covers their keyed digest (pii_digest), not the fields, and
 * the blanked entry names the erasure entry that did it (redacted_by), itself in the chain.
 */

type Row = typeof operationLogs.$inferSelect;
/** Every field the chain covers, as a read gives it back: a column left to its default would hash differently. */
export type ChainedValues = Pick<
  Row,
  | 'companyId'
  | 'optId'
  | 'optName'
  | 'optRole'
  | 'ipAddr'
  | 'objId'
  | 'objName'
  | 'optEvent'
  | 'optClient'
  | 'optModule'
  | 'optDesc'
  | 'descKey'
  | 'descParams'
  | 'oTime'
  | 'details'
>;
type Fields = ChainedValues;

/** JSON with object keys sorted at every level: jsonb hands objects back in its own key order. */
function stable(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fields an erasure may blank: who acted, from where, on what, and the sentence naming them. */
function personal(f: Fields): string {
  return stable([f.optId, f.optName, f.ipAddr, f.objName, f.optDesc, f.descParams ?? null, f.details ?? null]);
}

function entryHash(secrets: SecretBox, f: Fields, seq: number, prevHash: string, piiDigest: string): string {
  const frame = [
    f.companyId,
    seq,
    prevHash,
    f.oTime.getTime(),
    f.optRole,
    f.optEvent,
    f.optClient,
    f.optModule,
    f.objId,
    f.descKey ?? null,
    piiDigest,
  ];
  return secrets.mac('oplog.chain', stable(frame));
}

const piiDigestOf = (secrets: SecretBox, f: Fields) => secrets.mac('oplog.pii', personal(f));

/** Locks the company's head until the transaction ends (made on its first entry) and answers the last seq and hash. */
async function lockHead(tx: Db, companyId: number): Promise<{ seq: number; hash: string }> {
  const [head] = await selectRows<{ seq: number; hash: string }>(
    tx,
    sql`INSERT INTO operation_log_heads (company_id) VALUES (${companyId})
        ON CONFLICT (company_id) DO UPDATE SET seq = operation_log_heads.seq RETURNING seq, hash`,
  );
  return head ?? { seq: 0, hash: '' };
}

/**
 * Appends one entry to its company's chain in two statements: the head's upsert locks it (until the commit) and answers
 * the last seq and hash; the entry and the new head are then written together.
 */
export async function appendChained(on: DbOrScope, secrets: SecretBox, f: ChainedValues): Promise<number> {
  return dbFrom(on).transaction(async (tx) => {
    const head = await lockHead(tx, f.companyId);
    const seq = head.seq + 1;
    const prev = head.hash;
    const piiDigest = piiDigestOf(secrets, f);
    const hash = entryHash(secrets, f, seq, prev, piiDigest);
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    await tx.execute(sql`
      WITH entry AS (
        INSERT INTO operation_logs (company_id, opt_id, opt_name, opt_role, ip_addr, obj_id, obj_name, opt_event, opt_client,
          opt_module, opt_desc, desc_key, desc_params, o_time, details, seq, prev_hash, hash, pii_digest)
        VALUES (${f.companyId}, ${f.optId}, ${f.optName}, ${f.optRole}, ${f.ipAddr}, ${f.objId}, ${f.objName}, ${f.optEvent},
          ${f.optClient}, ${f.optModule}, ${f.optDesc}, ${f.descKey}, ${json(f.descParams)}::jsonb, ${f.oTime.toISOString()}::timestamptz,
          ${json(f.details)}::jsonb, ${seq}, ${prev}, ${hash}, ${piiDigest}))
      UPDATE operation_log_heads SET seq = ${seq}, hash = ${hash} WHERE company_id = ${f.companyId}`);
    return seq;
  });
}

/**
 * Seals the entries written before the chain existed (up to each head's legacy_up_to) into it, a batch per transaction;
 * the start-up job's work. Entries added since without a seq are never sealed: `verifyChain` reports them.
 */
export async function sealLegacy(db: Db, secrets: SecretBox, batch = 500): Promise<number> {
  let sealed = 0;
  const heads = await db.select().from(operationLogHeads).where(isNotNull(operationLogHeads.legacyUpTo));
  for (const { companyId, legacyUpTo } of heads) {
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const head = await lockHead(tx, companyId);
        const rows = await tx
          .select()
          .from(operationLogs)
          .where(and(eq(operationLogs.companyId, companyId), isNull(operationLogs.seq), lte(operationLogs.id, legacyUpTo ?? 0)))
          .orderBy(asc(operationLogs.id))
          .limit(batch);
        let { seq, hash } = head;
        for (const r of rows) {
          seq += 1;
          const piiDigest = piiDigestOf(secrets, r);
          const next = entryHash(secrets, r, seq, hash, piiDigest);
          await tx.update(operationLogs).set({ seq, prevHash: hash, hash: next, piiDigest }).where(eq(operationLogs.id, r.id));
          hash = next;
        }
        const done = rows.length < batch;
        await tx
          .update(operationLogHeads)
          .set({ seq, hash, ...(done ? { legacyUpTo: null } : {}) })
          .where(eq(operationLogHeads.companyId, companyId));
        return rows.length;
      });
      sealed += n;
      if (n < batch) break;
    }
  }
  return sealed;
}

/**
 * The erasure entry (a server entry: a client's addLog writes no key) lists the entries it blanked in its details, so
 * a blanked entry is accepted only where the chain holds the erasure that names it.
 */
export const ERASURE_KEY = 'personErased' satisfies LogDescKey;
/** The retention sweep's entry, which blanks the entries about the visits it anonymised the same way. */
export const RETENTION_KEY = 'retentionSwept' satisfies LogDescKey;
const REDACTING_KEYS: ReadonlySet<string> = new Set([ERASURE_KEY, RETENTION_KEY]);
function erasedIds(details: unknown): number[] {
  const ids = (details as { redacted?: unknown } | null)?.redacted;
  return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === 'number') : [];
}

export type ChainBreakReason = 'changed' | 'missing' | 'reordered' | 'unchained' | 'truncated' | 'badRedaction';
export interface ChainBreak {
  reason: ChainBreakReason;
  /** The place in the chain where it broke (for `unchained`, none). */
  seq: number | null;
  /** The entry found there (none when it was removed). */
  id: number | null;
  oTime: Date | null;
}
export interface ChainReport {
  /** Entries checked, in chain order. */
  checked: number;
  /** Entries written before the chain that the start-up job has not sealed yet. */
  pending: number;
  firstBroken: ChainBreak | null;
}

/** Checks a company's chain from its first entry to its head and names the first entry where it breaks. */
export async function verifyChain(on: DbOrScope, secrets: SecretBox, companyId: number, batch = 1000): Promise<ChainReport> {
  const db = dbFrom(on);
  const [head] = await db.select().from(operationLogHeads).where(eq(operationLogHeads.companyId, companyId));
  let expected = 1;
  let prev = '';
  let checked = 0;
  const erasures = new Map<number, ReadonlySet<number>>();
  const redacted: Row[] = [];
  const broke = (reason: ChainBreakReason, seq: number | null, r: Row | null): ChainReport => ({
    checked,
    pending: 0,
    firstBroken: { reason, seq, id: r?.id ?? null, oTime: r?.oTime ?? null },
  });
  let report: ChainReport | null = null;
  outer: for (;;) {
    const rows = await db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, companyId), isNotNull(operationLogs.seq), gt(operationLogs.seq, expected - 1)))
      .orderBy(asc(operationLogs.seq))
      .limit(batch);
    for (const r of rows) {
      const seq = r.seq ?? 0;
      if (seq !== expected) {
        report = broke('missing', expected, null);
        break outer;
      }
      if ((r.prevHash ?? '') !== prev) {
        report = broke('reordered', seq, r);
        break outer;
      }
      const digestOk = r.redactedBy !== null || piiDigestOf(secrets, r) === r.piiDigest;
      if (!digestOk || entryHash(secrets, r, seq, prev, r.piiDigest ?? '') !== r.hash) {
        report = broke('changed', seq, r);
        break outer;
      }
      if (r.descKey !== null && REDACTING_KEYS.has(r.descKey)) erasures.set(seq, new Set(erasedIds(r.details)));
      if (r.redactedBy !== null) redacted.push(r);
      prev = r.hash ?? '';
      expected += 1;
      checked += 1;
    }
    if (rows.length < batch) break;
  }
  if (!report && head && (head.seq !== expected - 1 || head.hash !== prev)) report = broke('truncated', expected, null);
  if (!report) {
    const bad = redacted.find((r) => !erasures.get(r.redactedBy ?? 0)?.has(r.id));
    if (bad) report = broke('badRedaction', bad.seq, bad);
  }
  const legacy = head?.legacyUpTo ?? null;
  const unchained = await db
    .select({ id: operationLogs.id, oTime: operationLogs.oTime })
    .from(operationLogs)
    .where(and(eq(operationLogs.companyId, companyId), isNull(operationLogs.seq), legacy === null ? undefined : gt(operationLogs.id, legacy)))
    .orderBy(asc(operationLogs.id))
    .limit(1);
  const [pending] =
    legacy === null
      ? [{ n: 0 }]
      : await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(operationLogs)
          .where(and(eq(operationLogs.companyId, companyId), isNull(operationLogs.seq), lte(operationLogs.id, legacy)));
  const first = unchained[0];
  if (!report && first) report = { checked, pending: 0, firstBroken: { reason: 'unchained', seq: null, id: first.id, oTime: first.oTime } };
  return { ...(report ?? { checked, pending: 0, firstBroken: null }), checked, pending: pending?.n ?? 0 };
}

/** The entries of a module about these objects (id and name as logged) not blanked yet: what an erasure blanks. */
export async function entriesNaming(
  on: DbOrScope,
  companyId: number,
  module: number,
  objects: readonly { objId: string; objName: string }[],
): Promise<number[]> {
  if (!objects.length) return [];
  const rows = await selectRows<{ id: number }>(
    dbFrom(on),
    sql`SELECT id FROM operation_logs WHERE company_id = ${companyId} AND opt_module = ${module} AND redacted_by IS NULL
        AND (obj_id, obj_name) IN (SELECT * FROM unnest(${sql.param(objects.map((o) => o.objId))}::text[], ${sql.param(objects.map((o) => o.objName))}::text[]))`,
  );
  return rows.map((r) => r.id);
}

/**
 * The entries about a person (an erasure): naming them as the object (alone, or among a list of names), or carrying
 * one of their phones, e-mails or ID numbers anywhere in the entry's text. Entries already blanked are left out.
 */
export async function entriesMentioning(
  on: DbOrScope,
  companyId: number,
  person: { names: readonly string[]; needles: readonly string[] },
): Promise<number[]> {
  const names = [...new Set(person.names.filter((n) => n.trim() !== ''))];
  const needles = [...new Set(person.needles.filter((n) => n.length >= 5))].map((n) => `%${n.replace(/[\\%_]/g, '\\$&')}%`);
  if (!names.length && !needles.length) return [];
  const text = sql`(obj_name || ' ' || opt_desc || ' ' || coalesce(desc_params::text, '') || ' ' || coalesce(details::text, ''))`;
  const named = sql`', ' || obj_name || ', ' LIKE ANY (SELECT '%, ' || replace(replace(replace(n, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || ', %'
    FROM unnest(${sql.param(names)}::text[]) n)`;
  const carrying = sql`${text} ILIKE ANY (${sql.param(needles)}::text[])`;
  const about = names.length && needles.length ? sql`(${named} OR ${carrying})` : names.length ? named : carrying;
  const rows = await selectRows<{ id: number }>(
    dbFrom(on),
    sql`SELECT id FROM operation_logs WHERE company_id = ${companyId} AND redacted_by IS NULL AND ${about}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Blanks the personal fields of a person's entries (an erasure): the entries stay in the chain, which still covers
 * their digest, and each names the erasure entry `bySeq` that blanked it.
 */
export async function redactEntries(on: DbOrScope, companyId: number, ids: readonly number[], bySeq: number): Promise<void> {
  if (!ids.length) return;
  await dbFrom(on)
    .update(operationLogs)
    .set({ optId: '', optName: '', ipAddr: '', objName: '', optDesc: '', descParams: null, details: null, redactedBy: bySeq })
    .where(and(eq(operationLogs.companyId, companyId), sql`${operationLogs.id} = ANY(${sql.param([...ids])}::int[])`));
}

/** The companies that have a chain (the operator's check goes through each). */
export async function chainedCompanies(on: DbOrScope): Promise<number[]> {
  const rows = await dbFrom(on).select({ id: operationLogHeads.companyId }).from(operationLogHeads).orderBy(asc(operationLogHeads.companyId));
  return rows.map((r) => r.id);
}

export const SEAL_LEGACY_JOB = 'oplog.sealLegacy';

/** After the upgrade that brought the chain, a job seals the entries written before it (nothing to do on later starts). */
export async function registerAuditChainJobs(deps: { db: DbOrScope; jobs: JobQueue; secrets: SecretBox }): Promise<void> {
  const db = dbFrom(deps.db);
  deps.jobs.register(SEAL_LEGACY_JOB, async () => {
    await sealLegacy(db, deps.secrets);
  });
  const [pending] = await db
    .select({ id: operationLogHeads.companyId })
    .from(operationLogHeads)
    .where(isNotNull(operationLogHeads.legacyUpTo))
    .limit(1);
  if (pending) await deps.jobs.enqueue(SEAL_LEGACY_JOB, {}, { maxAttempts: 5 });
}
