import type { addEmpTemplate, addUserTemplate, CallInput, TemplateType, updateUserTemplate } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys of the invitation templates: the company's, the employee's own, and which one applies. */
export const templateKeys = {
  all: ['templates'] as const,
  company: ['templates', 'company'] as const,
  own: (type: TemplateType) => ['templates', 'own', type] as const,
  applicable: (type: TemplateType, gid: number | null, empid?: number) => ['templates', 'applicable', type, gid, empid ?? null] as const,
};

function useInvalidateTemplates() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCompanyTemplates() {
  return useQuery({ queryKey: templateKeys.company, queryFn: () => api.getUsertemplate({}) });
}

export function useSaveCompanyTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (input: CallInput<typeof addUserTemplate> | CallInput<typeof updateUserTemplate>) =>
      'id' in input && input.id ? api.updateUserTemplate(input, { silent: 'form' }) : api.addUserTemplate(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteCompanyTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: (id: number) => api.delUsertemplate({ id }), onSuccess: invalidate });
}

export function useOwnTemplate(templateType: TemplateType) {
  return useQuery({ queryKey: templateKeys.own(templateType), queryFn: () => api.getEmptemplateByType({ templateType }) });
}

export function useSaveOwnTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (input: CallInput<typeof addEmpTemplate>) => api.addEmptemplate(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteOwnTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: (templateType: TemplateType) => api.delEmptemplate({ templateType }), onSuccess: invalidate });
}

/**
 * The template an invitation of this type at this gate goes out with (`source` says whose), or null when none applies
 * (the standard text is sent; asked with getInviteTemplate, which says so without the original's 56).
 */
export function useApplicableTemplate(templateType: TemplateType, gid: number | null, opts: { enabled?: boolean; empid?: number } = {}) {
  const { empid } = opts;
  return useQuery({
    queryKey: templateKeys.applicable(templateType, gid, empid),
    enabled: opts.enabled ?? true,
    queryFn: async () => (await api.getInviteTemplate({ templateType, gid, ...(empid && { empid }) })).template,
  });
}

/** May the signed-in employee invite now; if not, why and whom to ask (asked before the portal shows its forms). */
export function useInviteAccess() {
  return useQuery({ queryKey: ['invitations', 'access'] as const, queryFn: () => api.getInviteAccess({}) });
}
