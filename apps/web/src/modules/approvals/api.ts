import { delApprovalPolicy, fieldStatusesOf, type PolicyDraft } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitKeys } from '../../core/visits/public';
import { api } from '../../platform/api';

export const approvalKeys = {
  all: ['approvals'] as const,
  policies: ['approvals', 'policies'] as const,
  leaves: ['approvals', 'leaves'] as const,
  subCompanies: ['approvals', 'subCompanies'] as const,
  employees: ['approvals', 'employees'] as const,
  /** Under the visits' key too: a decision changes what the visit lists show. */
  queue: (q: QueueQuery) => [...visitKeys.all, 'approvals', q] as const,
  history: (vid: number) => [...visitKeys.all, 'approvals', 'history', vid] as const,
};

export interface QueueQuery {
  kind: 'waiting' | 'decided';
  all: boolean;
  name: string;
  page: number;
  size: number;
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: approvalKeys.all }), qc.invalidateQueries({ queryKey: visitKeys.all })]);
}

export function usePolicies() {
  return useQuery({ queryKey: approvalKeys.policies, queryFn: () => api.getApprovalPolicies({}) });
}

/** Adds (pid null) or changes a policy; the form shows 400 field errors and a taken name itself. */
export function useSavePolicy() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { pid: number | null; isDefault: boolean; draft: PolicyDraft }) =>
      v.pid === null
        ? api.addApprovalPolicy(v.draft, { silent: 'form' })
        : api.updateApprovalPolicy({ ...v.draft, pid: v.pid, isDefault: v.isDefault }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeletePolicy() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (pid: number) => api.delApprovalPolicy({ pid }, { silent: fieldStatusesOf(delApprovalPolicy) }),
    onSuccess: invalidate,
  });
}

export function useOrderPolicies() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (pids: number[]) => api.orderApprovalPolicies({ pids }), onSuccess: invalidate });
}

export function useDryRun() {
  return useMutation({ mutationFn: (input: Parameters<typeof api.dryRunApproval>[0]) => api.dryRunApproval(input) });
}

export function useProcessSwitch() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (on: boolean) => api.updateProcessSwitch({ processSwitch: on ? 1 : 0 }), onSuccess: invalidate });
}

/** Sub-companies for the condition picker (not archived); a company without them gets an empty list. */
export function useSubCompanies(enabled = true) {
  return useQuery({ queryKey: approvalKeys.subCompanies, queryFn: () => api.getSubAccountByUserid({}), enabled });
}

/** Every employee, for the approver picker and the names of employee approvers. */
export function useEmployeeList(enabled = true) {
  return useQuery({ queryKey: approvalKeys.employees, queryFn: () => api.GetEmpList({}), enabled });
}

/** A sub-company's own enabled employees: the only people its own policies may name. */
export function useOwnEmployees(enabled: boolean) {
  return useQuery({ queryKey: [...approvalKeys.employees, 'own'] as const, queryFn: () => api.getSubAccountEmpList({}), enabled });
}

export function useLeaves() {
  return useQuery({ queryKey: approvalKeys.leaves, queryFn: () => api.getApproverLeaves({}) });
}

export function useAddLeave() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { empId: number; startDate: string; endDate: string; standInId: number | null; note: string }) =>
      api.addApproverLeave(v, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteLeave() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (lid: number) => api.delApproverLeave({ lid }), onSuccess: invalidate });
}

export function useApprovalQueue(q: QueueQuery) {
  const input = { all: q.all, name: q.name, startIndex: (q.page - 1) * q.size, requestedCount: q.size };
  return useQuery({
    queryKey: approvalKeys.queue(q),
    queryFn: () => (q.kind === 'waiting' ? api.getNoApproveRecords(input) : api.getApproveRecords(input)),
    placeholderData: keepPreviousData,
  });
}

export function useApprovalHistory(vid: number | null) {
  return useQuery({
    queryKey: approvalKeys.history(vid ?? 0),
    queryFn: () => api.getProcessRecords({ vid: vid ?? 0 }),
    enabled: vid !== null,
  });
}

export function useDecide() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { rid: number; result: 'approve' | 'refuse' | 'return'; remark: string; fields?: Record<string, string> }) =>
      api.completeProcessRecord(v, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useResubmit() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (vid: number) => api.resubmitProcess({ vid, remark: '' }), onSuccess: invalidate });
}
