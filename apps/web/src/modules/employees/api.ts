import {
  type addDepartment,
  addEmployee,
  type CallInput,
  delDepartment,
  fieldStatusesOf,
  Status,
  statusField,
  type updateDepartment,
  type updateEmployee,
} from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { peopleKeys as basePeopleKeys } from '../../core/people/public';
import { api } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { type EmpFilters, listInput } from './query';

/** The people kernel's keys (core/people) and a page of employees under them. */
export const peopleKeys = {
  ...basePeopleKeys,
  page: (f: EmpFilters) => ['people', 'employees', 'page', listInput(f)] as const,
};

/** The message of a refusal shown on a field. */
export const EMPLOYEE_ERROR_TEXT = {
  empNo: 'employees.workNumberTaken',
  phone: 'employees.phoneTaken',
  deptIds: 'employees.deptNotFound',
} as const;

/**
 * The form field a business refusal of addEmployee / updateEmployee belongs on, if any (the contract's field statuses:
 * 241 on the work number, 24 on the phone, 602 — a department that no longer exists — on the departments).
 */
export function employeeErrorField(err: unknown): keyof typeof EMPLOYEE_ERROR_TEXT | null {
  if (!(err instanceof ApiError) || err.isTransport) return null;
  const field = statusField(addEmployee, err.status);
  return field && field in EMPLOYEE_ERROR_TEXT ? (field as keyof typeof EMPLOYEE_ERROR_TEXT) : null;
}

export function useEmployeePage(f: EmpFilters) {
  return useQuery({ queryKey: peopleKeys.page(f), queryFn: () => api.getEmpListPages(listInput(f)), placeholderData: keepPreviousData });
}

export function useEmployeeCount() {
  return useQuery({ queryKey: peopleKeys.count, queryFn: () => api.getEmployeeCount({}) });
}

function useInvalidatePeople() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: peopleKeys.all });
}

export function useAddEmployee() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof addEmployee>) => api.addEmployee(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateEmployee>) => api.updateEmployee(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteEmployees() {
  const invalidate = useInvalidatePeople();
  return useMutation({ mutationFn: (empids: number[]) => api.batchDelEmployee({ empids }), onSuccess: invalidate });
}

export function useAddDepartment() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof addDepartment>) => api.addDepartment(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useUpdateDepartment() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateDepartment>) => api.updateDepartment(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

/**
 * 58 is answered to the caller: with `members` it asks where they go and calls again with `moveTo`;
 * with `children` (sub-departments left) it shows the refusal.
 */
export function useDeleteDepartment() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: { deptid: number; moveTo?: number }) => api.delDepartment(input, { silent: fieldStatusesOf(delDepartment) }),
    onSuccess: invalidate,
  });
}

/** The member count of a 58 refusal (`result.members`), or null for any other failure. */
export function membersLeft(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.UPDATE_NOT_ALLOWED) return null;
  const members = (err.result as { members?: unknown } | null)?.members;
  return typeof members === 'number' && members > 0 ? members : null;
}

/** A sub-company's own employees, paged and searched (the server answers a sub-company session only its own). */
export function useSubCompanyEmployeePage(input: { startIndex: number; requestedCount: number; name?: string }) {
  return useQuery({
    queryKey: [...peopleKeys.employees, 'sub', input] as const,
    queryFn: () => api.getSubEmpListPages(input),
    placeholderData: keepPreviousData,
  });
}

/** A sub-company's enabled employees, for picking a host (its own only, whatever it asks). */
export function useSubCompanyEmployees() {
  return useQuery({ queryKey: [...peopleKeys.employees, 'sub', 'enabled'] as const, queryFn: () => api.getSubAccountEmpList({}) });
}
