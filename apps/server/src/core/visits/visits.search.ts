import { type In, LogModule, logDesc, type Visit, type VisitKind, type VisitorStatus } from '@openvisit/contract';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { logWholeRead, wholeShown } from '../../platform/identity/idNumbers.js';
import { settingsOf } from '../company/company.public.js';
import { faceConsentOf, privacyNoticeOf, protocolOf } from './visits.consent.js';
import { noSuchVisit, toVisit, type VisitFilter } from './visits.kernel.js';
import { visitsRepository } from './visits.repository.js';

function repoOf(ctx: AuthedContext) {
  return visitsRepository(ctx.tenant);
}

/** 'yyyy-mm-dd' (server time) → the instant the day starts. */
export interface VisitQuery {
  date?: string;
  endDate?: string;
  name?: string;
  phone?: string;
  vcompany?: string;
  empName?: string;
  tid?: number;
  visitType?: string;
  status?: VisitorStatus;
  kind?: VisitKind;
  gid?: number;
  onSite?: boolean;
  arrived?: boolean;
  overtime?: boolean;
  cardId?: string;
  noCard?: boolean;
}

/** The instant of an 'HH:mm' setting on the day of `day` (server time), or null without one. */
function timeOn(hhmm: string, day: Date): Date | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const d = new Date(day);
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  return d;
}

/**
 * The last edge of working hours that `now` has passed: today's off-duty time once passed, else today's on-duty time
 * once passed, else yesterday's off-duty time. A visitor on site since before it has stayed across the end of a working
 * day or came before one began: overtime (the overtime query). Null when no working hours are set.
 */
export function lastDutyEdge(upDuty: string, offDuty: string, now: Date): Date | null {
  const off = timeOn(offDuty, now);
  if (!off) return null;
  if (now >= off) return off;
  const up = timeOn(upDuty, now);
  if (up && now >= up) return up;
  off.setDate(off.getDate() - 1);
  return off;
}

async function overtimeOf(ctx: AuthedContext): Promise<NonNullable<VisitFilter['overtime']>> {
  const now = new Date();
  const s = await settingsOf(ctx);
  return { now, since: lastDutyEdge(s.upDuty, s.offDuty, now) };
}

/** Request filters → repository filter (the repository keeps to the visits the caller may see). */
export async function filterOf(ctx: AuthedContext, q: VisitQuery, extra: VisitFilter = {}): Promise<VisitFilter> {
  const until = q.endDate ? dayStart(q.endDate) : undefined;
  if (until) until.setDate(until.getDate() + 1);
  return {
    ...extra,
    from: q.date ? dayStart(q.date) : undefined,
    until,
    name: q.name,
    phone: q.phone,
    company: q.vcompany,
    empName: q.empName,
    tid: q.tid,
    visitType: q.visitType,
    status: q.status,
    kind: extra.kind ?? q.kind,
    gid: q.gid,
    onSite: q.onSite,
    arrived: q.arrived,
    idNumber: q.cardId,
    noCard: q.noCard,
    overtime: q.overtime ? await overtimeOf(ctx) : undefined,
  };
}

export async function search(ctx: AuthedContext, q: VisitQuery): Promise<Visit[]> {
  return (await repoOf(ctx).list(await filterOf(ctx, q), 1000)).map(toVisit);
}

/** A page of visits; the total is counted unless `withCount` is false (later pages: the console keeps the first's). */
export async function searchPage(
  ctx: AuthedContext,
  q: VisitQuery & { startIndex: number; requestedCount: number; withCount?: boolean },
  extra: VisitFilter = {},
) {
  const { rows, ...total } = await repoOf(ctx).page(await filterOf(ctx, q, extra), q.startIndex, q.requestedCount, {
    withCount: q.withCount ?? true,
    keepCappedMs: ctx.config.lists.keepCappedTotalSeconds * 1000,
  });
  return { pageNo: Math.floor(q.startIndex / q.requestedCount) + 1, pageSize: q.requestedCount, ...total, list: rows.map(toVisit) };
}

export async function byVid(ctx: AuthedContext, input: In<'GetVisitorByVid'>) {
  const repo = repoOf(ctx);
  const v = await repo.visibleById(input.vid);
  if (!v) throw noSuchVisit();
  const history = await repo.history(v.id);
  const whole = wholeShown(ctx, input.idNumbers);
  if (whole && v.idNumber) await logWholeRead(ctx, LogModule.VISITOR, [{ objId: v.id, objName: v.name, desc: logDesc('idNumberOfVisit') }]);
  return {
    ...toVisit(v),
    ...(whole && { cardId: v.idNumber }),
    history: history.map((h) => ({
      event: h.event,
      fromStatus: h.fromStatus as VisitorStatus | null,
      toStatus: h.toStatus as VisitorStatus,
      at: h.at.getTime(),
      actor: h.actor,
      note: h.note,
    })),
    faceConsent: await faceConsentOf(ctx.tenant, v),
    protocol: await protocolOf(ctx.tenant, v),
    privacyNotice: await privacyNoticeOf(ctx.tenant, v),
  };
}

/** Still to come: invitations and bookings not yet checked in (nor refused, cancelled or over). */
const EXPECTED: readonly VisitorStatus[] = ['sent', 'viewed', 'accepted', 'reserved', 'authorized', 'unauthorized'];

/**
 * The desk's figures of a day (server time; today by default) among the visits the caller may see: all of the day's,
 * signed in (on site or gone), on site now, signed out, and still expected.
 */
export async function statistics(ctx: AuthedContext, input: { date?: string; kind?: VisitKind }) {
  const day = input.date ?? dayOf(new Date());
  const rows = await repoOf(ctx).countsByStatus(await filterOf(ctx, { date: day, endDate: day, kind: input.kind }));
  const n = (statuses: readonly string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
  return {
    date: day,
    visitorCount: n(rows.map((r) => r.status)),
    signinCount: n(['signedIn', 'signedOut']),
    onSiteCount: n(['signedIn']),
    signoutCount: n(['signedOut']),
    appointmentCount: n(EXPECTED),
  };
}

/** Everyone on site now that the caller may see (a sub-company its own), for the on-site module. */
export async function onSitePeople(ctx: AuthedContext) {
  return repoOf(ctx).onSitePeople(await filterOf(ctx, {}));
}

/** Who is on site: a sub-company counts only visits to its own employees, as its visit lists show. */
export async function peopleCounting(ctx: AuthedContext) {
  const rows = await repoOf(ctx).onSiteCounts();
  const byKind = { walkin: 0, invite: 0, appointment: 0, resident: 0 } as Record<VisitKind, number>;
  const gates = new Map<string, { gid: number | null; gname: string; count: number }>();
  let onSite = 0;
  let people = 0;
  for (const r of rows) {
    onSite += r.n;
    people += r.people;
    byKind[r.kind as VisitKind] = (byKind[r.kind as VisitKind] ?? 0) + r.n;
    const key = String(r.gid);
    const g = gates.get(key) ?? { gid: r.gid, gname: r.gate, count: 0 };
    g.count += r.n;
    gates.set(key, g);
  }
  return { onSite, people, byKind, byGate: [...gates.values()] };
}
