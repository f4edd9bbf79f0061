import { type CallDef, PAGE_MAX } from '@openvisit/contract';
import type { z } from 'zod';

/**
 * The original product's dialect, spoken under `/qcvisit/` only (docs/original-clients.md): what its clients send
 * (token forms, ids as strings, hard-coded `userid`, call names with trailing blanks) is brought to our contract before
 * the call's own checks, and what they read is shaped back after it. `/api/` never sees any of it.
 */
export const DIALECT_PREFIX = '/qcvisit/';

/** What the original's clients hard-code as `userid` before they know the company: ignored, the session decides. */
export const ORIGINAL_PLACEHOLDER_USERID = 2147483647;

/**
 * One call's adaptations: the request before the contract parses it, the result after it is cut to the contract.
 * With `call`, the name is the original's for one of our calls (`LoginManager` → `Login`), answered under `/qcvisit/`
 * only, with that call's access, checks and rate limit.
 */
export interface DialectAdapter<Ctx = unknown> {
  call?: string;
  /**
   * Where one of the original's calls did the work of several of ours (a field of its body saying which): the call to
   * run for this body, or undefined for the call named. `signedIn`: the request carries a token (a session's call,
   * not a public page's of the same name).
   */
  pick?: (raw: unknown, signedIn: boolean) => string | undefined;
  request?: (raw: unknown) => unknown;
  /**
   * What a session call answers a client that sent no token at all (the header `undefined`), instead of 28, which the
   * original's clients take as "signed out" and so reload: a call they make before or beside their sign-in. It must
   * reveal nothing of any company.
   */
  withoutSession?: () => unknown;
  /**
   * `sent` is the body as the client sent it; `ctx` the call's (platform/http/calls.ts's `DialectContext`: its session and
   * tenant, when the call has them), a parameter so that this file needs nothing of calls.ts.
   */
  response?: (result: unknown, sent: Record<string, unknown>, ctx: Ctx) => unknown | Promise<unknown>;
}

/** The adaptations by the name the original's clients call, handed in at start-up by modules/compat. */
export type DialectAdapters<Ctx = unknown> = Readonly<Record<string, DialectAdapter<Ctx>>>;

/** Our session tokens: 32 random bytes, base64url (platform/identity/sessions.ts). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PREFIXED = /^(.{1,254})-([A-Za-z0-9_-]{43})$/;

/**
 * The token an original client's header carries: bare, `<account>-<token>` (the front-desk app) or `<userid>-<token>`
 * (the 2019 console). `owner` is the prefix, which must then name the session's account or company; the literal
 * `undefined` or `null` the clients send before sign-in is no token at all.
 */
export function dialectToken(header: string | undefined): { token: string; owner?: string } | undefined {
  const h = header?.trim();
  if (!h || h === 'undefined' || h === 'null') return undefined;
  if (TOKEN.test(h)) return { token: h };
  const m = PREFIXED.exec(h);
  if (m?.[1] && m[2]) return { token: m[2], owner: m[1] };
  return { token: h };
}

/** Whether a prefixed token's prefix names the session it opened. */
export function ownsToken(owner: string | undefined, session: { account: string; companyId: number }): boolean {
  return owner === undefined || owner === session.account || owner === String(session.companyId);
}

/** `/qcvisit/getVisitorType%20` (a call name the original's clients send with a trailing blank) → the call's path. */
export function dialectUrl(url: string): string {
  if (!url.startsWith(DIALECT_PREFIX)) return url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const trimmed = path.replace(/(?:%20|%09|\+|\s)+$/i, '');
  return trimmed === path ? url : trimmed + (q < 0 ? '' : url.slice(q));
}

/** Where a schema wants numbers or strings: a leaf's kind, a plan per key for an object, per element for an array. */
type NumberPlan = 'number' | 'string' | { keys: Map<string, NumberPlan> } | { each: NumberPlan };

/** The parts of a zod 4 schema's definition the plan reads. */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

const plans = new WeakMap<z.ZodType, NumberPlan | null>();

function planOf(schema: z.ZodType, depth = 0): NumberPlan | null {
  if (depth > 8) return null;
  const def = (schema as unknown as { def?: SchemaDef }).def;
  if (!def) return null;
  switch (def.type) {
    case 'number':
    case 'int':
      return 'number';
    case 'string':
      return 'string';
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return def.innerType ? planOf(def.innerType, depth + 1) : null;
    case 'pipe':
      return def.in ? planOf(def.in, depth + 1) : null;
    case 'array': {
      const each = def.element ? planOf(def.element, depth + 1) : null;
      return each ? { each } : null;
    }
    case 'object': {
      const keys = new Map<string, NumberPlan>();
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const p = planOf(value, depth + 1);
        if (p) keys.set(key, p);
      }
      return keys.size ? { keys } : null;
    }
    default:
      return null;
  }
}

const NUMERIC = /^\s*-?\d{1,15}(?:\.\d+)?\s*$/;

function coerce(value: unknown, plan: NumberPlan): unknown {
  if (plan === 'number') {
    // The original's clients keep ids as strings ("12") and send "" for a number they have not got.
    if (typeof value === 'string') return value.trim() === '' ? undefined : NUMERIC.test(value) ? Number(value) : value;
    return value;
  }
  // …and send codes and phone numbers as numbers where they have them as such.
  if (plan === 'string') return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if ('each' in plan) return Array.isArray(value) ? value.map((v) => coerce(v, plan.each)) : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, p] of plan.keys) {
    if (key in out) {
      const v = coerce(out[key], p);
      if (v === undefined) delete out[key];
      else out[key] = v;
    }
  }
  return out;
}

/** The body with numbers the call expects given as strings turned into numbers, and strings given as numbers into strings. */
export function numbersFromStrings(call: CallDef, raw: unknown): unknown {
  let plan = plans.get(call.input);
  if (plan === undefined) {
    plan = planOf(call.input);
    plans.set(call.input, plan);
  }
  return plan ? coerce(raw, plan) : raw;
}

/**
 * The original's request field names beside ours, for the fields its clients name differently: renamed only where the
 * call knows ours and not theirs and the body has theirs alone.
 */
const FIELD_ALIASES: readonly (readonly [original: string, ours: string])[] = [
  ['vname', 'name'],
  ['name', 'vname'],
  ['vphone', 'phone'],
  ['phone', 'vphone'],
  ['vemail', 'email'],
  ['email', 'vemail'],
  ['credentialNo', 'cardId'],
  ['mobile', 'phone'],
];

export function renameOriginalFields(call: CallDef, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = (call.input as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) return raw;
  let out = raw;
  for (const [original, ours] of FIELD_ALIASES) {
    if (original in out && !(ours in out) && ours in shape && !(original in shape)) {
      const { [original]: value, ...rest } = out;
      out = { ...rest, [ours]: value };
    }
  }
  return out;
}

/**
 * The original's paging: page = startIndex / requestedCount + 1, so a `startIndex` inside a page (the newer front-desk
 * app sends 1 for the first) means that page's start.
 */
function snapToPage(body: Record<string, unknown>): Record<string, unknown> {
  const { startIndex: start, requestedCount: asked } = body;
  if (typeof start !== 'number' || typeof asked !== 'number' || asked < 1 || start < 0) return body;
  // "Everything" (the desk's blacklist and trucks ask 999999, to page in the browser) is the longest page we give: the
  // count still says how many there are.
  const count = Math.min(asked, PAGE_MAX);
  return { ...body, requestedCount: count, startIndex: Math.floor(start / count) * count };
}

/** The body of an original client's call, ready for the contract: its adapter first, then names and numbers. */
export function dialectRequest(call: CallDef, raw: unknown, adapter: Pick<DialectAdapter, 'request'>): unknown {
  const adapted = adapter.request ? adapter.request(raw) : raw;
  if (typeof adapted !== 'object' || adapted === null || Array.isArray(adapted)) return adapted;
  const { userid, ...fields } = adapted as Record<string, unknown>;
  // The placeholder the clients send before they know the company says nothing: the session decides.
  const keep = userid === undefined || userid === '' || Number(userid) === ORIGINAL_PLACEHOLDER_USERID ? {} : { userid };
  const body = numbersFromStrings(call, renameOriginalFields(call, { ...fields, ...keep }));
  return snapToPage(body as Record<string, unknown>);
}

export async function dialectResponse<Ctx>(result: unknown, sent: unknown, adapter: DialectAdapter<Ctx>, ctx: Ctx): Promise<unknown> {
  if (!adapter.response) return result;
  const body = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
  return adapter.response(result, body, ctx);
}
