import { and, desc, eq, inArray } from 'drizzle-orm';
import { residentFiles, residentVisitors } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type ResidentFileRow = typeof residentFiles.$inferSelect;
export type ResidentFileInsert = Omit<typeof residentFiles.$inferInsert, 'companyId' | 'id'>;

/**
 * One company's worker files. A server company's scope reaches only its own workers' files: the look-ups join the
 * worker and apply the same supplier condition as the residents repository.
 */
export const residentFilesRepository = scoped(function residentFilesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = and(eq(residentFiles.companyId, scope.companyId), visibleRows(scope, { supplier: residentVisitors.supplierId }));
  const select = () =>
    db
      .select({ file: residentFiles, worker: residentVisitors.name })
      .from(residentFiles)
      .innerJoin(residentVisitors, eq(residentVisitors.id, residentFiles.residentId));
  return {
    ofResident: (rid: number) =>
      select()
        .where(and(mine, eq(residentFiles.residentId, rid)))
        .orderBy(desc(residentFiles.createdAt), desc(residentFiles.id)),
    byId: (id: number) =>
      select()
        .where(and(mine, eq(residentFiles.id, id)))
        .limit(1)
        .then((r) => r[0]),
    insert: (v: ResidentFileInsert) =>
      db
        .insert(residentFiles)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as ResidentFileRow),
    remove: (id: number) =>
      db
        .delete(residentFiles)
        .where(and(eq(residentFiles.companyId, scope.companyId), eq(residentFiles.id, id)))
        .returning({ id: residentFiles.id, fileKey: residentFiles.fileKey }),
    /** The stored keys of these workers' files (their rows go with the workers; the bytes are removed after). */
    keysOf: (rids: number[]) =>
      db
        .select({ key: residentFiles.fileKey })
        .from(residentFiles)
        .where(and(eq(residentFiles.companyId, scope.companyId), inArray(residentFiles.residentId, rids.length ? rids : [0])))
        .then((r) => r.map((x) => x.key)),
  };
});
