import type { AgreementKind, Lang } from '@openvisit/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { agreements } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type AgreementRow = typeof agreements.$inferSelect;

/** A company's agreement texts, each version a row never edited. */
export const agreementsRepository = scoped(function agreementsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(agreements.companyId, scope.companyId);
  const latest = async (kind: AgreementKind, lang: Lang): Promise<AgreementRow | undefined> =>
    (
      await db
        .select()
        .from(agreements)
        .where(and(mine, eq(agreements.kind, kind), eq(agreements.lang, lang)))
        .orderBy(desc(agreements.version))
        .limit(1)
    )[0];
  return {
    latest,
    byId: async (id: number): Promise<AgreementRow | undefined> =>
      (
        await db
          .select()
          .from(agreements)
          .where(and(mine, eq(agreements.id, id)))
      )[0],
    byIds: (ids: number[]) =>
      db
        .select()
        .from(agreements)
        .where(and(mine, inArray(agreements.id, ids))),
    /** Every version of a kind, by language, newest first. */
    ofKind: (kind: AgreementKind) =>
      db
        .select()
        .from(agreements)
        .where(and(mine, eq(agreements.kind, kind)))
        .orderBy(asc(agreements.lang), desc(agreements.version)),
    remove: (id: number) => db.delete(agreements).where(and(mine, eq(agreements.id, id))),
    /** The next version; two writers at once: the one that lost reads the winner's. */
    async add(kind: AgreementKind, lang: Lang, text: string, createdBy: string): Promise<AgreementRow> {
      const version = ((await latest(kind, lang))?.version ?? 0) + 1;
      const [row] = await db
        .insert(agreements)
        .values({ companyId: scope.companyId, kind, lang, version, text, createdBy })
        .onConflictDoNothing()
        .returning();
      return row ?? ((await latest(kind, lang)) as AgreementRow);
    },
  };
});
