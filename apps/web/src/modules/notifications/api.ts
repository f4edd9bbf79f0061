import {
  type CallInput,
  type configureEmail,
  type getSendRecords,
  type ivrNotifyConf,
  type NotifyConf,
  Status,
  type setEmpOpenid,
  type testEmailConf,
  type testSmsConf,
  type testWxConf,
  type updateSMSConf,
  type updateWxConf,
} from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys of the notification settings and the delivery records. */
export const noticeKeys = {
  conf: ['notifications', 'conf'] as const,
  records: ['notifications', 'records'] as const,
  recordsOf: (filter: object) => ['notifications', 'records', filter] as const,
};

export function useNotifyConf() {
  return useQuery({ queryKey: noticeKeys.conf, queryFn: () => api.getNotifyConf({}) });
}

/** A channel's settings saved; its answer replaces that part of the cached settings. */
function useConfWrite<I, K extends 'email' | 'sms' | 'wechat' | 'voice'>(part: K, fn: (input: I) => Promise<NotifyConf[K]>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (saved) => qc.setQueryData<NotifyConf>(noticeKeys.conf, (old) => (old ? { ...old, [part]: saved } : old)),
  });
}

export function useConfigureEmail() {
  return useConfWrite('email', (input: CallInput<typeof configureEmail>) => api.ConfigureEmail(input, { silent: 'form' }));
}

export function useUpdateSms() {
  return useConfWrite('sms', (input: CallInput<typeof updateSMSConf>) => api.updateSMSConf(input, { silent: 'form' }));
}

export function useUpdateWx() {
  return useConfWrite('wechat', (input: CallInput<typeof updateWxConf>) => api.UpdateWxConf(input, { silent: 'form' }));
}

export function useUpdateIvr() {
  return useConfWrite('voice', (input: CallInput<typeof ivrNotifyConf>) => api.ivrNotifyConf(input, { silent: 'form' }));
}

/** A test mail: field errors and the mail server's refusal (40) are shown by the form itself. */
export function useTestEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof testEmailConf>) => api.testEmailConf(input, { silent: [Status.BAD_PARAMS, Status.EMAIL_SEND_FAILED] }),
    // The test is a delivery record too.
    onSettled: () => qc.invalidateQueries({ queryKey: noticeKeys.records }),
  });
}

/** A test SMS: its outcome is the answer (sent, or the provider's reason); field errors are the form's. */
export function useTestSms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof testSmsConf>) => api.testSmsConf(input, { silent: 'form' }),
    onSettled: () => qc.invalidateQueries({ queryKey: noticeKeys.records }),
  });
}

export function useSendRecords(filter: CallInput<typeof getSendRecords>) {
  return useQuery({ queryKey: noticeKeys.recordsOf(filter), queryFn: () => api.getSendRecords(filter), placeholderData: keepPreviousData });
}

/** A test WeChat message: its outcome is the answer (sent, or the platform's errcode and errmsg); field errors are the form's. */
export function useTestWx() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof testWxConf>) => api.testWxConf(input, { silent: 'form' }),
    onSettled: () => qc.invalidateQueries({ queryKey: noticeKeys.records }),
  });
}

/** An employee's openid under the official account (read when they are picked). */
export function useEmpOpenid(empId: number | undefined) {
  return useQuery({ queryKey: ['notifications', 'openid', empId], queryFn: () => api.getEmpOpenid({ empId: empId ?? 0 }), enabled: !!empId });
}

export function useSetEmpOpenid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof setEmpOpenid>) => api.setEmpOpenid(input, { silent: 'form' }),
    onSuccess: (saved) => qc.setQueryData(['notifications', 'openid', saved.empId], saved),
  });
}
