import type { CallInput, getFaceCredentials } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** A face terminal's credentials (the face sync pipeline) and the retry of its failed ones. */
export const faceKeys = {
  all: ['faceCredentials'] as const,
  page: (input: CallInput<typeof getFaceCredentials>) => ['faceCredentials', input] as const,
};

/** Asked again while open: statuses change as the terminal confirms. */
const REFRESH_MS = 30_000;

export function useFaceCredentials(input: CallInput<typeof getFaceCredentials>) {
  return useQuery({
    queryKey: faceKeys.page(input),
    queryFn: () => api.getFaceCredentials(input),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useRetryFaceCredentials() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { eid: number; ids?: number[] }) => api.retryFaceCredentials(input),
    onSuccess: () => qc.invalidateQueries({ queryKey: faceKeys.all }),
  });
}

/** One person (employee, visit or resident) on every face terminal; only asked where the section is on and allowed. */
export function useFaceSyncOfPerson(personKind: 'employee' | 'visitor' | 'resident', personId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...faceKeys.all, 'person', personKind, personId] as const,
    queryFn: () => api.getFaceSyncOfPerson({ personKind, personId }),
    enabled,
  });
}
