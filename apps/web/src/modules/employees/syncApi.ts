import {
  autoGetEmployeeFromCT,
  type CallInput,
  type SyncStep,
  type updateAppDirectory,
  type updateDDNotify,
  type updateRtxConf,
} from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '../../core/company/public';
import { canCall } from '../../platform/access';
import { api } from '../../platform/api';
import { peopleKeys } from './api';

/** Query keys of the directory sync (contacts calls). */
export const syncKeys = { state: ['contacts', 'sync'] as const };

/** A sync may take minutes for a large directory: far beyond the usual 60 s. */
export const SYNC_TIMEOUT_MS = 15 * 60_000;

/** The three steps, in the order they must run, and the call of each. */
export const SYNC_STEPS: readonly { step: SyncStep; call: 'autoGetDeptFromCT' | 'autoGetEmployeeFromCT' | 'autoGetEmpDeptRelation' }[] = [
  { step: 'departments', call: 'autoGetDeptFromCT' },
  { step: 'employees', call: 'autoGetEmployeeFromCT' },
  { step: 'relations', call: 'autoGetEmpDeptRelation' },
];

/** Whoever may run the sync's calls configures and runs it (the contract's access list). */
export function canSyncDirectory(): boolean {
  return canCall(autoGetEmployeeFromCT);
}

export function useContactSync(enabled = true) {
  return useQuery({ queryKey: syncKeys.state, queryFn: () => api.getContactSync({}), enabled });
}

function useSettingsMutation<I>(fn: (input: I) => Promise<null>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: syncKeys.state }), qc.invalidateQueries({ queryKey: companyKeys.userInfo })]),
  });
}

export function useUpdateDingTalk() {
  return useSettingsMutation((input: CallInput<typeof updateDDNotify>) => api.updateDDNotify(input, { silent: 'form' }));
}

export function useUpdateRtx() {
  return useSettingsMutation((input: CallInput<typeof updateRtxConf>) => api.updateRtxConf(input, { silent: 'form' }));
}

export function useUpdateAppDirectory() {
  return useSettingsMutation((input: CallInput<typeof updateAppDirectory>) => api.updateAppDirectory(input, { silent: 'form' }));
}

/** After a sync: the employee list, the department tree and the sync state all change. */
export function useAfterSync() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: peopleKeys.all }), qc.invalidateQueries({ queryKey: syncKeys.state })]);
}
