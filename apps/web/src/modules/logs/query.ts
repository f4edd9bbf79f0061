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
import { day, defineListParams, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

dayjs.extend(customParseFormat);

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

const validDay = (v: string) => dayjs(v, DAY_FORMAT, true).isValid();

/** The operation log's filters and paging: what the URL query keeps across reloads (days both inclusive). */
export const logList = defineListParams(
  {
    /** Part of the operator's name. */
    name: text(NAME_MAX),
    role: oneOf(LOG_ROLES),
    module: oneOf(LOG_MODULES),
    end: oneOf(LOG_ENDS),
    event: oneOf<string>(LOG_EVENTS),
    from: day(validDay),
    to: day(validDay),
  },
  {
    // A reversed range is put right.
    normalize: (f) => (f.from && f.to && f.from > f.to ? { ...f, from: f.to, to: f.from } : f),
  },
);
export type LogFilters = ListValues<typeof logList>;

/** Reads the filters from a URL query; anything missing or malformed is left out. */
export const logFiltersFromParams = (params: URLSearchParams): LogFilters => logList.read(params);

/** The filters after a change, as a URL query without defaults (page 1 unless the change names the page). */
export const logParams = (f: LogFilters, patch: Partial<LogFilters> = {}): URLSearchParams => logList.write(logList.change(f, patch));

export const isLogFiltered = (f: LogFilters): boolean => logList.isFiltered(f);

/** The `getLogList` input of the filters. */
export function logInput(f: LogFilters): CallInput<typeof getLogList> {
  return { ...pageWindow(f), ...logFilterInput(f) };
}

/** The filters as the list and its export take them. */
export function logFilterInput(f: LogFilters) {
  return {
    ...(f.name !== '' && { optName: f.name }),
    ...(f.role !== undefined && { optRole: f.role }),
    ...(f.module !== undefined && { optModule: f.module }),
    ...(f.end !== undefined && { optClient: f.end }),
    ...(f.event !== undefined && { optEvent: f.event }),
    ...(f.from !== undefined && { startDate: f.from }),
    ...(f.to !== undefined && { endDate: f.to }),
  };
}
