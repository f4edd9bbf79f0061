import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys: every employee or department write refreshes both (member counts, department names). */
export const peopleKeys = {
  all: ['people'] as const,
  employees: ['people', 'employees'] as const,
  count: ['people', 'employees', 'count'] as const,
  departments: ['people', 'departments'] as const,
};

export function useDepartments() {
  return useQuery({ queryKey: peopleKeys.departments, queryFn: () => api.getDeptList({}) });
}
