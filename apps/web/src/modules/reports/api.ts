import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

export interface Period {
  startDate: string;
  endDate: string;
}

const opts = { placeholderData: keepPreviousData, retry: false } as const;

export function useVisitStatistics(p: Period | null) {
  return useQuery({ queryKey: ['reports', 'stats', p], queryFn: () => api.getVisitStatistics(p as Period), enabled: !!p, ...opts });
}

export function useLineChart(p: Period | null) {
  return useQuery({ queryKey: ['reports', 'line', p], queryFn: () => api.getAllVisitorLineChart(p as Period), enabled: !!p, ...opts });
}

export function useDeptChart(p: Period | null) {
  return useQuery({ queryKey: ['reports', 'dept', p], queryFn: () => api.getVisitorChartByDept(p as Period), enabled: !!p, ...opts });
}
