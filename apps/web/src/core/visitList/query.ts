import { type CallInput, type searchVisitsPage, VISIT_KINDS, type VisitorStatus, visitorStatusLabels } from '@openvisit/contract';
import { day, defineListParams, flag, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

/** The visitor list's filters and paging: what the URL keeps across reloads (days yyyy-mm-dd, inclusive). */
export const visitParams = defineListParams(
  {
    from: day(),
    to: day(),
    name: text(),
    phone: text(),
    company: text(),
    host: text(),
    status: oneOf(Object.keys(visitorStatusLabels) as VisitorStatus[]),
    kind: oneOf(VISIT_KINDS),
    /** Visitor type and gate, by id. */
    tid: int(),
    gid: int(),
    onSite: flag(),
  },
  // A reversed date range is swapped.
  { normalize: (f) => (f.from && f.to && f.from > f.to ? { ...f, from: f.to, to: f.from } : f) },
);

export type VisitFilters = ListValues<typeof visitParams> & {
  /** Set by the overtime screen, not the URL. */
  overtime?: boolean;
};

export const DEFAULT_VISIT_FILTERS: Readonly<VisitFilters> = visitParams.read(new URLSearchParams());

/** Reads the filters from the URL; malformed values are dropped. */
export const visitFiltersFromParams = (p: URLSearchParams): VisitFilters => visitParams.read(p);

export const paramsFromVisitFilters = (f: VisitFilters): URLSearchParams => visitParams.write(f);

/** The search call's filters (shared by the list and the export). */
export function searchInput(f: VisitFilters) {
  return {
    date: f.from,
    endDate: f.to,
    name: f.name || undefined,
    phone: f.phone || undefined,
    vcompany: f.company || undefined,
    empName: f.host || undefined,
    status: f.status,
    kind: f.kind,
    tid: f.tid,
    gid: f.gid,
    onSite: f.onSite || undefined,
    overtime: f.overtime || undefined,
  };
}

export function pageInput(f: VisitFilters): CallInput<typeof searchVisitsPage> {
  return { ...searchInput(f), ...pageWindow(f) };
}

export const isFiltered = (f: VisitFilters): boolean => visitParams.isFiltered(f);
