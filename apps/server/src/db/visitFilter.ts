import type { VisitKind, VisitorStatus } from '@openvisit/contract';
import { and, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TenantScope } from '../platform/identity/tenancy.js';
import { visibleRows } from '../platform/identity/visibility.js';
import { employeeDepartments, visits } from './schema/index.js';
import { containsPattern } from './sql.js';

/**
 * The visit list's filters as SQL, bound to one company and to what the caller may see: shared by the visits repository and the visitor report's
 * (reports module), which aggregate over the same lists. Lives beside the schema so neither imports the other.
 */
export interface VisitFilter {
  /** Created, or for invitations expected, from this instant (inclusive) to `until` (exclusive). */
  from?: Date;
  until?: Date;
  name?: string;
  phone?: string;
  company?: string;
  empName?: string;
  tid?: number;
  visitType?: string;
  status?: VisitorStatus;
  statuses?: readonly VisitorStatus[];
  kind?: VisitKind;
  /** Any of these kinds. */
  kinds?: readonly VisitKind[];
  notKind?: VisitKind;
  gid?: number;
  onSite?: boolean;
  /** Signed in (on site or gone), or not yet. */
  arrived?: boolean;
  /** Certificate number, exact (stored upper-case). */
  idNumber?: string;
  /** No access card handed out. */
  noCard?: boolean;
  /** Signed in and still here past the leave time, or (when given) signed in before this off-duty instant. */
  /** Still on site past the leave time, or since before `since` (the last edge of working hours). */
  overtime?: { now: Date; since: Date | null };
  subAccountId?: number;
  ids?: number[];
  /** Visits of one resident visitor. */
  residentId?: number;
  /** Visits of any of these residents. */
  residentIds?: number[];
  /** Visits to one host. */
  empId?: number;
  /** Visits to a host in this department now (the visitor report's department). */
  hostDeptId?: number;
}

/** When a visit happened, for date filters: signed in, else expected, else registered (the reports' day too). */
export const visitWhen = sql`coalesce(${visits.visitAt}, ${visits.appointmentAt}, ${visits.createdAt})`;

/**
 * The visits of the scope's company matching `f`, of those the caller may see (a sub-company its own, an employee
 * those they host): every list, page, count, report and export of visits is built on this, so none can forget it.
 */
export function visitFilterSql(scope: TenantScope, f: VisitFilter): SQL | undefined {
  const companyId = scope.companyId;
  const c: (SQL | undefined)[] = [eq(visits.companyId, companyId), visibleRows(scope, { subCompany: visits.subAccountId, employee: visits.empId })];
  if (f.from) c.push(gte(visitWhen, f.from));
  if (f.until) c.push(lt(visitWhen, f.until));
  if (f.name) c.push(ilike(visits.name, containsPattern(f.name)));
  if (f.phone) c.push(ilike(visits.phone, containsPattern(f.phone)));
  if (f.company) c.push(ilike(visits.company, containsPattern(f.company)));
  if (f.empName) c.push(ilike(visits.empName, containsPattern(f.empName)));
  if (f.tid) c.push(eq(visits.tid, f.tid));
  if (f.visitType) c.push(ilike(visits.visitType, containsPattern(f.visitType)));
  if (f.status) c.push(eq(visits.status, f.status));
  if (f.statuses) c.push(inArray(visits.status, [...f.statuses]));
  if (f.kind) c.push(eq(visits.kind, f.kind));
  if (f.kinds) c.push(inArray(visits.kind, [...f.kinds]));
  if (f.notKind) c.push(sql`${visits.kind} <> ${f.notKind}`);
  if (f.gid) c.push(eq(visits.gid, f.gid));
  if (f.onSite === true) c.push(and(isNotNull(visits.visitAt), isNull(visits.signOutAt)));
  if (f.onSite === false) c.push(or(isNull(visits.visitAt), isNotNull(visits.signOutAt)));
  if (f.arrived !== undefined) c.push(f.arrived ? isNotNull(visits.visitAt) : isNull(visits.visitAt));
  if (f.idNumber) c.push(eq(visits.idNumber, f.idNumber));
  if (f.noCard) c.push(eq(visits.cardNo, ''));
  if (f.overtime) {
    const { now, since } = f.overtime;
    c.push(eq(visits.status, 'signedIn'));
    c.push(or(lt(visits.leaveAt, now), since ? lt(visits.visitAt, since) : undefined));
  }
  if (f.subAccountId) c.push(eq(visits.subAccountId, f.subAccountId));
  if (f.ids) c.push(f.ids.length ? inArray(visits.id, f.ids) : sql`false`);
  if (f.residentId) c.push(eq(visits.residentId, f.residentId));
  if (f.residentIds) c.push(inArray(visits.residentId, f.residentIds.length ? f.residentIds : [0]));
  if (f.empId) c.push(eq(visits.empId, f.empId));
  if (f.hostDeptId)
    c.push(
      sql`exists (select 1 from ${employeeDepartments} where ${employeeDepartments.empId} = ${visits.empId} and ${employeeDepartments.deptId} = ${f.hostDeptId} and ${employeeDepartments.companyId} = ${companyId})`,
    );
  return and(...c);
}
