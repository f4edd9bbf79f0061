import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { signInFailures } from '../../db/schema/index.js';
import type { JobQueue } from '../jobs/jobs.js';
import type { AccountKind } from './sessions.js';
import { type DbOrScope, dbFrom } from './tenancy.js';

/*
 * Failed sign-ins, counted three ways in one table so every process shares them:
 *   - the account at one source (its client address): warned, then locked with a growing back-off;
 *   - the account from anywhere (source ''): asks for the captcha, and failures from other sources make it wait a
 *     growing delay after the last one (guesses spread over many addresses); never a lock, and a device the account
 *     signed in from before does not wait (platform/identity/knownDevices.ts), so a stranger cannot lock the owner out;
 *   - the source against any account (kind '', id 0): asks for the captcha (one address spraying many accounts).
 * A count left alone for FORGET_HOURS starts again; the jobs loop deletes such rows once their lock has run out.
 */

const FORGET_HOURS = 24;
const ANY_SOURCE = '';
const ANY_ACCOUNT = { kind: '', id: 0 } as const;

export interface SignInAccount {
  /** `unknown:<kind>`: a sign-in name no account answers to, counted like an account so its answers match one's. */
  kind: AccountKind | `unknown:${AccountKind}`;
  id: number;
}

type Policy = Config['lockout'];

interface Counts {
  /** The pair's lock, when it still runs. */
  lockedUntil: Date | null;
  accountFailures: number;
  /** The account's failures from this source. */
  pairFailures: number;
  /** When the account last failed, from anywhere. */
  accountFailedAt: Date | null;
  sourceFailures: number;
}

const fresh = sql`${signInFailures.updatedAt} > now() - make_interval(hours => ${FORGET_HOURS})`;

/** The lock of the account at this source and the counts that decide whether a captcha is due. */
export async function signInCounts(on: DbOrScope, account: SignInAccount | null, source: string): Promise<Counts> {
  const keys = [and(eq(signInFailures.kind, ANY_ACCOUNT.kind), eq(signInFailures.accountId, ANY_ACCOUNT.id), eq(signInFailures.source, source))];
  if (account)
    keys.push(
      and(eq(signInFailures.kind, account.kind), eq(signInFailures.accountId, account.id), inArray(signInFailures.source, [source, ANY_SOURCE])),
    );
  const rows = await dbFrom(on)
    .select()
    .from(signInFailures)
    .where(and(or(...keys), fresh));
  const counts: Counts = { lockedUntil: null, accountFailures: 0, pairFailures: 0, accountFailedAt: null, sourceFailures: 0 };
  for (const r of rows) {
    if (r.kind === ANY_ACCOUNT.kind) counts.sourceFailures = r.failures;
    else if (r.source === ANY_SOURCE) {
      counts.accountFailures = r.failures;
      counts.accountFailedAt = r.updatedAt;
    } else {
      counts.pairFailures = r.failures;
      if (r.lockedUntil && r.lockedUntil.getTime() > Date.now()) counts.lockedUntil = r.lockedUntil;
    }
  }
  return counts;
}

/**
 * Until when the account waits, for guesses spread over other addresses: from `spreadAfter` failures elsewhere, 1 s
 * after the last failure, twice as long with each further one, at most `spreadMaxDelaySeconds`. Guesses refused while
 * it waits are not counted (the password is not even tried), so the wait stays bounded. One address failing alone is
 * the pair's business (warnings, then its lock), not this.
 */
export function spreadDelayUntil(counts: Counts, policy: Policy): Date | null {
  const elsewhere = counts.accountFailures - counts.pairFailures;
  if (elsewhere < policy.spreadAfter || !counts.accountFailedAt) return null;
  const seconds = Math.min(policy.spreadMaxDelaySeconds, 2 ** Math.min(elsewhere - policy.spreadAfter, 20));
  const until = new Date(counts.accountFailedAt.getTime() + seconds * 1000);
  return until.getTime() > Date.now() ? until : null;
}

/** Adds one failure to a key, forgetting a stale count; answers the new count and how often the key was locked. */
async function bump(on: DbOrScope, kind: string, accountId: number, source: string): Promise<{ failures: number; locks: number }> {
  const stale = sql`${signInFailures.updatedAt} <= now() - make_interval(hours => ${FORGET_HOURS})`;
  const [row] = await dbFrom(on)
    .insert(signInFailures)
    .values({ kind, accountId, source, failures: 1 })
    .onConflictDoUpdate({
      target: [signInFailures.kind, signInFailures.accountId, signInFailures.source],
      set: {
        failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
        locks: sql`CASE WHEN ${stale} THEN 0 ELSE ${signInFailures.locks} END`,
        lockedUntil: sql`CASE WHEN ${stale} THEN NULL ELSE ${signInFailures.lockedUntil} END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: signInFailures.failures, locks: signInFailures.locks });
  return row ?? { failures: 1, locks: 0 };
}

/**
 * Counts a failure for the source and, when the account is known, for the account and the pair. The pair is locked
 * once it reaches `lockAfter`, and again at each further failure after a lock runs out: `lockMinutes`, then twice as
 * long each time, up to `maxLockMinutes`.
 */
export async function recordSignInFailure(
  on: DbOrScope,
  account: SignInAccount | null,
  source: string,
  policy: Policy,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  await bump(on, ANY_ACCOUNT.kind, ANY_ACCOUNT.id, source);
  if (!account) return { failures: 0, lockedUntil: null };
  await bump(on, account.kind, account.id, ANY_SOURCE);
  const pair = await bump(on, account.kind, account.id, source);
  if (pair.failures < policy.lockAfter) return { failures: pair.failures, lockedUntil: null };
  const minutes = Math.min(policy.lockMinutes * 2 ** Math.min(pair.locks, 20), policy.maxLockMinutes);
  const [row] = await dbFrom(on)
    .update(signInFailures)
    .set({ locks: sql`${signInFailures.locks} + 1`, lockedUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(and(eq(signInFailures.kind, account.kind), eq(signInFailures.accountId, account.id), eq(signInFailures.source, source)))
    .returning({ lockedUntil: signInFailures.lockedUntil });
  return { failures: pair.failures, lockedUntil: row?.lockedUntil ?? new Date(Date.now() + minutes * 60_000) };
}

/** A right password: the pair and the account's count start again (the source's does not: it may be spraying). */
export async function clearSignInFailures(on: DbOrScope, account: SignInAccount, source: string): Promise<void> {
  await dbFrom(on)
    .delete(signInFailures)
    .where(
      and(eq(signInFailures.kind, account.kind), eq(signInFailures.accountId, account.id), inArray(signInFailures.source, [source, ANY_SOURCE])),
    );
}

/** Every count and lock of an account: an administrator unlocks it, or its password is set anew. */
export async function clearAccountFailures(on: DbOrScope, kind: AccountKind, accountId: number): Promise<void> {
  await dbFrom(on)
    .delete(signInFailures)
    .where(and(eq(signInFailures.kind, kind), eq(signInFailures.accountId, accountId)));
}

/** Which of these accounts some source is locked out of now (the staff list shows them as locked). */
export async function lockedAccountIds(on: DbOrScope, kind: AccountKind, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await dbFrom(on)
    .selectDistinct({ id: signInFailures.accountId })
    .from(signInFailures)
    .where(and(eq(signInFailures.kind, kind), inArray(signInFailures.accountId, ids), sql`${signInFailures.lockedUntil} > now()`));
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes the rows no check reads any more: a count left alone for FORGET_HOURS (the longest lock window by default)
 * whose lock, if any, has run out. Without it an address spraying unknown or abandoned accounts left rows for ever:
 * a row was only deleted when its account signed in again. Answers how many went.
 */
export async function forgetExpiredSignInFailures(on: DbOrScope): Promise<number> {
  const gone = await dbFrom(on)
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.updatedAt, sql`now() - make_interval(hours => ${FORGET_HOURS})`),
        or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ kind: signInFailures.kind });
  return gone.length;
}

/** The cleaning runs hourly, one job per slot keyed by the slot: any number of processes schedule it, it runs once. */
export const SIGN_IN_CLEANUP_JOB = 'signIn.forgetExpired';
export const SIGN_IN_CLEANUP_EVERY_MS = 60 * 60_000;

export async function ensureSignInCleanup(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / SIGN_IN_CLEANUP_EVERY_MS) * SIGN_IN_CLEANUP_EVERY_MS + SIGN_IN_CLEANUP_EVERY_MS);
  await jobs.enqueue(SIGN_IN_CLEANUP_JOB, { at: at.toISOString() }, { runAt: at, key: `${SIGN_IN_CLEANUP_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

/** Each run queues the next slot. */
export function registerSignInJobs(deps: { db: DbOrScope; jobs: JobQueue }, now: () => Date = () => new Date()): void {
  deps.jobs.register(SIGN_IN_CLEANUP_JOB, async () => {
    await forgetExpiredSignInFailures(deps.db);
    await ensureSignInCleanup(deps.jobs, now());
  });
}
