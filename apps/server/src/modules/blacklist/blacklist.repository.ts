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
  /** The entries whose name, phone or certificate number contains `text`. */
  const matching = (text: string | undefined): SQL[] => {
    const c: SQL[] = [mine];
    if (text) {
      const t = containsPattern(text);
      const any = or(ilike(listedPeople.name, t), ilike(listedPeople.phone, t), ilike(listedPeople.credentialNo, t));
      if (any) c.push(any);
    }
    return c;
  };
  return {
    async page(text: string | undefined, offset: number, limit: number) {
      const where = and(...matching(text));
      const [rows, total] = await Promise.all([
        db.select().from(listedPeople).where(where).orderBy(desc(listedPeople.createdAt), desc(listedPeople.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(listedPeople).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Keyset-paged read for exports: the next `limit` matching entries below id `before` (0: from the newest). */
    batchBefore: (text: string | undefined, before: number, limit: number) =>
      db
        .select()
        .from(listedPeople)
        .where(and(...matching(text), ...(before > 0 ? [lt(listedPeople.id, before)] : [])))
        .orderBy(desc(listedPeople.id))
        .limit(limit),
    /** The entry matching either the phone or the certificate number. */
    match: (phone: string, credentialNo: string) => {
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
              ),
            ),
          )
          .limit(1)
          .prepare(name),
      )
        .execute({ companyId: scope.companyId, kind, phone, credentialNo })
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
    insert: (v: { name: string; phone: string; credentialNo: string; remark: string; createdBy: string }) =>
      db
        .insert(listedPeople)
        .values({ ...v, kind, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as ListedRow),
    /** Every entry's phone and certificate number (a company lists tens, not millions). */
    identities: () => db.select({ phone: listedPeople.phone, credentialNo: listedPeople.credentialNo }).from(listedPeople).where(mine),
    deleteMany: (ids: number[]) =>
      db
        .delete(listedPeople)
        .where(and(mine, inArray(listedPeople.id, ids)))
        .returning({ id: listedPeople.id, name: listedPeople.name }),
  };
}
