import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, employeeDepartments, employees } from '../../db/schema/index.js';

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
}

function like(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

const sortColumns = { empName: employees.name, empNo: employees.empNo, createTime: employees.createdAt } as const;

/** Employees of one company; no method reaches another company's rows. */
export function employeesRepository(db: Db, scope: { companyId: number }) {
  const mine = eq(employees.companyId, scope.companyId);
  function where(f: EmployeeFilter): SQL | undefined {
    const c: SQL[] = [mine];
    if (f.text) {
      const t = like(f.text);
      const anyOf = or(ilike(employees.name, t), ilike(employees.empNo, t), ilike(employees.phone, t));
      if (anyOf) c.push(anyOf);
    }
    if (f.empNo) c.push(ilike(employees.empNo, like(f.empNo)));
    if (f.phone) c.push(ilike(employees.phone, like(f.phone)));
    if (f.status !== undefined) c.push(eq(employees.status, f.status));
    if (f.hideFromPad === false) c.push(eq(employees.hideFromPad, false));
    if (f.ids) c.push(f.ids.length ? inArray(employees.id, f.ids) : sql`false`);
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
    list: (f: EmployeeFilter, limit = 10000) =>
      db.select().from(employees).where(where(f)).orderBy(asc(employees.name), asc(employees.id)).limit(limit),
    byId: (id: number) =>
      db
        .select()
        .from(employees)
        .where(and(mine, eq(employees.id, id)))
        .limit(1)
        .then((r) => r[0]),
    byIds: (ids: number[]) =>
      ids.length
        ? db
            .select()
            .from(employees)
            .where(and(mine, inArray(employees.id, ids)))
        : Promise.resolve([]),
    byEmpNo: (empNo: string) =>
      db
        .select()
        .from(employees)
        .where(and(mine, eq(employees.empNo, empNo)))
        .limit(1)
        .then((r) => r[0]),
    /** Another employee (not `exceptId`) already using this work number or phone. */
    async clash(field: 'empNo' | 'phone', value: string, exceptId?: number): Promise<boolean> {
      const column = field === 'empNo' ? employees.empNo : employees.phone;
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
    deleteMany: (ids: number[]) =>
      db
        .delete(employees)
        .where(and(mine, inArray(employees.id, ids)))
        .returning({ id: employees.id, name: employees.name }),
    async counts() {
      const rows = await db.select({ status: employees.status, n: count() }).from(employees).where(mine).groupBy(employees.status);
      const by = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
      return { total: rows.reduce((a, r) => a + r.n, 0), enabled: by(0), forbidden: by(1), stopped: by(2) };
    },
    /** Departments of each employee, in name order. */
    async departmentsOf(empIds: number[]): Promise<Map<number, { deptid: number; deptName: string }[]>> {
      const map = new Map<number, { deptid: number; deptName: string }[]>();
      if (!empIds.length) return map;
      const rows = await db
        .select({ empId: employeeDepartments.empId, deptid: departments.id, deptName: departments.name })
        .from(employeeDepartments)
        .innerJoin(departments, eq(departments.id, employeeDepartments.deptId))
        .where(and(eq(employeeDepartments.companyId, scope.companyId), inArray(employeeDepartments.empId, empIds)))
        .orderBy(asc(departments.name));
      for (const r of rows) {
        const list = map.get(r.empId) ?? [];
        list.push({ deptid: r.deptid, deptName: r.deptName });
        map.set(r.empId, list);
      }
      return map;
    },
    async setDepartments(empId: number, deptIds: number[]): Promise<void> {
      await db.delete(employeeDepartments).where(and(eq(employeeDepartments.companyId, scope.companyId), eq(employeeDepartments.empId, empId)));
      if (deptIds.length)
        await db.insert(employeeDepartments).values([...new Set(deptIds)].map((deptId) => ({ companyId: scope.companyId, empId, deptId })));
    },
  };
}
