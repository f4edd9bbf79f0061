import type { In, Visit, VisitorStatus } from '@openvisit/contract';
import { employeesService, withDepartments } from '../../core/people/people.public.js';
import { listTypes } from '../../core/sites/sites.public.js';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext, DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter } from '../../platform/http/dialect.js';
import { photoLinks } from './compat.photos.js';

/** What several of the original's calls share: its visit rows, ids and `key=value` lists (docs/original-clients.md). */
export const asObject = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

/**
 * The front-desk app's `status` of a row (frontdesk-app.md §3a): it reads the dates first, then 4 as refused, then
 * `permission` (0 waiting, 1 authorised, 2 refused); so an expected visit is 0 whatever its permission says.
 */
export const DESK_STATE: Partial<Record<VisitorStatus, number>> = { signedIn: 1, signedOut: 2, refused: 4, ended: 5, expired: 5 };

export function deskState(v: Pick<Visit, 'status'>): number {
  return DESK_STATE[v.status] ?? 0;
}

/** What a row needs beyond the visit: its type's name, the desk's gate, and (for one visit) the host's place. */
export interface RowExtras {
  vType?: string;
  /** The caller's gate: a visit for any gate is one the desk may sign in (the app refuses another gate's). */
  gid?: number;
  dept?: string;
  workbay?: string;
}

/**
 * A visit as the original answered it (frontdesk-app.md §3a, §3b): numeric status (ours kept as `state`), extendCol as a
 * JSON string, `vphoto` the photo's signed link ('' for none: compat.photos.ts). An invitation or booking is its own
 * appointment (`appid`, `aid` = vid; the QR's `a<id>`). `leaveTime` only once the visit ended: the app reads any
 * leaveTime as "ended", and ours is when a visitor on site is expected to leave. `qrcodeType` 1 (not "valid for days"):
 * the app then checks the extend-time window, the one our check-in keeps.
 */
export function originalVisit<V extends Visit>(v: V, photo = '', extra: RowExtras = {}) {
  const planned = v.kind === 'invite' || v.kind === 'appointment';
  const over = v.status === 'ended' || v.status === 'expired';
  return {
    ...v,
    status: deskState(v),
    state: v.status,
    extendCol: JSON.stringify(v.extendCol ?? {}),
    vphoto: photo,
    appid: planned ? v.vid : 0,
    aid: planned ? v.vid : 0,
    remark: v.visitReason,
    vgroup: 0,
    vType: extra.vType ?? '',
    qrcodeType: 1,
    qrcodeConf: 0,
    memberName: JSON.stringify((v.followers ?? []).map((f) => ({ name: f.name, mobile: f.phone }))),
    leaveTime: over ? (v.leaveTime ?? v.signOutDate ?? v.appointmentDate ?? v.createTime) : null,
    gid: v.gid ?? extra.gid ?? null,
    dept: extra.dept ?? '',
    workbay: extra.workbay ?? '',
  };
}

/** The names of the company's visitor types by tid (one read), for rows' `vType`. */
async function typeNames(ctx: DialectContext, rows: readonly Visit[]): Promise<Map<number, string>> {
  if (!ctx.session || !ctx.tenant || !rows.some((v) => v.tid)) return new Map();
  const types = await listTypes(ctx as AuthedContext, {} as In<'getVisitorType'>);
  return new Map(types.map((type) => [type.tid, type.vType]));
}

/** Where the host of one visit sits: their departments and workbay (the QR scan's detail, §3b). */
async function hostPlace(ctx: DialectContext, v: Visit): Promise<Pick<RowExtras, 'dept' | 'workbay'>> {
  if (!ctx.session || !ctx.tenant || !v.empid) return {};
  const row = await employeesService.repoOf(ctx as AuthedContext).byId(v.empid);
  if (!row) return {};
  const [host] = await withDepartments(ctx as AuthedContext, [row]);
  return { dept: host?.deptNames.join(',') ?? '', workbay: host?.workbay ?? '' };
}

export async function visits(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const page = asObject(result);
  const rows = (Array.isArray(result) ? result : Array.isArray(page.list) ? page.list : 'vid' in page ? [page] : []) as Visit[];
  const [links, types] = await Promise.all([photoLinks(ctx, rows), typeNames(ctx, rows)]);
  const gid = ctx.session?.gids[0];
  const base = (v: Visit): RowExtras => ({ vType: (v.tid && types.get(v.tid)) || '', ...(gid && { gid }) });
  const original = (v: Visit, more: RowExtras = {}) => originalVisit(v, links.get(v.vid) ?? '', { ...base(v), ...more });
  if (Array.isArray(result)) return rows.map((v) => original(v));
  if (Array.isArray(page.list)) return { ...page, list: rows.map((v) => original(v)) };
  if ('vid' in page) return original(page as unknown as Visit, await hostPlace(ctx, page as unknown as Visit));
  return result;
}

export const visitList: DialectAdapter<DialectContext> = { response: visits };

/** `v12` (and `a12`, `c12`: invitations, bookings and card rows are visits here too) → 12. */
export function visitIdOf(raw: unknown): unknown {
  const body = asObject(raw);
  const given = body.vid ?? body.aid ?? body.appid ?? body.id;
  const id = typeof given === 'string' ? (/^[vac]?(\d{1,10})$/i.exec(given.trim())?.[1] ?? given) : given;
  const { appid: _a, aid: _b, id: _i, ...rest } = body;
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

/**
 * The desk's reads whose ID numbers it sends back to look a person's induction up (`getAnswerResult`, §3c, §3h): whole
 * numbers for the roles that may read them, each read logged; masked for the others (docs/modules/privacy.md).
 */
export const withWholeIdNumbers = (raw: unknown): unknown => ({ ...asObject(raw), idNumbers: 'wholeIfAllowed' });

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

/** `yyyy-MM-dd HH:mm[:ss]` (or with `T`), as the desk's forms send a time, in the server's zone; undefined otherwise. */
export function localTime(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)).getTime();
}
