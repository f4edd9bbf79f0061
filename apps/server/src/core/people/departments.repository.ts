import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { departments, employeeDepartments, employees } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type DepartmentRow = typeof departments.$inferSelect;

/** Departments of one company and their memberships; nothing here reaches another company. */
export const departmentsRepository = scoped(function departmentsRepository(scope: TenantScope) {
  return { ...departmentRows(scope), ...departmentMembers(scope) };
});

/** The company's department rows: lookup, uniqueness checks and writes. */
function departmentRows(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(departments.companyId, scope.companyId);
  return {
    /**
     * The names of those of these employees who are the company's. Read here, not through the employees service, so
     * departments stay below employees (employees use departments; departments only name their managers and members).
     */
    async employeeNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: employees.id, name: employees.name })
        .from(employees)
        .where(and(eq(employees.companyId, scope.companyId), inArray(employees.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    all: () => db.select().from(departments).where(mine).orderBy(asc(departments.name), asc(departments.id)),
    byId: (id: number) =>
      db
        .select()
        .from(departments)
        .where(and(mine, eq(departments.id, id)))
        .limit(1)
        .then((r) => r[0]),
    existing: async (ids: number[]) =>
      ids.length
        ? (
            await db
              .select({ id: departments.id })
              .from(departments)
              .where(and(mine, inArray(departments.id, ids)))
          ).map((r) => r.id)
        : [],
    siblingNamed: (parentId: number, name: string, exceptId?: number) =>
      db
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            mine,
            eq(departments.parentId, parentId),
            sql`lower(${departments.name}) = lower(${name})`,
            exceptId ? sql`${departments.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1)
        .then((r) => r.length > 0),
    numbered: (deptNo: string, exceptId?: number) =>
      db
        .select({ id: departments.id })
        .from(departments)
        .where(and(mine, eq(departments.deptNo, deptNo), exceptId ? sql`${departments.id} <> ${exceptId}` : undefined))
        .limit(1)
        .then((r) => r.length > 0),
    insert: (v: { name: string; deptNo: string; parentId: number; managerEmpId: number | null }) =>
      db
        .insert(departments)
        .values({ ...v, companyId: scope.companyId })
        .returning({ id: departments.id })
        .then((r) => r[0]?.id ?? 0),
    update: (id: number, v: Partial<{ name: string; deptNo: string; parentId: number; managerEmpId: number | null }>) =>
      db
        .update(departments)
        .set(v)
        .where(and(mine, eq(departments.id, id))),
    delete: (id: number) => db.delete(departments).where(and(mine, eq(departments.id, id))),
    clearManager: (empIds: number[]) =>
      empIds.length
        ? db
            .update(departments)
            .set({ managerEmpId: null })
            .where(and(mine, inArray(departments.managerEmpId, empIds)))
        : Promise.resolve(),
  };
}

/** Memberships of the company's departments (employee_departments). */
function departmentMembers(scope: TenantScope) {
  const db = dbOf(scope);
  const myLinks = eq(employeeDepartments.companyId, scope.companyId);
  return {
    async memberCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ deptId: employeeDepartments.deptId, n: count() })
        .from(employeeDepartments)
        .where(myLinks)
        .groupBy(employeeDepartments.deptId);
      return new Map(rows.map((r) => [r.deptId, r.n]));
    },
    /**
     * Employees in each department or anywhere below it, each counted once (one in two sub-departments is one person):
     * what the employee list shows when that department is chosen.
     */
    async subtreeMemberCounts(): Promise<Map<number, number>> {
      const rows = await selectRows<{ root: number; n: number }>(
        db,
        sql`
        WITH RECURSIVE below (root, dept) AS (
          SELECT id, id FROM departments WHERE company_id = ${scope.companyId}
          UNION ALL
          SELECT below.root, d.id FROM departments d JOIN below ON d.parent_id = below.dept WHERE d.company_id = ${scope.companyId}
        )
        SELECT below.root AS root, count(DISTINCT ed.emp_id)::int AS n
        FROM below JOIN employee_departments ed ON ed.dept_id = below.dept AND ed.company_id = ${scope.companyId}
        GROUP BY below.root`,
      );
      return new Map(rows.map((r) => [Number(r.root), Number(r.n)]));
    },
    memberCount: (deptId: number) =>
      db
        .select({ n: count() })
        .from(employeeDepartments)
        .where(and(myLinks, eq(employeeDepartments.deptId, deptId)))
        .then((r) => r[0]?.n ?? 0),
    /** Moves every member of `from` into `to` (keeping memberships they already had there). */
    async moveMembers(from: number, to: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO employee_departments (company_id, emp_id, dept_id)
        SELECT company_id, emp_id, ${to} FROM employee_departments WHERE company_id = ${scope.companyId} AND dept_id = ${from}
        ON CONFLICT DO NOTHING`);
      await db.delete(employeeDepartments).where(and(myLinks, eq(employeeDepartments.deptId, from)));
    },
    /** Adds memberships (the service passes only this company's employees); answers how many were new. */
    async addMembers(deptId: number, empIds: number[]): Promise<number> {
      if (!empIds.length) return 0;
      const added = await db
        .insert(employeeDepartments)
        .values(empIds.map((empId) => ({ companyId: scope.companyId, empId, deptId })))
        .onConflictDoNothing()
        .returning({ empId: employeeDepartments.empId });
      return added.length;
    },
    async removeMembers(deptId: number, empIds: number[]): Promise<number> {
      const removed = await db
        .delete(employeeDepartments)
        .where(and(myLinks, eq(employeeDepartments.deptId, deptId), inArray(employeeDepartments.empId, empIds)))
        .returning({ empId: employeeDepartments.empId });
      return removed.length;
    },
  };
}
