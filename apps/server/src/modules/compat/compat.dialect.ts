import type { Visit, VisitorStatus } from '@openvisit/contract';
import sharp from 'sharp';
import type { DialectAdapter, DialectAdapters } from '../../platform/dialect.js';
import { undoLftPwdRule } from './lftPwd.js';

/**
 * What the original's clients send and read, call by call (docs/original-clients.md). The transport itself (token
 * forms, ids as strings, the placeholder userid, paging) is the platform's (platform/dialect.ts); here is what only
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

/** A visit as the original answered it: numeric status (ours kept as `state`), extendCol as a JSON string. */
export function originalVisit<V extends Visit>(v: V) {
  return { ...v, status: deskState(v), state: v.status, extendCol: JSON.stringify(v.extendCol ?? {}) };
}

function visits(result: unknown): unknown {
  if (Array.isArray(result)) return result.map((v) => originalVisit(v as Visit));
  const page = asObject(result);
  if (Array.isArray(page.list)) return { ...page, list: page.list.map((v) => originalVisit(v as Visit)) };
  if ('vid' in page) return originalVisit(page as unknown as Visit);
  return result;
}

const visitList: DialectAdapter = { response: visits };

/** The captcha as the original sent it: a bare base64 PNG, which the clients prefix with `data:image/png;base64,`. */
async function pngCaptcha(result: unknown): Promise<unknown> {
  const r = asObject(result);
  const url = typeof r.base64Str === 'string' ? r.base64Str : '';
  const comma = url.indexOf(',');
  if (!url.startsWith('data:image/svg+xml') || comma < 0) return result;
  const head = url.slice(0, comma);
  const data = url.slice(comma + 1);
  const svg = head.endsWith(';base64') ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data));
  const png = await sharp(svg).png().toBuffer();
  return { ...r, base64Str: png.toString('base64') };
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

function visitIdOf(raw: unknown): unknown {
  const body = asObject(raw);
  const id = typeof body.vid === 'string' ? /^[vac](\d{1,10})$/i.exec(body.vid.trim())?.[1] : undefined;
  return id ? { ...body, vid: id } : raw;
}

const withBody =
  (extra: Record<string, unknown>): DialectAdapter['request'] =>
  (raw) => ({ ...asObject(raw), ...extra });

export const originalDialect: DialectAdapters = {
  getValidationCode: { response: pngCaptcha },
  Login: { request: unscramble('password') },
  LoginManager: {
    call: 'Login',
    request: (raw, ctx) => {
      const { account, ...body } = asObject(raw);
      return unscramble('password')?.({ ...body, email: body.email ?? account }, ctx);
    },
  },
  empLogin: { request: unscramble('empPwd') },
  subAccountLogin: { request: unscramble('password') },
  GetManager: { call: 'GetManagerByUser' },
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
};
