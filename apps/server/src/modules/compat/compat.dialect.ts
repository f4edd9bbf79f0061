import type { Visit, VisitorStatus } from '@openvisit/contract';
import { dayOf } from '../../platform/formats/days.js';
import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter, DialectAdapters } from '../../platform/http/dialect.js';
import { photoLinks } from './compat.photos.js';
import { undoLftPwdRule } from './lftPwd.js';

/**
 * What the original's clients send and read, call by call (docs/original-clients.md). The transport itself (token
 * forms, ids as strings, the placeholder userid, paging) is the platform's (platform/http/dialect.ts); here is what only
 * some calls need, and the original's names for our calls.
 */

const asObject = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

/** A sign-in's password field, unscrambled when it is a scramble (lftPwd.ts); a plain one is taken as typed. */
function unscramble(field: string): DialectAdapter['request'] {
  return (raw) => {
    const body = asObject(raw);
    const sent = body[field];
    if (typeof sent !== 'string') return raw;
    const plain = undoLftPwdRule(sent);
    return plain === null ? raw : { ...body, [field]: plain };
  };
}

/** The original's row states of the front desk (reference 3.6): 0 authorised … 5 ended. */
const DESK_STATE: Partial<Record<VisitorStatus, number>> = {
  authorized: 0,
  signedIn: 1,
  signedOut: 2,
  refused: 3,
  unauthorized: 4,
  ended: 5,
  expired: 5,
};

/** An expected visit (an invitation or booking not yet come) is authorised or not by its permission. */
export function deskState(v: Pick<Visit, 'status' | 'permission'>): number {
  return DESK_STATE[v.status] ?? (v.permission === 1 ? 0 : 4);
}

/**
 * A visit as the original answered it: numeric status (ours kept as `state`), extendCol as a JSON string, `vphoto` the
 * photo's signed link ('' for none: compat.photos.ts).
 */
export function originalVisit<V extends Visit>(v: V, photo = '') {
  return { ...v, status: deskState(v), state: v.status, extendCol: JSON.stringify(v.extendCol ?? {}), vphoto: photo };
}

async function visits(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const page = asObject(result);
  const rows = (Array.isArray(result) ? result : Array.isArray(page.list) ? page.list : 'vid' in page ? [page] : []) as Visit[];
  const links = await photoLinks(ctx, rows);
  const original = (v: Visit) => originalVisit(v, links.get(v.vid) ?? '');
  if (Array.isArray(result)) return rows.map(original);
  if (Array.isArray(page.list)) return { ...page, list: rows.map(original) };
  if ('vid' in page) return original(page as unknown as Visit);
  return result;
}

const visitList: DialectAdapter<DialectContext> = { response: visits };

/** The captcha as the original sent it: a bare base64 PNG, which the clients prefix with `data:image/png;base64,`. */
function pngCaptcha(result: unknown): unknown {
  const r = asObject(result);
  const url = typeof r.base64Str === 'string' ? r.base64Str : '';
  const prefix = 'data:image/png;base64,';
  return url.startsWith(prefix) ? { ...r, base64Str: url.slice(prefix.length) } : result;
}

/** The front desk's batch sign-out sends the visits as a top-level array: of ids, or of rows carrying `vid`. */
function batchOfVids(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return { vids: raw.map((item) => (typeof item === 'object' && item !== null ? (item as { vid?: unknown }).vid : item)) };
}

/** `searchType` of the original's visit lists: 1 on site now, 2 signed out, 3 not yet signed in; else all. */
function bySearchType(raw: unknown): unknown {
  const { searchType, ...body } = asObject(raw);
  switch (Number(searchType)) {
    case 1:
      return { ...body, onSite: true };
    case 2:
      return { ...body, status: 'signedOut' };
    case 3:
      return { ...body, status: 'authorized' };
    default:
      return body;
  }
}

/** `v12` (and `a12`, `c12`: invitations, bookings and card rows are visits here too) → 12. */
function visitIdOf(raw: unknown): unknown {
  const body = asObject(raw);
  const given = body.vid ?? body.appid ?? body.id;
  const id = typeof given === 'string' ? (/^[vac]?(\d{1,10})$/i.exec(given.trim())?.[1] ?? given) : given;
  const { appid: _a, id: _i, ...rest } = body;
  return id === undefined ? raw : { ...rest, vid: id };
}

/** Our check-in codes are 8 digits (visits.kernel's newVisitCode), so one starting with 0 lost it when sent as a number. */
const CODE_DIGITS = 8;

/** A `verifyCode` the desk sent as a number, back to the code it typed or scanned (`1234567` → `"01234567"`). */
function codeAsTyped(raw: unknown): unknown {
  const body = asObject(raw);
  const code = body.verifyCode;
  if (typeof code !== 'number' || !Number.isSafeInteger(code) || code < 0 || code >= 10 ** CODE_DIGITS) return raw;
  return { ...body, verifyCode: String(code).padStart(CODE_DIGITS, '0') };
}

const deskCheckIn = (raw: unknown) => withPhoto(visitIdOf(codeAsTyped(raw)));

/** The original's list answers that were plain arrays: the rows of our page. */
const rowsOf = async (result: unknown, sent: Record<string, unknown>, ctx: DialectContext) => {
  const v = await visits(result, sent, ctx);
  return Array.isArray(v) ? v : (asObject(v).list ?? []);
};

/** A lookup of today's records (the server's day), as many as a desk shows. */
const todayOnly = (raw: unknown) => {
  const day = dayOf(new Date());
  return { startIndex: 0, requestedCount: 100, ...asObject(raw), date: day, endDate: day };
};

/**
 * The walk-in form as the original front desk sends it: `extendCol` as `key=value` strings (one string, comma or
 * semicolon separated, or an array), the ID reader's number as `card`, the companions' names as `memberName`.
 */
function originalWalkIn(raw: unknown): unknown {
  const { card, memberName, extendCol, ...body } = asObject(withPhoto(raw));
  const out: Record<string, unknown> = { ...body };
  if (extendCol !== undefined) out.extendCol = keyValues(extendCol);
  if (typeof card === 'string' && card && out.cardId === undefined) out.cardId = card;
  if (typeof memberName === 'string' && memberName.trim() && out.followers === undefined)
    out.followers = memberName
      .split(/[,，;；]/)
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name, phone: '' }));
  return out;
}

/** `photoUrl`: what `Upload` answered (a data URL), sent back as the visitor's photo. */
function withPhoto(raw: unknown): unknown {
  const { photoUrl, ...body } = asObject(raw);
  return typeof photoUrl === 'string' && photoUrl.startsWith('data:image/') && body.photo === undefined ? { ...body, photo: photoUrl } : body;
}

function keyValues(given: unknown): unknown {
  if (typeof given === 'string') {
    const text = given.trim();
    if (text.startsWith('{')) {
      try {
        return JSON.parse(text);
      } catch {
        return given;
      }
    }
    return keyValues(text ? text.split(/[,;]/) : []);
  }
  if (!Array.isArray(given)) return given;
  const pairs: Record<string, string> = {};
  for (const item of given) {
    if (typeof item !== 'string') return given;
    const at = item.indexOf('=');
    if (at > 0) pairs[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return pairs;
}

/** The original's blacklist check answered the matching entries: one for a hit, none otherwise. */
function blacklistEntries(result: unknown, sent: Record<string, unknown>): unknown {
  const r = asObject(result);
  if (!r.listed) return [];
  return [{ name: r.name ?? '', phone: sent.phone ?? '', credentialNo: sent.credentialNo ?? sent.cardId ?? '' }];
}

/** Whether a visitor on site has been handed an access card, and which. */
function cardStatus(result: unknown): unknown {
  const v = asObject(result);
  return { vid: v.vid, cardNo: v.cardNo ?? '', sendStatus: v.cardNo ? 1 : 0 };
}

const LOGISTICS_EXTENDS = ['driverExtend', 'vehicleExtend', 'goodsExtend', 'logExtend'] as const;

/** A booking's field sets sent as JSON strings (`""` for none), as the original stored them. */
function logisticsBody(raw: unknown): unknown {
  const body = { ...asObject(raw) };
  for (const key of LOGISTICS_EXTENDS) {
    const value = body[key];
    if (typeof value !== 'string') continue;
    try {
      body[key] = value.trim() ? JSON.parse(value) : {};
    } catch {
      // Left as sent: the contract refuses it with the field named.
    }
  }
  return body;
}

const bookingOut = (row: Record<string, unknown>) => {
  const out = { ...row };
  for (const key of LOGISTICS_EXTENDS) if (typeof out[key] === 'object' && out[key] !== null) out[key] = JSON.stringify(out[key]);
  return out;
};

/** Bookings as the original answered them: the field sets as JSON strings. */
function bookings(result: unknown): unknown {
  const page = asObject(result);
  if (Array.isArray(page.list)) return { ...page, list: page.list.map((b) => bookingOut(asObject(b))) };
  return 'sid' in page ? bookingOut(page) : result;
}

/**
 * Logistics types as the original answered them: each field set's definitions a JSON string. The desk asks
 * `getExtendTypeInfo` with its session and no link token (ours takes the public page's token): that is the company's
 * own list, `getExtendType`, cut to the `tid` asked for.
 */
function logisticsTypes(result: unknown, sent: Record<string, unknown>): unknown {
  const page = asObject(result);
  if (Array.isArray(page.types)) return { ...page, types: page.types.map((r) => bookingOut(asObject(r))) };
  if (!Array.isArray(result)) return result;
  const tid = Number(sent.tid);
  return result.filter((r) => !tid || asObject(r).tid === tid).map((r) => bookingOut(asObject(r)));
}

/**
 * The original marked a truck's arrival, exit release and departure by updating the booking with the time: those
 * updates are our gate moves, with their rules (approved for today, the driver's induction, the order of moves).
 */
function gateMove(raw: unknown): string | undefined {
  const body = asObject(raw);
  if (body.leaveTime || body.finishTime) return 'logisticsLeave';
  if (body.exitTime) return 'logisticsRelease';
  if (body.visitdate) return 'logisticsArrive';
  return undefined;
}

const logisticsCall: DialectAdapter = { request: logisticsBody, response: bookings };

/**
 * The original front desk keeps `badgeMode` (0 ordinary, 1 customised: our `cardType`) and `badgeCustom` (the folder
 * of a site's own badge page, `/card/custom/<name>/`; OpenVisit has none of its own, so none is named).
 */
function userInfo(result: unknown): unknown {
  const r = asObject(result);
  return { ...r, badgeMode: r.cardType ?? 0, badgeCustom: '' };
}

/** Device groups as the original stored them: `gids` a comma-separated string, which the desk splits. */
function deviceGroups(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((g) => {
    const group = asObject(g);
    return { ...group, gids: Array.isArray(group.gids) ? group.gids.join(',') : group.gids };
  });
}

/** Sub-companies as the original listed them: the room numbers as one comma-separated `roomNumber`. */
function subCompanies(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((c) => {
    const company = asObject(c);
    return { ...company, roomNumber: Array.isArray(company.roomNumbers) ? company.roomNumbers.join(',') : '' };
  });
}

/** One visitor type of the list, by the `tid` the client asked for. */
function typeByTid(result: unknown, sent: Record<string, unknown>): unknown {
  const types = Array.isArray(result) ? (result as { tid?: number }[]) : [];
  return types.find((type) => type.tid === Number(sent.tid)) ?? null;
}

/** The invitation page's face calls name the invitation by its link's token: `secid`, or the original's `id`. */
function bySecid(raw: unknown): unknown {
  const { id, secId, ...body } = asObject(raw);
  return { ...body, secid: body.secid ?? secId ?? id };
}

/** Whether the visitor's face photo is in (`face` 1) and whether the page still takes one (`canUpload` 1). */
function faceStatus(result: unknown): unknown {
  const page = asObject(result);
  return { face: page.hasPhoto ? 1 : 0, canUpload: page.canSupplement ? 1 : 0, status: page.status };
}

const withBody =
  (extra: Record<string, unknown>): DialectAdapter['request'] =>
  (raw) => ({ ...asObject(raw), ...extra });

export const originalDialect: DialectAdapters<DialectContext> = {
  getValidationCode: { response: pngCaptcha },
  Login: { request: unscramble('password') },
  LoginManager: {
    call: 'Login',
    request: (raw) => {
      const { account, ...body } = asObject(raw);
      return unscramble('password')?.({ ...body, email: body.email ?? account });
    },
  },
  empLogin: { request: unscramble('empPwd') },
  subAccountLogin: { request: unscramble('password') },
  GetManager: { call: 'GetManagerByUser' },
  GetUserInfo: { response: userInfo },
  getEquipmentGroupByUserid: { response: deviceGroups },
  getSubAccountByUserid: { response: subCompanies },
  ResidentVisitorSignIn: { response: visits },
  logout: { call: 'login/logout' },
  batchSignOut: { request: batchOfVids },
  SearchVisitByCondition: visitList,
  SearchVisitByConditionPage: { request: bySearchType, response: visits },
  SearchRVisitorByCondition: visitList,
  SearchRVisitorByConditionPage: { call: 'SearchRVisitorByCondition', request: bySearchType, response: visits },
  SearchAppointmentByCondition: visitList,
  SearchAppointmentByConditionPage: {
    call: 'SearchAppointmentByCondition',
    request: (raw) => ({ kind: 'appointment', ...asObject(bySearchType(raw)) }),
    response: visits,
  },
  searchInviteByCondition: visitList,
  searchInviteByConditionPage: { call: 'searchInviteByCondition', request: bySearchType, response: visits },
  // Signed in without an access card yet: the desk's "cards to hand out".
  getNotSendCardVisitPage: { call: 'SearchVisitByConditionPage', request: withBody({ onSite: true, noCard: true }), response: visits },
  // The front desk names a visit `v<vid>` (and an invitation or booking, which are visits here too, `a<id>`).
  GetVisitorByVid: { request: visitIdOf, response: visits },
  getVisitorTypeByTid: { call: 'getVisitorType', response: typeByTid },
  UpdatePhoto: { request: originalWalkIn, response: visits },
  AppClientSignin: { request: deskCheckIn, response: visits },
  // The desk's check-in of an invitation (appointmentSignin) or a booking (VisitAppointmentSignin) from its list.
  appointmentSignin: { call: 'AppClientSignin', request: deskCheckIn, response: visits },
  VisitAppointmentSignin: { call: 'AppClientSignin', request: deskCheckIn, response: visits },
  VisitorSignOut: { request: codeAsTyped, response: visits },
  VisitorSignOutByVid: { request: visitIdOf, response: visits },
  getTodayAppointmentByPhone: { call: 'SearchAppointmentByCondition', request: todayOnly, response: rowsOf },
  getVisitorAppointmentByName: { call: 'SearchAppointmentByCondition', request: todayOnly, response: rowsOf },
  getVisitorSignOutByPhone: {
    call: 'SearchVisitByConditionPage',
    request: (raw) => ({ startIndex: 0, requestedCount: 100, ...asObject(raw), onSite: true }),
    response: rowsOf,
  },
  checkBlacklist: { response: blacklistEntries },
  addVisitorApponintmnet: visitList,
  uploadFace: { call: 'uploadAppointmentPhoto', request: bySecid, response: faceStatus },
  getFaceStatus: { call: 'getAppointmentbySecId', request: bySecid, response: faceStatus },
  updateVisitorCardNo: { call: 'updateVisitInfo', request: visitIdOf, response: visits },
  // Every other call answering visits answers them as the lists do.
  updateVisitInfo: { request: visitIdOf, response: visits },
  updateVisitStatus: { request: visitIdOf, response: visits },
  addAppointment: visitList,
  setCancelStatusForWeb: { request: visitIdOf, response: visits },
  resendInvitation: { request: visitIdOf, response: visits },
  getSendCardStatus: { call: 'GetVisitorByVid', request: visitIdOf, response: cardStatus },
  getExtendType: { response: logisticsTypes },
  getExtendTypeInfo: { pick: (raw) => ('token' in asObject(raw) ? undefined : 'getExtendType'), response: logisticsTypes },
  addLogisticsInfo: logisticsCall,
  updateLogisticsInfo: { pick: gateMove, request: logisticsBody, response: bookings },
  getLogisticsInfo: logisticsCall,
  approveLogistics: logisticsCall,
  logisticsArrive: logisticsCall,
  logisticsRelease: logisticsCall,
  logisticsLeave: logisticsCall,
};
