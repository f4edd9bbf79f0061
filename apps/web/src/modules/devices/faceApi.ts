import { type CallInput, type getFaceCredentials, Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faceSyncKeys } from '../../core/people/public';
import { api } from '../../platform/api';
import { deviceKeys } from './api';

/** A door device's credentials (the push pipeline), their retry, its credential report and its readback. */
export const faceKeys = {
  all: faceSyncKeys.all,
  page: (input: CallInput<typeof getFaceCredentials>) => ['faceCredentials', input] as const,
  report: (eid: number) => ['faceCredentials', 'report', eid] as const,
};

/** Asked again while open: statuses change as the terminal confirms. */
const REFRESH_MS = 30_000;

export function useFaceCredentials(input: CallInput<typeof getFaceCredentials>) {
  return useQuery({
    queryKey: faceKeys.page(input),
    queryFn: () => api.getFaceCredentials(input),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useRetryFaceCredentials() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { eid: number; ids?: number[] }) => api.retryFaceCredentials(input),
    onSuccess: () => qc.invalidateQueries({ queryKey: faceKeys.all }),
  });
}

export function useCredentialReport(eid: number) {
  return useQuery({ queryKey: faceKeys.report(eid), queryFn: () => api.getDeviceCredentialReport({ eid }), refetchInterval: REFRESH_MS });
}

/** The panel says why a readback could not run (1132 our own driver, 1130 disabled, 1133 the device away or refusing us). */
export const READBACK_STATUSES = [Status.DEVICE_NOT_READABLE, Status.DEVICE_DISABLED, Status.DEVICE_LINK_DOWN] as const;

/** A readback repairs credentials and may change the link: the report, the lists and the devices' links are asked again. */
export function useReadback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eid: number) => api.readbackDevice({ eid }, { silent: READBACK_STATUSES }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: faceKeys.all }), qc.invalidateQueries({ queryKey: deviceKeys.all })]),
  });
}
