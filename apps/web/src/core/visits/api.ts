import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys of visits: every feature that changes a visit (desk, approvals, residents, on-site) refreshes `all`. */
export const visitKeys = {
  all: ['visits'] as const,
  one: (vid: number) => ['visits', 'one', vid] as const,
  onSite: ['visits', 'onSite'] as const,
};

/** Who is on site now (the statistics' and the visitor list's count). */
export function usePeopleCounting() {
  return useQuery({ queryKey: visitKeys.onSite, queryFn: () => api.getPeopleCounting({}) });
}
