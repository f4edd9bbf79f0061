import type { CallInput, searchEqptMonitorErrorLogByCondition } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type MonitorFilters, monitorInput } from './query';

/** How often the open monitor screen asks again: the statuses change with time, not only with edits. */
export const MONITOR_REFRESH_MS = 30_000;

export const monitorKeys = {
  all: ['monitor'] as const,
  page: (f: MonitorFilters) => ['monitor', 'page', monitorInput(f)] as const,
  log: (input: CallInput<typeof searchEqptMonitorErrorLogByCondition>) => ['monitor', 'log', input] as const,
};

export function useMonitorPage(f: MonitorFilters) {
  return useQuery({
    queryKey: monitorKeys.page(f),
    queryFn: () => api.getEqptMonitor(monitorInput(f)),
    placeholderData: keepPreviousData,
    refetchInterval: MONITOR_REFRESH_MS,
  });
}

export function useDeleteMonitor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mid: number) => api.delEqptMonitor({ mid }),
    onSuccess: () => qc.invalidateQueries({ queryKey: monitorKeys.all }),
  });
}

export function useOfflineMinutes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (offlineMinutes: number) => api.updateEqptMonitorSetting({ offlineMinutes }, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: monitorKeys.all }),
  });
}

export function useErrorLog(input: CallInput<typeof searchEqptMonitorErrorLogByCondition>, enabled: boolean) {
  return useQuery({
    queryKey: monitorKeys.log(input),
    queryFn: () => api.searchEqptMonitorErrorLogByCondition(input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Door devices whose credentials do not get through (links refused or away, failed credentials). */
export function useCredentialTrouble(enabled: boolean) {
  return useQuery({
    queryKey: [...monitorKeys.all, 'credentialTrouble'] as const,
    queryFn: () => api.getCredentialTrouble({}),
    refetchInterval: MONITOR_REFRESH_MS,
    enabled,
  });
}
