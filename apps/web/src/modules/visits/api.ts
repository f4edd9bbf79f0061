import type { VisitEvent } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageInput, type VisitFilters } from '../../core/visitList/public';
import { visitKeys as baseVisitKeys } from '../../core/visits/public';
import { api } from '../../platform/api';
import { useCountedPage } from '../../platform/list';

/** The visit kernel's keys (core/visits) and a page of the visitor list under them. */
export const visitKeys = {
  ...baseVisitKeys,
  page: (f: VisitFilters) => ['visits', 'page', pageInput(f)] as const,
};

/** A page of the visitor list; the total is counted with the first page and kept while paging (`useCountedPage`). */
export function useVisitPage(f: VisitFilters) {
  const { page, size, ...filter } = f;
  return useCountedPage({
    queryKey: visitKeys.page(f),
    filter,
    page,
    fetch: (withCount) => api.SearchVisitByConditionPage({ ...pageInput(f), withCount }),
  });
}

export function useVisit(vid: number | null) {
  return useQuery({ queryKey: visitKeys.one(vid ?? 0), queryFn: () => api.GetVisitorByVid({ vid: vid ?? 0 }), enabled: vid !== null });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: visitKeys.all });
}

export function useMoveVisit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { vid: number; event: VisitEvent; note?: string }) => api.updateVisitStatus({ vid: v.vid, event: v.event, note: v.note ?? '' }),
    onSuccess: invalidate,
  });
}

export function useBatchSignOut() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (vids: number[]) => api.batchSignOut({ vids }), onSuccess: invalidate });
}
