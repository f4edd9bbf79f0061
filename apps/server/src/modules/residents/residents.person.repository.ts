import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { residentFiles, residentVisitors } from '../../db/schema/index.js';
import { exactPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { type PersonKeys, phoneForms } from '../../platform/personData.js';

/** A person's resident-visitor entries, as a privacy request reads and erases them (residents.person.ts). */
export const residentsPersonRepository = scoped(function residentsPersonRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(residentVisitors.companyId, scope.companyId);
  return {
    ofPerson(keys: PersonKeys) {
      const by: SQL[] = [];
      if (keys.phones.length) by.push(inArray(residentVisitors.phone, phoneForms(keys.phones)));
      if (keys.idNumbers.length) by.push(inArray(sql`upper(${residentVisitors.idNumber})`, keys.idNumbers));
      if (keys.names?.length) by.push(or(...keys.names.map((n) => ilike(residentVisitors.name, exactPattern(n)))) as SQL);
      if (!by.length) return Promise.resolve([]);
      return db
        .select()
        .from(residentVisitors)
        .where(and(mine, or(...by)));
    },
    filesOf(ids: readonly number[]) {
      return db
        .select({ residentId: residentFiles.residentId, key: residentFiles.fileKey })
        .from(residentFiles)
        .where(and(eq(residentFiles.companyId, scope.companyId), inArray(residentFiles.residentId, ids.length ? [...ids] : [0])));
    },
    /** How many entries hold a face photo (the company's faces held, modules/privacy). */
    faceCount: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(residentVisitors)
          .where(and(mine, sql`${residentVisitors.face} <> ''`))
      )[0]?.n ?? 0,
    /** The stored face photos of these entries. */
    faces: (ids: readonly number[]) =>
      db
        .select({ id: residentVisitors.id, face: residentVisitors.face })
        .from(residentVisitors)
        .where(and(mine, inArray(residentVisitors.id, ids.length ? [...ids] : [0]), sql`${residentVisitors.face} <> ''`)),
    /** Blanks their face photos (the person withdrew their face); answers the stored keys to remove. */
    async forgetFaces(ids: readonly number[]) {
      const rows = await this.faces(ids);
      if (rows.length)
        await db
          .update(residentVisitors)
          .set({ face: '', updatedAt: new Date() })
          .where(
            and(
              mine,
              inArray(
                residentVisitors.id,
                rows.map((r) => r.id),
              ),
            ),
          );
      return rows.map((r) => r.face);
    },
    /** Their file rows go with them (foreign key). */
    erase: (ids: readonly number[]) =>
      db
        .delete(residentVisitors)
        .where(and(mine, inArray(residentVisitors.id, ids.length ? [...ids] : [0])))
        .returning({ id: residentVisitors.id }),
  };
});
