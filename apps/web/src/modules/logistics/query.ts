import type { CallInput, getLogisticsInfo } from '@openvisit/contract';
import { day, defineListParams, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

export const BOOKING_STATUSES = [0, 1, 2, 3] as const;

/** The data screen's filters (those of `getLogisticsInfo`) and paging, kept in the URL. */
export const bookingParams = defineListParams(
  {
    pstatus: oneOf(BOOKING_STATUSES),
    from: day(),
    to: day(),
    sname: text(50),
    mobile: text(32),
    cardid: text(18),
    plateNum: text(16),
    logType: int(),
    companyId: int(),
  },
  { normalize: (v) => (v.from && v.to && v.from > v.to ? { ...v, from: v.to, to: v.from } : v) },
);
export type BookingFilters = ListValues<typeof bookingParams>;

/** The list filters as the call (and the export) take them. */
export function bookingFilterInput(f: Omit<BookingFilters, 'page' | 'size'>) {
  return {
    ...(f.pstatus !== undefined && { psList: [f.pstatus] }),
    ...(f.from && { startDate: f.from }),
    ...(f.to && { endDate: f.to }),
    ...(f.sname && { sname: f.sname }),
    ...(f.mobile && { mobile: f.mobile }),
    ...(f.cardid && { cardid: f.cardid }),
    ...(f.plateNum && { plateNum: f.plateNum }),
    ...(f.logType && { logType: f.logType }),
    ...(f.companyId && { companyId: f.companyId }),
  };
}

export function bookingInput(f: BookingFilters): CallInput<typeof getLogisticsInfo> {
  return { ...pageWindow(f), ...bookingFilterInput(f) };
}
