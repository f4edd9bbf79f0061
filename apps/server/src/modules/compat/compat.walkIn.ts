import { STANDARD_FIELDS } from '@openvisit/contract';
import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { extendTypeCall, extendTypeInfo } from './compat.extendTypes.js';
import { faceCheck, faceCheckCall, faceStatus } from './compat.faces.js';
import { logisticsTypes } from './compat.logistics.js';
import { asObject, keyValues, localTime, visits, withPhoto } from './compat.shared.js';

/**
 * What the desk's forms put in `extendCol` beside the type's own fields: copies of the form's fields, the doors it
 * would give (`access`: the server decides the visitor's doors, from the gate and the host), the party's size, the
 * card's time. Only the type's custom fields are kept; our contract refuses any other key.
 */
const FORM_COPIES = new Set(
  ['name', 'phone', 'visitType', 'visitorType', 'empid', 'access', 'peopleCount', 'pCardDate', 'gatein', 'guardin', 'remark', 'email', 'company']
    .concat(STANDARD_FIELDS.map((f) => f.fieldName))
    .map((k) => k.toLowerCase()),
);

/** `["key=value", …]` to the type's custom values; the app sends an empty value as the text `""`. */
export function customValues(given: unknown): unknown {
  const pairs = keyValues(given);
  if (typeof pairs !== 'object' || pairs === null || Array.isArray(pairs)) return pairs;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pairs)) {
    if (FORM_COPIES.has(key.toLowerCase())) continue;
    out[key] = value === '""' ? '' : value;
  }
  return out;
}

/** `memberName`: the companions as JSON text of `[{name, mobile}]` (older forms: names comma-separated). */
function followersOf(memberName: unknown): { name: string; phone: string }[] | undefined {
  if (typeof memberName !== 'string' || !memberName.trim()) return undefined;
  const text = memberName.trim();
  if (text.startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      if (!Array.isArray(list)) return undefined;
      return list
        .map((m) => asObject(m))
        .filter((m) => typeof m.name === 'string' && m.name.trim())
        .map((m) => ({ name: String(m.name).trim(), phone: typeof m.mobile === 'string' ? m.mobile.trim() : '' }));
    } catch {
      return undefined;
    }
  }
  return text
    .split(/[,，;；]/)
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => ({ name, phone: '' }));
}

/** The ID reader's card: its number as text (older forms), or the reader's object `{cardId, name, …}`. */
function cardIdOf(card: unknown): string | undefined {
  if (typeof card === 'string' && card.trim()) return card.trim();
  const id = asObject(card).cardId;
  return typeof id === 'string' && id.trim() ? id.trim() : undefined;
}

/**
 * The walk-in form as the desk sends it (frontdesk-app.md §3d): `name`/`phone` (renamed by the transport), the visit
 * reason as `visitType`, the ID reader's `card`, companions as `memberName`, `key=value` extendCol. What the server
 * decides itself (gate name, operator, doors) is dropped.
 */
export function originalWalkIn(raw: unknown): unknown {
  const { card, memberName, extendCol, visitType, vType: _t, remark: _r, company: _c, ...body } = asObject(withPhoto(raw));
  const out: Record<string, unknown> = { ...body };
  if (extendCol !== undefined) out.extendCol = customValues(extendCol);
  const cardId = cardIdOf(card);
  if (cardId && out.cardId === undefined) out.cardId = cardId;
  const followers = followersOf(memberName);
  if (followers && out.followers === undefined) out.followers = followers;
  if (typeof visitType === 'string' && out.visitReason === undefined) out.visitReason = visitType;
  return out;
}

/** The badge screen opens for `[{vid: result.vid}, ...result.glist]` with the vid as the badge names it: `v123`. */
async function walkInAnswer(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const row = asObject(await visits(result, sent, ctx));
  return { ...row, vid: `v${String(row.vid)}`, glist: [] };
}

/** The desk's `appointmentDate` as text, `yyyy-MM-dd HH:mm:ss` in the server's time (the app sends "now"). */
function dateOfText(text: string, now = Date.now()): number | string {
  const at = localTime(text);
  if (at === undefined) return text;
  // The app formats with `hh` (12-hour): an afternoon's "now" reads as that morning.
  const half = 12 * 3_600_000;
  return at < now - half / 2 && Math.abs(at + half - now) < half / 2 ? at + half : at;
}

/**
 * The desk's on-site appointment (§3e): `ctype` 'u' (single company) or 's' (office building), the visit reason as
 * `visitType`, the time as text. The booking app's signed body (no `ctype`) passes as it is.
 */
function deskBooking(raw: unknown): unknown {
  const body = asObject(raw);
  if (!('ctype' in body)) return raw;
  const { visitType, vType: _t, memberName: _m, appointmentDate, ...rest } = body;
  const out: Record<string, unknown> = { ...rest };
  if (typeof visitType === 'string' && out.visitReason === undefined) out.visitReason = visitType;
  out.appointmentDate = typeof appointmentDate === 'string' ? dateOfText(appointmentDate) : appointmentDate;
  return out;
}

/** The office building's appointment form reads `result` as the vid; the single company's the visit. */
async function bookingAnswer(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const row = await visits(result, sent, ctx);
  return sent.ctype === 's' ? asObject(row).vid : row;
}

/** The walk-in and on-site appointment forms with their face photo (frontdesk-app.md §3d–e). */
export const walkInDialect: DialectAdapters<DialectContext> = {
  UpdatePhoto: { request: originalWalkIn, response: walkInAnswer },
  // The desk books with its session; the company's booking app signs instead.
  addVisitorApponintmnet: { pick: (_raw, signedIn) => (signedIn ? 'addDeskAppointment' : undefined), request: deskBooking, response: bookingAnswer },
  uploadFace: { call: 'uploadAppointmentPhoto', pick: faceCheckCall, request: faceCheck, response: faceStatus },
  getFaceStatus: { call: 'getAppointmentbySecId', pick: faceCheckCall, request: faceCheck, response: faceStatus },
  // The desk's photo: its faces are judged by the face calls that follow (the app says "no face" from getFaceStatus).
  Upload: { pick: () => 'uploadDeskPhoto' },
  getExtendTypeInfo: { pick: extendTypeCall, response: extendTypeInfo },
  getExtendType: { response: logisticsTypes },
};
