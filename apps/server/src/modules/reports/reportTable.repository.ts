import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { departments, employeeDepartments, visits } from '../../db/schema/index.js';
import { type VisitFilter, visitFilterSql, visitWhen } from '../../db/visitFilter.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** The report's figures of a set of visits, as SQL aggregates. */
const figures = {
  visits: sql<number>`count(*)`.mapWith(Number),
  people: sql<number>`coalesce(sum(1 + jsonb_array_length(${visits.followers})), 0)`.mapWith(Number),
  signedIn: sql<number>`count(${visits.visitAt})`.mapWith(Number),
  signedOut: sql<number>`count(${visits.signOutAt})`.mapWith(Number),
  onSite: sql<number>`count(*) filter (where ${visits.visitAt} is not null and ${visits.signOutAt} is null)`.mapWith(Number),
  staySeconds: sql<
    number | null
  >`avg(extract(epoch from (${visits.signOutAt} - ${visits.visitAt}))) filter (where ${visits.visitAt} is not null and ${visits.signOutAt} is not null)`.mapWith(
    Number,
  ),
};

export type FigureRow = { visits: number; people: number; signedIn: number; signedOut: number; onSite: number; staySeconds: number | null };

/** What the visitor report's rows and export read of a visit. */
const rowColumns = {
  id: visits.id,
  /** The list's order key as text: exact to the microsecond, so keyset paging never skips a row. */
  at: sql<string>`${visitWhen}::text`,
  name: visits.name,
  phone: visits.phone,
  company: visits.company,
  empName: visits.empName,
  visitType: visits.visitType,
  kind: visits.kind,
  status: visits.status,
  followers: visits.followers,
  appointmentAt: visits.appointmentAt,
  visitAt: visits.visitAt,
  signOutAt: visits.signOutAt,
};

/** The visitor report's reads, over the visit list's filters (one company; a sub-company's scope is in the filter). */
export const reportTableRepository = scoped(function reportTableRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const list = { where: (f: VisitFilter) => visitFilterSql(scope, f) };
  return {
    departmentExists: (id: number) =>
      db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.companyId, scope.companyId), eq(departments.id, id)))
        .limit(1)
        .then((r) => r.length > 0),
    /** Each visit once. */
    totals: (f: VisitFilter): Promise<FigureRow> =>
      db
        .select(figures)
        .from(visits)
        .where(list.where(f))
        .then((r) => r[0] as FigureRow),
    /**
     * Per day of the period: `starts` are the days' local midnights and the end of the last day; a visit's bucket is
     * the day its `when` falls in (1 for the first day), whatever the database's own time zone.
     */
    byDay: (f: VisitFilter, starts: Date[]) => {
      const bucket = sql<number>`width_bucket(${visitWhen}, ARRAY[${sql.join(
        starts.map((d) => sql`${d.toISOString()}::timestamptz`),
        sql`, `,
      )}])`.mapWith(Number);
      return db
        .select({ bucket, ...figures })
        .from(visits)
        .where(list.where(f))
        .groupBy(sql`1`); // by position: the bucket's parameters repeated would not be the same expression to PostgreSQL
    },
    /** Per host department now: a host in two departments counts in both; null for a host in none. */
    byDepartment: (f: VisitFilter) => {
      const ed = alias(employeeDepartments, 'ed');
      const on: SQL[] = [eq(ed.empId, visits.empId), eq(ed.companyId, scope.companyId)];
      if (f.hostDeptId) on.push(eq(ed.deptId, f.hostDeptId)); // the chosen department's group only
      return db
        .select({ deptId: ed.deptId, name: departments.name, ...figures })
        .from(visits)
        .leftJoin(ed, and(...on))
        .leftJoin(departments, eq(departments.id, ed.deptId))
        .where(list.where(f))
        .groupBy(ed.deptId, departments.name);
    },
    byVisitType: (f: VisitFilter) =>
      db
        .select({ key: visits.visitType, ...figures })
        .from(visits)
        .where(list.where(f))
        .groupBy(visits.visitType),
    byCompany: (f: VisitFilter) =>
      db
        .select({ key: visits.company, ...figures })
        .from(visits)
        .where(list.where(f))
        .groupBy(visits.company),
    /** Keyset paging in the list's order (newest first), for streaming every matching visit. */
    batchAfter: (f: VisitFilter, after: { at: string; id: number } | null, limit: number) =>
      db
        .select(rowColumns)
        .from(visits)
        .where(and(list.where(f), after ? sql`(${visitWhen}, ${visits.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
        .orderBy(desc(visitWhen), desc(visits.id))
        .limit(limit),
  };
});
