import type { RetentionKind } from '@openvisit/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { retentionRules, retentionSweeps } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type SweepRow = typeof retentionSweeps.$inferSelect;
type Counts = Partial<Record<RetentionKind, number>>;

/** A company's retention rules (tid 0 its own, others its visitor types') and its sweeps' reports. */
export const privacyRepository = scoped(function privacyRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(retentionRules.companyId, scope.companyId);
  return {
    rules: () => db.select({ tid: retentionRules.tid, rules: retentionRules.rules }).from(retentionRules).where(mine),
    async setRules(tid: number, rules: Counts) {
      await db
        .insert(retentionRules)
        .values({ companyId: scope.companyId, tid, rules })
        .onConflictDoUpdate({ target: [retentionRules.companyId, retentionRules.tid], set: { rules, updatedAt: new Date() } });
    },
    removeRules: (tid: number) => db.delete(retentionRules).where(and(mine, eq(retentionRules.tid, tid))),
    sweeps: (limit: number) =>
      db.select().from(retentionSweeps).where(eq(retentionSweeps.companyId, scope.companyId)).orderBy(desc(retentionSweeps.id)).limit(limit),
    /** The run a killed process left unfinished, which the next run goes on with (its counts add up). */
    unfinished: async () =>
      (
        await db
          .select()
          .from(retentionSweeps)
          .where(and(eq(retentionSweeps.companyId, scope.companyId), isNull(retentionSweeps.finishedAt)))
          .orderBy(desc(retentionSweeps.id))
          .limit(1)
      )[0],
    startSweep: async (trigger: 'daily' | 'manual', at: Date) =>
      (await db.insert(retentionSweeps).values({ companyId: scope.companyId, trigger, startedAt: at }).returning())[0] as SweepRow,
    /** Adds a batch's counts to the report, in the batch's own transaction (a kill loses neither the work nor its count). */
    async addToSweep(id: number, kind: RetentionKind, n: number, files: number) {
      await db
        .update(retentionSweeps)
        .set({
          removed: sql`jsonb_set(${retentionSweeps.removed}, ${`{${kind}}`}::text[], to_jsonb(coalesce((${retentionSweeps.removed} ->> ${kind})::int, 0) + ${n}))`,
          files: sql`${retentionSweeps.files} + ${files}`,
        })
        .where(and(eq(retentionSweeps.companyId, scope.companyId), eq(retentionSweeps.id, id)));
    },
    finishSweep: async (id: number, at: Date) =>
      (
        await db
          .update(retentionSweeps)
          .set({ finishedAt: at })
          .where(and(eq(retentionSweeps.companyId, scope.companyId), eq(retentionSweeps.id, id)))
          .returning()
      )[0] as SweepRow,
  };
});
