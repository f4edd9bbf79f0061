import type {
  addEquipment,
  addEquipmentGroup,
  CallInput,
  getAcList,
  getEquipmentByPage,
  getEquipmentbyUserid,
  getEquipmentGroupByPage,
  getPendingCard,
  updateAccessControl,
  updateEquipment,
  updateEquipmentGroup,
} from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

export const deviceKeys = {
  all: ['devices'] as const,
  groups: ['devices', 'groups'] as const,
  list: (input: CallInput<typeof getEquipmentbyUserid>) => ['devices', 'list', input] as const,
  gates: ['devices', 'gates'] as const,
  devicePage: (input: CallInput<typeof getEquipmentByPage>) => ['devices', 'page', input] as const,
  groupPage: (input: CallInput<typeof getEquipmentGroupByPage>) => ['devices', 'groups', 'page', input] as const,
  rights: ['devices', 'rights'] as const,
};

export function useGroups() {
  return useQuery({ queryKey: deviceKeys.groups, queryFn: () => api.getEquipmentGroupByUserid({}) });
}

export function useDevices(input: CallInput<typeof getEquipmentbyUserid> = {}) {
  return useQuery({ queryKey: deviceKeys.list(input), queryFn: () => api.getEquipmentbyUserid(input), placeholderData: keepPreviousData });
}

export function useDevicePage(input: CallInput<typeof getEquipmentByPage>) {
  return useQuery({ queryKey: deviceKeys.devicePage(input), queryFn: () => api.getEquipmentByPage(input), placeholderData: keepPreviousData });
}

export function useGroupPage(input: CallInput<typeof getEquipmentGroupByPage>) {
  return useQuery({ queryKey: deviceKeys.groupPage(input), queryFn: () => api.getEquipmentGroupByPage(input), placeholderData: keepPreviousData });
}

// --- access rights (employees' calls live in the employees contract; the grants are this module's) ---

export function useAccessList(input: CallInput<typeof getAcList>) {
  return useQuery({ queryKey: [...deviceKeys.rights, 'employees', input], queryFn: () => api.getAcList(input), placeholderData: keepPreviousData });
}

export function usePendingCards(input: CallInput<typeof getPendingCard>) {
  return useQuery({
    queryKey: [...deviceKeys.rights, 'pending', input],
    queryFn: () => api.getPendingCard(input),
    placeholderData: keepPreviousData,
  });
}

export function useVisitorTypeGroups(tids: number[]) {
  return useQuery({
    queryKey: [...deviceKeys.rights, 'types', tids],
    queryFn: () => Promise.all(tids.map((tid) => api.getVisitorTypeEgroups({ tid }))),
    enabled: tids.length > 0,
  });
}

export function useResidentGroups(rids: number[]) {
  return useQuery({
    queryKey: [...deviceKeys.rights, 'residents', rids],
    queryFn: () => api.getResidentEgroups({ rids }),
    enabled: rids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSetEmployeeAccess() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: CallInput<typeof updateAccessControl>) => api.updateAccessControl(input), onSuccess: saved });
}

export function useSetVisitorTypeGroups() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: { tid: number; egids: number[] }) => api.setVisitorTypeEgroups(input), onSuccess: saved });
}

export function useSetResidentGroups() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: { rids: number[]; egids: number[] }) => api.setResidentEgroups(input), onSuccess: saved });
}

/** A card number for one employee; a duplicate is left to the form (field `cardNo`). */
export function useIssueCard() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: { empid: number; cardNo: string }) => api.updateCardNo(input, { silent: 'form' }), onSuccess: saved });
}

export function useGates() {
  return useQuery({ queryKey: deviceKeys.gates, queryFn: () => api.getGate({}) });
}

/** Every write changes groups and devices alike (membership, counts). */
function useSaved() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: deviceKeys.all });
}

export function useSaveGroup() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (input: CallInput<typeof addEquipmentGroup> & Partial<CallInput<typeof updateEquipmentGroup>>) =>
      input.egid ? api.updateEquipmentGroup({ ...input, egid: input.egid }, { silent: 'form' }) : api.addEquipmentGroup(input, { silent: 'form' }),
    onSuccess: saved,
  });
}

export function useDeleteGroup() {
  const saved = useSaved();
  return useMutation({ mutationFn: (egid: number) => api.delEquipmentGroup({ egid }, { silent: 'form' }), onSuccess: saved });
}

export function useAddDevice() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: CallInput<typeof addEquipment>) => api.addEquipment(input, { silent: 'form' }), onSuccess: saved });
}

export function useUpdateDevice() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: CallInput<typeof updateEquipment>) => api.updateEquipment(input, { silent: 'form' }), onSuccess: saved });
}

export function useDeleteDevice() {
  const saved = useSaved();
  // 1134 (still holding our people) is the page's to explain, with what can be done.
  return useMutation({
    mutationFn: (input: { eid: number; force?: boolean }) => api.delEquipment(input, { silent: [Status.DEVICE_HOLDS_PEOPLE] }),
    onSuccess: saved,
  });
}

export function useSetDeviceStatus() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: { eid: number; status: number }) => api.setEquipmentStatus(input), onSuccess: saved });
}

export function useRotateSecret() {
  const saved = useSaved();
  return useMutation({ mutationFn: (eid: number) => api.rotateEquipmentSecret({ eid }), onSuccess: saved });
}
