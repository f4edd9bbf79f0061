import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import type { JobQueue } from '../jobs/jobs.js';

/**
 * `Idempotency-Key` on a write call (platform/http/calls.ts): the first request with a key runs and its answer is
 * kept for 24 hours; a repeat with the same body gets that answer again (header `Idempotent-Replayed: true`) without
 * running, one with another body or of another call is refused (1407), one while the first still runs waits its turn
 * (1408). Keys belong to a company and a caller: the same key sent by another company or account is another key.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEPT_HOURS = 24;
/**
 * How long a first request may run before its key is free again: a request whose process died mid-way is then run
 * anew by its repeat (it may have written before dying: a call that must never run twice carries its own key in its
 * body too, as a kiosk's walk-in its `clientKey`).
 */
const RUNNING_SECONDS = 60;
/** Printable ASCII, as the IETF draft and Stripe allow, 1–255 characters. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export interface Caller {
  companyId: number;
  principal: string;
}

export type Claim = { kind: 'run' } | { kind: 'replay'; answer: unknown } | { kind: 'mismatch' } | { kind: 'running' };

/** The header's key, null without one, 'invalid' for one no client should send. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | null | 'invalid' {
  const v = headers[IDEMPOTENCY_HEADER];
  if (v === undefined) return null;
  return typeof v === 'string' && KEY_FORMAT.test(v) ? v : 'invalid';
}

/** Key order does not make two bodies different. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object' && !(v instanceof Date))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

export function requestHash(call: string, input: unknown): string {
  return createHash('sha256')
    .update(`${call}\n${JSON.stringify(canonical(input)) ?? ''}`)
    .digest('hex');
}

/** Takes the key for this request, or says what the earlier request with it decided. */
export async function claimKey(db: Db, who: Caller, key: string, call: string, hash: string): Promise<Claim> {
  const taken = await db.execute(sql`
    INSERT INTO idempotency_keys (company_id, principal, key, call, request_hash, state, locked_until)
    VALUES (${who.companyId}, ${who.principal}, ${key}, ${call}, ${hash}, 'running', now() + make_interval(secs => ${RUNNING_SECONDS}))
    ON CONFLICT (company_id, principal, key) DO UPDATE SET call = excluded.call, request_hash = excluded.request_hash,
      state = 'running', response = NULL, locked_until = excluded.locked_until, created_at = now()
    WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEPT_HOURS})
      OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_until < now() AND idempotency_keys.request_hash = excluded.request_hash)
    RETURNING 1 AS taken`);
  if ((taken as unknown as { rows: unknown[] }).rows.length) return { kind: 'run' };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, who.companyId), eq(idempotencyKeys.principal, who.principal), eq(idempotencyKeys.key, key)));
  if (!row || row.requestHash !== hash || row.call !== call) return { kind: 'mismatch' };
  return row.state === 'done' ? { kind: 'replay', answer: row.response } : { kind: 'running' };
}

/** The answer given, kept for repeats. */
export async function keepAnswer(db: Db, who: Caller, key: string, answer: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', response: answer, lockedUntil: null })
    .where(and(eq(idempotencyKeys.companyId, who.companyId), eq(idempotencyKeys.principal, who.principal), eq(idempotencyKeys.key, key)));
}

/** No answer to keep (the server failed, the database was away): the key is free for the repeat to run. */
export async function releaseKey(db: Db, who: Caller, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, who.companyId),
        eq(idempotencyKeys.principal, who.principal),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}

const PRUNE_JOB = 'idempotency.prune';

/** Keys past their 24 hours are deleted hourly (a repeat after that runs as a new request anyway). */
export function registerIdempotencyJobs(deps: { db: Db; jobs: JobQueue }): void {
  const next = () => {
    const at = new Date(Math.floor(Date.now() / 3600_000) * 3600_000 + 3600_000);
    return deps.jobs.enqueue(PRUNE_JOB, {}, { runAt: at, key: `${PRUNE_JOB}:${at.toISOString()}` });
  };
  deps.jobs.register(PRUNE_JOB, async () => {
    await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEPT_HOURS * 3600_000)));
    await next();
  });
  deps.jobs.whenStarted(() => void next().catch(() => undefined));
}
