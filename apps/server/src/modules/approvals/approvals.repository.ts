import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  approvalPolicies,
  approvalRequests,
  approvalSeats,
  approverLeaves,
  employeeDepartments,
  employees,
  roleMembers,
  roles,
  visitProxies,
  visits,
} from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type { StoredStep } from '../../db/schema/approvals.js';
export type PolicyRow = typeof approvalPolicies.$inferSelect;
export type PolicyInsert = Omit<typeof approvalPolicies.$inferInsert, 'companyId' | 'id'>;
export type RequestRow = typeof approvalRequests.$inferSelect;
export type RequestInsert = Omit<typeof approvalRequests.$inferInsert, 'companyId' | 'id'>;
export type SeatRow = typeof approvalSeats.$inferSelect;
export type SeatInsert = Omit<typeof approvalSeats.$inferInsert, 'companyId' | 'id'>;
export type LeaveRow = typeof approverLeaves.$inferSelect;

/** A seat with its request and the visit it decides, as the queues show it. */
export const seatWithVisit = {
  seat: approvalSeats,
  request: approvalRequests,
  vname: visits.name,
  vphone: visits.phone,
  vcompany: visits.company,
  empId: visits.empId,
  empName: visits.empName,
  visitType: visits.visitType,
  visitReason: visits.visitReason,
  appointmentAt: visits.appointmentAt,
  gname: visits.signInGate,
  gid: visits.gid,
  kind: visits.kind,
  visitStatus: visits.status,
  subAccountId: visits.subAccountId,
};
/** The visit's columns are null for a seat of another subject (a truck, a temporary card): its request's `summary` says what it is. */
export type SeatWithVisit = {
  seat: SeatRow;
  request: RequestRow;
  vname: string | null;
  vphone: string | null;
  vcompany: string | null;
  empId: number | null;
  empName: string | null;
  visitType: string | null;
  visitReason: string | null;
  appointmentAt: Date | null;
  gname: string | null;
  gid: number | null;
  kind: string | null;
  visitStatus: string | null;
  subAccountId: number | null;
};

/** Visits no longer waiting for anyone: a decision still open on one of these is shown as not handled. */
export const CLOSED_VISIT_STATUSES = ['signedOut', 'refused', 'expired', 'ended'] as const;

/** Who is asking for their queue: an employee (by id), or any HSE account, or an administrator. */
export interface Asker {
  empId: number | null;
  hse: boolean;
  admin: boolean;
}

/** One company's approval policies, requests, seats and leave; no method reaches another company's rows. */
export const approvalsRepository = scoped(function approvalsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const myPolicies = and(eq(approvalPolicies.companyId, scope.companyId), visibleRows(scope, { subCompany: approvalPolicies.subCompanyId }));
  const mySeats = eq(approvalSeats.companyId, scope.companyId);
  const myRequests = eq(approvalRequests.companyId, scope.companyId);
  const selectSeats = () =>
    db
      .select(seatWithVisit)
      .from(approvalSeats)
      .innerJoin(approvalRequests, eq(approvalRequests.id, approvalSeats.requestId))
      .leftJoin(visits, eq(visits.id, approvalSeats.visitId));
  const visitOpen = sql`(${visits.id} IS NULL OR ${visits.status} NOT IN ('signedOut', 'refused', 'expired', 'ended'))`;
  // A sub-company sees its own visits' seats, and no other subject's (trucks and temporary cards are the head office's).
  const seesVisit = visibleRows(scope, { subCompany: visits.subAccountId });
  const askedBy = (a: Asker) =>
    or(
      a.empId !== null ? sql`${a.empId} = ANY(${approvalSeats.empIds})` : undefined,
      a.hse ? eq(approvalSeats.hse, true) : undefined,
      a.admin ? eq(approvalSeats.admin, true) : undefined,
    ) ?? sql`false`;
  const named = (name: string) => (name ? or(ilike(visits.name, containsPattern(name)), ilike(visits.empName, containsPattern(name))) : undefined);

  return {
    // --- policies ---
    policies: () => db.select().from(approvalPolicies).where(myPolicies).orderBy(asc(approvalPolicies.position), asc(approvalPolicies.id)),
    policy: (id: number) =>
      db
        .select()
        .from(approvalPolicies)
        .where(and(myPolicies, eq(approvalPolicies.id, id)))
        .then((r) => r[0]),
    nameTaken: (name: string, subCompanyId: number | null, exceptId = 0) =>
      db
        .select({ id: approvalPolicies.id })
        .from(approvalPolicies)
        .where(
          and(
            eq(approvalPolicies.companyId, scope.companyId),
            sql`coalesce(${approvalPolicies.subCompanyId}, 0) = ${subCompanyId ?? 0}`,
            sql`lower(${approvalPolicies.name}) = lower(${name})`,
            sql`${approvalPolicies.id} <> ${exceptId}`,
          ),
        )
        .then((r) => r.length > 0),
    insertPolicy: (v: PolicyInsert) =>
      db
        .insert(approvalPolicies)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as PolicyRow),
    updatePolicy: (id: number, v: Partial<PolicyInsert>) =>
      db
        .update(approvalPolicies)
        .set(v)
        .where(and(myPolicies, eq(approvalPolicies.id, id)))
        .returning()
        .then((r) => r[0]),
    deletePolicy: (id: number) =>
      db.delete(approvalPolicies).where(and(myPolicies, eq(approvalPolicies.id, id), eq(approvalPolicies.isDefault, false))),
    /** Requests waiting under each policy (their visits still open). */
    waitingByPolicy: () =>
      db
        .select({ policyId: approvalRequests.policyId, n: count() })
        .from(approvalRequests)
        .leftJoin(visits, eq(visits.id, approvalRequests.visitId))
        .where(and(myRequests, eq(approvalRequests.status, 0), visitOpen))
        .groupBy(approvalRequests.policyId),
    /** Whether any policy names one of these roles (as approvers or as where a deadline escalates). */
    roleInUse: (roleIds: number[]) => {
      if (!roleIds.length) return Promise.resolve(false);
      const ids = sql`ARRAY[${sql.join(
        roleIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`;
      return db
        .select({ n: count() })
        .from(approvalPolicies)
        .where(
          and(
            eq(approvalPolicies.companyId, scope.companyId),
            sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${approvalPolicies.steps}) s
                  WHERE (s->'deadline'->>'roleId')::int = ANY(${ids})
                     OR EXISTS (SELECT 1 FROM jsonb_array_elements(s->'approvers') a
                       WHERE a->>'kind' IN ('role', 'roleGroup') AND (a->>'id')::int = ANY(${ids})))`,
          ),
        )
        .then((r) => (r[0]?.n ?? 0) > 0);
    },

    // --- the directory as approvals read it ---
    roleNames: async (roleIds: number[]): Promise<Map<number, { name: string; parentId: number }>> => {
      if (!roleIds.length) return new Map();
      const rows = await db
        .select({ id: roles.id, name: roles.name, parentId: roles.parentId })
        .from(roles)
        .where(and(eq(roles.companyId, scope.companyId), inArray(roles.id, roleIds)));
      return new Map(rows.map((r) => [r.id, { name: r.name, parentId: r.parentId }]));
    },
    rolesInGroup: (groupId: number) =>
      db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.companyId, scope.companyId), eq(roles.parentId, groupId)))
        .then((r) => r.map((x) => x.id)),
    /** Enabled employees holding one of these roles. */
    roleMembers: (roleIds: number[]) =>
      roleIds.length
        ? db
            .selectDistinct({ empId: roleMembers.empId })
            .from(roleMembers)
            .innerJoin(employees, eq(employees.id, roleMembers.empId))
            .where(and(eq(roleMembers.companyId, scope.companyId), inArray(roleMembers.roleId, roleIds), eq(employees.status, 0)))
            .then((r) => r.map((x) => x.empId))
        : Promise.resolve([] as number[]),
    /** Enabled employees of these departments. */
    departmentMembers: (deptIds: number[]) =>
      deptIds.length
        ? db
            .selectDistinct({ empId: employeeDepartments.empId })
            .from(employeeDepartments)
            .innerJoin(employees, eq(employees.id, employeeDepartments.empId))
            .where(and(eq(employeeDepartments.companyId, scope.companyId), inArray(employeeDepartments.deptId, deptIds), eq(employees.status, 0)))
            .then((r) => r.map((x) => x.empId))
        : Promise.resolve([] as number[]),
    /** Leave covering `day` of these employees. */
    leavesOn: (empIds: number[], day: string) =>
      empIds.length
        ? db
            .select()
            .from(approverLeaves)
            .where(
              and(
                eq(approverLeaves.companyId, scope.companyId),
                inArray(approverLeaves.empId, empIds),
                lte(approverLeaves.startDate, day),
                gte(approverLeaves.endDate, day),
              ),
            )
        : Promise.resolve([] as LeaveRow[]),
    /** Visit proxies switched on and covering `day`, of these employees. */
    proxiesOn: (empIds: number[], day: string) =>
      empIds.length
        ? db
            .select({ empId: visitProxies.empId, proxyId: visitProxies.proxyId })
            .from(visitProxies)
            .where(
              and(
                eq(visitProxies.companyId, scope.companyId),
                inArray(visitProxies.empId, empIds),
                eq(visitProxies.status, 1),
                lte(visitProxies.startDate, day),
                gte(visitProxies.endDate, day),
              ),
            )
        : Promise.resolve([] as { empId: number; proxyId: number }[]),

    // --- leave ---
    leaves: (fromDay: string, empId: number | null) =>
      db
        .select()
        .from(approverLeaves)
        .where(
          and(
            eq(approverLeaves.companyId, scope.companyId),
            gte(approverLeaves.endDate, fromDay),
            empId !== null ? eq(approverLeaves.empId, empId) : undefined,
          ),
        )
        .orderBy(asc(approverLeaves.startDate), asc(approverLeaves.id)),
    leave: (id: number) =>
      db
        .select()
        .from(approverLeaves)
        .where(and(eq(approverLeaves.companyId, scope.companyId), eq(approverLeaves.id, id)))
        .then((r) => r[0]),
    insertLeave: (v: { empId: number; startDate: string; endDate: string; standInId: number | null; note: string }) =>
      db
        .insert(approverLeaves)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as LeaveRow),
    deleteLeave: (id: number) => db.delete(approverLeaves).where(and(eq(approverLeaves.companyId, scope.companyId), eq(approverLeaves.id, id))),
    /** Every leave overlapping a range (a stand-in chain is followed through them). */
    leavesOverlapping: (startDay: string, endDay: string) =>
      db
        .select()
        .from(approverLeaves)
        .where(and(eq(approverLeaves.companyId, scope.companyId), lte(approverLeaves.startDate, endDay), gte(approverLeaves.endDate, startDay))),

    // --- requests and seats ---
    insertRequest: (v: RequestInsert) =>
      db
        .insert(approvalRequests)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as RequestRow),
    /** The request, locked until the transaction ends: two decisions on it are taken one after the other. */
    lockRequest: (id: number) =>
      db
        .select()
        .from(approvalRequests)
        .where(and(myRequests, eq(approvalRequests.id, id)))
        .for('update')
        .then((r) => r[0]),
    updateRequest: (id: number, v: Partial<RequestInsert>) =>
      db
        .update(approvalRequests)
        .set(v)
        .where(and(myRequests, eq(approvalRequests.id, id))),
    waitingRequestOf: (visitId: number) =>
      db
        .select()
        .from(approvalRequests)
        .where(and(myRequests, eq(approvalRequests.visitId, visitId), eq(approvalRequests.status, 0)))
        .then((r) => r[0]),
    latestRequestOf: (visitId: number) =>
      db
        .select()
        .from(approvalRequests)
        .where(and(myRequests, eq(approvalRequests.visitId, visitId)))
        .orderBy(desc(approvalRequests.id))
        .limit(1)
        .then((r) => r[0]),
    insertSeats: (rows: SeatInsert[]) =>
      rows.length
        ? db
            .insert(approvalSeats)
            .values(rows.map((r) => ({ ...r, companyId: scope.companyId })))
            .returning()
        : Promise.resolve([] as SeatRow[]),
    /** The seats of several requests at once (a queue page's steps). */
    seatsOfRequests: (requestIds: number[]) =>
      requestIds.length
        ? db
            .select()
            .from(approvalSeats)
            .where(and(mySeats, inArray(approvalSeats.requestId, requestIds)))
            .orderBy(asc(approvalSeats.step), asc(approvalSeats.seat), asc(approvalSeats.id))
        : Promise.resolve([] as SeatRow[]),
    /** Which of these subjects wait for a policy's approvers. */
    waitingSubjects: (kind: string, ids: number[]) =>
      ids.length
        ? db
            .select({ id: approvalRequests.subjectId })
            .from(approvalRequests)
            .where(and(myRequests, eq(approvalRequests.subjectKind, kind), inArray(approvalRequests.subjectId, ids), eq(approvalRequests.status, 0)))
            .then((r) => r.map((x) => x.id))
        : Promise.resolve([] as (number | null)[]),
    seatsOf: (requestId: number) =>
      db
        .select()
        .from(approvalSeats)
        .where(and(mySeats, eq(approvalSeats.requestId, requestId)))
        .orderBy(asc(approvalSeats.step), asc(approvalSeats.seat), asc(approvalSeats.id)),
    /** A decision written only if the seat still waits (false: somebody else's came first). */
    decideSeat: (id: number, set: Partial<SeatInsert>) =>
      db
        .update(approvalSeats)
        .set({ ...set, decidedAt: new Date() })
        .where(and(mySeats, eq(approvalSeats.id, id), eq(approvalSeats.status, 0)))
        .returning({ id: approvalSeats.id })
        .then((r) => r.length > 0),
    setSeatStatus: (id: number, from: number, to: number) =>
      db
        .update(approvalSeats)
        .set({ status: to })
        .where(and(mySeats, eq(approvalSeats.id, id), eq(approvalSeats.status, from))),
    /** Waiting seats of a request (of some steps) closed without a decision. */
    closeWaiting: (requestId: number, steps: number[] | undefined, status: number, note: string) =>
      db
        .update(approvalSeats)
        .set({ status, note, decidedAt: new Date() })
        .where(
          and(mySeats, eq(approvalSeats.requestId, requestId), eq(approvalSeats.status, 0), steps ? inArray(approvalSeats.step, steps) : undefined),
        ),
    /** Waiting seats handed to other people (an escalation). */
    reassign: (id: number, set: { empIds: number[]; hse: boolean; admin: boolean; note: string; spec: { kind: string; id?: number } }) =>
      db
        .update(approvalSeats)
        .set({ ...set, dueAt: null })
        .where(and(mySeats, eq(approvalSeats.id, id), eq(approvalSeats.status, 0))),
    seat: (id: number) =>
      selectSeats()
        .where(and(mySeats, eq(approvalSeats.id, id), seesVisit))
        .then((r) => r[0] as SeatWithVisit | undefined),
    ofVisit: (visitId: number) =>
      selectSeats()
        .where(and(mySeats, eq(approvalSeats.visitId, visitId)))
        .orderBy(asc(approvalSeats.requestId), asc(approvalSeats.step), asc(approvalSeats.seat), asc(approvalSeats.id)) as Promise<SeatWithVisit[]>,
    /** Seats waiting for this asker (or for anyone: `asker` undefined), oldest first; only requests and visits still open. */
    async waiting(asker: Asker | undefined, name: string, offset: number, limit: number) {
      const where = and(
        mySeats,
        eq(approvalSeats.status, 0),
        eq(approvalRequests.status, 0),
        visitOpen,
        seesVisit,
        asker ? askedBy(asker) : undefined,
        named(name),
      );
      const [rows, [total]] = await Promise.all([
        selectSeats().where(where).orderBy(asc(approvalSeats.createdAt), asc(approvalSeats.id)).offset(offset).limit(limit),
        db
          .select({ n: count() })
          .from(approvalSeats)
          .innerJoin(approvalRequests, eq(approvalRequests.id, approvalSeats.requestId))
          .leftJoin(visits, eq(visits.id, approvalSeats.visitId))
          .where(where),
      ]);
      return { total: total?.n ?? 0, rows: rows as SeatWithVisit[] };
    },
    /** Decisions made by one account, or by anyone (`by` undefined), newest first. */
    async decided(by: { kind: string; id: number } | undefined, name: string, offset: number, limit: number) {
      const c: (SQL | undefined)[] = [mySeats, inArray(approvalSeats.status, [1, 2, 3, 4]), seesVisit, named(name)];
      if (by) c.push(eq(approvalSeats.deciderKind, by.kind), eq(approvalSeats.deciderId, by.id));
      const where = and(...c);
      const [rows, [total]] = await Promise.all([
        selectSeats().where(where).orderBy(desc(approvalSeats.decidedAt), desc(approvalSeats.id)).offset(offset).limit(limit),
        db
          .select({ n: count() })
          .from(approvalSeats)
          .innerJoin(approvalRequests, eq(approvalRequests.id, approvalSeats.requestId))
          .leftJoin(visits, eq(visits.id, approvalSeats.visitId))
          .where(where),
      ]);
      return { total: total?.n ?? 0, rows: rows as SeatWithVisit[] };
    },
  };
});
