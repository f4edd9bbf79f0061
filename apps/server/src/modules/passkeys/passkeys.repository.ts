import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { passkeyChallenges, passkeys, signInFactors } from '../../db/schema/index.js';
import type { AccountKind } from '../../platform/identity/sessions.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof passkeyChallenges.$inferSelect;

/** An account as sessions name it; `companyId` null for a super account. */
export interface Account {
  kind: AccountKind;
  id: number;
  companyId: number | null;
}

const ofAccount = (a: Pick<Account, 'kind' | 'id'>) => and(eq(passkeys.accountKind, a.kind), eq(passkeys.accountId, a.id));
const factorOf = (a: Pick<Account, 'kind' | 'id'>) => and(eq(signInFactors.accountKind, a.kind), eq(signInFactors.accountId, a.id));

/**
 * Passkeys and two-step settings by account. Keyed by the account a session or a credential names, never by a value
 * from the body; a passkey sign-in looks its credential up before any company is known, hence the system scope.
 */
export function passkeysRepository(system: SystemScope) {
  const db = dbOf(system);
  return { ...credentials(db), ...factors(db), ...ceremonies(db) };
}

type Db = ReturnType<typeof dbOf>;

/** The passkeys themselves. */
function credentials(db: Db) {
  return {
    list: (a: Account) => db.select().from(passkeys).where(ofAccount(a)).orderBy(asc(passkeys.id)),
    count: (a: Account) =>
      db
        .select({ n: count() })
        .from(passkeys)
        .where(ofAccount(a))
        .then((r) => r[0]?.n ?? 0),
    byCredential: (credentialId: string): Promise<PasskeyRow | undefined> =>
      db
        .select()
        .from(passkeys)
        .where(eq(passkeys.credentialId, credentialId))
        .then((r) => r[0]),
    insert: (row: typeof passkeys.$inferInsert) =>
      db
        .insert(passkeys)
        .values(row)
        .returning()
        .then((r) => r[0] as PasskeyRow),
    rename: (a: Account, id: number, name: string) =>
      db
        .update(passkeys)
        .set({ name })
        .where(and(ofAccount(a), eq(passkeys.id, id)))
        .returning({ id: passkeys.id })
        .then((r) => r.length > 0),
    remove: (a: Account, id: number) =>
      db
        .delete(passkeys)
        .where(and(ofAccount(a), eq(passkeys.id, id)))
        .returning({ id: passkeys.id })
        .then((r) => r.length > 0),
    removeAll: (a: Pick<Account, 'kind' | 'id'>) =>
      db
        .delete(passkeys)
        .where(ofAccount(a))
        .returning({ id: passkeys.id })
        .then((r) => r.length),
    /** After a use: the authenticator's counter and backup state, and when. */
    used: (id: number, counter: number, backedUp: boolean) =>
      db.update(passkeys).set({ counter, backedUp, lastUsedAt: new Date() }).where(eq(passkeys.id, id)),
  };
}

/** Two-step sign-in and its recovery codes. */
function factors(db: Db) {
  return {
    factor: (a: Pick<Account, 'kind' | 'id'>) =>
      db
        .select()
        .from(signInFactors)
        .where(factorOf(a))
        .then((r) => r[0]),
    setFactor: (a: Account, recoveryHashes: string[]) =>
      db
        .insert(signInFactors)
        .values({ accountKind: a.kind, accountId: a.id, companyId: a.companyId, recoveryHashes })
        .onConflictDoUpdate({ target: [signInFactors.accountKind, signInFactors.accountId], set: { recoveryHashes, updatedAt: new Date() } }),
    clearFactor: (a: Pick<Account, 'kind' | 'id'>) => db.delete(signInFactors).where(factorOf(a)),
    /** Of these accounts of one kind: how many passkeys each has and whether its two steps are on (only those with either). */
    async security(kind: AccountKind, ids: readonly number[]): Promise<Map<number, { passkeys: number; twoStep: boolean }>> {
      const out = new Map<number, { passkeys: number; twoStep: boolean }>();
      if (!ids.length) return out;
      const keys = [...ids];
      const [counts, on] = await Promise.all([
        db
          .select({ id: passkeys.accountId, n: count() })
          .from(passkeys)
          .where(and(eq(passkeys.accountKind, kind), inArray(passkeys.accountId, keys)))
          .groupBy(passkeys.accountId),
        db
          .select({ id: signInFactors.accountId })
          .from(signInFactors)
          .where(and(eq(signInFactors.accountKind, kind), inArray(signInFactors.accountId, keys))),
      ]);
      for (const c of counts) out.set(c.id, { passkeys: c.n, twoStep: false });
      for (const f of on) out.set(f.id, { passkeys: out.get(f.id)?.passkeys ?? 0, twoStep: true });
      return out;
    },
    /** Spends one recovery code: false when it is not (or no longer) the account's. */
    spendRecovery: (a: Pick<Account, 'kind' | 'id'>, hash: string) =>
      db
        .update(signInFactors)
        .set({ recoveryHashes: sql`${signInFactors.recoveryHashes} - ${hash}::text`, updatedAt: new Date() })
        .where(and(factorOf(a), sql`${signInFactors.recoveryHashes} ? ${hash}::text`))
        .returning({ left: signInFactors.recoveryHashes })
        .then((r) => r[0]?.left),
  };
}

/** WebAuthn ceremonies under way. */
function ceremonies(db: Db) {
  return {
    /** A new ceremony; ceremonies past their time are cleared on the way. */
    async insertChallenge(row: ChallengeRow): Promise<void> {
      await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
      await db.insert(passkeyChallenges).values(row);
    },
    /** The unexpired ceremony of this token, taken: an answer is checked once. */
    takeChallenge: (tokenHash: string, purpose: string): Promise<ChallengeRow | undefined> =>
      db
        .delete(passkeyChallenges)
        .where(and(eq(passkeyChallenges.tokenHash, tokenHash), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, new Date())))
        .returning()
        .then((r) => r[0]),
    /** A second step may be tried a few times (a wrong recovery code, a cancelled prompt): the row stays until spent. */
    findChallenge: (tokenHash: string, purpose: string): Promise<ChallengeRow | undefined> =>
      db
        .select()
        .from(passkeyChallenges)
        .where(and(eq(passkeyChallenges.tokenHash, tokenHash), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, new Date())))
        .then((r) => r[0]),
    failChallenge: (tokenHash: string, limit: number) =>
      db
        .update(passkeyChallenges)
        .set({ failures: sql`${passkeyChallenges.failures} + 1` })
        .where(eq(passkeyChallenges.tokenHash, tokenHash))
        .returning({ failures: passkeyChallenges.failures })
        .then(async (r) => {
          if ((r[0]?.failures ?? limit) >= limit) await db.delete(passkeyChallenges).where(eq(passkeyChallenges.tokenHash, tokenHash));
        }),
    dropChallenge: (tokenHash: string) => db.delete(passkeyChallenges).where(eq(passkeyChallenges.tokenHash, tokenHash)),
  };
}
