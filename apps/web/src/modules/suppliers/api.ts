import type { addSupplier, CallInput, getRvOpenInfo } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

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
