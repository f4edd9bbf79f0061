import type { CallInput, getBlacklist } from '@openvisit/contract';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const Q_MAX = 64;

/** A list's search and paging: what the URL query keeps across reloads. */
export interface ListFilters {
  /** 1-based. */
  page: number;
  size: number;
  /** Matches name, phone or certificate number. */
  q: string;
}

export const DEFAULT_LIST_FILTERS: Readonly<ListFilters> = { page: 1, size: 20, q: '' };

function positiveInt(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}

/** Reads the filters from a URL query; anything missing or malformed takes its default. */
export function listFiltersFromParams(params: URLSearchParams): ListFilters {
  const size = positiveInt(params.get('size'));
  return {
    page: positiveInt(params.get('page')) ?? DEFAULT_LIST_FILTERS.page,
    size: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_FILTERS.size,
    q: (params.get('q') ?? '').trim().slice(0, Q_MAX),
  };
}

/** Writes the filters into a URL query, leaving out defaults; a new search or page size starts at page 1. */
export function listParams(f: ListFilters, patch: Partial<ListFilters> = {}): URLSearchParams {
  const next = { ...f, ...patch };
  if ((patch.q !== undefined && patch.q !== f.q) || (patch.size !== undefined && patch.size !== f.size)) next.page = patch.page ?? 1;
  const out = new URLSearchParams();
  if (next.q.trim() !== '') out.set('q', next.q.trim());
  if (next.page !== DEFAULT_LIST_FILTERS.page) out.set('page', String(next.page));
  if (next.size !== DEFAULT_LIST_FILTERS.size) out.set('size', String(next.size));
  return out;
}

/** The getBlacklist / getWhitelist input of the filters. */
export function listInput(f: ListFilters): CallInput<typeof getBlacklist> {
  return { startIndex: (f.page - 1) * f.size, requestedCount: f.size, ...(f.q !== '' && { name: f.q }) };
}
