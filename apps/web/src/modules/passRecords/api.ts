import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type PassListFilters, passInput, type VehicleListFilters, vehicleInput } from './query';

export const passRecordKeys = {
  passes: (f: PassListFilters) => ['passRecords', 'passes', passInput(f)] as const,
  vehicles: (f: VehicleListFilters) => ['passRecords', 'vehicles', vehicleInput(f)] as const,
};

/** Devices add records all the time: always fetched afresh when the screen opens. */
export function usePassRecords(f: PassListFilters) {
  return useQuery({
    queryKey: passRecordKeys.passes(f),
    queryFn: () => api.getOpendoorInfo(passInput(f)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useVehicleRecords(f: VehicleListFilters) {
  return useQuery({
    queryKey: passRecordKeys.vehicles(f),
    queryFn: () => api.getVehicleRecord(vehicleInput(f)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
