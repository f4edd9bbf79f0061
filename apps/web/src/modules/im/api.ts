import type { ImAppFields, ImPlatform } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

export const imKeys = { apps: ['im', 'apps'] as const };

export function useImApps() {
  return useQuery({ queryKey: imKeys.apps, queryFn: () => api.getImApps({}) });
}

/** Saves an app; 400 field errors and a platform's refusal (51) are the form's to show. */
export function useSaveImApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ImAppFields) => api.updateImApp(v, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.apps }),
  });
}

export function useTestImApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ImAppFields) => api.testImApp(v, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.apps }),
  });
}

export function useForgetImApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (platform: ImPlatform) => api.delImApp({ platform }),
    onSuccess: () => qc.invalidateQueries({ queryKey: imKeys.apps }),
  });
}
