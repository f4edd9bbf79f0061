import {
  type addSubAccount,
  type addSubAccountTemp,
  type CallInput,
  importSubAccountLogo,
  subAccountLogo,
  type updateSubAccount,
  updateSubAccountLogo,
} from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, fetchFile, uploadFile } from '../../platform/api';
import { type SubFilters, subInput } from './query';

export const subKeys = {
  all: ['subCompanies'] as const,
  page: (f: SubFilters) => ['subCompanies', 'page', subInput(f)] as const,
  templates: ['subCompanies', 'templates'] as const,
  logo: (key: string) => ['subCompanies', 'logo', key] as const,
};

export function useSubAccountPage(f: SubFilters) {
  return useQuery({ queryKey: subKeys.page(f), queryFn: () => api.getSubAccountPageByUserid(subInput(f)), placeholderData: keepPreviousData });
}

export function useSubTemplates(enabled = true) {
  return useQuery({ queryKey: subKeys.templates, queryFn: () => api.getSubAccountTemp({}), enabled });
}

function useSubMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: subKeys.all }) });
}

/** Form writes: the refusals the form shows on its fields are left to it (`silent: 'form'`). */
export const useAddSubAccount = () => useSubMutation((input: CallInput<typeof addSubAccount>) => api.addSubAccount(input, { silent: 'form' }));
export const useUpdateSubAccount = () =>
  useSubMutation((input: CallInput<typeof updateSubAccount>) => api.updateSubAccount(input, { silent: 'form' }));
export const useSaveTemplate = () => useSubMutation((input: CallInput<typeof addSubAccountTemp>) => api.addSubAccountTemp(input, { silent: 'form' }));
export const useDeleteTemplate = () => useSubMutation((id: number) => api.delSubAccountTemp({ id }));
/** A refusal with counts (58) is the screen's to show: it offers to archive instead. */
export const useDeleteSubAccounts = () =>
  useSubMutation(({ ids, archive }: { ids: number[]; archive: boolean }) =>
    api.batchDelSubAccount({ ids, archive }, { silent: archive ? false : [58] }),
  );
export const useResetSubPassword = () => useSubMutation((id: number) => api.resetSubAccountPwd({ id }));
export const useUploadSubLogo = () =>
  useSubMutation(({ id, file }: { id: number; file: File }) =>
    uploadFile(updateSubAccountLogo, file, file.name, { id: String(id) }, { silent: 'form' }),
  );
export const useImportSubLogos = () => useSubMutation((file: File) => uploadFile(importSubAccountLogo, file, file.name));
/** A sub-company's own managers (its session names it: no id). */
export function useOwnManagers() {
  return useQuery({ queryKey: [...subKeys.all, 'ownManagers'] as const, queryFn: () => api.GetSubAccountManager({}) });
}
export const useSetOwnManagers = () => useSubMutation((empids: number[]) => api.UpdateSubAccountManager({ empids }));
export const useSetMultiCompanyMode = () => useSubMutation((subAccount: 0 | 1) => api.updateSASwitch({ subAccount }));

/** An object URL of a sub-company's stored logo ('' while loading or without one), released when it changes. */
export function useSubLogoUrl(id: number, key: string): string {
  const blob = useQuery({
    queryKey: subKeys.logo(key),
    queryFn: ({ signal }) => fetchFile(subAccountLogo, { id, key }, { signal, silent: true }),
    enabled: key !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!blob.data || !key) {
      setUrl('');
      return;
    }
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data, key]);
  return url;
}
