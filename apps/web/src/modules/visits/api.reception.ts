import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitKeys } from '../../core/visits/public';
import { api } from '../../platform/api';
import { REFRESH_MS, type TodayTab, tabInput } from './today';

export const receptionKeys = {
  all: ['visits', 'reception'] as const,
  tab: (tab: TodayTab, day: string, lookup: string, page: number, size: number) => ['visits', 'reception', tab, day, lookup, page, size] as const,
};

/** One tab of today's visitors, refreshed every 30 s and when the window gets the focus again. */
export function useTodayTab(tab: TodayTab, day: string, lookup: string, page: number, size: number) {
  return useQuery({
    queryKey: receptionKeys.tab(tab, day, lookup, page, size),
    // Residents' visits have a search of their own (the other lists leave them out).
    queryFn: () =>
      tab === 'resident'
        ? api.SearchRVisitorByCondition(tabInput(tab, day, lookup, page, size))
        : api.SearchVisitByConditionPage(tabInput(tab, day, lookup, page, size)),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
}

/** Today's blacklist alerts of the company (refusals at a kiosk or desk), refreshed with the lists. */
export function useBlacklistAlerts() {
  return useQuery({
    queryKey: [...receptionKeys.all, 'alerts'],
    queryFn: () => api.getBlacklistAlerts({}),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: visitKeys.all });
}

/**
 * Checks an expected visitor in: by the visit's code (the kiosk's call, with its time window), else as a console move.
 * The receptionist confirms that the visitor accepts the terms (the confirmation says so).
 */
export function useCheckIn() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { vid: number; code: string | null }) =>
      v.code
        ? api.AppClientSignin({ verifyCode: v.code, protocolAccepted: true })
        : api.updateVisitStatus({ vid: v.vid, event: 'checkIn', note: '' }),
    onSuccess: invalidate,
  });
}

export function useSignOut() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (vid: number) => api.VisitorSignOutByVid({ vid }), onSuccess: invalidate });
}

export function useDecide() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { vid: number; event: 'approve' | 'reject' }) => api.updateVisitStatus({ vid: v.vid, event: v.event, note: '' }),
    onSuccess: invalidate,
  });
}

/** Hands an access card to a visitor on site, or takes it back (empty number); field errors stay with the form. */
export function useSetCard() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { vid: number; cardNo: string }) => api.updateVisitInfo(v, { silent: 'form' }),
    onSuccess: invalidate,
  });
}
