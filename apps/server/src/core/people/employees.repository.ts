import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { departments, employeeDepartments, employees, subAccounts } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { cacheKey, forgetting, readOnce } from '../../platform/http/requestCache.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeInsert = Omit<typeof employees.$inferInsert, 'companyId' | 'id'>;

export interface EmployeeFilter {
  text?: string;
  empNo?: string;
  phone?: string;
  /** Members of any of these departments. */
  deptIds?: number[];
  status?: number;
  hideFromPad?: boolean;
  ids?: number[];
  /** Employees of this sub-company, or of any sub-company. */
  /** A sub-company's employees; 'any' those of some sub-company, 'none' the head office's own. */
  subAccountId?: number | 'any' | 'none';
  acEnabled?: boolean;
  forbidInvite?: boolean;
  /** Without a card number. */
  noCard?: boolean;
  /** With one of these face statuses (null: without a photo). */
  faces?: number[];
  /** "Photo error": status 1 or any code not among these known ones (spec section 4). */
  faceError?: readonly number[];
  /** A photo whose status is anything but normal. */
  faceAbnormal?: boolean;
  noEmpNo?: boolean;
  noEmail?: boolean;
}

const sortColumns = { empName: employees.name, empNo: employees.empNo, createTime: employees.createdAt } as const;

/** The condition for an employee filter, always within the scope's company. */
function employeeWhere(scope: TenantScope, f: EmployeeFilter): SQL | undefined {
  const db = dbOf(scope);
  const c: SQL[] = [eq(employees.companyId, scope.companyId)];
  // The employees the caller sees (a sub-company its own), whatever the filter.
  const visible = visibleRows(scope, { subCompany: employees.subAccountId });
  if (visible) c.push(visible);
  if (f.text) {
    const t = containsPattern(f.text);
    const anyOf = or(ilike(employees.name, t), ilike(employees.empNo, t), ilike(employees.phone, t));
    if (anyOf) c.push(anyOf);
  }
  if (f.empNo) c.push(ilike(employees.empNo, containsPattern(f.empNo)));
  if (f.phone) c.push(ilike(employees.phone, containsPattern(f.phone)));
  if (f.status !== undefined) c.push(eq(employees.status, f.status));
  if (f.hideFromPad === false) c.push(eq(employees.hideFromPad, false));
  if (f.ids) c.push(f.ids.length ? inArray(employees.id, f.ids) : sql`false`);
  if (f.subAccountId === 'any') c.push(isNotNull(employees.subAccountId));
  else if (f.subAccountId === 'none') c.push(isNull(employees.subAccountId));
  else if (f.subAccountId !== undefined) c.push(eq(employees.subAccountId, f.subAccountId));
  if (f.acEnabled !== undefined) c.push(eq(employees.acEnabled, f.acEnabled));
  if (f.forbidInvite !== undefined) c.push(eq(employees.forbidInvite, f.forbidInvite));
  if (f.noCard) c.push(eq(employees.cardNo, ''));
  if (f.faces) c.push(f.faces.length ? inArray(employees.face, f.faces) : sql`false`);
  if (f.faceError) c.push(and(isNotNull(employees.face), or(eq(employees.face, 1), notInArray(employees.face, [...f.faceError]))) as SQL);
  if (f.faceAbnormal) c.push(and(isNotNull(employees.face), ne(employees.face, 0)) as SQL);
  if (f.noEmpNo) c.push(eq(employees.empNo, ''));
  if (f.noEmail) c.push(eq(employees.email, ''));
  if (f.deptIds) {
    c.push(
      f.deptIds.length
        ? inArray(
            employees.id,
            db
              .select({ id: employeeDepartments.empId })
              .from(employeeDepartments)
              .where(and(eq(employeeDepartments.companyId, scope.companyId), inArray(employeeDepartments.deptId, f.deptIds))),
          )
        : sql`false`,
    );
  }
  return and(...c);
}

/** Employees of one company; no method reaches another company's rows. */
export const employeesRepository = scoped(function employeesRepository(scope: TenantScope) {
  return { ...employeeLists(scope), ...employeeLookups(scope), ...employeeWrites(scope), ...employeeDepartmentLinks(scope), ...importFacts(scope) };
});

/** Filtered pages, lists and counts of the company's employees. */
function employeeLists(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(employees.companyId, scope.companyId);
  const where = (f: EmployeeFilter) => employeeWhere(scope, f);
  return {
    async page(f: EmployeeFilter, offset: number, limit: number, sortBy: keyof typeof sortColumns = 'createTime', order: 'asc' | 'desc' = 'desc') {
      const column = sortColumns[sortBy];
      const dir = order === 'asc' ? asc : desc;
      const [rows, total] = await Promise.all([
        db.select().from(employees).where(where(f)).orderBy(dir(column), dir(employees.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(employees).where(where(f)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Keyset paging by id, for streaming every matching employee. */
    batchAfter: (f: EmployeeFilter, afterId: number, limit: number) =>
      db
        .select()
        .from(employees)
        .where(and(where(f), sql`${employees.id} > ${afterId}`))
        .orderBy(asc(employees.id))
        .limit(limit),
    /** Employees with this e-mail, case-insensitively (at most two: a sign-in matches only a single one). */
    byEmail: (email: string) =>
      db
        .select()
        .from(employees)
        .where(and(mine, sql`lower(${employees.email}) = lower(${email})`))
        .limit(2),
    list: (f: EmployeeFilter, limit = 10000) =>
      db.select().from(employees).where(where(f)).orderBy(asc(employees.name), asc(employees.id)).limit(limit),
    /** Counts per filter, in one statement. */
    async countWhere<K extends string>(filters: Record<K, EmployeeFilter>): Promise<Record<K, number>> {
      const keys = Object.keys(filters) as K[];
      const [row] = await db
        .select(
          Object.fromEntries(keys.map((k) => [k, sql<number>`count(*) filter (where ${where(filters[k])})`.mapWith(Number)])) as Record<
            K,
            SQL<number>
          >,
        )
        .from(employees)
        .where(mine);
      return (row ?? {}) as Record<K, number>;
    },
    async counts() {
      const rows = await db.select({ status: employees.status, n: count() }).from(employees).where(mine).groupBy(employees.status);
      const by = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
      return { total: rows.reduce((a, r) => a + r.n, 0), enabled: by(0), forbidden: by(1), stopped: by(2) };
    },
  };
}

/** Single employees and identifying numbers of the company's employees. */
function employeeLookups(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(employees.companyId, scope.companyId);
  /** Read once per call: a walk-in's host is checked, then told. */
  const byId = (id: number): Promise<EmployeeRow | undefined> =>
    readOnce(cacheKey.employee(scope.companyId, id), () =>
      prepared(db, 'employee_by_id', (d, name) =>
        d
          .select()
          .from(employees)
          .where(and(eq(employees.companyId, sql.placeholder('companyId')), eq(employees.id, sql.placeholder('id'))))
          .limit(1)
          .prepare(name),
      )
        .execute({ companyId: scope.companyId, id })
        .then((r): EmployeeRow | undefined => r[0]),
    );
  return {
    byId,
    /** The employee with this (normalised) phone: phones are unique within a company. */
    byPhone: (phone: string) =>
      db
        .select()
        .from(employees)
        .where(and(mine, eq(employees.phone, phone)))
        .limit(1)
        .then((r): EmployeeRow | undefined => r[0]),
    byIds: (ids: number[]) =>
      ids.length
        ? db
            .select()
            .from(employees)
            .where(and(mine, inArray(employees.id, ids)))
        : Promise.resolve([]),
    workNumbers: () =>
      db
        .select({ id: employees.id, empNo: employees.empNo })
        .from(employees)
        .where(and(mine, sql`${employees.empNo} <> ''`)),
    byEmpNo: (empNo: string) =>
      db
        .select()
        .from(employees)
        .where(and(mine, eq(employees.empNo, empNo)))
        .limit(1)
        .then((r) => r[0]),
    /** The employee holding one of these spellings of a card number (a reader may report letters in either case). */
    byCard: (cardNos: string[]) =>
      db
        .select()
        .from(employees)
        .where(and(mine, inArray(employees.cardNo, cardNos)))
        .orderBy(asc(employees.id))
        .limit(1)
        .then((r) => r[0]),
    /** Another employee (not `exceptId`) already using this work number, phone or card number. */
    async clash(field: 'empNo' | 'phone' | 'cardNo', value: string, exceptId?: number): Promise<boolean> {
      const column = { empNo: employees.empNo, phone: employees.phone, cardNo: employees.cardNo }[field];
      const c = [mine, eq(column, value)];
      if (exceptId) c.push(sql`${employees.id} <> ${exceptId}`);
      return (
        (
          await db
            .select({ id: employees.id })
            .from(employees)
            .where(and(...c))
            .limit(1)
        ).length > 0
      );
    },
    /** Every employee's identifying numbers: imports and card batches check a whole file against them. */
    identities: () =>
      db.select({ id: employees.id, empNo: employees.empNo, phone: employees.phone, cardNo: employees.cardNo }).from(employees).where(mine),
    /** Is this one of the company's sub-companies (an employee may be assigned to it)? */
    subAccountExists: (id: number) =>
      db
        .select({ id: subAccounts.id })
        .from(subAccounts)
        .where(and(eq(subAccounts.companyId, scope.companyId), eq(subAccounts.id, id)))
        .limit(1)
        .then((r) => r.length > 0),
    /** How to reach them (the notifier): from the same read as `byId`, so telling a host just looked up costs nothing. */
    contactOf: async (id: number) => {
      const e = await byId(id);
      return e && { name: e.name, email: e.email, phone: e.phone, defaultNotify: e.defaultNotify, status: e.status };
    },
  };
}

/** Inserts, updates and deletes of the company's employees. */
function employeeWrites(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(employees.companyId, scope.companyId);
  // Built before it is wrapped: as an argument its methods' result types would be inferred from the wrapper's.
  const writes = {
    insert: (values: EmployeeInsert) =>
      db
        .insert(employees)
        .values({ ...values, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as EmployeeRow),
    update: (id: number, values: Partial<EmployeeInsert>) =>
      db
        .update(employees)
        .set(values)
        .where(and(mine, eq(employees.id, id)))
        .returning()
        .then((r) => r[0] as EmployeeRow),
    /** The same change to several employees; answers the ids really changed (other companies' ids are ignored). */
    updateMany: (ids: number[], values: Partial<EmployeeInsert>) =>
      db
        .update(employees)
        .set(values)
        .where(and(mine, inArray(employees.id, ids)))
        .returning({ id: employees.id, name: employees.name }),
    deleteMany: (ids: number[]) =>
      db
        .delete(employees)
        .where(and(mine, inArray(employees.id, ids)))
        .returning({ id: employees.id, name: employees.name }),
    /** Inserts a batch (an import), answering the new ids in order. */
    insertBatch: (rows: EmployeeInsert[]) =>
      db
        .insert(employees)
        .values(rows.map((r) => ({ ...r, companyId: scope.companyId })))
        .returning({ id: employees.id }),
    /** Sets fields without touching `updatedAt` (an import's update, as it always was). */
    async setFields(id: number, values: Partial<EmployeeInsert>): Promise<void> {
      await db
        .update(employees)
        .set(values)
        .where(and(mine, eq(employees.id, id)));
    },
    /** Moves card numbers: the changed and cleared employees' cards are emptied first, so the unique index never sees a half-moved card. */
    async applyCards(changes: [number, string][], clear: number[]): Promise<void> {
      if (changes.length || clear.length)
        await db
          .update(employees)
          .set({ cardNo: '' })
          .where(and(mine, inArray(employees.id, [...changes.map(([id]) => id), ...clear])));
      for (let i = 0; i < changes.length; i += 1000) {
        const values = sql.join(
          changes.slice(i, i + 1000).map(([id, card]) => sql`(${id}::int, ${card}::text)`),
          sql`, `,
        );
        await db.execute(
          sql`UPDATE employees SET card_no = v.card, updated_at = now() FROM (VALUES ${values}) AS v(id, card) WHERE employees.id = v.id AND employees.company_id = ${scope.companyId}`,
        );
      }
    },
  };
  return forgetting(cacheKey.employees(scope.companyId), writes);
}

/** The company's employees' department memberships. */
function employeeDepartmentLinks(scope: TenantScope) {
  const db = dbOf(scope);
  const myLinks = eq(employeeDepartments.companyId, scope.companyId);
  return {
    /** Departments of each employee, in name order. */
    async departmentsOf(empIds: number[]): Promise<Map<number, { deptid: number; deptName: string }[]>> {
      const map = new Map<number, { deptid: number; deptName: string }[]>();
      if (!empIds.length) return map;
      const rows = await db
        .select({ empId: employeeDepartments.empId, deptid: departments.id, deptName: departments.name })
        .from(employeeDepartments)
        .innerJoin(departments, eq(departments.id, employeeDepartments.deptId))
        .where(and(myLinks, inArray(employeeDepartments.empId, empIds)))
        .orderBy(asc(departments.name));
      for (const r of rows) {
        const list = map.get(r.empId) ?? [];
        list.push({ deptid: r.deptid, deptName: r.deptName });
        map.set(r.empId, list);
      }
      return map;
    },
    async setDepartments(empId: number, deptIds: number[]): Promise<void> {
      await db.delete(employeeDepartments).where(and(myLinks, eq(employeeDepartments.empId, empId)));
      if (deptIds.length)
        await db.insert(employeeDepartments).values([...new Set(deptIds)].map((deptId) => ({ companyId: scope.companyId, empId, deptId })));
    },
    /** Adds department memberships, keeping the ones that exist. */
    async linkDepartments(links: { empId: number; deptId: number }[]): Promise<void> {
      for (let i = 0; i < links.length; i += 1000)
        await db
          .insert(employeeDepartments)
          .values(links.slice(i, i + 1000).map((l) => ({ ...l, companyId: scope.companyId })))
          .onConflictDoNothing();
    },
  };
}

/** What an import row may change, for the employees it matches (the import's check shows each field before and after). */
function importFacts(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(employees.companyId, scope.companyId);
  return {
    importFacts: (ids: number[]) =>
      ids.length
        ? db
            .select({
              id: employees.id,
              name: employees.name,
              empNo: employees.empNo,
              phone: employees.phone,
              email: employees.email,
              position: employees.position,
            })
            .from(employees)
            .where(and(mine, inArray(employees.id, ids)))
        : Promise.resolve([]),
  };
}
