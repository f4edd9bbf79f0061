import type { VisitKind } from '@openvisit/contract';
import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, codeAsTyped, deskCheckIn, rowsOf, todayOnly, visitIdOf, visitList, visits, withWholeIdNumbers } from './compat.shared.js';

/** The front desk's batch sign-out sends the visits as a top-level array: of ids, or of rows carrying `vid`. */
function batchOfVids(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return { vids: raw.map((item) => (typeof item === 'object' && item !== null ? (item as { vid?: unknown }).vid : item)) };
}

/** `searchType` of the walk-ins and residents tabs (frontdesk-app.md §3a): 0 all, 3 left, 1 visiting. */
const PRESENCE: Record<number, Record<string, unknown>> = { 1: { status: 'signedIn' }, 3: { status: 'signedOut' } };
/** …and of the appointments and invitations tabs: 0 all, 4 signed in (on site or gone), 2 not arrived. */
const ARRIVAL: Record<number, Record<string, unknown>> = { 4: { arrived: true }, 2: { arrived: false } };

/**
 * One of today's tabs: the tab's kind of visit, its `searchType`, `reception` the visitor's name to search. The body's
 * `gid` is the desk's own gate, which would hide the visits for any gate: the session's scope decides what it sees.
 */
const tab =
  (kind: VisitKind | undefined, searchTypes: Record<number, Record<string, unknown>>) =>
  (raw: unknown): unknown => {
    const { searchType, reception, gid: _gid, clientNo: _client, ...body } = asObject(raw);
    const name = typeof reception === 'string' && reception.trim() ? { name: reception.trim() } : {};
    return { ...body, ...name, ...(kind && { kind }), ...(searchTypes[Number(searchType)] ?? {}) };
  };

/**
 * The 2.4.8 branches' unpaged tabs (§5): `{userid, gid, date, endDate}`, `result` a flat array: our unpaged list of the
 * tab's kind (these names are ours too, so `pick` rather than `call`).
 */
const oldTab = (kind: VisitKind) => ({ pick: () => 'SearchVisitByCondition', request: tab(kind, {}), response: visits });

/** The figures under each tab: `signinType` 0 walk-ins (and residents: the app sends 0 there too), 1 invitations, 2 bookings. */
const STATS_KINDS: Record<number, VisitKind> = { 0: 'walkin', 1: 'invite', 2: 'appointment' };

function tabFigures(raw: unknown): unknown {
  const { signinType, endDate: _end, gid: _gid, ...body } = asObject(raw);
  const kind = signinType === undefined || signinType === '' ? undefined : STATS_KINDS[Number(signinType)];
  return { ...body, ...(kind && { kind }) };
}

function figuresAsRead(result: unknown): unknown {
  const r = asObject(result);
  return {
    ...r,
    totalVisitor: r.visitorCount,
    signOutCount: r.signoutCount,
    nowVCount: r.onSiteCount,
    arrivedCount: r.signinCount,
    noArrivedCount: r.appointmentCount,
  };
}

/** Today's invitation of the scanned visitor by phone or, when the app has only that, email; neither finds nothing. */
async function todayOfVisitor(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const phone = String(sent.vphone ?? sent.phone ?? '').trim();
  const email = String(sent.vemail ?? sent.email ?? '')
    .trim()
    .toLowerCase();
  if (!phone && !email) return [];
  const rows = (await rowsOf(result, sent, ctx)) as { vemail?: string }[];
  return phone ? rows : rows.filter((r) => r.vemail?.toLowerCase() === email);
}

/** The booking's sign-in answers the visitors signed in together as `glist` (one here: companions are on the visit). */
async function withGroup(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const v = asObject(await visits(result, sent, ctx));
  return 'vid' in v ? { ...v, glist: [{ vid: v.vid }] } : v;
}

/** Today's lists, a visit's detail, its sign-in and sign-out (frontdesk-app.md §3a–c, §5). */
export const visitDialect: DialectAdapters<DialectContext> = {
  batchSignOut: { request: batchOfVids },
  SearchVisitByConditionPage: { request: tab('walkin', PRESENCE), response: visits },
  SearchRVisitorByConditionPage: { call: 'SearchRVisitorByCondition', request: tab(undefined, PRESENCE), response: visits },
  SearchAppointmentByConditionPage: { call: 'SearchVisitByConditionPage', request: tab('appointment', ARRIVAL), response: visits },
  searchInviteByConditionPage: { call: 'SearchVisitByConditionPage', request: tab('invite', ARRIVAL), response: visits },
  SearchVisitByCondition: oldTab('walkin'),
  SearchAppointmentByCondition: oldTab('appointment'),
  searchInviteByCondition: oldTab('invite'),
  SearchRVisitorByCondition: oldTab('resident'),
  getVisitorStatistics: { request: tabFigures, response: figuresAsRead },
  // The IFS branch's "cards to issue": signed in without an access card yet.
  getNotSendCardVisitPage: {
    call: 'SearchVisitByConditionPage',
    request: (raw) => ({ ...asObject(tab(undefined, {})(raw)), onSite: true, noCard: true }),
    response: visits,
  },
  // The QR scan names an invitation `a<id>` and a booking `v<id>`: both are visits here.
  GetVisitorByVid: { request: (raw) => withWholeIdNumbers(visitIdOf(raw)), response: visits },
  AppClientSignin: { request: deskCheckIn, response: visits },
  // The detail page's sign-in: an invitation by `id` (appointmentSignin), a booking by `vid` (VisitAppointmentSignin).
  appointmentSignin: { call: 'AppClientSignin', request: deskCheckIn, response: visits },
  VisitAppointmentSignin: { call: 'AppClientSignin', request: deskCheckIn, response: withGroup },
  VisitorSignOut: { request: codeAsTyped, response: visits },
  // `{vid}`, or `{aid}` for an invitation opened by QR.
  VisitorSignOutByVid: { request: visitIdOf, response: visits },
  getTodayAppointmentByPhone: { call: 'SearchAppointmentByCondition', request: todayOnly, response: todayOfVisitor },
  // Every other call answering visits answers them as the lists do.
  updateVisitInfo: { request: visitIdOf, response: visits },
  updateVisitStatus: { request: visitIdOf, response: visits },
  addAppointment: visitList,
  setCancelStatusForWeb: { request: visitIdOf, response: visits },
  resendInvitation: { request: visitIdOf, response: visits },
};
