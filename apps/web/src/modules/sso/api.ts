import type { addSsoConnection, CallInput, updateSsoConnection } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

const keys = ['ssoConnections'] as const;

export function useSsoConnections() {
  return useQuery({ queryKey: keys, queryFn: () => api.getSsoConnections({}) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys });
}

export function useAddSso() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CallInput<typeof addSsoConnection>) => api.addSsoConnection(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useUpdateSso() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateSsoConnection>) => api.updateSsoConnection(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteSso() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delSsoConnection({ id }), onSuccess: invalidate });
}

export function useTestSso() {
  return useMutation({ mutationFn: (id: number) => api.testSsoConnection({ id }, { silent: true }) });
}
