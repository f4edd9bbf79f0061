import { pageInput, type VisitFilters } from './query';

/** Query keys of visits: every feature that changes a visit (desk, approvals, residents, on-site) refreshes `all`. */
export const visitKeys = {
  all: ['visits'] as const,
  page: (f: VisitFilters) => ['visits', 'page', pageInput(f)] as const,
  one: (vid: number) => ['visits', 'one', vid] as const,
  onSite: ['visits', 'onSite'] as const,
};
