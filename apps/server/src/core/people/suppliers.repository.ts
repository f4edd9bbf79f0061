import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { residentVisitors, suppliers } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierInsert = Omit<typeof suppliers.$inferInsert, 'companyId' | 'id'>;

/**
 * One company's supplier (labour) companies. A server company's scope (`supplierId`) sees its own company only, so
 * every look-up of another answers "not found".
 */
export const suppliersRepository = scoped(function suppliersRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine: SQL | undefined = and(eq(suppliers.companyId, scope.companyId), visibleRows(scope, { supplier: suppliers.id }));
  return {
    /** By name, with how many workers each has. */
    list: (name?: string) =>
      db
        .select({ supplier: suppliers, workers: sql<number>`count(${residentVisitors.id})`.mapWith(Number) })
        .from(suppliers)
        .leftJoin(residentVisitors, eq(residentVisitors.supplierId, suppliers.id))
        .where(and(mine, name ? ilike(suppliers.name, containsPattern(name)) : undefined))
        .groupBy(suppliers.id)
        .orderBy(asc(suppliers.name), asc(suppliers.id)),
    byId: (id: number) =>
      db
        .select()
        .from(suppliers)
        .where(and(mine, eq(suppliers.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** The company's supplier with this name (case-insensitive), other than `exceptId`. */
    named: (name: string, exceptId = 0) =>
      db
        .select()
        .from(suppliers)
        .where(and(mine, sql`lower(${suppliers.name}) = lower(${name})`, sql`${suppliers.id} <> ${exceptId}`))
        .limit(1)
        .then((r) => r[0]),
    insert: (v: SupplierInsert) =>
      db
        .insert(suppliers)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as SupplierRow),
    update: (id: number, v: Partial<SupplierInsert>) =>
      db
        .update(suppliers)
        .set(v)
        .where(and(mine, eq(suppliers.id, id)))
        .returning()
        .then((r) => r[0]),
    remove: (id: number) =>
      db
        .delete(suppliers)
        .where(and(mine, eq(suppliers.id, id)))
        .returning({ id: suppliers.id }),
    workers: (id: number) =>
      db
        .select({ n: count() })
        .from(residentVisitors)
        .where(and(eq(residentVisitors.companyId, scope.companyId), eq(residentVisitors.supplierId, id)))
        .then((r) => r[0]?.n ?? 0),
    /** A renamed supplier's workers carry its new name in `company` (the original's field). */
    renameWorkers: (id: number, name: string) =>
      db
        .update(residentVisitors)
        .set({ company: name })
        .where(and(eq(residentVisitors.companyId, scope.companyId), eq(residentVisitors.supplierId, id)))
        .returning({ id: residentVisitors.id })
        .then((r) => r.length),
  };
});
