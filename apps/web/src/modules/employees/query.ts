import type { CallInput, getEmpListPages } from '@openvisit/contract';
import { choice, defineListParams, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

export const EMPLOYEE_STATUSES = [0, 1, 2] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const SORT_FIELDS = ['empName', 'empNo', 'createTime'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

const SORT_DEFAULT = { sortBy: 'createTime', sortOrder: 'desc' } as const;
const sortChanged = (f: { sortBy: SortField; sortOrder: SortOrder }) => f.sortBy !== SORT_DEFAULT.sortBy || f.sortOrder !== SORT_DEFAULT.sortOrder;

/** The employee list's filters, paging and sort: what the URL query keeps across reloads. `q` matches name, work number or phone. */
export const empParams = defineListParams(
  {
    q: text(64),
    status: oneOf(EMPLOYEE_STATUSES),
    dept: int(),
    sortBy: { ...choice(SORT_FIELDS, SORT_DEFAULT.sortBy), param: 'sort', format: () => undefined },
    sortOrder: { ...choice(['asc', 'desc'] as const, SORT_DEFAULT.sortOrder), param: 'order', format: () => undefined },
  },
  {
    // A sort is written only when it differs from the default, and then always with both parts.
    finish: (out, f) => {
      if (!sortChanged(f)) return;
      out.set('sort', f.sortBy);
      out.set('order', f.sortOrder);
    },
  },
);
export type EmpFilters = ListValues<typeof empParams>;

export const DEFAULT_FILTERS: Readonly<EmpFilters> = empParams.read(new URLSearchParams());

/** Reads the filters from a URL query; anything missing or malformed takes its default. */
export const filtersFromParams = (params: URLSearchParams): EmpFilters => empParams.read(params);

/** Writes the filters into a URL query, leaving out defaults; parameters that are not ours (in `base`) are kept. */
export const paramsFromFilters = (f: EmpFilters, base?: URLSearchParams): URLSearchParams => empParams.write(f, base);

/** The filters after a change: a change of what is shown starts again at page 1 unless the change names the page itself. */
export const changeFilters = (f: EmpFilters, patch: Partial<EmpFilters>): EmpFilters => empParams.change(f, patch);

/** Whether anything narrows the list (for the empty state's wording). */
export function isFiltered(f: EmpFilters): boolean {
  return f.q !== '' || f.status !== undefined || f.dept !== undefined;
}

/** The `getEmpListPages` input of the filters. */
export function listInput(f: EmpFilters): CallInput<typeof getEmpListPages> {
  return {
    ...pageWindow(f),
    ...(f.q !== '' && { name: f.q }),
    ...(f.status !== undefined && { status: f.status }),
    ...(f.dept !== undefined && { deptid: f.dept }),
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  };
}
