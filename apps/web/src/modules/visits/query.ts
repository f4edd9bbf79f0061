import { type CallInput, type searchVisitsPage, VISIT_KINDS, type VisitKind, type VisitorStatus, visitorStatusLabels } from '@openvisit/contract';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const STATUSES = Object.keys(visitorStatusLabels) as VisitorStatus[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The visitor list's filters and paging: what the URL keeps across reloads. */
export interface VisitFilters {
  page: number;
  size: number;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  name: string;
  phone: string;
  company: string;
  host: string;
  status?: VisitorStatus;
  kind?: VisitKind;
  /** Visitor type and gate, by id. */
  tid?: number;
  gid?: number;
  onSite: boolean;
  /** Set by the overtime screen, not the URL. */
  overtime?: boolean;
}

export const DEFAULT_VISIT_FILTERS: Readonly<VisitFilters> = { page: 1, size: 20, name: '', phone: '', company: '', host: '', onSite: false };
const TEXT_KEYS = ['name', 'phone', 'company', 'host'] as const;

export function positiveInt(v: string | null): number | undefined {
  return v !== null && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

/** Reads the filters from the URL; malformed values are dropped, a reversed date range is swapped. */
export function visitFiltersFromParams(p: URLSearchParams): VisitFilters {
  const size = positiveInt(p.get('size'));
  const f: VisitFilters = {
    ...DEFAULT_VISIT_FILTERS,
    page: positiveInt(p.get('page')) ?? 1,
    size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_VISIT_FILTERS.size,
    onSite: p.get('onSite') === '1',
  };
  for (const k of TEXT_KEYS) f[k] = (p.get(k) ?? '').trim().slice(0, 64);
  const from = p.get('from');
  const to = p.get('to');
  if (from && DAY.test(from)) f.from = from;
  if (to && DAY.test(to)) f.to = to;
  if (f.from && f.to && f.from > f.to) [f.from, f.to] = [f.to, f.from];
  const status = p.get('status');
  if (status && (STATUSES as string[]).includes(status)) f.status = status as VisitorStatus;
  const kind = p.get('kind');
  if (kind && (VISIT_KINDS as readonly string[]).includes(kind)) f.kind = kind as VisitKind;
  f.tid = positiveInt(p.get('tid'));
  f.gid = positiveInt(p.get('gid'));
  return f;
}

export function paramsFromVisitFilters(f: VisitFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.from) out.set('from', f.from);
  if (f.to) out.set('to', f.to);
  for (const k of TEXT_KEYS) if (f[k]) out.set(k, f[k]);
  if (f.status) out.set('status', f.status);
  if (f.kind) out.set('kind', f.kind);
  if (f.tid) out.set('tid', String(f.tid));
  if (f.gid) out.set('gid', String(f.gid));
  if (f.onSite) out.set('onSite', '1');
  if (f.page !== 1) out.set('page', String(f.page));
  if (f.size !== DEFAULT_VISIT_FILTERS.size) out.set('size', String(f.size));
  return out;
}

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
  return { ...searchInput(f), startIndex: (f.page - 1) * f.size, requestedCount: f.size };
}

export function isFiltered(f: VisitFilters): boolean {
  return !!(f.from || f.to || f.name || f.phone || f.company || f.host || f.status || f.kind || f.tid || f.gid || f.onSite);
}
