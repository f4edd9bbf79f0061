import type { CallInput, getAllSuperAccountVCount } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

export const superKeys = {
  figures: (input: CallInput<typeof getAllSuperAccountVCount> | null) => ['superAccounts', 'figures', input] as const,
};

/** Each related company's visits today, on site now and per day of the period (null: the period is invalid, no call). */
export function useSuperFigures(input: CallInput<typeof getAllSuperAccountVCount> | null) {
  return useQuery({
    queryKey: superKeys.figures(input),
    queryFn: () => api.getAllSuperAccountVCount(input as CallInput<typeof getAllSuperAccountVCount>, { silent: 'form' }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** Opens a read-only session of one related company. */
export function useEnterCompany() {
  return useMutation({ mutationFn: (companyId: number) => api.superAccountEnterCompany({ companyId }) });
}

/** Ends the read-only session (whatever the answer, the tab goes back to the super account). */
export function useLeaveCompany() {
  return useMutation({ mutationFn: () => api.superAccountLeaveCompany({}, { silent: true }).catch(() => null) });
}
