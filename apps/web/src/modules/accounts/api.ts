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

/** Query keys of the accounts module. */
export const accountKeys = {
  userInfo: ['accounts', 'userInfo'] as const,
  managers: (sType?: StaffType) => ['accounts', 'managers', sType ?? 'all'] as const,
  allManagers: ['accounts', 'managers'] as const,
};

export function useUserInfo() {
  return useQuery({ queryKey: accountKeys.userInfo, queryFn: () => api.GetUserInfo({}) });
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
