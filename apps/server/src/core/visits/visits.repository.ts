import type { VisitEvent, VisitorStatus } from '@openvisit/contract';
import { and, asc, count, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, insertRow, prepared, updateRows } from '../../db/client.js';
import { visitEvents, visits } from '../../db/schema/index.js';
import { type VisitFilter, visitFilterSql, visitWhen } from '../../db/visitFilter.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type { VisitFilter };
export { visitWhen };

export type VisitRow = typeof visits.$inferSelect;
export type VisitInsert = Omit<typeof visits.$inferInsert, 'companyId' | 'id'>;

/** The on-site list's bound: far above any site's headcount, so an evacuation list is never cut in practice. */
export const ON_SITE_MAX = 50_000;

/**
 * The visit list counts its total up to this many rows (see `page`): past it the console shows "1,000+", 50 pages of
 * 20. The cap is what the count costs: a substring matching 2 % of the rows reads about 50 candidates per match
 * before it reaches the cap (issue 14: at 10,000 this count was most of a first page's time at a million visits).
 */
export const VISIT_COUNT_CAP = 1_000;

/**
 * Totals past the cap seen lately, per database handle (a test's database is its own): `company:cap:filter` → until
 * when. Such a total stays past the cap while visits are added, so within the time kept the same filter's first page
 * answers "1,000+" again without counting. Only sign-outs, status changes and deletions can bring it under the cap;
 * a page that then holds the last match still says so exactly, and a page past the end is counted. Exact totals
 * are never kept: a new visit changes them.
 */
const cappedLately = new WeakMap<Db, Map<string, number>>();
/** Filters kept at most: a busy site's few dozen lists, well within. */
const CAPPED_KEPT_MAX = 1000;

function keptCapped(db: Db, key: string | undefined): boolean {
  const until = key === undefined ? undefined : cappedLately.get(db)?.get(key);
  return until !== undefined && until > Date.now();
}

function keepCapped(db: Db, key: string, capped: boolean, ms: number): void {
  let kept = cappedLately.get(db);
  if (!kept) {
    kept = new Map();
    cappedLately.set(db, kept);
  }
  kept.delete(key);
  if (!capped) return;
  // The oldest first out (a Map iterates in insertion order).
  if (kept.size >= CAPPED_KEPT_MAX) kept.delete(kept.keys().next().value as string);
  kept.set(key, Date.now() + ms);
}

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
export const visitsRepository = scoped(function visitsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(visits.companyId, scope.companyId);
  // Lists, pages, counts and exports keep to the visits the caller may see through the filter itself; single reads by
  // id that show a visit to the caller use `visible` (flows acting for another party, such as approvers, read by id).
  const visible = visibleRows(scope, { subCompany: visits.subAccountId, employee: visits.empId });
  const where = (f: VisitFilter): SQL | undefined => visitFilterSql(scope, f);
  return {
    where,
    /** The matching visits, newest first, without a total (the unpaged search). */
    list: (f: VisitFilter, limit: number) => db.select().from(visits).where(where(f)).orderBy(desc(visitWhen), desc(visits.id)).limit(limit),
    /**
     * One page, newest first, and the total counted up to `countCap` rows (at least up to the end of this page):
     * counting every match of a million-row table costs a full scan per page, so beyond the cap the answer is
     * the cap with `countCapped` set (the console shows "1,000+"). The page is read with one row more, to tell
     * whether more follow: when none do, the page itself gives the exact total (a search that finds a few). Without
     * `withCount` nothing else is read: `count` is then a lower bound and `counted` false, unless this is the last
     * page (exact) or past the end (counted after all, so the caller can page back). With `keepCappedMs`, a total
     * past the cap is kept that long for the same filter and cap (`cappedLately`) and answered without a count.
     */
    async page(f: VisitFilter, offset: number, limit: number, { countCap = VISIT_COUNT_CAP, withCount = true, keepCappedMs = 0 } = {}) {
      const cap = Math.max(countCap, offset + limit);
      // The count reads the matches in the page's order, from the newest: left free, the planner may pick a sequential
      // scan expecting the first cap + 1 matches early in the table, where a date range starts late (the heap is in
      // arrival order), and read half a million rows first (issue 14: 'Company 42' over half a year, p95 > 100 ms).
      const counting = () => {
        const upTo = db
          .select({ one: sql`1` })
          .from(visits)
          .where(where(f))
          .orderBy(desc(visitWhen), desc(visits.id))
          .limit(cap + 1)
          .as('up_to');
        return db.select({ n: count() }).from(upTo);
      };
      const pageRead = db
        .select()
        .from(visits)
        .where(where(f))
        .orderBy(desc(visitWhen), desc(visits.id))
        .offset(offset)
        .limit(limit + 1);
      // The overtime filter depends on the time it is asked: never kept.
      const key = withCount && keepCappedMs > 0 && !f.overtime ? `${scope.companyId}:${cap}:${JSON.stringify(f)}` : undefined;
      const capped = keptCapped(db, key);
      // The page first, the count after it and only when the page cannot tell: on PGlite statements queue on one
      // connection anyway, and on a PostgreSQL pool running both at once was no faster on 2 busy cores (issue 14:
      // a phone search's first page p50 10-12 ms beside its count, 5 ms without it).
      const read = await pageRead;
      const rows = read.slice(0, limit);
      const more = read.length > limit;
      const seen = offset + rows.length;
      if (!more && (rows.length > 0 || offset === 0)) {
        if (key) keepCapped(db, key, false, keepCappedMs);
        return { rows, count: seen, countCapped: false, counted: true };
      }
      if (!withCount && more) return { rows, count: seen + 1, countCapped: true, counted: false };
      if (capped && more) return { rows, count: cap, countCapped: true, counted: true };
      const n = (await counting())[0]?.n ?? 0;
      if (key) keepCapped(db, key, n > cap, keepCappedMs);
      return { rows, count: Math.min(n, cap), countCapped: n > cap, counted: true };
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
    /** One visit if the caller may see it (`visibleRows`); flows acting for another party (approvers) use `byId`. */
    visibleById: (id: number) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.id, id), visible))
        .limit(1)
        .then((r): VisitRow | undefined => r[0]),
    byClientKey: (key: string) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.clientKey, key)))
        .limit(1)
        .then((r) => r[0]),
    /** A kiosk's check-in look-up: prepared. */
    byCode: (code: string) =>
      prepared(db, 'visit_by_code', (d, name) =>
        d
          .select()
          .from(visits)
          .where(and(eq(visits.companyId, sql.placeholder('companyId')), eq(visits.code, sql.placeholder('code'))))
          .limit(1)
          .prepare(name),
      )
        .execute({ companyId: scope.companyId, code })
        .then((r): VisitRow | undefined => r[0]),
    /** Visits not over with this plate (normalized as the index has it), signed in first, then by expected time. */
    byPlate: (plate: string, statuses: readonly string[]) =>
      db
        .select()
        .from(visits)
        .where(
          and(
            mine,
            sql`upper(regexp_replace(${visits.plateNum}, '[[:space:]]+', '', 'g')) = ${plate}`,
            sql`${visits.plateNum} <> ''`,
            inArray(visits.status, [...statuses]),
          ),
        )
        .orderBy(
          sql`${visits.status} = 'signedIn' desc`,
          sql`abs(extract(epoch from coalesce(${visits.appointmentAt}, ${visits.createdAt}) - now()))`,
        )
        .limit(10),
    /** Visitors on site holding this card, but `exceptId`. */
    cardHolders: (cardNo: string, exceptId: number) =>
      db
        .select({ id: visits.id, name: visits.name })
        .from(visits)
        .where(and(mine, eq(visits.status, 'signedIn'), eq(visits.cardNo, cardNo), sql`${visits.id} <> ${exceptId}`))
        .limit(1),
    /** The visit holding this card: one on site first, else the one that held it last. */
    byCard: (cardNo: string) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.cardNo, cardNo)))
        .orderBy(sql`${visits.status} = 'signedIn' desc`, desc(visits.updatedAt))
        .limit(1)
        .then((r): VisitRow | undefined => r[0]),
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
    recentByPhone: (phone: string, opts: { limit: number }) =>
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
        .where(and(mine, eq(visits.phone, phone), visible))
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
    insert: (v: VisitInsert): Promise<VisitRow> => insertRow(db, 'visit_insert', visits, { ...v, companyId: scope.companyId }, 'row'),
    /**
     * A life-cycle move applied only if the record is still in one of `from` (a concurrent move wins, the other
     * gets nothing back); `set` changes other columns in the same statement.
     */
    move: (id: number, from: readonly VisitorStatus[], to: VisitorStatus, set: Partial<VisitInsert> = {}) =>
      updateRows(db, 'visit_move', visits, { ...set, status: to }, { companyId: scope.companyId, id, from: [...from] }, (slot) =>
        and(eq(visits.companyId, slot('companyId')), eq(visits.id, slot('id')), sql`${visits.status} = any(${slot('from')}::text[])`),
      ).then((r): VisitRow | undefined => r[0]),
    /** The photo keys of these visits that have one, in one read (the original dialect's photo links, a page at a time). */
    photoKeys: (ids: number[]) =>
      db
        .select({ id: visits.id, photo: visits.photo })
        .from(visits)
        .where(and(mine, inArray(visits.id, ids.length ? ids : [0]), ne(visits.photo, ''), visible)),
    /** File keys (photo, signature, pdf) are not life-cycle moves: set directly. */
    /** A visit's files, and with a face photo the visitor's consent to face recognition (or its withdrawal). */
    setFiles: (
      id: number,
      set: { photo?: string; signature?: string; pdf?: string } & Partial<
        Pick<VisitInsert, 'faceConsentId' | 'faceConsentAt' | 'faceConsentVia' | 'faceWithdrawnAt'>
      >,
    ) =>
      db
        .update(visits)
        .set(set)
        .where(and(mine, eq(visits.id, id)))
        .returning({ id: visits.id, status: visits.status }),
    /** The same move for several records at once, each only if still in one of `from`; answers those moved. */
    moveMany: (ids: number[], from: readonly VisitorStatus[], to: VisitorStatus, set: Partial<VisitInsert> = {}) =>
      ids.length
        ? db
            .update(visits)
            .set({ ...set, status: to })
            .where(and(mine, inArray(visits.id, ids), inArray(visits.status, [...from])))
            .returning()
        : Promise.resolve([] as VisitRow[]),
    addEvents: (
      rows: { visitId: number; event: VisitEvent | 'edit'; fromStatus: VisitorStatus; toStatus: VisitorStatus; actor: string; note?: string }[],
    ) => (rows.length ? db.insert(visitEvents).values(rows.map((e) => ({ ...e, companyId: scope.companyId }))) : Promise.resolve()),
    addEvent: (e: {
      visitId: number;
      event: VisitEvent | 'create';
      fromStatus: VisitorStatus | null;
      toStatus: VisitorStatus;
      actor: string;
      note?: string;
    }) => insertRow(db, 'visit_event_insert', visitEvents, { ...e, companyId: scope.companyId, note: e.note ?? '' }),
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
    /** The visitor's most recent visit here (any kind or status), by exact phone: "came before". */
    lastByPhone: (phone: string) =>
      db
        .select()
        .from(visits)
        .where(and(mine, eq(visits.phone, phone)))
        .orderBy(desc(visits.createdAt), desc(visits.id))
        .limit(1)
        .then((r) => r[0]),
    /** Approval decides an invitation's permission without moving its status. */
    setPermission: (id: number, permission: number) =>
      db
        .update(visits)
        .set({ permission })
        .where(and(mine, eq(visits.id, id))),
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
    /**
     * Approved visits still ahead or on site (not residents': they are people of their own): the door devices'
     * candidates. The photo only where the visitor consented to face recognition and has not withdrawn: without it a
     * terminal knows them by card or QR pass, never by face.
     */
    faceCandidates: (statuses: readonly VisitorStatus[], ids?: number[]) =>
      db
        .select({
          id: visits.id,
          name: visits.name,
          phone: visits.phone,
          idNumber: visits.idNumber,
          photo: sql<string>`CASE WHEN ${visits.faceConsentId} IS NOT NULL AND ${visits.faceWithdrawnAt} IS NULL THEN ${visits.photo} ELSE '' END`,
          status: visits.status,
          tid: visits.tid,
          gid: visits.gid,
          meetingId: visits.meetingId,
          appointmentAt: visits.appointmentAt,
          visitAt: visits.visitAt,
          leaveAt: visits.leaveAt,
          cardNo: visits.cardNo,
          code: visits.code,
          plateNum: visits.plateNum,
        })
        .from(visits)
        .where(
          and(
            mine,
            inArray(visits.status, [...statuses]),
            eq(visits.permission, 1),
            sql`${visits.kind} <> 'resident'`,
            ids ? inArray(visits.id, ids.length ? ids : [0]) : undefined,
          ),
        ),
    /** The visits moved or edited since event `afterId` (the face terminals' change feed), and the last event's id. */
    movedSince: (afterId: number, limit: number) =>
      db
        .select({ id: visitEvents.id, visitId: visitEvents.visitId })
        .from(visitEvents)
        .where(and(eq(visitEvents.companyId, scope.companyId), sql`${visitEvents.id} > ${afterId}`))
        .orderBy(asc(visitEvents.id))
        .limit(limit),
    history: (visitId: number) =>
      db
        .select()
        .from(visitEvents)
        .where(and(eq(visitEvents.companyId, scope.companyId), eq(visitEvents.visitId, visitId), ne(visitEvents.event, 'edit')))
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
    /** How many visits match, by status. */
    async countsByStatus(f: VisitFilter) {
      return db.select({ status: visits.status, n: count() }).from(visits).where(where(f)).groupBy(visits.status);
    },
    /** On-site visits by kind and gate (of the visits the caller sees). */
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
});
