import type { Visit } from '@openvisit/contract';
import { residentOnSiteToday, toVisit } from '../../core/visits/visits.public.js';
import type { AuthedContext, DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, DESK_STATE, rowsOf, todayOnly, visits } from './compat.shared.js';

const REFUSED = DESK_STATE.refused;
/** What the ID-card scan's look-up by name reads as an invitation. */
const INVITATION = 3;

/**
 * The resident the desk app names: `c12` as its QR scan gives it, or the `rid` a look-up answered (a number), which
 * it sends back as `cardId`. An ID card's number (text) is never a resident id.
 */
function residentIdOf(given: unknown): number | undefined {
  if (typeof given === 'number') return Number.isSafeInteger(given) && given > 0 ? given : undefined;
  const m = typeof given === 'string' ? /^c(\d{1,10})$/i.exec(given.trim()) : null;
  return m?.[1] ? Number(m[1]) : undefined;
}

/** `getResidentVisitorByRid {rid: "c12"}`: the QR scan's resident id. */
function residentRid(raw: unknown): unknown {
  const body = asObject(raw);
  const rid = residentIdOf(body.rid);
  return rid === undefined ? raw : { ...body, rid };
}

/**
 * What the app reads of a resident (§3f): `userid` (sent back as the company of the next look-up) and `avatar` (shown
 * and sent back as the sign-in's photo). The worker's face stays on the server (faces reach the doors by face sync):
 * `avatar` is '' and the app shows no picture.
 */
function residentAnswer(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): unknown {
  const r = asObject(result);
  if (typeof r.rid !== 'number') return result;
  return { ...r, userid: ctx.tenant?.companyId ?? ctx.session?.companyId, avatar: '' };
}

/**
 * `getVisitorSignOutByPhone {cardId: <rid>}`: the resident's visit signed in today and still on site, which the app
 * signs out (none: it signs them in). Our rule for "on site" is the sign-in's own (residentOnSiteToday).
 */
async function residentOnSite(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const rid = asObject(result).rid;
  if (typeof rid !== 'number' || !ctx.tenant) return [];
  const open = await residentOnSiteToday(ctx as AuthedContext, rid);
  return open ? rowsOf([toVisit(open)], sent, ctx) : [];
}

/** `cardId` is a resident id: that resident (getResidentVisitorByRid), else an ID number (the visits on site). */
const byResident = (raw: unknown) => (residentIdOf(asObject(raw).cardId) === undefined ? undefined : 'getResidentVisitorByRid');

function signOutLookup(raw: unknown): unknown {
  const body = asObject(raw);
  const rid = residentIdOf(body.cardId);
  if (rid !== undefined) return { userid: body.userid, rid };
  // The ID-card scan sends `phone: ""`: the on-site visit with that certificate number.
  const { phone, ...rest } = body;
  return { startIndex: 0, requestedCount: 100, ...rest, ...(phone ? { phone } : {}), onSite: true };
}

/**
 * `ResidentVisitorSignIn` as the app sends it (§3f step 4): the resident as `cardId: <rid>` beside their name and
 * phone. The rid names them; the rest (visit type, host, photo, gate name) is the server's own record of them.
 */
function residentSignIn(raw: unknown): unknown {
  const body = asObject(raw);
  const rid = residentIdOf(body.cardId);
  const { cardId: _c, ...rest } = body;
  return rid === undefined ? raw : { ...rest, rid };
}

/**
 * The ID-card scan's fallback (§3g): today's invitations and bookings by the visitor's name. The app reads `status` 3
 * as an invitation (then signs it in as one); a refused or cancelled one (our desk state 3) cannot be signed in, so it
 * is not offered.
 */
async function byNameRows(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const rows = (await rowsOf(result, sent, ctx)) as { status: number; kind: Visit['kind'] }[];
  return rows.filter((v) => v.status !== REFUSED).map((v) => (v.kind === 'invite' ? { ...v, status: INVITATION } : v));
}

/** Residents and the ID-card scan (frontdesk-app.md §3f–g). */
export const residentDialect: DialectAdapters<DialectContext> = {
  getResidentVisitorByRid: { request: residentRid, response: residentAnswer },
  ResidentVisitorSignIn: { request: residentSignIn, response: visits },
  getVisitorSignOutByPhone: {
    call: 'SearchVisitByConditionPage',
    pick: byResident,
    request: signOutLookup,
    response: (result, sent, ctx) => (residentIdOf(sent.cardId) === undefined ? rowsOf(result, sent, ctx) : residentOnSite(result, sent, ctx)),
  },
  getVisitorAppointmentByName: { call: 'SearchAppointmentByCondition', request: todayOnly, response: byNameRows },
};
