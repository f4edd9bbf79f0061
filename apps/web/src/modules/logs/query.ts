import {
  type CallInput,
  type getLogList,
  type Lang,
  logEndLabels,
  logEventLabels,
  logModuleLabels,
  logRoleLabels,
  type OperationLog,
  renderLogDesc,
} from '@openvisit/contract';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DAY_FORMAT } from '../../platform/format';

dayjs.extend(customParseFormat);

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const NAME_MAX = 64;

export const LOG_ROLES = Object.keys(logRoleLabels).map(Number);
export const LOG_MODULES = Object.keys(logModuleLabels).map(Number);
export const LOG_ENDS = Object.keys(logEndLabels).map(Number);
export const LOG_EVENTS = Object.keys(logEventLabels) as (keyof typeof logEventLabels)[];

/**
 * A row's details in the console language: the server's description key through the contract's templates, else
 * (rows a client wrote with addLog, rows older than the keys, a key this build does not know) the stored text.
 */
export function logDetails(row: Pick<OperationLog, 'descKey' | 'descParams' | 'optDesc'>, lang: Lang): string {
  return (row.descKey ? renderLogDesc(row.descKey, row.descParams, lang) : null) ?? row.optDesc;
}

/** The operation log's filters and paging: what the URL query keeps across reloads. */
export interface LogFilters {
  /** 1-based. */
  page: number;
  size: number;
  /** Part of the operator's name. */
  name: string;
  role?: number;
  module?: number;
  end?: number;
  event?: string;
  /** Whole days, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
}

export const DEFAULT_LOG_FILTERS: Readonly<LogFilters> = { page: 1, size: 20, name: '' };
const OPTIONAL = ['role', 'module', 'end', 'event', 'from', 'to'] as const;

function positiveInt(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}

function oneOf(v: string | null, allowed: readonly number[]): number | undefined {
  if (v === null || !/^\d{1,3}$/.test(v)) return undefined;
  const n = Number(v);
  return allowed.includes(n) ? n : undefined;
}

function day(v: string | null): string | undefined {
  return v !== null && dayjs(v, DAY_FORMAT, true).isValid() ? v : undefined;
}

/** Reads the filters from a URL query; anything missing or malformed is left out (a reversed range is put right). */
export function logFiltersFromParams(params: URLSearchParams): LogFilters {
  const size = positiveInt(params.get('size'));
  const f: LogFilters = {
    page: positiveInt(params.get('page')) ?? DEFAULT_LOG_FILTERS.page,
    size: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LOG_FILTERS.size,
    name: (params.get('name') ?? '').trim().slice(0, NAME_MAX),
  };
  const role = oneOf(params.get('role'), LOG_ROLES);
  if (role !== undefined) f.role = role;
  const module = oneOf(params.get('module'), LOG_MODULES);
  if (module !== undefined) f.module = module;
  const end = oneOf(params.get('end'), LOG_ENDS);
  if (end !== undefined) f.end = end;
  const event = params.get('event');
  if (event !== null && (LOG_EVENTS as string[]).includes(event)) f.event = event;
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  if (from) f.from = from;
  if (to) f.to = to;
  return f;
}

/**
 * The filters after a change, as a URL query without defaults. A change of what is shown starts again at
 * page 1 unless the change names the page; `undefined` in the patch clears a filter.
 */
export function logParams(f: LogFilters, patch: Partial<LogFilters> = {}): URLSearchParams {
  const next: LogFilters = { ...f, ...patch };
  const narrowed = (['name', 'size', ...OPTIONAL] as const).some((k) => k in patch && patch[k] !== f[k]);
  if (narrowed && !('page' in patch)) next.page = 1;
  const out = new URLSearchParams();
  if (next.name.trim() !== '') out.set('name', next.name.trim());
  for (const k of OPTIONAL) {
    const v = next[k];
    if (v !== undefined && v !== '') out.set(k, String(v));
  }
  if (next.page !== DEFAULT_LOG_FILTERS.page) out.set('page', String(next.page));
  if (next.size !== DEFAULT_LOG_FILTERS.size) out.set('size', String(next.size));
  return out;
}

export function isLogFiltered(f: LogFilters): boolean {
  return f.name !== '' || OPTIONAL.some((k) => f[k] !== undefined);
}

/** The `getLogList` input of the filters. */
export function logInput(f: LogFilters): CallInput<typeof getLogList> {
  return {
    startIndex: (f.page - 1) * f.size,
    requestedCount: f.size,
    ...(f.name !== '' && { optName: f.name }),
    ...(f.role !== undefined && { optRole: f.role }),
    ...(f.module !== undefined && { optModule: f.module }),
    ...(f.end !== undefined && { optClient: f.end }),
    ...(f.event !== undefined && { optEvent: f.event }),
    ...(f.from !== undefined && { startDate: f.from }),
    ...(f.to !== undefined && { endDate: f.to }),
  };
}
