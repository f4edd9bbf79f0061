import type { addExtendType, addLogisticsInfo, CallInput, logisticsCompanyCreate } from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type BookingFilters, bookingInput } from './query';

export const logisticsKeys = {
  all: ['logistics'] as const,
  types: ['logistics', 'types'] as const,
  link: ['logistics', 'link'] as const,
  carriers: (name: string, page: number, size: number) => ['logistics', 'carriers', name, page, size] as const,
  allCarriers: ['logistics', 'carriers', 'all'] as const,
  bookings: (f: BookingFilters) => ['logistics', 'bookings', bookingInput(f)] as const,
  desk: (day: string, page: number, size: number) => ['logistics', 'desk', day, page, size] as const,
};

/** After any change: every logistics list and look-up is read again. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: logisticsKeys.all });
}

export function useLogisticsTypes() {
  return useQuery({ queryKey: logisticsKeys.types, queryFn: () => api.getExtendType({}) });
}

export function useCarrierPage(name: string, page: number, size: number) {
  return useQuery({
    queryKey: logisticsKeys.carriers(name, page, size),
    queryFn: () => api['logistics-company-page']({ startIndex: (page - 1) * size, requestedCount: size, ...(name && { name }) }),
    placeholderData: keepPreviousData,
  });
}

/** The carriers for a choice (the first 500 by name). */
export function useAllCarriers(enabled = true) {
  return useQuery({
    queryKey: logisticsKeys.allCarriers,
    queryFn: () => api['logistics-company-page']({ startIndex: 0, requestedCount: 500 }),
    enabled,
  });
}

export function useBookings(f: BookingFilters) {
  return useQuery({ queryKey: logisticsKeys.bookings(f), queryFn: () => api.getLogisticsInfo(bookingInput(f)), placeholderData: keepPreviousData });
}

/** The desk's trucks of the day (the server shows a desk only approved and ended bookings), refreshed every 30 s. */
export function useDeskBookings(day: string, page: number, size: number) {
  return useQuery({
    queryKey: logisticsKeys.desk(day, page, size),
    queryFn: () => api.getLogisticsInfo({ startDate: day, endDate: day, psList: [1, 3], startIndex: (page - 1) * size, requestedCount: size }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    refetchOnWindowFocus: 'always',
  });
}

export function useLogisticsLink(enabled: boolean) {
  return useQuery({ queryKey: logisticsKeys.link, queryFn: () => api.getLogisticsLink({}), enabled });
}

export function useResetLink() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => api.resetLogisticsLink({}), onSuccess: invalidate });
}

export type TypeBody = CallInput<typeof addExtendType>;
export function useSaveType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { tid: number | null; body: TypeBody }) =>
      v.tid === null ? api.addExtendType(v.body, { silent: 'form' }) : api.updateExtendType({ ...v.body, tid: v.tid }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (tid: number) => api.delExtendType({ tid }), onSuccess: invalidate });
}

export type CarrierBody = CallInput<typeof logisticsCompanyCreate>;
export function useSaveCarrier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number | null; body: CarrierBody }) =>
      v.id === null
        ? api['logistics-company-create'](v.body, { silent: 'form' })
        : api['logistics-company-update']({ ...v.body, id: v.id }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteCarrier() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api['logistics-company-delete']({ id }), onSuccess: invalidate });
}

export type BookingBody = CallInput<typeof addLogisticsInfo>;
export function useSaveBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { sid: number | null; body: BookingBody }) =>
      v.sid === null ? api.addLogisticsInfo(v.body, { silent: 'form' }) : api.updateLogisticsInfo({ ...v.body, sid: v.sid }, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDecideBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { sid: number; pstatus: 1 | 2; reason?: string }) =>
      api.approveLogistics({ sid: v.sid, pstatus: v.pstatus, reason: v.reason ?? '' }),
    onSuccess: invalidate,
  });
}

/** The gate's moves of a truck: arrival, exit release, departure. */
export function useGateMove() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { sid: number; move: 'arrive' | 'release' | 'leave' }) =>
      v.move === 'arrive'
        ? // 69: the driver owes the induction; the desk says where to take it (GateMoves).
          api.logisticsArrive({ sid: v.sid }, { silent: [Status.EXAM_REQUIRED] })
        : v.move === 'release'
          ? api.logisticsRelease({ sid: v.sid })
          : api.logisticsLeave({ sid: v.sid }),
    onSuccess: invalidate,
  });
}
