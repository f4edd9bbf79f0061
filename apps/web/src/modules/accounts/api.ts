import type { addManager, CallInput, Manager, StaffType, updateManager, updatePassword, updateUnSubscribe } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '../../core/company/public';
import { api } from '../../platform/api';

/** Query keys of the accounts module; the company's own (GetUserInfo) is the company kernel's (core/company). */
export const accountKeys = {
  userInfo: companyKeys.userInfo,
  managers: (sType?: StaffType) => ['accounts', 'managers', sType ?? 'all'] as const,
  allManagers: ['accounts', 'managers'] as const,
};

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
