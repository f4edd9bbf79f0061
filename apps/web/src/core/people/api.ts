import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys: every employee or department write refreshes both (member counts, department names). */
export const peopleKeys = {
  all: ['people'] as const,
  employees: ['people', 'employees'] as const,
  count: ['people', 'employees', 'count'] as const,
  departments: ['people', 'departments'] as const,
};

export function useDepartments(enabled = true) {
  return useQuery({ queryKey: peopleKeys.departments, queryFn: () => api.getDeptList({}), enabled });
}

/** Face terminals' credentials (the face sync pipeline): the devices module lists and retries them under this key. */
export const faceSyncKeys = {
  all: ['faceCredentials'] as const,
};

/** One person (employee, visit or resident) on every face terminal; only asked where the section is on and allowed. */
export function useFaceSyncOfPerson(personKind: 'employee' | 'visitor' | 'resident', personId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...faceSyncKeys.all, 'person', personKind, personId] as const,
    queryFn: () => api.getFaceSyncOfPerson({ personKind, personId }),
    enabled,
  });
}
