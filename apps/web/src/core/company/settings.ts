import {
  type BasicSettings,
  type CallInput,
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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../platform/api';
import { companyKeys } from './api';

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
