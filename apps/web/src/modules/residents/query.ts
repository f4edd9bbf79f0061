import type { CallInput, getResidentVisitor, ResidentStatus, searchResidentVisits } from '@openvisit/contract';
import { day, defineListParams, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

export const RESIDENT_TABS = ['residents', 'projects', 'visits'] as const;
export type ResidentTab = (typeof RESIDENT_TABS)[number];

/** The resident list's filters and paging, kept in the URL. */
export const residentParams = defineListParams({
  name: text(),
  phone: text(32),
  company: text(100),
  pid: int(),
  rstatus: oneOf([0, 1, 2] as ResidentStatus[]),
});
export type ResidentFilters = ListValues<typeof residentParams>;

/** The visit records' filters and paging, kept in the URL (prefixed `v`, beside the residents' own). */
export const visitRecordParams = defineListParams(
  { name: { ...text(), param: 'vname' }, date: { ...day(), param: 'vfrom' }, endDate: { ...day(), param: 'vto' } },
  { pageParam: 'vpage', sizeParam: 'vsize' },
);
export type VisitRecordFilters = ListValues<typeof visitRecordParams>;

export function tabFromParams(p: URLSearchParams): ResidentTab {
  const t = p.get('tab');
  return (RESIDENT_TABS as readonly string[]).includes(t ?? '') ? (t as ResidentTab) : 'residents';
}

/** The URL with another tab (each list's filters stay). */
export function tabParams(p: URLSearchParams, tab: ResidentTab): URLSearchParams {
  const out = new URLSearchParams(p);
  if (tab === 'residents') out.delete('tab');
  else out.set('tab', tab);
  return out;
}

export function residentInput(f: ResidentFilters): CallInput<typeof getResidentVisitor> {
  return {
    ...pageWindow(f),
    ...(f.name && { name: f.name }),
    ...(f.phone && { phone: f.phone }),
    ...(f.company && { company: f.company }),
    ...(f.pid && { pid: f.pid }),
    ...(f.rstatus !== undefined && { rstatus: f.rstatus }),
  };
}

export function visitRecordInput(f: VisitRecordFilters): CallInput<typeof searchResidentVisits> {
  return {
    ...pageWindow(f),
    ...(f.name && { name: f.name }),
    ...(f.date && { date: f.date }),
    ...(f.endDate && { endDate: f.endDate }),
  };
}
