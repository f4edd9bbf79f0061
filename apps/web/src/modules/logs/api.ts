import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type LogFilters, logInput } from './query';

export const logKeys = {
  page: (f: LogFilters) => ['logs', 'page', logInput(f)] as const,
};

/** The operation log changes with every action elsewhere: always fetched afresh when the screen opens. */
export function useLogPage(f: LogFilters) {
  return useQuery({ queryKey: logKeys.page(f), queryFn: () => api.getLogList(logInput(f)), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Checks the whole chain on the server: nothing cached, every press a fresh check. */
export function useVerifyLogChain() {
  return useMutation({ mutationFn: () => api.verifyLogChain({}) });
}
