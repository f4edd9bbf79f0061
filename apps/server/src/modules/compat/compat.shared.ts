import type { Visit, VisitorStatus } from '@openvisit/contract';
import { dayOf } from '../../platform/formats/days.js';
import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter } from '../../platform/http/dialect.js';
import { photoLinks } from './compat.photos.js';

/** What several of the original's calls share: its visit rows, ids and `key=value` lists (docs/original-clients.md). */
export const asObject = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

/** The original's row states of the front desk (reference 3.6): 0 authorised … 5 ended. */
export const DESK_STATE: Partial<Record<VisitorStatus, number>> = {
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

export async function visits(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const page = asObject(result);
  const rows = (Array.isArray(result) ? result : Array.isArray(page.list) ? page.list : 'vid' in page ? [page] : []) as Visit[];
  const links = await photoLinks(ctx, rows);
  const original = (v: Visit) => originalVisit(v, links.get(v.vid) ?? '');
  if (Array.isArray(result)) return rows.map(original);
  if (Array.isArray(page.list)) return { ...page, list: rows.map(original) };
  if ('vid' in page) return original(page as unknown as Visit);
  return result;
}

export const visitList: DialectAdapter<DialectContext> = { response: visits };

/** `v12` (and `a12`, `c12`: invitations, bookings and card rows are visits here too) → 12. */
export function visitIdOf(raw: unknown): unknown {
  const body = asObject(raw);
  const given = body.vid ?? body.appid ?? body.id;
  const id = typeof given === 'string' ? (/^[vac]?(\d{1,10})$/i.exec(given.trim())?.[1] ?? given) : given;
  const { appid: _a, id: _i, ...rest } = body;
  return id === undefined ? raw : { ...rest, vid: id };
}

/** Our check-in codes are 8 digits (visits.kernel's newVisitCode), so one starting with 0 lost it when sent as a number. */
export const CODE_DIGITS = 8;

/** A `verifyCode` the desk sent as a number, back to the code it typed or scanned (`1234567` → `"01234567"`). */
export function codeAsTyped(raw: unknown): unknown {
  const body = asObject(raw);
  const code = body.verifyCode;
  if (typeof code !== 'number' || !Number.isSafeInteger(code) || code < 0 || code >= 10 ** CODE_DIGITS) return raw;
  return { ...body, verifyCode: String(code).padStart(CODE_DIGITS, '0') };
}

export const deskCheckIn = (raw: unknown) => withPhoto(visitIdOf(codeAsTyped(raw)));

/** The original's list answers that were plain arrays: the rows of our page. */
export const rowsOf = async (result: unknown, sent: Record<string, unknown>, ctx: DialectContext) => {
  const v = await visits(result, sent, ctx);
  return Array.isArray(v) ? v : (asObject(v).list ?? []);
};

/** A lookup of today's records (the server's day), as many as a desk shows. */
export const todayOnly = (raw: unknown) => {
  const day = dayOf(new Date());
  return { startIndex: 0, requestedCount: 100, ...asObject(raw), date: day, endDate: day };
};

/** `photoUrl`: what `Upload` answered (a data URL), sent back as the visitor's photo. */
export function withPhoto(raw: unknown): unknown {
  const { photoUrl, ...body } = asObject(raw);
  return typeof photoUrl === 'string' && photoUrl.startsWith('data:image/') && body.photo === undefined ? { ...body, photo: photoUrl } : body;
}

export function keyValues(given: unknown): unknown {
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

export const withBody =
  (extra: Record<string, unknown>): DialectAdapter['request'] =>
  (raw) => ({ ...asObject(raw), ...extra });
