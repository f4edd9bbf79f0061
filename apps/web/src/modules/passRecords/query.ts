import type { CallInput, getOpendoorInfo, getVehicleRecord } from '@openvisit/contract';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DAY_FORMAT } from '../../platform/format';
import { day, defineListParams, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

dayjs.extend(customParseFormat);

const validDay = (v: string) => dayjs(v, DAY_FORMAT, true).isValid();
// A reversed range is put right.
const ordered = <F extends { from?: string; to?: string }>(f: F): F => (f.from && f.to && f.from > f.to ? { ...f, from: f.to, to: f.from } : f);

export const PERSON_TYPES = [1, 2, 3, -1] as const;
export const PERSON_KEYS: Record<number, 'employee' | 'visitor' | 'resident' | 'unknown'> = {
  1: 'employee',
  2: 'visitor',
  3: 'resident',
  [-1]: 'unknown',
};
export const DIRECTIONS = [1, 2] as const;
/** 1 success, 0 failure, 2 unknown. */
export const RESULTS = [1, 0, 2] as const;
export const WAYS = ['qr', 'face', 'card'] as const;

/** The door-pass list's filters and paging, kept in the URL (days both inclusive). */
export const passList = defineListParams(
  {
    q: text(64),
    gate: int(),
    device: int(),
    person: oneOf(PERSON_TYPES),
    direction: oneOf(DIRECTIONS),
    result: oneOf(RESULTS),
    way: oneOf(WAYS),
    from: day(validDay),
    to: day(validDay),
  },
  { normalize: ordered },
);
export type PassListFilters = ListValues<typeof passList>;

/** The filters as the list call and the export take them. */
export function passFilters(f: PassListFilters) {
  return {
    ...(f.q !== '' && { name: f.q }),
    ...(f.gate !== undefined && { gid: f.gate }),
    ...(f.device !== undefined && { eid: f.device }),
    ...(f.person !== undefined && { vtype: f.person }),
    ...(f.direction !== undefined && { direction: f.direction }),
    ...(f.result !== undefined && { openStatus: f.result }),
    ...(f.way !== undefined && { passWay: f.way }),
    ...(f.from !== undefined && { date: f.from }),
    ...(f.to !== undefined && { endDate: f.to }),
  };
}

export const passInput = (f: PassListFilters): CallInput<typeof getOpendoorInfo> => ({ ...pageWindow(f), ...passFilters(f) });

/** The vehicle-pass list's filters and paging. */
export const vehicleList = defineListParams(
  {
    plate: text(16),
    direction: oneOf(DIRECTIONS),
    result: oneOf(RESULTS),
    from: day(validDay),
    to: day(validDay),
  },
  { normalize: ordered },
);
export type VehicleListFilters = ListValues<typeof vehicleList>;

export function vehicleFilters(f: VehicleListFilters) {
  return {
    ...(f.plate !== '' && { plateNum: f.plate }),
    ...(f.direction !== undefined && { direction: f.direction }),
    ...(f.result !== undefined && { openStatus: f.result }),
    ...(f.from !== undefined && { date: f.from }),
    ...(f.to !== undefined && { endDate: f.to }),
  };
}

export const vehicleInput = (f: VehicleListFilters): CallInput<typeof getVehicleRecord> => ({ ...pageWindow(f), ...vehicleFilters(f) });
