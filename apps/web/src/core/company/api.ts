import {
  type BasicSettings,
  type CallInput,
  type modifyUserInfo,
  type UserInfo,
  updateCryptoperiod,
  updateDoorSignInSwitch,
  updateExtendTime,
  updateLeaveExpiryTime,
  updateOffDutyTime,
  updateOriginalCompatSwitch,
  updatePermissionSwitch,
  updateQrcodeConf,
  updateScanerSwitch,
  updateTempEditSwitch,
} from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../platform/api';
import { sessionGrants, updateStoredProject } from '../../platform/session';

/** The company and its settings as GetUserInfo answers them: one cache entry every screen reads and each setting write updates. */
export const companyKeys = {
  userInfo: ['accounts', 'userInfo'] as const,
};

/** GetUserInfo; a module-driven account's grants it answers are kept in the stored login result, which guards read. */
async function userInfo(): Promise<UserInfo> {
  const info = await api.GetUserInfo({});
  const stored = sessionGrants();
  if (info.modules && stored && info.modules.join() !== stored.join()) updateStoredProject({ modules: info.modules });
  return info;
}

export function useUserInfo() {
  return useQuery({ queryKey: companyKeys.userInfo, queryFn: userInfo });
}

/**
 * A module-driven account's grants as they are now (an administrator may change them while it is signed in: the
 * server follows from its next call, the menus from the next answer of GetUserInfo); null for other accounts, which
 * make no call for it.
 */
export function useCurrentGrants(): readonly string[] | null {
  const stored = sessionGrants();
  const info = useQuery({ queryKey: companyKeys.userInfo, queryFn: userInfo, enabled: stored !== null });
  return stored === null ? null : (info.data?.modules ?? stored);
}

/** Forms call it with field errors shown inline (BAD_PARAMS is not toasted). */
export function useModifyUserInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof modifyUserInfo>) => api.ModifyUserInfo(input, { silent: 'form' }),
    onSuccess: (info: UserInfo) => qc.setQueryData(companyKeys.userInfo, info),
  });
}

/** The basic settings calls; each answers all basic settings. */
export const BASIC_CALLS = {
  updatePermissionSwitch,
  updateTempEditSwitch,
  updateScanerSwitch,
  updateExtendTime,
  updateLeaveExpiryTime,
  updateOffDutyTime,
  updateQrcodeConf,
  updateCryptoperiod,
  updateDoorSignInSwitch,
  updateOriginalCompatSwitch,
} as const;
type Calls = typeof BASIC_CALLS;
export type BasicWrite = { [K in keyof Calls]: { call: K; input: CallInput<Calls[K]> } }[keyof Calls];

/** One basic setting written; the answer (all basic settings) goes into the GetUserInfo cache, where the screen reads them. */
export function useBasicWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: BasicWrite): Promise<BasicSettings> =>
      callApi(BASIC_CALLS[w.call] as Calls['updateExtendTime'], w.input as never, { silent: 'form' }),
    onSuccess: (saved) => qc.setQueryData<UserInfo>(companyKeys.userInfo, (old) => (old ? { ...old, ...saved } : old)),
  });
}
