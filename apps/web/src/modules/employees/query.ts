import type { CallInput, getEmpListPages } from '@openvisit/contract';

export const EMPLOYEE_STATUSES = [0, 1, 2] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const SORT_FIELDS = ['empName', 'empNo', 'createTime'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The employee list's filters, paging and sort: what the URL query keeps across reloads. */
export interface EmpFilters {
  /** 1-based. */
  page: number;
  size: number;
  /** Matches name, work number or phone. */
  q: string;
  status?: EmployeeStatus;
  dept?: number;
  sortBy: SortField;
  sortOrder: SortOrder;
}

export const DEFAULT_FILTERS: Readonly<EmpFilters> = { page: 1, size: 20, q: '', sortBy: 'createTime', sortOrder: 'desc' };

/** URL parameter names. */
const P = { page: 'page', size: 'size', q: 'q', status: 'status', dept: 'dept', sort: 'sort', order: 'order' } as const;
const OWN_KEYS: readonly string[] = Object.values(P);
const Q_MAX = 64;

function positiveInt(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}

/** Reads the filters from a URL query; anything missing or malformed takes its default. */
export function filtersFromParams(params: URLSearchParams): EmpFilters {
  const size = positiveInt(params.get(P.size));
  const status = params.get(P.status);
  const sort = params.get(P.sort);
  const order = params.get(P.order);
  const f: EmpFilters = {
    page: positiveInt(params.get(P.page)) ?? DEFAULT_FILTERS.page,
    size: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_FILTERS.size,
    q: (params.get(P.q) ?? '').trim().slice(0, Q_MAX),
    sortBy: (SORT_FIELDS as readonly string[]).includes(sort ?? '') ? (sort as SortField) : DEFAULT_FILTERS.sortBy,
    sortOrder: order === 'asc' || order === 'desc' ? order : DEFAULT_FILTERS.sortOrder,
  };
  if (status !== null && EMPLOYEE_STATUSES.map(String).includes(status)) f.status = Number(status) as EmployeeStatus;
  const dept = positiveInt(params.get(P.dept));
  if (dept !== undefined) f.dept = dept;
  return f;
}

/**
 * Writes the filters into a URL query, leaving out defaults so a plain URL stays plain. Parameters
 * that are not ours (in `base`) are kept.
 */
export function paramsFromFilters(f: EmpFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of base) if (!OWN_KEYS.includes(k)) out.append(k, v);
  if (f.q.trim() !== '') out.set(P.q, f.q.trim());
  if (f.status !== undefined) out.set(P.status, String(f.status));
  if (f.dept !== undefined) out.set(P.dept, String(f.dept));
  if (f.sortBy !== DEFAULT_FILTERS.sortBy || f.sortOrder !== DEFAULT_FILTERS.sortOrder) {
    out.set(P.sort, f.sortBy);
    out.set(P.order, f.sortOrder);
  }
  if (f.page !== DEFAULT_FILTERS.page) out.set(P.page, String(f.page));
  if (f.size !== DEFAULT_FILTERS.size) out.set(P.size, String(f.size));
  return out;
}

/**
 * The filters after a change: a change of what is shown (search, status, department, sort, page
 * size) starts again at page 1 unless the change names the page itself.
 */
export function changeFilters(f: EmpFilters, patch: Partial<EmpFilters>): EmpFilters {
  const next: EmpFilters = { ...f, ...patch };
  for (const key of ['status', 'dept'] as const) if (key in patch && patch[key] === undefined) delete next[key];
  const reset = (['q', 'status', 'dept', 'sortBy', 'sortOrder', 'size'] as const).some((k) => k in patch && patch[k] !== f[k]);
  if (reset && !('page' in patch)) next.page = 1;
  return next;
}

/** Whether anything narrows the list (for the empty state's wording). */
export function isFiltered(f: EmpFilters): boolean {
  return f.q !== '' || f.status !== undefined || f.dept !== undefined;
}

/** The `getEmpListPages` input of the filters. */
export function listInput(f: EmpFilters): CallInput<typeof getEmpListPages> {
  return {
    startIndex: (f.page - 1) * f.size,
    requestedCount: f.size,
    ...(f.q !== '' && { name: f.q }),
    ...(f.status !== undefined && { status: f.status }),
    ...(f.dept !== undefined && { deptid: f.dept }),
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  };
}
