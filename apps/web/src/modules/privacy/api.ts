import type { CallInput, decideErasureRequest, erasePerson, updateRetentionRules } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

export const privacyKeys = { rules: ['privacy', 'retention'] as const };

export function useRetention() {
  return useQuery({ queryKey: privacyKeys.rules, queryFn: () => api.getRetentionRules({}) });
}

/** Saves the company's rules or a type's overrides; the form checks the same rules as the server while typing. */
export function useSaveRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateRetentionRules>) => api.updateRetentionRules(input),
    onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.rules }),
  });
}

export function useRunSweep() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api.runRetentionSweep({}), onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.rules }) });
}

export type PersonKey = { phone: string } | { email: string } | { credentialNo: string };
/** A search: a key, or a name (answered with the people of that name to choose from). */
export type FindKey = PersonKey | { name: string };

/** What the company holds about the person the key names (nothing asked until a key is given). */
export function usePerson(key: FindKey | null) {
  return useQuery({
    queryKey: ['privacy', 'person', key],
    queryFn: () => api.findPerson(key ?? { phone: '' }, { silent: 'form' }),
    enabled: key !== null,
    retry: false,
  });
}

export function useErasePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof erasePerson>) => api.erasePerson(input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['privacy', 'person'] }),
  });
}

const requestsKey = ['privacy', 'erasureRequests'] as const;

/** Visitors' erasure requests, the company's days and its privacy page link. */
export function useErasureRequests() {
  return useQuery({ queryKey: requestsKey, queryFn: () => api.listErasureRequests({}) });
}

/** Carries a request out (the person's records change) or refuses it. */
export function useDecideErasure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof decideErasureRequest>) => api.decideErasureRequest(input),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: requestsKey }), qc.invalidateQueries({ queryKey: ['privacy', 'person'] })]),
  });
}

export function useSetErasureAutoDays() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) => api.setErasureAutoDays({ days }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestsKey }),
  });
}
