import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { employees, faceSyncQueue } from '../../db/schema/index.js';
import { cacheKey, forgetting } from '../../platform/http/requestCache.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** Face photos of one company's employees and their queue to the devices. Writes that go together run in `inTransaction`. */
export const facesRepository = scoped(function facesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(employees.companyId, scope.companyId);
  // Built before it is wrapped: as an argument its methods' result types would be inferred from the wrapper's.
  const writes = {
    /** Points the employee at a new photo with the given face status, and queues it for the devices. */
    async setPhoto(empId: number, avatar: string, face: number) {
      const [updated] = await db
        .update(employees)
        .set({ avatar, face })
        .where(and(mine, eq(employees.id, empId)))
        .returning();
      await db
        .insert(faceSyncQueue)
        .values({ companyId: scope.companyId, empId })
        .onConflictDoUpdate({ target: faceSyncQueue.empId, set: { requestedAt: new Date() } });
      return updated;
    },
    async clearPhoto(empId: number) {
      await db.delete(faceSyncQueue).where(and(eq(faceSyncQueue.companyId, scope.companyId), eq(faceSyncQueue.empId, empId)));
      const [updated] = await db
        .update(employees)
        .set({ avatar: '', face: null })
        .where(and(mine, eq(employees.id, empId)))
        .returning();
      return updated;
    },
    /** How many employees have a face photo. */
    photoCount: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(employees)
          .where(and(mine, ne(employees.avatar, '')))
      )[0]?.n ?? 0,
    byWorkNumbers: (nos: string[]) =>
      nos.length
        ? db
            .select({ id: employees.id, empNo: employees.empNo, avatar: employees.avatar })
            .from(employees)
            .where(and(mine, inArray(employees.empNo, nos)))
        : Promise.resolve([]),
    /** Marks the photos (all, or these employees') with `face` and queues them; answers how many. */
    async queueAll(face: number, empIds?: number[]): Promise<number> {
      const which = and(mine, ne(employees.avatar, ''), empIds ? inArray(employees.id, empIds) : undefined);
      const rows = await db.update(employees).set({ face }).where(which).returning({ id: employees.id });
      if (rows.length)
        await db.execute(sql`
          INSERT INTO face_sync_queue (company_id, emp_id)
          SELECT company_id, id FROM employees WHERE ${which}
          ON CONFLICT (emp_id) DO UPDATE SET requested_at = now()`);
      return rows.length;
    },
    /** Enabled employees with access rights on and a face photo or a card: the door devices' candidates. */
    /** Enabled employees with access and a face or a card (their own, or `alsoIds`: a temporary card lent to them). */
    faceCandidates: (alsoIds: number[]) =>
      db
        .select({
          id: employees.id,
          name: employees.name,
          phone: employees.phone,
          avatar: employees.avatar,
          cardNo: employees.cardNo,
          acStart: employees.acStart,
          acEnd: employees.acEnd,
        })
        .from(employees)
        .where(
          and(
            mine,
            or(ne(employees.avatar, ''), ne(employees.cardNo, ''), alsoIds.length ? inArray(employees.id, alsoIds) : undefined),
            eq(employees.acEnabled, true),
            eq(employees.status, 0),
          ),
        ),
    /** Empties the company's queue of photos to send again, answering whose. */
    takeQueue: () =>
      db
        .delete(faceSyncQueue)
        .where(eq(faceSyncQueue.companyId, scope.companyId))
        .returning({ empId: faceSyncQueue.empId })
        .then((r) => r.map((x) => x.empId)),
    /** The face status the terminals reported, for these employees whose photo is still `avatar`. */
    async setFaceStatus(empIds: number[], face: number, avatars: string[]) {
      if (!empIds.length) return;
      await db
        .update(employees)
        .set({ face })
        .where(and(mine, inArray(employees.id, empIds), inArray(employees.avatar, avatars)));
    },
  };
  return forgetting(cacheKey.employees(scope.companyId), writes);
});
