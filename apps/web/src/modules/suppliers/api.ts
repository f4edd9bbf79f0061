import type { addSupplier, CallInput, getResidentVisitor, getRvOpenInfo } from '@openvisit/contract';
import { downloadResidentAllFile, downloadResidentFile, uploadLaborFile, uploadResidentFile } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, uploadFile } from '../../platform/api';

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: ['suppliers', 'list'] as const,
  report: (from: string, to: string) => ['suppliers', 'report', from, to] as const,
  open: (f: OpenFilters) => ['suppliers', 'open', f] as const,
};

export type SupplierBody = CallInput<typeof addSupplier>;
export type OpenFilters = CallInput<typeof getRvOpenInfo>;

export function useSuppliers() {
  return useQuery({ queryKey: supplierKeys.list, queryFn: () => api.getSupplierList({}) });
}

function useInvalidate() {
  const qc = useQueryClient();
  // The residents' lists show supplier names too.
  return () => Promise.all([qc.invalidateQueries({ queryKey: supplierKeys.all }), qc.invalidateQueries({ queryKey: ['residents'] })]);
}

export function useSaveSupplier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { supplierId: number | null; body: SupplierBody }) =>
      v.supplierId === null
        ? api.addSupplier(v.body, { silent: 'form' })
        : api.updateSupplier({ ...v.body, supplierId: v.supplierId }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteSupplier() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (supplierId: number) => api.delSupplier({ supplierId }), onSuccess: invalidate });
}

export function useRvReport(startDate: string, endDate: string) {
  return useQuery({ queryKey: supplierKeys.report(startDate, endDate), queryFn: () => api.getRvReport({ startDate, endDate }) });
}

export function useRvOpenInfo(f: OpenFilters) {
  return useQuery({ queryKey: supplierKeys.open(f), queryFn: () => api.getRvOpenInfo(f), placeholderData: keepPreviousData });
}

export type WorkerFilters = CallInput<typeof getResidentVisitor>;

/** Workers (resident visitors) as the session may see them: a server company its own only. */
export function useWorkers(f: WorkerFilters) {
  return useQuery({ queryKey: ['residents', 'workers', f], queryFn: () => api.getResidentVisitor(f), placeholderData: keepPreviousData });
}

export function useWorkerFiles(rid: number | null) {
  return useQuery({
    queryKey: ['residents', 'files', rid],
    queryFn: () => api.showResidentAllFileByRid({ rid: rid ?? 0 }),
    enabled: rid !== null,
  });
}

export function useUploadWorkerFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { rid: number; file: File; kind: 'labour' | 'certificate' | 'other'; expiresOn?: string }) =>
      v.kind === 'labour'
        ? uploadFile(uploadLaborFile, v.file, v.file.name, { rid: String(v.rid) })
        : uploadFile(uploadResidentFile, v.file, v.file.name, {
            rid: String(v.rid),
            kind: v.kind,
            ...(v.expiresOn ? { expiresOn: v.expiresOn } : {}),
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['residents'] }),
  });
}

export function useDeleteWorkerFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fid: number) => api.delResidentFile({ fid }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['residents'] }),
  });
}

export function useWorkerPass(rid: number | null) {
  return useQuery({ queryKey: ['residents', 'pass', rid], queryFn: () => api.getRvQrcode({ rid: rid ?? 0 }), enabled: rid !== null });
}

export function downloadWorkerFile(fid: number) {
  return downloadFile(downloadResidentFile, { fid });
}

/** Every file of a worker, as one zip. */
export function downloadWorkerFiles(rid: number) {
  return downloadFile(downloadResidentAllFile, { rid });
}
