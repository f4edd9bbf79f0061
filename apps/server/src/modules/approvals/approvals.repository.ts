import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { processAreas, processRecords, processRules, roleMembers, roles, visits } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type AreaRow = typeof processAreas.$inferSelect;
export type RuleRow = typeof processRules.$inferSelect;
export type RecordRow = typeof processRecords.$inferSelect;
export type RecordInsert = Omit<typeof processRecords.$inferInsert, 'companyId' | 'id'>;

/** A record with the visit it decides, as the queues show it. */
export const recordWithVisit = {
  record: processRecords,
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
};
export type RecordWithVisit = {
  record: RecordRow;
  vname: string;
  vphone: string;
  vcompany: string;
  empId: number | null;
  empName: string;
  visitType: string;
  visitReason: string;
  appointmentAt: Date | null;
  gname: string;
  gid: number | null;
  kind: string;
  visitStatus: string;
};

/** Visits no longer waiting for anyone: a decision still open on one of these is shown as not handled. */
export const CLOSED_VISIT_STATUSES = ['signedOut', 'refused', 'expired', 'ended'] as const;

/** One company's approval areas, rules and records; no method reaches another company's rows. */
export const approvalsRepository = scoped(function approvalsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const myAreas = eq(processAreas.companyId, scope.companyId);
  const myRecords = eq(processRecords.companyId, scope.companyId);
  const selectRecords = () => db.select(recordWithVisit).from(processRecords).innerJoin(visits, eq(visits.id, processRecords.visitId));
  const open = and(eq(processRecords.status, 0), sql`${visits.status} NOT IN ('signedOut', 'refused', 'expired', 'ended')`);

  return {
    areas: () => db.select().from(processAreas).where(myAreas).orderBy(asc(processAreas.id)),
    area: (id: number) =>
      db
        .select()
        .from(processAreas)
        .where(and(myAreas, eq(processAreas.id, id)))
        .then((r) => r[0]),
    nameTaken: (name: string, exceptId = 0) =>
      db
        .select({ id: processAreas.id })
        .from(processAreas)
        .where(and(myAreas, sql`lower(${processAreas.name}) = lower(${name})`, sql`${processAreas.id} <> ${exceptId}`))
        .then((r) => r.length > 0),
    insertArea: (v: { name: string; address: string; gids: number[] }) =>
      db
        .insert(processAreas)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as AreaRow),
    updateArea: (id: number, v: { name: string; address: string; gids: number[] }) =>
      db
        .update(processAreas)
        .set(v)
        .where(and(myAreas, eq(processAreas.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteArea: (id: number) => db.delete(processAreas).where(and(myAreas, eq(processAreas.id, id))),
    rules: (areaIds?: number[]) =>
      db
        .select()
        .from(processRules)
        .where(and(eq(processRules.companyId, scope.companyId), areaIds ? inArray(processRules.areaId, areaIds.length ? areaIds : [0]) : undefined))
        .orderBy(asc(processRules.areaId), asc(processRules.level), asc(processRules.id)),
    async replaceRules(areaId: number, rules: { level: number; rType: number; refId: number }[]) {
      await db.delete(processRules).where(and(eq(processRules.companyId, scope.companyId), eq(processRules.areaId, areaId)));
      if (rules.length) await db.insert(processRules).values(rules.map((r) => ({ ...r, areaId, companyId: scope.companyId })));
    },
    /** Whether a role is named as approver anywhere (a role in use cannot be deleted). */
    /** The names of the roles rules name (roles cannot be read through their service: it asks this module first). */
    roleNames: async (roleIds: number[]): Promise<Map<number, string>> => {
      if (!roleIds.length) return new Map();
      const rows = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(eq(roles.companyId, scope.companyId), inArray(roles.id, roleIds)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    roleInUse: (roleIds: number[]) =>
      db
        .select({ n: count() })
        .from(processRules)
        .where(
          and(eq(processRules.companyId, scope.companyId), eq(processRules.rType, 0), inArray(processRules.refId, roleIds.length ? roleIds : [0])),
        )
        .then((r) => (r[0]?.n ?? 0) > 0),
    roleIdsOf: (empId: number) =>
      db
        .select({ roleId: roleMembers.roleId })
        .from(roleMembers)
        .where(and(eq(roleMembers.companyId, scope.companyId), eq(roleMembers.empId, empId)))
        .then((r) => r.map((x) => x.roleId)),
    /** Employees holding one of these roles. */
    membersOf: (roleIds: number[]) =>
      roleIds.length
        ? db
            .select({ empId: roleMembers.empId })
            .from(roleMembers)
            .where(and(eq(roleMembers.companyId, scope.companyId), inArray(roleMembers.roleId, roleIds)))
            .then((r) => r.map((x) => x.empId))
        : Promise.resolve([] as number[]),
    /** Waiting decisions per area (visits still open). */
    waitingByArea: () =>
      db
        .select({ areaId: processRecords.areaId, n: count() })
        .from(processRecords)
        .innerJoin(visits, eq(visits.id, processRecords.visitId))
        .where(and(myRecords, open))
        .groupBy(processRecords.areaId),
    record: (id: number) =>
      selectRecords()
        .where(and(myRecords, eq(processRecords.id, id)))
        .then((r) => r[0] as RecordWithVisit | undefined),
    waitingOf: (visitId: number) =>
      db
        .select()
        .from(processRecords)
        .where(and(myRecords, eq(processRecords.visitId, visitId), eq(processRecords.status, 0)))
        .then((r) => r[0]),
    ofVisit: (visitId: number) =>
      selectRecords()
        .where(and(myRecords, eq(processRecords.visitId, visitId)))
        .orderBy(asc(processRecords.id)) as Promise<RecordWithVisit[]>,
    insert: (v: RecordInsert) =>
      db
        .insert(processRecords)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as RecordRow),
    /** A decision applied only if the record is still waiting (a concurrent decision wins). */
    decide: (id: number, set: { status: number; deciderKind: string; deciderId: number; deciderName: string; remark: string }) =>
      db
        .update(processRecords)
        .set({ ...set, decidedAt: new Date() })
        .where(and(myRecords, eq(processRecords.id, id), eq(processRecords.status, 0)))
        .returning()
        .then((r) => r[0]),
    /**
     * Waiting decisions at any of `levels` (area id + level pairs), or all of them (`levels` undefined), oldest first;
     * only visits still open.
     */
    async waiting(levels: { areaId: number; level: number }[] | undefined, name: string, offset: number, limit: number) {
      if (levels && levels.length === 0) return { total: 0, rows: [] as RecordWithVisit[] };
      const c: (SQL | undefined)[] = [myRecords, open];
      if (levels) c.push(or(...levels.map((l) => and(eq(processRecords.areaId, l.areaId), eq(processRecords.level, l.level)))));
      if (name) c.push(or(ilike(visits.name, containsPattern(name)), ilike(visits.empName, containsPattern(name))));
      const where = and(...c);
      const [rows, [total]] = await Promise.all([
        selectRecords().where(where).orderBy(asc(processRecords.createdAt), asc(processRecords.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(processRecords).innerJoin(visits, eq(visits.id, processRecords.visitId)).where(where),
      ]);
      return { total: total?.n ?? 0, rows: rows as RecordWithVisit[] };
    },
    /** Decisions made by one account, or by anyone (`by` undefined), newest first. */
    async decided(by: { kind: string; id: number } | undefined, name: string, offset: number, limit: number) {
      const c: (SQL | undefined)[] = [myRecords, sql`${processRecords.status} <> 0`];
      if (by) c.push(eq(processRecords.deciderKind, by.kind), eq(processRecords.deciderId, by.id));
      if (name) c.push(or(ilike(visits.name, containsPattern(name)), ilike(visits.empName, containsPattern(name))));
      const where = and(...c);
      const [rows, [total]] = await Promise.all([
        selectRecords().where(where).orderBy(desc(processRecords.decidedAt), desc(processRecords.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(processRecords).innerJoin(visits, eq(visits.id, processRecords.visitId)).where(where),
      ]);
      return { total: total?.n ?? 0, rows: rows as RecordWithVisit[] };
    },
  };
});
