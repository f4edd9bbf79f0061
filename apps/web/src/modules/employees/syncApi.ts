import { type CallInput, Role, Status, type SyncStep, type updateDDNotify, type updateRtxConf } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { getSession } from '../../platform/session';
import { accountKeys } from '../accounts/api';
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

/** Only company administrators and sub-administrators configure and run the sync (the contract's access list). */
export function canSyncDirectory(): boolean {
  const { role, project } = getSession();
  return role === 'manager' || project?.sType === Role.SUBADMIN;
}

export function useContactSync(enabled = true) {
  return useQuery({ queryKey: syncKeys.state, queryFn: () => api.getContactSync({}), enabled });
}

/** Statuses the settings forms show on their fields: 400 field errors, and 51 (DingTalk refused) on the secret. */
export const SETTINGS_SILENT: readonly number[] = [Status.BAD_PARAMS, Status.DINGTALK_VERIFY_FAILED];

function useSettingsMutation<I>(fn: (input: I) => Promise<null>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: syncKeys.state }), qc.invalidateQueries({ queryKey: accountKeys.userInfo })]),
  });
}

export function useUpdateDingTalk() {
  return useSettingsMutation((input: CallInput<typeof updateDDNotify>) => api.updateDDNotify(input, { silent: SETTINGS_SILENT }));
}

export function useUpdateRtx() {
  return useSettingsMutation((input: CallInput<typeof updateRtxConf>) => api.updateRtxConf(input, { silent: SETTINGS_SILENT }));
}

/** After a sync: the employee list, the department tree and the sync state all change. */
export function useAfterSync() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: peopleKeys.all }), qc.invalidateQueries({ queryKey: syncKeys.state })]);
}
