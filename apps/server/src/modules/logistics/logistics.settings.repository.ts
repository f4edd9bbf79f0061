import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import { type LogisticsTypeFields, logisticsCarriers, logisticsLinks, logisticsTypes } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type TypeRow = typeof logisticsTypes.$inferSelect;
export type CarrierRow = typeof logisticsCarriers.$inferSelect;
export type LinkRow = typeof logisticsLinks.$inferSelect;

const t = logisticsTypes;
const cr = logisticsCarriers;

/** One company's logistics types, carriers and booking link. */
export const logisticsSettingsRepository = scoped(function logisticsSettingsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const typeOf = (id: number) => and(eq(t.companyId, scope.companyId), eq(t.id, id));
  const carrierOf = (id: number) => and(eq(cr.companyId, scope.companyId), eq(cr.id, id));
  return {
    types: () => db.select().from(t).where(eq(t.companyId, scope.companyId)).orderBy(asc(t.id)),
    type: (id: number) =>
      db
        .select()
        .from(t)
        .where(typeOf(id))
        .limit(1)
        .then((r): TypeRow | undefined => r[0]),
    insertType: (name: string, fields: LogisticsTypeFields, questionnaireId: number | null) =>
      db
        .insert(t)
        .values({ companyId: scope.companyId, name, fields, questionnaireId })
        .returning()
        .then((r) => r[0] as TypeRow),
    updateType: (id: number, v: { name?: string; fields?: LogisticsTypeFields; questionnaireId?: number | null }) =>
      db
        .update(t)
        .set(v)
        .where(typeOf(id))
        .returning()
        .then((r): TypeRow | undefined => r[0]),
    deleteType: (id: number) =>
      db
        .delete(t)
        .where(typeOf(id))
        .returning({ id: t.id, name: t.name })
        .then((r) => r[0]),

    async carrierPage(name: string | undefined, offset: number, limit: number) {
      const where = and(eq(cr.companyId, scope.companyId), ...(name ? [ilike(cr.name, containsPattern(name))] : []));
      const [rows, total] = await Promise.all([
        db.select().from(cr).where(where).orderBy(desc(cr.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(cr).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Every carrier's id and name (the booking page's choice; a company keeps tens). */
    carrierNames: () => db.select({ id: cr.id, name: cr.name }).from(cr).where(eq(cr.companyId, scope.companyId)).orderBy(asc(cr.name)),
    carrier: (id: number) =>
      db
        .select()
        .from(cr)
        .where(carrierOf(id))
        .limit(1)
        .then((r): CarrierRow | undefined => r[0]),
    insertCarrier: (v: Omit<typeof cr.$inferInsert, 'companyId' | 'id'>) =>
      db
        .insert(cr)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as CarrierRow),
    updateCarrier: (id: number, v: Partial<Omit<typeof cr.$inferInsert, 'companyId' | 'id'>>) =>
      db
        .update(cr)
        .set(v)
        .where(carrierOf(id))
        .returning()
        .then((r): CarrierRow | undefined => r[0]),
    deleteCarrier: (id: number) =>
      db
        .delete(cr)
        .where(carrierOf(id))
        .returning({ id: cr.id, name: cr.name })
        .then((r) => r[0]),

    link: () =>
      db
        .select()
        .from(logisticsLinks)
        .where(eq(logisticsLinks.companyId, scope.companyId))
        .limit(1)
        .then((r): LinkRow | undefined => r[0]),
    /** Makes the link or gives it a new secret (the old token stops matching). */
    setLinkSecret: (secret: string) =>
      db
        .insert(logisticsLinks)
        .values({ companyId: scope.companyId, secret })
        .onConflictDoUpdate({ target: logisticsLinks.companyId, set: { secret, createdAt: new Date() } })
        .returning()
        .then((r) => r[0] as LinkRow),
  };
});
