import type {
  addManager,
  CallInput,
  Manager,
  modifyUserInfo,
  StaffType,
  UserInfo,
  updateManager,
  updatePassword,
  updateUnSubscribe,
} from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { sessionGrants, updateStoredProject } from '../../platform/session';

/** Query keys of the accounts module. */
export const accountKeys = {
  userInfo: ['accounts', 'userInfo'] as const,
  managers: (sType?: StaffType) => ['accounts', 'managers', sType ?? 'all'] as const,
  allManagers: ['accounts', 'managers'] as const,
};

/** GetUserInfo; a module-driven account's grants it answers are kept in the stored login result, which guards read. */
async function userInfo(): Promise<UserInfo> {
  const info = await api.GetUserInfo({});
  const stored = sessionGrants();
  if (info.modules && stored && info.modules.join() !== stored.join()) updateStoredProject({ modules: info.modules });
  return info;
}

export function useUserInfo() {
  return useQuery({ queryKey: accountKeys.userInfo, queryFn: userInfo });
}

/**
 * A module-driven account's grants as they are now (an administrator may change them while it is signed in: the
 * server follows from its next call, the menus from the next answer of GetUserInfo); null for other accounts, which
 * make no call for it.
 */
export function useCurrentGrants(): readonly string[] | null {
  const stored = sessionGrants();
  const info = useQuery({ queryKey: accountKeys.userInfo, queryFn: userInfo, enabled: stored !== null });
  return stored === null ? null : (info.data?.modules ?? stored);
}

/** Forms call it with field errors shown inline (BAD_PARAMS is not toasted). */
export function useModifyUserInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof modifyUserInfo>) => api.ModifyUserInfo(input, { silent: 'form' }),
    onSuccess: (info: UserInfo) => qc.setQueryData(accountKeys.userInfo, info),
  });
}

/** The signed-in account's own password; an employee's through `updateEmpPwd` (the employee portal's call, same rules). */
export function useUpdatePassword(employee = false) {
  return useMutation({
    mutationFn: (input: CallInput<typeof updatePassword>) =>
      employee ? api.updateEmpPwd(input, { silent: 'form' }) : api.updatePassword(input, { silent: 'form' }),
  });
}

export function useManagers(sType?: StaffType) {
  return useQuery({ queryKey: accountKeys.managers(sType), queryFn: () => api.GetManagerByUser(sType === undefined ? {} : { sType }) });
}

export function useAddManager() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof addManager>) => api.AddManager(input, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.allManagers }),
  });
}

export function useUpdateManager() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateManager>) => api.UpdateManager(input, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.allManagers }),
  });
}

export function useDeleteManager() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: Pick<Manager, 'account'>) => api.DeleteManager({ account: m.account }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.allManagers }),
  });
}

/** Closes the account (unsubscribe 1, with the password) or cancels the closing (0); the user info follows. */
export function useUnsubscribe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateUnSubscribe>) => api.updateUnSubscribe(input, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.userInfo }),
  });
}
