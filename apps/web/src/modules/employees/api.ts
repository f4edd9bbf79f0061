import { type addDepartment, type addEmployee, type CallInput, Status, type updateDepartment, type updateEmployee } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { type EmpFilters, listInput } from './query';

/** Query keys: every employee or department write refreshes both (member counts, department names). */
export const peopleKeys = {
  all: ['people'] as const,
  employees: ['people', 'employees'] as const,
  page: (f: EmpFilters) => ['people', 'employees', 'page', listInput(f)] as const,
  count: ['people', 'employees', 'count'] as const,
  departments: ['people', 'departments'] as const,
};

/**
 * Statuses an employee form shows on its fields: 400 field errors, 241 on the work number, 24 on the
 * phone, 602 (a department that no longer exists) on the departments.
 */
export const EMPLOYEE_FORM_SILENT: readonly number[] = [
  Status.BAD_PARAMS,
  Status.WORK_NUMBER_NOT_UNIQUE,
  Status.PHONE_NOT_UNIQUE,
  Status.NO_SUCH_RECORD,
];

/** The message of a refusal shown on a field. */
export const EMPLOYEE_ERROR_TEXT = {
  empNo: 'employees.workNumberTaken',
  phone: 'employees.phoneTaken',
  deptIds: 'employees.deptNotFound',
} as const;

/** The form field a business refusal of addEmployee / updateEmployee belongs on, if any. */
export function employeeErrorField(err: unknown): 'empNo' | 'phone' | 'deptIds' | null {
  if (!(err instanceof ApiError) || err.isTransport) return null;
  if (err.status === Status.WORK_NUMBER_NOT_UNIQUE) return 'empNo';
  if (err.status === Status.PHONE_NOT_UNIQUE) return 'phone';
  if (err.status === Status.NO_SUCH_RECORD) return 'deptIds';
  return null;
}
/** Statuses a department form shows on its fields (123 on the name, 124 on the number). */
export const DEPARTMENT_FORM_SILENT: readonly number[] = [Status.BAD_PARAMS, Status.DEPARTMENT_EXISTS, Status.DEPARTMENT_NUMBER_EXISTS];

export function useEmployeePage(f: EmpFilters) {
  return useQuery({ queryKey: peopleKeys.page(f), queryFn: () => api.getEmpListPages(listInput(f)), placeholderData: keepPreviousData });
}

export function useEmployeeCount() {
  return useQuery({ queryKey: peopleKeys.count, queryFn: () => api.getEmployeeCount({}) });
}

export function useDepartments() {
  return useQuery({ queryKey: peopleKeys.departments, queryFn: () => api.getDeptList({}) });
}

function useInvalidatePeople() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: peopleKeys.all });
}

export function useAddEmployee() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof addEmployee>) => api.addEmployee(input, { silent: EMPLOYEE_FORM_SILENT }),
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateEmployee>) => api.updateEmployee(input, { silent: EMPLOYEE_FORM_SILENT }),
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
    mutationFn: (input: CallInput<typeof addDepartment>) => api.addDepartment(input, { silent: DEPARTMENT_FORM_SILENT }),
    onSuccess: invalidate,
  });
}

export function useUpdateDepartment() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (input: CallInput<typeof updateDepartment>) => api.updateDepartment(input, { silent: DEPARTMENT_FORM_SILENT }),
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
    mutationFn: (input: { deptid: number; moveTo?: number }) => api.delDepartment(input, { silent: [Status.UPDATE_NOT_ALLOWED] }),
    onSuccess: invalidate,
  });
}

/** The member count of a 58 refusal (`result.members`), or null for any other failure. */
export function membersLeft(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.UPDATE_NOT_ALLOWED) return null;
  const members = (err.result as { members?: unknown } | null)?.members;
  return typeof members === 'number' && members > 0 ? members : null;
}
