import type { addEquipment, addEquipmentGroup, CallInput, getEquipmentbyUserid, updateEquipment, updateEquipmentGroup } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

export const deviceKeys = {
  all: ['devices'] as const,
  groups: ['devices', 'groups'] as const,
  list: (input: CallInput<typeof getEquipmentbyUserid>) => ['devices', 'list', input] as const,
  gates: ['devices', 'gates'] as const,
};

export function useGroups() {
  return useQuery({ queryKey: deviceKeys.groups, queryFn: () => api.getEquipmentGroupByUserid({}) });
}

export function useDevices(input: CallInput<typeof getEquipmentbyUserid> = {}) {
  return useQuery({ queryKey: deviceKeys.list(input), queryFn: () => api.getEquipmentbyUserid(input), placeholderData: keepPreviousData });
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
  return useMutation({ mutationFn: (eid: number) => api.delEquipment({ eid }), onSuccess: saved });
}

export function useSetDeviceStatus() {
  const saved = useSaved();
  return useMutation({ mutationFn: (input: { eid: number; status: number }) => api.setEquipmentStatus(input), onSuccess: saved });
}

export function useRotateSecret() {
  const saved = useSaved();
  return useMutation({ mutationFn: (eid: number) => api.rotateEquipmentSecret({ eid }), onSuccess: saved });
}
