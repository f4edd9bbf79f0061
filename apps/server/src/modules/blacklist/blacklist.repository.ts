import { and, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { listedKeys, listedPeople } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, type TenantScope } from '../../platform/identity/tenancy.js';

export type ListKind = 'black' | 'white';
export type ListedRow = typeof listedPeople.$inferSelect;
export type ListedValues = Pick<
  typeof listedPeople.$inferInsert,
  | 'name'
  | 'aliases'
  | 'phone'
  | 'morePhones'
  | 'credentialHash'
  | 'credentialMasked'
  | 'credentialOffline'
  | 'moreCredentials'
  | 'birthDate'
  | 'remark'
  | 'level'
  | 'expiresAt'
>;

/** One company's blacklist or whitelist. */
export function listRepository(scope: TenantScope, kind: ListKind) {
  const db = dbOf(scope);
  const mine = and(eq(listedPeople.companyId, scope.companyId), eq(listedPeople.kind, kind)) as SQL;
  /**
   * The entries whose name, phone or masked number contains `text`, or whose number is `text` (`textHash`, its keyed
   * hash: a whole number typed finds its entry; part of one only through the masked form).
   */
  const matching = (text: string | undefined, textHash = ''): SQL[] => {
    const c: SQL[] = [mine];
    if (text) {
      const t = containsPattern(text);
      const any = or(
        ilike(listedPeople.name, t),
        ilike(listedPeople.phone, t),
        ilike(listedPeople.credentialMasked, t),
        ilike(listedPeople.credentialNo, t),
        ...(textHash ? [eq(listedPeople.credentialHash, textHash)] : []),
      );
      if (any) c.push(any);
    }
    return c;
  };
  return {
    async page(text: string | undefined, textHash: string, offset: number, limit: number) {
      const where = and(...matching(text, textHash));
      const [rows, total] = await Promise.all([
        db.select().from(listedPeople).where(where).orderBy(desc(listedPeople.createdAt), desc(listedPeople.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(listedPeople).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Keyset-paged read for exports: the next `limit` matching entries below id `before` (0: from the newest). */
    batchBefore: (text: string | undefined, textHash: string, before: number, limit: number) =>
      db
        .select()
        .from(listedPeople)
        .where(and(...matching(text, textHash), ...(before > 0 ? [lt(listedPeople.id, before)] : [])))
        .orderBy(desc(listedPeople.id))
        .limit(limit),
    insert: (v: ListedValues & { createdBy: string }) =>
      db
        .insert(listedPeople)
        .values({ ...v, kind, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as ListedRow),
    byId: (id: number) =>
      db
        .select()
        .from(listedPeople)
        .where(and(mine, eq(listedPeople.id, id)))
        .then((r): ListedRow | undefined => r[0]),
    update: (id: number, v: ListedValues) =>
      db
        .update(listedPeople)
        .set(v)
        .where(and(mine, eq(listedPeople.id, id)))
        .returning()
        .then((r): ListedRow | undefined => r[0]),
    /** Another entry of this list found by one of these identifier keys (`t:` phones, `c:` certificate hashes). */
    holdingAny: (keys: string[], except = 0) =>
      keys.length
        ? db
            .select({ id: listedPeople.id })
            .from(listedKeys)
            .innerJoin(listedPeople, eq(listedPeople.id, listedKeys.entryId))
            .where(and(mine, eq(listedKeys.companyId, scope.companyId), inArray(listedKeys.key, keys), ne(listedPeople.id, except)))
            .limit(1)
            .then((r) => r.length > 0)
        : Promise.resolve(false),
    /** Every entry's phones and certificate numbers' hashes (the face terminals' sync reads them all at once). */
    identities: () =>
      db
        .select({
          phone: listedPeople.phone,
          morePhones: listedPeople.morePhones,
          credentialNo: listedPeople.credentialNo,
          credentialHash: listedPeople.credentialHash,
          moreCredentials: listedPeople.moreCredentials,
        })
        .from(listedPeople)
        .where(and(mine, or(isNull(listedPeople.expiresAt), gt(listedPeople.expiresAt, sql`now()`)))),
    deleteMany: (ids: number[]) =>
      db
        .delete(listedPeople)
        .where(and(mine, inArray(listedPeople.id, ids)))
        .returning({ id: listedPeople.id, name: listedPeople.name, photo: listedPeople.photo }),
  };
}

/** The photos of a list's entries. */
export function photoRepository(scope: TenantScope, kind: ListKind) {
  const db = dbOf(scope);
  const entry = (id: number) => and(eq(listedPeople.companyId, scope.companyId), eq(listedPeople.kind, kind), eq(listedPeople.id, id));
  return {
    /** The entry's photo key ('' without one); undefined when the list has no such entry. */
    photoOf: (id: number) =>
      db
        .select({ photo: listedPeople.photo })
        .from(listedPeople)
        .where(entry(id))
        .then((r): string | undefined => r[0]?.photo),
    setPhoto: (id: number, photo: string) =>
      db
        .update(listedPeople)
        .set({ photo })
        .where(entry(id))
        .returning()
        .then((r): ListedRow | undefined => r[0]),
  };
}

/** The entries of a list from before ID numbers were hashed, and their hashing (the nightly sweep). */
export function unhashedRepository(scope: TenantScope, kind: ListKind) {
  const db = dbOf(scope);
  const mine = and(eq(listedPeople.companyId, scope.companyId), eq(listedPeople.kind, kind)) as SQL;
  return {
    /** Entries that still hold the number itself. */
    unhashed: () =>
      db
        .select({ id: listedPeople.id, credentialNo: listedPeople.credentialNo })
        .from(listedPeople)
        .where(and(mine, sql`${listedPeople.credentialNo} <> ''`)),
    /** The number replaced by its hash, masked form and kiosk digest. */
    hashed: (id: number, credentialHash: string, credentialMasked: string, credentialOffline: string) =>
      db
        .update(listedPeople)
        .set({ credentialNo: '', credentialHash, credentialMasked, credentialOffline })
        .where(and(mine, eq(listedPeople.id, id))),
  };
}

/**
 * Screening (issue 42): the entries of both lists a person's keys meet, and the keys each entry is found by. An entry
 * not yet keyed (from before, or keyed by an older derivation) is always read, compared, and keyed then.
 */
export function screeningRepository(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    /**
     * The entries in force sharing a key, and those not keyed yet: one statement of two indexed reads (an OR of the
     * two in one WHERE defeats the indexes).
     */
    candidates(keys: string[], keysVersion: number): Promise<ListedRow[]> {
      const inForce = and(eq(listedPeople.companyId, scope.companyId), or(isNull(listedPeople.expiresAt), gt(listedPeople.expiresAt, sql`now()`)));
      const met = db
        .select({ id: listedKeys.entryId })
        .from(listedKeys)
        .where(and(eq(listedKeys.companyId, scope.companyId), inArray(listedKeys.key, keys.length ? keys : [''])));
      return union(
        db
          .select()
          .from(listedPeople)
          .where(and(inForce, inArray(listedPeople.id, met))),
        db
          .select()
          .from(listedPeople)
          .where(and(inForce, lt(listedPeople.keysVersion, keysVersion))),
      );
    },
    /** The photo keys of these entries as they are now (a review shows the photo an entry has today). */
    photos: (ids: number[]) =>
      ids.length
        ? db
            .select({ id: listedPeople.id, photo: listedPeople.photo })
            .from(listedPeople)
            .where(and(eq(listedPeople.companyId, scope.companyId), inArray(listedPeople.id, ids)))
            .then((r) => new Map(r.map((e) => [e.id, e.photo])))
        : Promise.resolve(new Map<number, string>()),
    /** Entries keyed by an older derivation or none, a batch at a time (the nightly sweep keys them all). */
    unkeyed: (keysVersion: number, limit: number) =>
      db
        .select()
        .from(listedPeople)
        .where(and(eq(listedPeople.companyId, scope.companyId), lt(listedPeople.keysVersion, keysVersion)))
        .limit(limit),
    /** An entry's keys replaced (in the caller's transaction with the entry's write). */
    async setKeys(entryId: number, keys: string[], keysVersion: number) {
      await db.delete(listedKeys).where(and(eq(listedKeys.companyId, scope.companyId), eq(listedKeys.entryId, entryId)));
      if (keys.length) await db.insert(listedKeys).values(keys.map((key) => ({ companyId: scope.companyId, entryId, key })));
      await db
        .update(listedPeople)
        .set({ keysVersion, updatedAt: sql`${listedPeople.updatedAt}` })
        .where(and(eq(listedPeople.companyId, scope.companyId), eq(listedPeople.id, entryId)));
    },
  };
}

/** What the kiosk's offline copy reads: the entries in force, their keys, and a version that changes with any write. */
export function offlineRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const inForce = and(eq(listedPeople.companyId, scope.companyId), or(isNull(listedPeople.expiresAt), gt(listedPeople.expiresAt, sql`now()`)));
  return {
    entries: () => db.select().from(listedPeople).where(inForce),
    keys: () => db.select({ entryId: listedKeys.entryId, key: listedKeys.key }).from(listedKeys).where(eq(listedKeys.companyId, scope.companyId)),
    /** Changes with an entry added, changed, deleted or expired (the count of those in force, the last change). */
    version: () =>
      db
        .select({
          n: count(),
          last: sql<string>`coalesce(max(${listedPeople.updatedAt})::text, '')`,
          top: sql<number>`coalesce(max(${listedPeople.id}), 0)`,
        })
        .from(listedPeople)
        .where(inForce)
        .then((r) => `${r[0]?.n ?? 0}:${r[0]?.last ?? ''}:${r[0]?.top ?? 0}`),
  };
}
