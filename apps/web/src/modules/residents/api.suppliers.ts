import type { addSupplier, CallInput } from '@openvisit/contract';
import {
  downloadResidentAllFile,
  downloadResidentFile,
  rvFacePhoto,
  updateAllResidentFace,
  uploadLaborFile,
  uploadResidentFile,
  uploadRvFace,
} from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile, fetchFile, uploadFile } from '../../platform/api';
import { type OpenValues, openInput, type WorkerFilters, workerInput } from './query.suppliers';

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: ['suppliers', 'list'] as const,
  report: (from: string, to: string) => ['suppliers', 'report', from, to] as const,
  open: (f: OpenValues) => ['suppliers', 'open', openInput(f)] as const,
};

export type SupplierBody = CallInput<typeof addSupplier>;

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

export function useRvOpenInfo(f: OpenValues) {
  return useQuery({ queryKey: supplierKeys.open(f), queryFn: () => api.getRvOpenInfo(openInput(f)), placeholderData: keepPreviousData });
}

/** Workers (resident visitors) as the session may see them: a server company its own only. */
export function useWorkers(f: WorkerFilters) {
  const input = workerInput(f);
  return useQuery({ queryKey: ['residents', 'workers', input], queryFn: () => api.getResidentVisitor(input), placeholderData: keepPreviousData });
}

/** A batch of photos may take long to check and scale (as the employees' batch). */
const FACE_ZIP_TIMEOUT_MS = 15 * 60_000;

/**
 * A worker's stored photo as a Blob, when they have one. Under the residents' key, so a new photo (every worker write
 * refreshes that key) is fetched again.
 */
export function useWorkerFace(rid: number, hasFace: boolean, enabled = true) {
  return useQuery({
    queryKey: ['residents', 'face', rid],
    queryFn: ({ signal }) => fetchFile(rvFacePhoto, { rid }, { signal, silent: true }),
    enabled: enabled && hasFace,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

export function useUploadWorkerFace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rid, file, onProgress }: { rid: number; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(uploadRvFace, file, file.name, { rid: String(rid) }, { onProgress, silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['residents'] }),
  });
}

export function useUploadWorkerFaceZip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(updateAllResidentFace, file, file.name, {}, { onProgress, silent: 'form', timeoutMs: FACE_ZIP_TIMEOUT_MS }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['residents'] }),
  });
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
