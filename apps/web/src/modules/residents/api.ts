import type { addProject, addResidentVisitor, CallInput } from '@openvisit/contract';
import { delProject, fieldStatusesOf } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitKeys } from '../../core/visits/public';
import { api } from '../../platform/api';
import { useCountedPage } from '../../platform/list';
import { type ResidentFilters, residentInput, type VisitRecordFilters, visitRecordInput } from './query';

export const residentKeys = {
  all: ['residents'] as const,
  projects: ['residents', 'projects'] as const,
  companies: ['residents', 'companies'] as const,
  page: (f: ResidentFilters) => ['residents', 'page', residentInput(f)] as const,
  /** Under the visits' key, so a sign-out anywhere refreshes it. */
  visits: (f: VisitRecordFilters) => [...visitKeys.all, 'residents', visitRecordInput(f)] as const,
};

export function useProjects() {
  return useQuery({ queryKey: residentKeys.projects, queryFn: () => api.getProject({}) });
}

export function useResidentCompanies() {
  return useQuery({ queryKey: residentKeys.companies, queryFn: () => api.getAllResidentCompany({}) });
}

export function useResidentPage(f: ResidentFilters) {
  return useQuery({ queryKey: residentKeys.page(f), queryFn: () => api.getResidentVisitor(residentInput(f)), placeholderData: keepPreviousData });
}

/** The residents' visits; the total is counted with the first page and kept while paging (`useCountedPage`). */
export function useResidentVisits(f: VisitRecordFilters) {
  const { page, size, ...filter } = f;
  return useCountedPage({
    queryKey: residentKeys.visits(f),
    filter,
    page,
    fetch: (withCount) => api.SearchRVisitorByCondition({ ...visitRecordInput(f), withCount }),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: residentKeys.all });
}

export type ResidentBody = CallInput<typeof addResidentVisitor>;
export type ProjectBody = CallInput<typeof addProject>;

export function useSaveResident() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { rid: number | null; body: ResidentBody }) =>
      v.rid === null ? api.addResidentVisitor(v.body, { silent: 'form' }) : api.updateResidentVisitor({ ...v.body, rid: v.rid }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteResidents() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (rids: number[]) => api.delResidentVisitor({ rids }), onSuccess: invalidate });
}

export function useDecideResidents() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { rids: number[]; rstatus: 1 | 2; refuseCause?: string }) =>
      api.updateRvPermission({ rids: v.rids, rstatus: v.rstatus, refuseCause: v.refuseCause ?? '' }),
    onSuccess: invalidate,
  });
}

export function useSaveProject() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { pid: number | null; body: ProjectBody }) =>
      v.pid === null ? api.addProject(v.body, { silent: 'form' }) : api.updateProject({ ...v.body, pid: v.pid }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteProject() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (pid: number) => api.delProject({ pid }, { silent: fieldStatusesOf(delProject) }), onSuccess: invalidate });
}
