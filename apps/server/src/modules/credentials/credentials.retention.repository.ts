import { and, eq, inArray, sql } from 'drizzle-orm';
import { faceCredentials as fc } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** The face rows a retention sweep or an erasure forgets (modules/privacy, through credentials.public.ts). */
export const credentialsRetentionRepository = scoped(function credentialsRetentionRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(fc.companyId, scope.companyId);
  return {
    /**
     * Forgets the faces of these visits' visitors once every device was told to remove them and answered (or its
     * retries ran out): answers the visits some device may still hold (not forgotten yet; asked again later).
     */
    async forgetVisitors(visitIds: readonly number[]): Promise<number[]> {
      if (!visitIds.length) return [];
      const theirs = and(mine, eq(fc.personKind, 'visitor'), inArray(fc.personId, [...visitIds]));
      const held = await db
        .selectDistinct({ id: fc.personId })
        .from(fc)
        .where(and(theirs, sql`(${fc.action} <> 'remove' OR ${fc.status} = 'pending')`));
      const kept = held.map((r) => r.id);
      await db
        .update(fc)
        .set({ name: '', photo: '', cardNo: '' })
        .where(and(theirs, kept.length ? sql`${fc.personId} <> ALL(${sql.param(kept)}::int[])` : undefined));
      return kept;
    },
  };
});
