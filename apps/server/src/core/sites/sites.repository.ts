import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { gates, visitorFields, visitorTypeFields, visitorTypes } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type GateRow = typeof gates.$inferSelect;
export type TypeRow = typeof visitorTypes.$inferSelect;
export type FieldRow = typeof visitorFields.$inferSelect;
export type LinkRow = typeof visitorTypeFields.$inferSelect;
export type NewType = Omit<typeof visitorTypes.$inferInsert, 'companyId' | 'id'>;
export type NewField = Omit<typeof visitorFields.$inferInsert, 'companyId' | 'id'>;

/** One company's gates, visitor types, fields and the links between types and fields. */
export const registrationRepository = scoped(function registrationRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const myGates = eq(gates.companyId, companyId);
  const myTypes = eq(visitorTypes.companyId, companyId);
  const myFields = eq(visitorFields.companyId, companyId);
  const myLinks = eq(visitorTypeFields.companyId, companyId);

  return {
    // gates
    gates: () => db.select().from(gates).where(myGates).orderBy(asc(gates.name), asc(gates.id)),
    gatesByIds: (ids: number[]) =>
      ids.length
        ? db
            .select()
            .from(gates)
            .where(and(myGates, inArray(gates.id, ids)))
        : Promise.resolve([]),
    gate: (id: number) =>
      db
        .select()
        .from(gates)
        .where(and(myGates, eq(gates.id, id)))
        .limit(1)
        .then((r) => r[0]),
    gateNameTaken: (name: string, exceptId?: number) =>
      db
        .select({ id: gates.id })
        .from(gates)
        .where(and(myGates, sql`lower(${gates.name}) = lower(${name})`, exceptId ? sql`${gates.id} <> ${exceptId}` : undefined))
        .limit(1)
        .then((r) => r.length > 0),
    insertGate: (name: string) =>
      db
        .insert(gates)
        .values({ companyId, name })
        .returning()
        .then((r) => r[0] as GateRow),
    renameGate: (id: number, name: string) =>
      db
        .update(gates)
        .set({ name })
        .where(and(myGates, eq(gates.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteGate: (id: number) => db.delete(gates).where(and(myGates, eq(gates.id, id))),

    // visitor types
    types: () => db.select().from(visitorTypes).where(myTypes).orderBy(asc(visitorTypes.sortOrder), asc(visitorTypes.id)),
    type: (id: number) =>
      db
        .select()
        .from(visitorTypes)
        .where(and(myTypes, eq(visitorTypes.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** Whether another type has this Chinese or English name (case-insensitive). */
    typeNameTaken: (zh: string, en: string, exceptId?: number) =>
      db
        .select({ id: visitorTypes.id })
        .from(visitorTypes)
        .where(
          and(
            myTypes,
            sql`(lower(${visitorTypes.nameZh}) in (lower(${zh}), lower(${en})) or lower(${visitorTypes.nameEn}) in (lower(${zh}), lower(${en})))`,
            exceptId ? sql`${visitorTypes.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1)
        .then((r) => r.length > 0),
    nextTypeOrder: () =>
      db
        .select({ n: max(visitorTypes.sortOrder) })
        .from(visitorTypes)
        .where(myTypes)
        .then((r) => (r[0]?.n ?? 0) + 1),
    insertType: (values: NewType) =>
      db
        .insert(visitorTypes)
        .values({ ...values, companyId })
        .returning()
        .then((r) => r[0] as TypeRow),
    updateType: (id: number, values: Partial<NewType>) =>
      db
        .update(visitorTypes)
        .set(values)
        .where(and(myTypes, eq(visitorTypes.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteType: (id: number) => db.delete(visitorTypes).where(and(myTypes, eq(visitorTypes.id, id))),
    /** How many types are restricted to gates, per gate. */
    async typesPerGate(): Promise<Map<number, number>> {
      const rows = await db.select({ gids: visitorTypes.gids }).from(visitorTypes).where(myTypes);
      const counts = new Map<number, number>();
      for (const r of rows) for (const g of new Set(r.gids)) counts.set(g, (counts.get(g) ?? 0) + 1);
      return counts;
    },

    // fields
    fields: () => db.select().from(visitorFields).where(myFields).orderBy(asc(visitorFields.sortOrder), asc(visitorFields.id)),
    field: (id: number) =>
      db
        .select()
        .from(visitorFields)
        .where(and(myFields, eq(visitorFields.id, id)))
        .limit(1)
        .then((r) => r[0]),
    nextFieldOrder: () =>
      db
        .select({ n: max(visitorFields.sortOrder) })
        .from(visitorFields)
        .where(myFields)
        .then((r) => (r[0]?.n ?? 0) + 1),
    /** Inserts fields, skipping keys the company already has (two first reads at once both try). */
    insertFieldsIfMissing: (values: NewField[]) =>
      values.length
        ? db
            .insert(visitorFields)
            .values(values.map((v) => ({ ...v, companyId })))
            .onConflictDoNothing()
        : Promise.resolve(),
    insertField: (values: NewField) =>
      db
        .insert(visitorFields)
        .values({ ...values, companyId })
        .returning()
        .then((r) => r[0] as FieldRow),
    updateField: (id: number, values: Partial<NewField>) =>
      db
        .update(visitorFields)
        .set(values)
        .where(and(myFields, eq(visitorFields.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteField: (id: number) => db.delete(visitorFields).where(and(myFields, eq(visitorFields.id, id))),
    /** Sets each row's order to its place in `ids` (1, 2, …). */
    async setOrder(table: 'types' | 'fields', ids: number[]): Promise<void> {
      if (!ids.length) return;
      const values = sql.join(
        ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
        sql`, `,
      );
      const t = table === 'types' ? visitorTypes : visitorFields;
      await db.execute(
        sql`update ${t} set sort_order = v.n, updated_at = now() from (values ${values}) as v(id, n) where ${t.id} = v.id and ${t.companyId} = ${companyId}`,
      );
    },

    // which fields each type shows
    links: () => db.select().from(visitorTypeFields).where(myLinks),
    /** Replaces the fields a type shows. */
    async setTypeFields(typeId: number, settings: { fieldId: number; required: boolean }[]): Promise<void> {
      await db.delete(visitorTypeFields).where(and(myLinks, eq(visitorTypeFields.typeId, typeId)));
      if (settings.length)
        await db.insert(visitorTypeFields).values(settings.map((s) => ({ companyId, typeId, fieldId: s.fieldId, required: s.required })));
    },
    /** Replaces the types that show a field. */
    async setFieldTypes(fieldId: number, settings: { typeId: number; required: boolean }[]): Promise<void> {
      await db.delete(visitorTypeFields).where(and(myLinks, eq(visitorTypeFields.fieldId, fieldId)));
      if (settings.length)
        await db.insert(visitorTypeFields).values(settings.map((s) => ({ companyId, typeId: s.typeId, fieldId, required: s.required })));
    },
    /** Shows a field (the visitor's name) as required in these types. */
    async requireInTypes(fieldId: number, typeIds: number[]): Promise<void> {
      if (!typeIds.length) return;
      await db
        .insert(visitorTypeFields)
        .values(typeIds.map((typeId) => ({ companyId, typeId, fieldId, required: true })))
        .onConflictDoUpdate({ target: [visitorTypeFields.typeId, visitorTypeFields.fieldId], set: { required: true } });
    },
  };
});

export type RegistrationRepository = ReturnType<typeof registrationRepository>;
