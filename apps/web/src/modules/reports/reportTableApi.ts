import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type ReportFilters, reportInput } from './reportTableQuery';

/** Under the visits' key: a visit signed in or out elsewhere in the console refreshes the report too. */
export function useVisitReport(f: ReportFilters, enabled: boolean) {
  const input = reportInput(f);
  return useQuery({ queryKey: ['visits', 'report', input], queryFn: () => api.getVisitReport(input), placeholderData: keepPreviousData, enabled });
}

/** The department picker's tree; roles that cannot read departments (desk, sub-company) get no picker, silently. */
export function useReportDepartments() {
  return useQuery({ queryKey: ['visits', 'report', 'departments'], queryFn: () => api.getDeptList({}, { silent: true }), retry: false });
}
