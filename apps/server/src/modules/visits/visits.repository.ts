import type { VisitEvent, VisitKind, VisitorStatus } from '@openvisit/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employeeDepartments, visitEvents, visits } from '../../db/schema/index.js';

export type VisitRow = typeof visits.$inferSelect;
export type VisitInsert = Omit<typeof visits.$inferInsert, 'companyId' | 'id'>;

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
  /** Certificate number, exact (stored upper-case). */
  idNumber?: string;
  /** No access card handed out. */
  noCard?: boolean;
  /** Signed in and still here past the leave time, or (when given) signed in before this off-duty instant. */
  overtime?: { now: Date; offDuty: Date | null };
  subAccountId?: number;
  ids?: number[];
  /** Visits of one resident visitor. */
  residentId?: number;
  /** Visits to one host. */
  empId?: number;
  /** Visits to a host in this department now (the visitor report's department). */
  hostDeptId?: number;
}

function like(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** The on-site list's bound: far above any site's headcount, so an evacuation list is never cut in practice. */
export const ON_SITE_MAX = 50_000;

/** The visit list counts its total up to this many rows (see `page`). */
export const VISIT_COUNT_CAP = 10_000;

/** When a visit happened, for date filters: signed in, else expected, else registered (the reports' day too). */
export const visitWhen = sql`coalesce(${visits.visitAt}, ${visits.appointmentAt}, ${visits.createdAt})`;

/** What the export reads of a visit: a third of the columns, so a third of the decoding and mapping per row. */
const exportColumns = {
  id: visits.id,
  name: visits.name,
  phone: visits.phone,
  company: visits.company,
  certificateType: visits.certificateType,
  idNumber: visits.idNumber,
  empName: visits.empName,
  empPhone: visits.empPhone,
  visitType: visits.visitType,
  visitReason: visits.visitReason,
  followers: visits.followers,
  plateNum: visits.plateNum,
  status: visits.status,
  appointmentAt: visits.appointmentAt,
  visitAt: visits.visitAt,
  signOutAt: visits.signOutAt,
  cardNo: visits.cardNo,
};

/** Visits of one company; no method reaches another company's rows. */
export function visitsRepository(db: Db, scope: { companyId: number }) {
  const mine = eq(visits.companyId, scope.companyId);
  function where(f: VisitFilter): SQL | undefined {
    const c: (SQL | undefined)[] = [mine];
    if (f.from) c.push(gte(visitWhen, f.from));
    if (f.until) c.push(lt(visitWhen, f.until));
    if (f.name) c.push(ilike(visits.name, like(f.name)));
    if (f.phone) c.push(ilike(visits.phone, like(f.phone)));
    if (f.company) c.push(ilike(visits.company, like(f.company)));
    if (f.empName) c.push(ilike(visits.empName, like(f.empName)));
    if (f.tid) c.push(eq(visits.tid, f.tid));
    if (f.visitType) c.push(ilike(visits.visitType, like(f.visitType)));
    if (f.status) c.push(eq(visits.status, f.status));
    if (f.statuses) c.push(inArray(visits.status, [...f.statuses]));
    if (f.kind) c.push(eq(visits.kind, f.kind));
    if (f.kinds) c.push(inArray(visits.kind, [...f.kinds]));
    if (f.notKind) c.push(sql`${visits.kind} <> ${f.notKind}`);
    if (f.gid) c.push(eq(visits.gid, f.gid));
    if (f.onSite === true) c.push(and(isNotNull(visits.visitAt), isNull(visits.signOutAt)));
    if (f.onSite === false) c.push(or(isNull(visits.visitAt), isNotNull(visits.signOutAt)));
    if (f.idNumber) c.push(eq(visits.idNumber, f.idNumber));
    if (f.noCard) c.push(eq(visits.cardNo, ''));
    if (f.overtime) {
      const { now, offDuty } = f.overtime;
      c.push(eq(visits.status, 'signedIn'));
      c.push(or(lt(visits.leaveAt, now), offDuty && now > offDuty ? lt(visits.visitAt, offDuty) : undefined));
    }
    if (f.subAccountId) c.push(eq(visits.subAccountId, f.subAccountId));
    if (f.ids) c.push(f.ids.length ? inArray(visits.id, f.ids) : sql`false`);
    if (f.residentId) c.push(eq(visits.residentId, f.residentId));
    if (f.empId) c.push(eq(visits.empId, f.empId));
    if (f.hostDeptId)
      c.push(
        sql`exists (select 1 from ${employeeDepartments} where ${employeeDepartments.empId} = ${visits.empId} and ${employeeDepartments.deptId} = ${f.hostDeptId} and ${employeeDepartments.companyId} = ${scope.companyId})`,
      );
    return and(...c);
  }
  return {
    where,
    /** The matching visits, newest first, without a total (the unpaged search). */
    list: (f: VisitFilter, limit: number) => db.select().from(visits).where(where(f)).orderBy(desc(visitWhen), desc(visits.id)).limit(limit),
    /**
     * One page, newest first, and the total counted up to `countCap` rows (at least up to the end of this page):
     * counting every match of a million-row table costs a full scan per page, so beyond the cap the answer is
     * the cap with `countCapped` set (the console shows "10,000+").
     */
    async page(f: VisitFilter, offset: number, limit: number, countCap = VISIT_COUNT_CAP) {
      const cap = Math.max(countCap, offset + limit);
      const upTo = db
        .select({ one: sql`1` })
        .from(visits)
        .where(where(f))
        .limit(cap + 1)
        .as('up_to');
      const [rows, total] = await Promise.all([
        db.select().from(visits).where(where(f)).orderBy(desc(visitWhen), desc(visits.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(upTo),
      ]);
      const n = total[0]?.n ?? 0;
      return { rows, count: Math.min(n, cap), countCapped: n > cap };
    },
    /** Keyset paging, newest id first, for streaming every matching visit: the columns the export writes. */
    batchBefore: (f: VisitFilter, beforeId: number, limit: number) =>
      db
        .select(exportColumns)
        .from(visits)
        .where(and(where(f), lt(visits.id, beforeId)))
        .orderBy(desc(visits.id))
        .limit(limit),
    byId: (id: number) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.id, id)))
        .limit(1)
        .then((r) => r[0]),
    byClientKey: (key: string) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.clientKey, key)))
        .limit(1)
        .then((r) => r[0]),
    byCode: (code: string) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.code, code)))
        .limit(1)
        .then((r) => r[0]),
    /** Visitors on site holding this card, but `exceptId`. */
    cardHolders: (cardNo: string, exceptId: number) =>
      db
        .select({ id: visits.id, name: visits.name })
        .from(visits)
        .where(and(mine, eq(visits.status, 'signedIn'), eq(visits.cardNo, cardNo), sql`${visits.id} <> ${exceptId}`))
        .limit(1),
    setCard: (id: number, cardNo: string) =>
      db
        .update(visits)
        .set({ cardNo, updatedAt: new Date() })
        .where(and(mine, eq(visits.id, id), eq(visits.status, 'signedIn')))
        .returning(),
    /** Visits of this phone in the given statuses, the nearest expected time first. */
    byPhone: (phone: string, statuses: readonly VisitorStatus[]) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.phone, phone), inArray(visits.status, [...statuses])))
        .orderBy(asc(sql`abs(extract(epoch from (coalesce(${visits.appointmentAt}, ${visits.createdAt}) - now())))`))
        .limit(20),
    /** The latest visits of this exact phone (optionally to one host), newest first: who came before, to fill a form. */
    recentByPhone: (phone: string, opts: { empId?: number; limit: number }) =>
      db
        .select({
          name: visits.name,
          phone: visits.phone,
          email: visits.email,
          company: visits.company,
          lang: visits.lang,
          visitAt: visits.visitAt,
          appointmentAt: visits.appointmentAt,
          createdAt: visits.createdAt,
        })
        .from(visits)
        .where(and(mine, eq(visits.phone, phone), opts.empId ? eq(visits.empId, opts.empId) : undefined))
        .orderBy(desc(visitWhen), desc(visits.id))
        .limit(opts.limit),
    /** A new invitation link for a visit still before check-in (the old link stops working); undefined when it moved on. */
    setInviteToken: (id: number, tokenHash: string, open: readonly VisitorStatus[]) =>
      db
        .update(visits)
        .set({ inviteTokenHash: tokenHash, updatedAt: new Date() })
        .where(and(mine, eq(visits.id, id), inArray(visits.status, [...open])))
        .returning()
        .then((r) => r[0]),
    /** The people coming along with a visitor (the invitation page's companions), while the visit is in one of `open`. */
    setFollowers: (id: number, followers: { name: string; phone: string }[], open: readonly VisitorStatus[]) =>
      db
        .update(visits)
        .set({ followers, updatedAt: new Date() })
        .where(and(mine, eq(visits.id, id), inArray(visits.status, [...open])))
        .returning()
        .then((r) => r[0]),
    insert: (v: VisitInsert) =>
      db
        .insert(visits)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as VisitRow),
    /**
     * A life-cycle move applied only if the record is still in one of `from` (a concurrent move wins, the other
     * gets nothing back); `set` changes other columns in the same statement.
     */
    move: (id: number, from: readonly VisitorStatus[], to: VisitorStatus, set: Partial<VisitInsert> = {}) =>
      db
        .update(visits)
        .set({ ...set, status: to })
        .where(and(mine, eq(visits.id, id), inArray(visits.status, [...from])))
        .returning()
        .then((r) => r[0]),
    /** File keys (photo, signature, pdf) are not life-cycle moves: set directly. */
    setFiles: (id: number, set: { photo?: string; signature?: string; pdf?: string }) =>
      db
        .update(visits)
        .set(set)
        .where(and(mine, eq(visits.id, id))),
    /** The same move for several records at once, each only if still in one of `from`; answers those moved. */
    moveMany: (ids: number[], from: readonly VisitorStatus[], to: VisitorStatus, set: Partial<VisitInsert> = {}) =>
      ids.length
        ? db
            .update(visits)
            .set({ ...set, status: to })
            .where(and(mine, inArray(visits.id, ids), inArray(visits.status, [...from])))
            .returning()
        : Promise.resolve([] as VisitRow[]),
    addEvents: (rows: { visitId: number; event: VisitEvent; fromStatus: VisitorStatus; toStatus: VisitorStatus; actor: string; note?: string }[]) =>
      rows.length ? db.insert(visitEvents).values(rows.map((e) => ({ ...e, companyId: scope.companyId }))) : Promise.resolve(),
    addEvent: (e: {
      visitId: number;
      event: VisitEvent | 'create';
      fromStatus: VisitorStatus | null;
      toStatus: VisitorStatus;
      actor: string;
      note?: string;
    }) => db.insert(visitEvents).values({ ...e, companyId: scope.companyId, note: e.note ?? '' }),
    /** The invitations of a meeting, in the order they were made. */
    byMeeting: (meetingId: number) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.meetingId, meetingId)))
        .orderBy(asc(visits.id)),
    /** The meeting's invitations in one of `statuses` take the meeting's new time, gate or subject (not a life-cycle move). */
    updateByMeeting: (
      meetingId: number,
      statuses: readonly VisitorStatus[],
      set: Pick<Partial<VisitInsert>, 'appointmentAt' | 'gid' | 'visitReason'>,
    ) =>
      db
        .update(visits)
        .set({ ...set, updatedAt: new Date() })
        .where(and(mine, eq(visits.meetingId, meetingId), inArray(visits.status, [...statuses])))
        .returning(),
    /** Per meeting: its invitations not called off, and how many of those checked in. */
    meetingCounts: (meetingIds: number[]) =>
      meetingIds.length
        ? db
            .select({
              meetingId: sql<number>`${visits.meetingId}`.mapWith(Number),
              visitors: sql<number>`count(*) FILTER (WHERE ${visits.status} <> 'ended')`.mapWith(Number),
              signedIn: sql<number>`count(${visits.visitAt})`.mapWith(Number),
            })
            .from(visits)
            .where(and(mine, inArray(visits.meetingId, meetingIds)))
            .groupBy(visits.meetingId)
        : Promise.resolve([]),
    history: (visitId: number) =>
      db
        .select()
        .from(visitEvents)
        .where(and(eq(visitEvents.companyId, scope.companyId), eq(visitEvents.visitId, visitId)))
        .orderBy(asc(visitEvents.at), asc(visitEvents.id)),
    /** Everyone on site now (at most ON_SITE_MAX), by gate, latest arrival first: the live board and the evacuation list. */
    onSitePeople(f: VisitFilter) {
      return db
        .select({
          id: visits.id,
          kind: visits.kind,
          name: visits.name,
          phone: visits.phone,
          company: visits.company,
          empName: visits.empName,
          empPhone: visits.empPhone,
          visitType: visits.visitType,
          followers: visits.followers,
          visitAt: visits.visitAt,
          cardNo: visits.cardNo,
          gid: visits.gid,
          gate: visits.signInGate,
        })
        .from(visits)
        .where(where({ ...f, onSite: true }))
        .orderBy(visits.signInGate, visits.gid, desc(visits.visitAt), desc(visits.id))
        .limit(ON_SITE_MAX);
    },
    async onSiteCounts() {
      const rows = await db
        .select({
          kind: visits.kind,
          gid: visits.gid,
          gate: visits.signInGate,
          n: count(),
          people: sql<number>`sum(1 + jsonb_array_length(${visits.followers}))`.mapWith(Number),
        })
        .from(visits)
        .where(where({ onSite: true }))
        .groupBy(visits.kind, visits.gid, visits.signInGate);
      return rows;
    },
  };
}

/**
 * For the automatic sign-out job, across companies (a deliberate cross-company write, like the scheduler's reads):
 * visits signed in past their leave time, in companies with a leave expiry set, are signed out as of their leave
 * time, each with a history row. Answers how many per company.
 */
export async function signOutOverdue(db: Db, now: Date): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    WITH moved AS (
      UPDATE visits v SET status = 'signedOut', sign_out_at = v.leave_at, sign_out_op = 'auto', updated_at = now()
      FROM companies c
      WHERE v.company_id = c.id AND v.status = 'signedIn' AND v.leave_at IS NOT NULL AND v.leave_at < ${now}
        AND coalesce((c.settings->>'leaveExpiryTime')::int, 0) > 0
      RETURNING v.id, v.company_id
    )
    INSERT INTO visit_events (company_id, visit_id, event, from_status, to_status, actor, note)
    SELECT company_id, id, 'signOut', 'signedIn', 'signedOut', 'auto', 'leave time passed' FROM moved
    RETURNING company_id`);
  const counts = new Map<number, number>();
  for (const r of (result as unknown as { rows: { company_id: number }[] }).rows) counts.set(r.company_id, (counts.get(r.company_id) ?? 0) + 1);
  return counts;
}

/**
 * The visit an invitation link opens, by the SHA-256 of the link's token: the token is what identifies the visitor's
 * company here (the invitation page has no session).
 */
export async function visitByInviteToken(db: Db, tokenHash: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visits).where(eq(visits.inviteTokenHash, tokenHash)).limit(1);
  return row;
}
