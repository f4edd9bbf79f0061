import type { CallInput, getResidentVisitor, ResidentStatus, searchResidentVisits } from '@openvisit/contract';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const RESIDENT_TABS = ['residents', 'projects', 'visits'] as const;
export type ResidentTab = (typeof RESIDENT_TABS)[number];

/** The resident list's filters and paging, kept in the URL. */
export interface ResidentFilters {
  page: number;
  size: number;
  name: string;
  phone: string;
  company: string;
  pid?: number;
  rstatus?: ResidentStatus;
}

/** The visit records' filters and paging, kept in the URL (prefixed `v`, beside the residents' own). */
export interface VisitRecordFilters {
  page: number;
  size: number;
  name: string;
  date?: string;
  endDate?: string;
}

function positiveInt(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}
const size = (v: string | null) => {
  const n = positiveInt(v);
  return n !== undefined && (PAGE_SIZES as readonly number[]).includes(n) ? n : 20;
};
const text = (v: string | null, max = 64) => (v ?? '').trim().slice(0, max);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function tabFromParams(p: URLSearchParams): ResidentTab {
  const t = p.get('tab');
  return (RESIDENT_TABS as readonly string[]).includes(t ?? '') ? (t as ResidentTab) : 'residents';
}

export function residentFiltersFromParams(p: URLSearchParams): ResidentFilters {
  const rstatus = p.get('rstatus');
  return {
    page: positiveInt(p.get('page')) ?? 1,
    size: size(p.get('size')),
    name: text(p.get('name')),
    phone: text(p.get('phone'), 32),
    company: text(p.get('company'), 100),
    pid: positiveInt(p.get('pid')),
    rstatus: rstatus === '0' || rstatus === '1' || rstatus === '2' ? (Number(rstatus) as ResidentStatus) : undefined,
  };
}

export function visitFiltersFromParams(p: URLSearchParams): VisitRecordFilters {
  return {
    page: positiveInt(p.get('vpage')) ?? 1,
    size: size(p.get('vsize')),
    name: text(p.get('vname')),
    date: day(p.get('vfrom')),
    endDate: day(p.get('vto')),
  };
}

/**
 * The URL of the screen: the tab, and each list's filters leaving out defaults. A change of a filter other than the
 * page starts that list at page 1.
 */
export function screenParams(tab: ResidentTab, r: ResidentFilters, v: VisitRecordFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (tab !== 'residents') out.set('tab', tab);
  const set = (k: string, val: string | number | undefined, dflt?: string | number) => {
    if (val !== undefined && val !== '' && val !== dflt) out.set(k, String(val));
  };
  set('name', r.name);
  set('phone', r.phone);
  set('company', r.company);
  set('pid', r.pid);
  set('rstatus', r.rstatus);
  set('page', r.page, 1);
  set('size', r.size, 20);
  set('vname', v.name);
  set('vfrom', v.date);
  set('vto', v.endDate);
  set('vpage', v.page, 1);
  set('vsize', v.size, 20);
  return out;
}

export function residentInput(f: ResidentFilters): CallInput<typeof getResidentVisitor> {
  return {
    startIndex: (f.page - 1) * f.size,
    requestedCount: f.size,
    ...(f.name && { name: f.name }),
    ...(f.phone && { phone: f.phone }),
    ...(f.company && { company: f.company }),
    ...(f.pid && { pid: f.pid }),
    ...(f.rstatus !== undefined && { rstatus: f.rstatus }),
  };
}

export function visitRecordInput(f: VisitRecordFilters): CallInput<typeof searchResidentVisits> {
  return {
    startIndex: (f.page - 1) * f.size,
    requestedCount: f.size,
    ...(f.name && { name: f.name }),
    ...(f.date && { date: f.date }),
    ...(f.endDate && { endDate: f.endDate }),
  };
}
