import { z } from 'zod';
import type { StatusCode } from './errors.js';
import type { LogEvent, LogModule, Role } from './lookups.js';
import { unstorableTextPaths } from './validators.js';

/**
 * The modules, one name each: a call's module is the server folder that binds it (apps/server/src/modules/<module>),
 * its contract file is `calls/<module>.ts` or `calls/<module>.<part>.ts`, its doc `docs/modules/<module>.md`, and a
 * console folder, where it has screens, `apps/web/src/modules/<module>` (scripts' name check, apps/server/test/names.test.ts).
 */
export const MODULES = [
  'accountExport',
  'accounts',
  'apiKeys',
  'approvals',
  'auth',
  'blacklist',
  'contacts',
  'credentials',
  'departments',
  'devices',
  'doors',
  'employees',
  'im',
  'interimCards',
  'invitations',
  'logistics',
  'logs',
  'meetings',
  'monitor',
  'notifications',
  'onsite',
  'passkeys',
  'passRecords',
  'passRules',
  'privacy',
  'questionnaires',
  'registration',
  'reports',
  'residents',
  'roles',
  'settings',
  'sso',
  'subCompanies',
  'superAccounts',
  'visits',
  'webhooks',
] as const;
export type ModuleName = (typeof MODULES)[number];

/**
 * The console areas a call belongs to, as a module-driven account's grants name them (grants.ts): stored in accounts'
 * and sub-companies' `modules` lists and sent by the console, so their spellings stay as they were stored. An area is
 * not a module: the door calls (module doors) and pass records belong to area 'devices', the on-site list to 'visitors'.
 */
export const AREAS = [
  'auth',
  'accounts',
  'sub-companies',
  'employees',
  'departments',
  'roles',
  'blacklist',
  'visitors',
  'invitations',
  'meetings',
  'approvals',
  'notifications',
  'devices',
  'pass-rules',
  'monitor',
  'questionnaires',
  'logistics',
  'temp-cards',
  'logs',
  'reports',
  'settings',
  'contacts',
  'credentials',
  'registration',
  'residents',
  'privacy',
  'integrations',
] as const;
export type Area = (typeof AREAS)[number];

/** Console sections an operator can switch off at run time (spec section 1). */
export const FEATURE_FLAGS = [
  'blacklist',
  'basicSet',
  'notice',
  'registration',
  'approval',
  'subCompanies',
  'monitor',
  'strategic',
  'accessControl',
  'questionnaire',
  'logistics',
  'tempCard',
  'operationLog',
  'supplier',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * Which rate-limit bucket guards a call (public ones, and look-ups a kiosk's public could repeat to harvest data); the
 * server maps each to its configured limit.
 */
export type RateBucket = 'signin' | 'captcha' | 'register' | 'recovery' | 'public' | 'lookup';

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** The path under /api/ and /qcvisit/, exactly as the original names it. */
  name: string;
  /** The console area whose grant a module-driven account needs for it (AREAS). */
  area: Area;
  module: ModuleName;
  summary: string;
  input: I;
  output: O;
  /**
   * 'public' needs no session; 'device' is made by a door device with its credential (`Authorization: Device
   * <eid>.<secret>`), never by a session; otherwise the session roles allowed.
   */
  access: 'public' | 'device' | readonly Role[];
  /**
   * A device call the original's door readers make without a credential: under /qcvisit/ only, a request without
   * `Authorization` naming a `deviceCode` is taken as the device of that code whose `legacyAuth` is on and whose
   * registered address is the request's (docs/original-clients.md, "Legacy door readers").
   */
  legacyDevice?: boolean;
  /** GET calls take their input from the query string. */
  method?: 'POST' | 'GET';
  feature?: FeatureFlag;
  /** Writes name the operation-log module and event; the server records a log row on success. */
  log?: { module: LogModule; event: LogEvent };
  rate?: RateBucket;
  /**
   * Multipart upload: one file in the field `file`, the input from the other form fields. A file of another
   * extension is refused with 620, or 619 when the call takes only zip archives (`wrongType: 'zip'`).
   */
  upload?: {
    maxBytes: number;
    extensions: readonly string[];
    /** The status of a wrong file: 619 for 'zip', 690 for 'mp4' (checked by content too, by the call). */
    wrongType?: 'zip' | 'mp4';
    /** Streamed to a temporary file instead of held in memory (large media); a larger file answers the call's own status. */
    toFile?: boolean;
  };
  /** A JSON body larger than the server's default limit (e.g. a photo sent as a data URL); HTTP 413 above it. */
  maxBodyBytes?: number;
  /**
   * The business statuses the call can answer beyond the universal ones (`universalStatuses`). The OpenAPI lists
   * them and the server refuses, in tests, to answer one not declared here or in `fieldStatuses`.
   */
  statuses?: readonly StatusCode[];
  /**
   * Statuses that belong to the caller's form rather than to a toast: status → the input field it is shown on, or
   * null for the form as a whole (its own notice). Declared statuses too, so not repeated in `statuses`.
   */
  fieldStatuses?: Readonly<Partial<Record<StatusCode, string | null>>>;
}

export function defineCall<const N extends string, I extends z.ZodType, O extends z.ZodType, const A extends CallDef['access']>(
  def: CallDef<I, O> & { name: N; access: A },
): CallDef<I, O> & { name: N; access: A } {
  return { ...def, input: storable(def.input) };
}

/**
 * Every call and download input refuses, at any depth (free text, arrays, records, keys), a string the database cannot
 * store: NUL or a lone surrogate ('illegalChars'), instead of failing in the database. Runs once the shape is valid.
 */
function storable<I extends z.ZodType>(input: I): I {
  return input.superRefine((value, ctx) => {
    for (const path of unstorableTextPaths(value)) ctx.addIssue({ code: 'custom', message: 'illegalChars', path });
  });
}

/** PostgreSQL `integer`: every id and count column is one (the schema has no bigint), so inputs stay inside it. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;
/** An integer of a `smallint` column (codes, switches, small counts). */
export const int16 = () => z.int().min(-32768).max(32767);
/** An integer of an `integer` column from a query string or a form field (JSON inputs use `z.int32()`). */
export const coercedInt = () => z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);

/** Whether a call is made by sessions of these roles (neither public nor a device's). */
export function isRoleAccess(access: CallDef['access']): access is readonly Role[] {
  return Array.isArray(access);
}

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;

/** The envelope every answer carries (HTTP 200). */
export interface Envelope<T = unknown> {
  status: number;
  reason: string;
  result: T;
}

/** A field-level failure, carried in `result.errors` when status is BAD_PARAMS. */
export interface FieldError {
  field: string;
  /** A validator failure key (e.g. 'tooWeak') or a zod issue code. */
  rule: string;
}

export const empty = z.object({});
export const ok = z.null();

/** Epoch milliseconds, as the original answers dates. */
export const epochMs = z.number().int();

/** The most rows one page answers. */
export const PAGE_MAX = 500;

/** Paging request of the original: startIndex + requestedCount. */
export const pageInput = {
  startIndex: coercedInt().min(0).default(0),
  requestedCount: coercedInt().min(1).max(PAGE_MAX).default(20),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    count: z.number().int(),
    list: z.array(item),
  });
}

/**
 * Paging of a large table whose total costs a scan: `withCount: false` skips the count (the console sends it for later
 * pages of a filter whose total it already has); left out, the total is counted, as the original's clients expect.
 */
export const countedPageInput = {
  ...pageInput,
  withCount: z.boolean().default(true).describe('false: do not count the total (later pages, when the caller kept the first page’s)'),
};

/**
 * A page of a large table whose total is counted only up to a cap: with `countCapped` the total is at least `count`.
 * `counted` false: the total was not counted (`withCount: false`), and `count` is only the rows up to the end of this
 * page, plus one when more follow (then `countCapped` is set).
 */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    countCapped: z.boolean(),
    counted: z.boolean().describe('whether count is the counted total (false: a lower bound, see withCount)'),
  });
}

/**
 * A file download: GET /api/<name>?<input as query>, authorised by the session token in the
 * X-COOLVISIT-TOKEN header (never a token in the URL), answering the file itself, streamed.
 */
export interface DownloadDef<I extends z.ZodType = z.ZodType> {
  name: string;
  /** The console area whose grant a module-driven account needs for it (AREAS). */
  area: Area;
  module: ModuleName;
  summary: string;
  input: I;
  /** 'public' needs no session: the input carries what admits the caller (a visitor's sealed pass). */
  access: readonly Role[] | 'public';
  /** The rate-limit bucket of a public download. */
  rate?: RateBucket;
  /** Business statuses it answers as the JSON envelope instead of the file (as a call's `statuses`). */
  statuses?: readonly StatusCode[];
  contentType: string;
  /** File name offered to the browser, without extension. */
  fileName: string;
  extension: string;
  feature?: FeatureFlag;
  log?: { module: LogModule; event: LogEvent };
  /** A path of its own instead of /api/<name> (e.g. '/pdf/:file'); its parameters join the query as input. */
  path?: string;
}

export function defineDownload<const N extends string, I extends z.ZodType, const A extends DownloadDef['access']>(
  def: DownloadDef<I> & { name: N; access: A },
): DownloadDef<I> & { name: N; access: A } {
  return { ...def, input: storable(def.input) };
}

/**
 * A boolean in a download's query string, where it arrives as text: true/false/1/0 (a boolean too, for typed
 * clients); anything else is refused. (z.coerce.boolean() would take 'false' as true.)
 */
export const zQueryBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type DownloadInput<D extends DownloadDef> = z.input<D['input']>;
