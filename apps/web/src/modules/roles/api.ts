import { type addRARG, type CallInput, delRARG, fieldStatusesOf, type RoleNode, Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { ApiError } from '../../platform/apiError';

export const roleKeys = {
  all: ['roles'] as const,
  tree: ['roles', 'tree'] as const,
  members: (rid: number, page: number, size: number) => ['roles', 'members', rid, page, size] as const,
  search: (term: string) => ['roles', 'employee-search', term] as const,
};

export function isNameTaken(err: unknown): boolean {
  return err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS;
}

/** What still uses a role or group when its deletion is refused (257), or null for any other failure. */
export function roleInUse(err: unknown): { children: number; members: number } | null {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.ROLE_IN_USE) return null;
  const r = (err.result ?? {}) as { children?: unknown; members?: unknown };
  return { children: typeof r.children === 'number' ? r.children : 0, members: typeof r.members === 'number' ? r.members : 0 };
}

/** A role group or role of the tree by id. */
export function findRole(tree: readonly RoleNode[], rid: number | undefined): RoleNode | undefined {
  if (rid === undefined) return undefined;
  for (const g of tree) {
    if (g.rid === rid) return g;
    const r = g.children.find((c) => c.rid === rid);
    if (r) return r;
  }
  return undefined;
}

export function useRoleTree(enabled = true) {
  return useQuery({ queryKey: roleKeys.tree, queryFn: () => api.getRARG({}), enabled });
}

function useInvalidateRoles() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: roleKeys.all });
}

export function useAddRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: CallInput<typeof addRARG>) => api.addRARG(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useRenameRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: { rid: number; rgName: string }) => api.updateRARG(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

/** 257 (still in use) is answered to the caller, which explains what is left. */
export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: (rid: number) => api.delRARG({ rid }, { silent: fieldStatusesOf(delRARG) }), onSuccess: invalidate });
}

export function useRoleMembers(rid: number | undefined, page: number, size: number) {
  return useQuery({
    queryKey: roleKeys.members(rid ?? 0, page, size),
    queryFn: () => api.getEmpRoleList({ rid: rid ?? 0, startIndex: (page - 1) * size, requestedCount: size }),
    enabled: rid !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useGrantRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: (input: { rid: number; empids: number[] }) => api.addEmpRole(input), onSuccess: invalidate });
}

export function useRevokeRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: (input: { rid: number; empids: number[] }) => api.delRoleEmp(input), onSuccess: invalidate });
}

/** Enabled employees matching a name, work number or phone (at most 20), for the member picker. */
export function useEmployeeSearch(term: string) {
  const name = term.trim();
  return useQuery({
    queryKey: roleKeys.search(name),
    queryFn: () => api.getEmpByName({ name }),
    enabled: name !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
