import type { LogisticsBooking, LogisticsField, LogisticsType } from '@openvisit/contract';
import { mediaUrl } from '../../platform/files/media.js';
import { dayStart } from '../../platform/formats/days.js';
import type { AuthedContext, DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter, DialectAdapters } from '../../platform/http/dialect.js';
import { logisticsTypes as companyLogisticsTypes, logistics } from '../logistics/logistics.public.js';
import { asObject, withWholeIdNumbers } from './compat.shared.js';

const LOGISTICS_EXTENDS = ['driverExtend', 'vehicleExtend', 'goodsExtend', 'logExtend'] as const;
/** A booking photo's link: as long as a visit photo's (compat.photos.ts), for the same reasons. */
const PHOTO_LINK_TTL_MS = 30 * 60 * 1000;

/** A field set as the original's clients send it: JSON text of `{key: value}` or of `[{fieldName, inputValue}]`. */
function extendValues(value: unknown): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() ? JSON.parse(value) : {};
    } catch {
      return value; // Left as sent: the contract refuses it with the field named.
    }
  }
  if (!Array.isArray(parsed)) return parsed;
  const pairs: Record<string, unknown> = {};
  for (const item of parsed) {
    const f = asObject(item);
    if (typeof f.fieldName === 'string') pairs[f.fieldName] = f.inputValue ?? '';
  }
  return pairs;
}

/** Companions as the desk keeps them, `[{name, mobile, cardid}]` (JSON text or an array): ours are `{name, phone}`. */
function members(value: unknown): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() ? JSON.parse(value) : [];
    } catch {
      return value;
    }
  }
  if (!Array.isArray(parsed)) return parsed;
  return parsed.map((m) => {
    const { mobile, cardid: _c, state: _s, ...rest } = asObject(m);
    return rest.phone === undefined && mobile !== undefined ? { ...rest, phone: mobile } : rest;
  });
}

function logisticsBody(raw: unknown): unknown {
  const body = { ...asObject(raw) };
  for (const key of LOGISTICS_EXTENDS) if (key in body) body[key] = extendValues(body[key]);
  if ('memberInfo' in body) body.memberInfo = members(body.memberInfo);
  return body;
}

/** A field set as the desk app reads it (§3h): JSON text of `[{fieldName, displayName, inputValue}]`, the type's shown fields first. */
function extendText(values: Record<string, string>, defined: readonly LogisticsField[] = []): string {
  const shown = defined.filter((f) => f.shown && f.fieldName in values);
  const named = new Set(shown.map((f) => f.fieldName));
  const hidden = new Set(defined.filter((f) => !f.shown).map((f) => f.fieldName));
  const rest = Object.keys(values).filter((k) => !named.has(k) && !hidden.has(k));
  return JSON.stringify([
    ...shown.map((f) => ({ fieldName: f.fieldName, displayName: f.displayName, inputValue: values[f.fieldName] ?? '' })),
    ...rest.map((k) => ({ fieldName: k, displayName: k, inputValue: values[k] ?? '' })),
  ]);
}

/**
 * A booking as the desk app reads it (§3h): times as epoch ms (the appointment its loading start, else the day's
 * start), `logType` the type's name (what `getVisitorType {category: 1}` and `getExtendTypeInfo {eType}` match),
 * `finishTime` the exit release (the app signs a truck out only once loading is done), `photoInfo` signed links
 * joined by commas, the field sets and companions as JSON text. What the gate recorded beyond ours (`otherExtend`) is
 * not kept: null.
 */
function deskBooking(ctx: DialectContext, types: Map<number, LogisticsType>, b: LogisticsBooking) {
  const type = b.logType === null ? undefined : types.get(b.logType);
  const companyId = ctx.tenant?.companyId ?? 0;
  const day = dayStart(b.appointmentDate).getTime();
  const base = ctx.config.corsOrigins.length ? ctx.config.publicUrl : '';
  const out: Record<string, unknown> = {
    ...b,
    userid: companyId,
    logTypeId: b.logType,
    logType: type?.name ?? b.logTypeName,
    appointmentDate: b.loadStart !== null && b.loadStart >= day && b.loadStart < day + 86_400_000 ? b.loadStart : day,
    finishTime: b.exitTime ?? b.finishTime,
    photoInfo: b.photoInfo
      .map((key) => base + mediaUrl(ctx.services.secrets, logistics.photoPath(companyId, key), Date.now(), PHOTO_LINK_TTL_MS))
      .join(','),
    memberInfo: JSON.stringify(b.memberInfo.map((m) => ({ name: m.name, mobile: m.phone, cardid: '' }))),
    otherExtend: null,
  };
  for (const key of LOGISTICS_EXTENDS) out[key] = extendText(b[key], type?.[key]);
  return out;
}

/** Bookings (a page or one) as the original's clients read them. */
async function bookings(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const page = asObject(result);
  const list = Array.isArray(page.list) ? (page.list as LogisticsBooking[]) : 'sid' in page ? [page as unknown as LogisticsBooking] : null;
  if (!list || !ctx.tenant || !ctx.session) return result;
  const types = new Map((list.length ? await companyLogisticsTypes(ctx as AuthedContext) : []).map((t) => [t.tid, t]));
  const rows = list.map((b) => deskBooking(ctx, types, b));
  return Array.isArray(page.list) ? { ...page, list: rows } : rows[0];
}

/** A type's field definitions as JSON text (the original's storage), for the booking pages that read them so. */
const typeOut = (row: Record<string, unknown>) => {
  const out = { ...row };
  for (const key of LOGISTICS_EXTENDS) if (typeof out[key] === 'object' && out[key] !== null) out[key] = JSON.stringify(out[key]);
  return out;
};

/**
 * Logistics types as the original answered them: each field set's definitions a JSON string. The desk asks
 * `getExtendTypeInfo` with its session and no link token (ours takes the public page's token): that is the company's
 * own list, `getExtendType`, cut to the `tid` asked for.
 */
export function logisticsTypes(result: unknown, sent: Record<string, unknown>): unknown {
  const page = asObject(result);
  if (Array.isArray(page.types)) return { ...page, types: page.types.map((r) => typeOut(asObject(r))) };
  if (!Array.isArray(result)) return result;
  const tid = Number(sent.tid);
  return result.filter((r) => !tid || asObject(r).tid === tid).map((r) => typeOut(asObject(r)));
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

/**
 * `getVisitorType {category: 1}` (the truck detail, §3h): the logistics types as the app matches them to a booking's
 * `logType`, with the induction its drivers take (`qid`, 0 for none) and `povDays`, the days the app counts a pass
 * from the day it was passed: one more than the questionnaire's validity, so that the app never refuses a pass we
 * still count (which `getAnswerResult` answers only while it counts); the gate's arrival checks it again.
 */
async function logisticsAsVisitorTypes(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  if (!Array.isArray(result) || !ctx.tenant) return result;
  const scope = ctx.tenant;
  return Promise.all(
    (result as LogisticsType[]).map(async (t) => {
      const days = t.qid === null ? null : await ctx.services.induction.validityDays(scope, t.qid);
      return { tid: t.tid, vType: t.name, qid: t.qid ?? 0, povDays: (days ?? 0) + 1, category: 1 };
    }),
  );
}

/** The desk's `getAnswerResult {identity}`: the pass the person holds (`passDate`, ms), else null. */
function passAnswer(result: unknown): unknown {
  const pass = asObject(result);
  if (!('passedAt' in pass)) return result;
  return { ...pass, passDate: pass.passedAt };
}

const logisticsCall: DialectAdapter<DialectContext> = { request: logisticsBody, response: bookings };

/** Trucks at the gate and the induction checks of the desk (frontdesk-app.md §3h, §3c; the visitor type's is compat.login.ts). */
export const logisticsDialect: DialectAdapters<DialectContext> = {
  addLogisticsInfo: logisticsCall,
  updateLogisticsInfo: { pick: gateMove, request: logisticsBody, response: bookings },
  getLogisticsInfo: { request: (raw) => withWholeIdNumbers(logisticsBody(raw)), response: bookings },
  approveLogistics: logisticsCall,
  logisticsArrive: logisticsCall,
  logisticsRelease: logisticsCall,
  logisticsLeave: logisticsCall,
  getVisitorType: {
    pick: (raw) => (Number(asObject(raw).category) === 1 ? 'getExtendType' : undefined),
    response: (result, sent, ctx) => (Number(sent.category) === 1 ? logisticsAsVisitorTypes(result, sent, ctx) : result),
  },
  getAnswerResult: {
    pick: (raw) => ('identity' in asObject(raw) && !('pid' in asObject(raw)) ? 'getInductionPass' : undefined),
    response: passAnswer,
  },
  /**
   * A truck's barrier photos in and out (`{sType, vsid: logNum}`): OpenVisit keeps none by booking, so after the desk's
   * right to read bookings is checked, the answer is null, which the app shows as no photo.
   */
  getVehicleRecordByVid: {
    pick: (raw) => ('vsid' in asObject(raw) ? 'getLogisticsInfo' : undefined),
    request: (raw) => ('vsid' in asObject(raw) ? { userid: asObject(raw).userid, startIndex: 0, requestedCount: 1 } : raw),
    response: (result, sent) => ('vsid' in sent ? null : result),
  },
};
