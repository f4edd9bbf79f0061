import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { deviceGroups, employees, gates, subAccounts, subAccountTemplates, visits } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type SubAccountRow = typeof subAccounts.$inferSelect;
export type SubAccountValues = Partial<Omit<typeof subAccounts.$inferInsert, 'id' | 'companyId'>>;
export type SubTemplateRow = typeof subAccountTemplates.$inferSelect;
export type SubTemplateValues = Omit<typeof subAccountTemplates.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

/** The list's filters: `text` in name, short name or floor; `status` 1 in use, 0 stopped, 2 archived. */
export interface SubAccountFilter {
  text?: string;
  status?: number;
}

/** The sub-company rows: look-ups, the list, writes. */
function rows(scope: TenantScope) {
  const db = dbOf(scope);
  const s = subAccounts;
  const mine = eq(s.companyId, scope.companyId);
  const matching = (f: SubAccountFilter): SQL | undefined => {
    const w: (SQL | undefined)[] = [mine];
    if (f.text)
      w.push(or(ilike(s.companyName, containsPattern(f.text)), ilike(s.shortName, containsPattern(f.text)), ilike(s.floor, containsPattern(f.text))));
    if (f.status === 2) w.push(isNotNull(s.archivedAt));
    else if (f.status !== undefined) w.push(isNull(s.archivedAt), eq(s.isUse, f.status));
    return and(...w);
  };
  return {
    byIds: (ids: number[]) =>
      db
        .select()
        .from(s)
        .where(and(mine, inArray(s.id, ids))),
    async page(f: SubAccountFilter, offset: number, limit: number) {
      const where = matching(f);
      const [rows, total] = await Promise.all([
        db.select().from(s).where(where).orderBy(desc(s.createdAt), desc(s.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(s).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Which of a name, short name and email another sub-company of this company holds (any case). */
    async taken(v: { companyName?: string; shortName?: string; email?: string }, except?: number) {
      const other = except === undefined ? [] : [sql`${s.id} <> ${except}`];
      const check = async (cond: SQL) =>
        (
          await db
            .select({ id: s.id })
            .from(s)
            .where(and(mine, cond, ...other))
            .limit(1)
        ).length > 0;
      return {
        companyName: !!v.companyName && (await check(sql`lower(${s.companyName}) = lower(${v.companyName})`)),
        shortName: !!v.shortName && (await check(sql`lower(${s.shortName}) = lower(${v.shortName})`)),
        email: !!v.email && (await check(sql`lower(${s.email}) = lower(${v.email})`)),
      };
    },
    insert: (values: SubAccountValues & Pick<SubAccountRow, 'companyName' | 'email' | 'passwordHash'>) =>
      db
        .insert(s)
        .values({ ...values, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as SubAccountRow),
    update: (id: number, values: SubAccountValues) =>
      db
        .update(s)
        .set({ ...values, updatedAt: new Date() })
        .where(and(mine, eq(s.id, id)))
        .returning()
        .then((r): SubAccountRow | undefined => r[0]),
    archive: (ids: number[]) =>
      db
        .update(s)
        .set({ isUse: 0, archivedAt: new Date(), updatedAt: new Date() })
        .where(and(mine, inArray(s.id, ids))),
    remove: (ids: number[]) => db.delete(s).where(and(mine, inArray(s.id, ids))),
  };
}

/** What a sub-company relates to: its records (employees, visits), gates, door groups, its employees. */
function related(scope: TenantScope) {
  const db = dbOf(scope);
  const s = subAccounts;
  const mine = eq(s.companyId, scope.companyId);
  return {
    /** Per sub-company: its employees, visits (walk-ins and residents) and invitations (invitations and appointments). */
    async records(ids: number[]) {
      const emp = await db
        .select({ id: employees.subAccountId, n: count() })
        .from(employees)
        .where(and(eq(employees.companyId, scope.companyId), inArray(employees.subAccountId, ids)))
        .groupBy(employees.subAccountId);
      const invite = sql<boolean>`${visits.kind} IN ('invite', 'appointment')`;
      const vis = await db
        .select({ id: visits.subAccountId, invite, n: count() })
        .from(visits)
        .where(and(eq(visits.companyId, scope.companyId), inArray(visits.subAccountId, ids)))
        .groupBy(visits.subAccountId, invite);
      return ids.map((id) => ({
        id,
        employees: emp.find((r) => r.id === id)?.n ?? 0,
        visits: vis.filter((r) => r.id === id && !r.invite).reduce((a, r) => a + r.n, 0),
        invitations: vis.filter((r) => r.id === id && r.invite).reduce((a, r) => a + r.n, 0),
      }));
    },
    /** Of these gate and device-group ids, those this company has. */
    async ownGates(ids: number[]) {
      if (!ids.length) return [];
      return (
        await db
          .select({ id: gates.id })
          .from(gates)
          .where(and(eq(gates.companyId, scope.companyId), inArray(gates.id, ids)))
      ).map((r) => r.id);
    },
    async ownDeviceGroups(ids: number[]) {
      if (!ids.length) return [];
      const g = deviceGroups;
      return (
        await db
          .select({ id: g.id })
          .from(g)
          .where(and(eq(g.companyId, scope.companyId), inArray(g.id, ids)))
      ).map((r) => r.id);
    },
    /** The sub-company's employees among these ids (its managers must be its own). */
    employeesOf: (subId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: employees.id, name: employees.name, phone: employees.phone, empNo: employees.empNo })
            .from(employees)
            .where(and(eq(employees.companyId, scope.companyId), eq(employees.subAccountId, subId), inArray(employees.id, ids))),
    /** Sub-companies by lower-cased short name or email (logo zips). */
    byShortNameOrEmail: (keys: string[]) =>
      db
        .select()
        .from(s)
        .where(and(mine, isNull(s.archivedAt), or(inArray(sql`lower(${s.shortName})`, keys), inArray(sql`lower(${s.email})`, keys)))),
  };
}

/** Named sets of the alike fields (templates). */
function templates(scope: TenantScope) {
  const db = dbOf(scope);
  const t = subAccountTemplates;
  const myTemplates = eq(t.companyId, scope.companyId);
  return {
    templates: () => db.select().from(t).where(myTemplates).orderBy(asc(t.name)),
    /** Saves a template, replacing one of the same name (any case). */
    async saveTemplate(values: SubTemplateValues): Promise<SubTemplateRow> {
      const [same] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(myTemplates, sql`lower(${t.name}) = lower(${values.name})`));
      const write = same
        ? db
            .update(t)
            .set({ ...values, updatedAt: new Date() })
            .where(and(myTemplates, eq(t.id, same.id)))
        : db.insert(t).values({ ...values, companyId: scope.companyId });
      return (await write.returning())[0] as SubTemplateRow;
    },
    removeTemplate: (id: number) =>
      db
        .delete(t)
        .where(and(myTemplates, eq(t.id, id)))
        .returning({ id: t.id })
        .then((r) => r.length > 0),
  };
}

/** One company's sub-companies and their templates; the counts of what each has on record. */
export const subCompaniesRepository = scoped((scope: TenantScope) => ({ ...rows(scope), ...related(scope), ...templates(scope) }));
