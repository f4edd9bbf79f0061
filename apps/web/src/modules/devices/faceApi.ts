import type { CallInput, getFaceCredentials } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faceSyncKeys } from '../../core/people/public';
import { api } from '../../platform/api';

/** A face terminal's credentials (the face sync pipeline) and the retry of its failed ones. */
export const faceKeys = {
  all: faceSyncKeys.all,
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
