import { delProcessArea, fieldStatusesOf } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitKeys } from '../../core/visits/public';
import { api } from '../../platform/api';

export const approvalKeys = {
  all: ['approvals'] as const,
  areas: ['approvals', 'areas'] as const,
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

export function useProcessAreas() {
  return useQuery({ queryKey: approvalKeys.areas, queryFn: () => api.getProcessArea({}) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: approvalKeys.all }), qc.invalidateQueries({ queryKey: visitKeys.all })]);
}

export function useSaveArea() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { aid: number | null; aName: string; address: string; gids: number[] }) =>
      v.aid === null
        ? api.addProcessArea({ aName: v.aName, address: v.address, gids: v.gids }, { silent: 'form' })
        : api.updateProcessArea({ aid: v.aid, aName: v.aName, address: v.address, gids: v.gids }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useSaveLevels() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { aid: number; levels: { level: number; approvers: { rType: 0 | 1 | 2 | 3; id: number }[] }[] }) =>
      api.addProcessRule(v, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteArea() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (aid: number) => api.delProcessArea({ aid }, { silent: fieldStatusesOf(delProcessArea) }),
    onSuccess: invalidate,
  });
}

export function useProcessSwitch() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (on: boolean) => api.updateProcessSwitch({ processSwitch: on ? 1 : 0 }), onSuccess: invalidate });
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
    mutationFn: (v: { rid: number; result: 'approve' | 'refuse' | 'return'; remark: string }) => api.completeProcessRecord(v, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useResubmit() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (vid: number) => api.resubmitProcess({ vid, remark: '' }), onSuccess: invalidate });
}
