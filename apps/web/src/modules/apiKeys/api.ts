import type { addApiKey, CallInput } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

const keys = ['apiKeys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: keys, queryFn: () => api.getApiKeys({}) });
}

export function useAddApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof addApiKey>) => api.addApiKey(input, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.revokeApiKey({ id }), onSuccess: () => qc.invalidateQueries({ queryKey: keys }) });
}
