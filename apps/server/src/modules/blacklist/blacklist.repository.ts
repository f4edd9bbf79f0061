import { and, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { listedPeople } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, type TenantScope } from '../../platform/identity/tenancy.js';

export type ListKind = 'black' | 'white';
export type ListedRow = typeof listedPeople.$inferSelect;

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
    /** The entry matching either the phone or the certificate number (its hash; an entry not yet hashed, the number). */
    match: (phone: string, credentialNo: string, credentialHash: string) => {
      if (!phone && !credentialNo) return Promise.resolve(undefined);
      // Every walk-in and check-in asks: prepared, an empty value matching nothing.
      return prepared(db, 'listed_match', (d, name) =>
        d
          .select()
          .from(listedPeople)
          .where(
            and(
              eq(listedPeople.companyId, sql.placeholder('companyId')),
              eq(listedPeople.kind, sql.placeholder('kind')),
              or(
                and(sql`${sql.placeholder('phone')} <> ''`, eq(listedPeople.phone, sql.placeholder('phone'))),
                and(sql`${sql.placeholder('credentialNo')} <> ''`, eq(listedPeople.credentialNo, sql.placeholder('credentialNo'))),
                and(sql`${sql.placeholder('credentialHash')} <> ''`, eq(listedPeople.credentialHash, sql.placeholder('credentialHash'))),
              ),
            ),
          )
          .limit(1)
          .prepare(name),
      )
        .execute({ companyId: scope.companyId, kind, phone, credentialNo, credentialHash })
        .then((r): ListedRow | undefined => r[0]);
    },
    /** Whether an entry bears this name (spaces and case aside), whatever its phone and certificate. */
    nameListed: (name: string) =>
      db
        .select({ id: listedPeople.id })
        .from(listedPeople)
        .where(and(mine, sql`lower(regexp_replace(${listedPeople.name}, '\\s', '', 'g')) = ${name.replace(/\s/g, '').toLowerCase()}`))
        .limit(1)
        .then((r) => r.length > 0),
    insert: (v: { name: string; phone: string; credentialHash: string; credentialMasked: string; remark: string; createdBy: string }) =>
      db
        .insert(listedPeople)
        .values({ ...v, kind, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as ListedRow),
    /** Every entry's phone and certificate number's hash (a company lists tens, not millions). */
    identities: () =>
      db
        .select({ phone: listedPeople.phone, credentialNo: listedPeople.credentialNo, credentialHash: listedPeople.credentialHash })
        .from(listedPeople)
        .where(mine),
    deleteMany: (ids: number[]) =>
      db
        .delete(listedPeople)
        .where(and(mine, inArray(listedPeople.id, ids)))
        .returning({ id: listedPeople.id, name: listedPeople.name }),
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
    /** The number replaced by its hash and masked form. */
    hashed: (id: number, credentialHash: string, credentialMasked: string) =>
      db
        .update(listedPeople)
        .set({ credentialNo: '', credentialHash, credentialMasked })
        .where(and(mine, eq(listedPeople.id, id))),
  };
}
