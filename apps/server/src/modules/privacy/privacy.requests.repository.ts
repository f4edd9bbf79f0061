import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { erasureRequests, privacySettings } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ErasureRow = typeof erasureRequests.$inferSelect;

/** A company's visitors' erasure requests and its privacy settings (days for requests, the faces threshold). */
export const requestsRepository = scoped(function requestsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(erasureRequests.companyId, scope.companyId);
  return {
    autoDays: async () =>
      (await db.select({ days: privacySettings.erasureAutoDays }).from(privacySettings).where(eq(privacySettings.companyId, scope.companyId)))[0]
        ?.days ?? null,
    faceThreshold: async () =>
      (await db.select({ n: privacySettings.faceThreshold }).from(privacySettings).where(eq(privacySettings.companyId, scope.companyId)))[0]?.n ??
      null,
    async setFaceThreshold(threshold: number | null) {
      await db
        .insert(privacySettings)
        .values({ companyId: scope.companyId, faceThreshold: threshold })
        .onConflictDoUpdate({ target: privacySettings.companyId, set: { faceThreshold: threshold, updatedAt: new Date() } });
    },
    async setAutoDays(days: number | null) {
      await db
        .insert(privacySettings)
        .values({ companyId: scope.companyId, erasureAutoDays: days })
        .onConflictDoUpdate({ target: privacySettings.companyId, set: { erasureAutoDays: days, updatedAt: new Date() } });
    },
    /** Pending first, then the latest decided. */
    list: (limit: number) =>
      db.select().from(erasureRequests).where(mine).orderBy(sql`${erasureRequests.state} = 'pending' desc`, desc(erasureRequests.id)).limit(limit),
    byId: async (id: number) =>
      (
        await db
          .select()
          .from(erasureRequests)
          .where(and(mine, eq(erasureRequests.id, id)))
      )[0],
    /** The person's latest request (by the key they proved). */
    latestOf: async (key: string) =>
      (
        await db
          .select()
          .from(erasureRequests)
          .where(and(mine, eq(erasureRequests.key, key)))
          .orderBy(desc(erasureRequests.id))
          .limit(1)
      )[0],
    add: async (row: { key: string; via: 'phone' | 'email'; dueAt: Date | null }) =>
      (
        await db
          .insert(erasureRequests)
          .values({ companyId: scope.companyId, ...row })
          .returning()
      )[0] as ErasureRow,
    /** Pending requests whose days have passed: the nightly sweep carries them out. */
    due: (now: Date) =>
      db
        .select()
        .from(erasureRequests)
        .where(and(mine, eq(erasureRequests.state, 'pending'), lte(erasureRequests.dueAt, now)))
        .orderBy(asc(erasureRequests.id)),
    /** Masks the key on every request of the person (carried out, nothing of them stays here either). */
    maskKey: (key: string, masked: string) =>
      db
        .update(erasureRequests)
        .set({ key: masked })
        .where(and(mine, eq(erasureRequests.key, key))),
    /** Decides a pending request; undefined when it is no longer pending (decided meanwhile). */
    decide: async (id: number, set: { state: 'done' | 'refused'; decidedBy: string; reason: string; key?: string }) =>
      (
        await db
          .update(erasureRequests)
          .set({ ...set, decidedAt: new Date() })
          .where(and(mine, eq(erasureRequests.id, id), eq(erasureRequests.state, 'pending')))
          .returning()
      )[0],
  };
});
