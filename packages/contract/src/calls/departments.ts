import { z } from 'zod';
import { defineCall, ok, pageInput, pageOf } from '../call.js';
import { LogModule } from '../lookups.js';
import { CODE_PATTERN, DEPT_NAME_MAX, DEPT_NO_MAX, employee, ORG_MANAGERS } from './employees.js';

const zDeptName = z.string().trim().min(1).max(DEPT_NAME_MAX).describe('department name, unique among its siblings');
const zDeptNo = z.string().trim().max(DEPT_NO_MAX).regex(CODE_PATTERN, 'format').describe('department number, unique in the company; empty for none');

export interface DepartmentNode {
  deptid: number;
  deptName: string;
  deptNo: string;
  parentId: number;
  deptManagerEmpid: number | null;
  deptManager: string;
  empCount: number;
  childDeptList: DepartmentNode[];
}

export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    deptid: z.number().int(),
    deptName: z.string(),
    deptNo: z.string(),
    parentId: z.number().int(),
    deptManagerEmpid: z.number().int().nullable(),
    deptManager: z.string(),
    /** Employees directly in this department. */
    empCount: z.number().int(),
    childDeptList: z.array(departmentNode),
  }),
);

export const getDeptList = defineCall({
  name: 'getDeptList',
  module: 'departments',
  summary: "The company's departments as a tree (parentId 0 is the top level), with direct member counts",
  access: ORG_MANAGERS,
  input: z.object({ userid: z.number().int().optional() }),
  output: z.array(departmentNode),
});

export const addDepartment = defineCall({
  name: 'addDepartment',
  module: 'departments',
  summary: 'Add a department (123 when the name exists at the same level, 124 when the number exists)',
  access: ORG_MANAGERS,
  log: { module: LogModule.EMPLOYEE, event: 'add' },
  input: z.object({
    userid: z.number().int().optional(),
    deptName: zDeptName,
    deptNo: zDeptNo.default(''),
    parentId: z.number().int().min(0).default(0),
    deptManagerEmpid: z.number().int().positive().nullable().default(null),
  }),
  output: z.object({ deptid: z.number().int() }),
});

export const updateDepartment = defineCall({
  name: 'updateDepartment',
  module: 'departments',
  summary: 'Rename, renumber, move (never under itself) or change the manager of a department; omitted fields stay',
  access: ORG_MANAGERS,
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid: z.number().int().optional(),
    deptid: z.number().int().positive(),
    deptName: zDeptName.optional(),
    deptNo: zDeptNo.optional(),
    parentId: z.number().int().min(0).optional(),
    deptManagerEmpid: z.number().int().positive().nullable().optional(),
  }),
  output: ok,
});

export const delDepartment = defineCall({
  name: 'delDepartment',
  module: 'departments',
  summary: 'Delete a department without sub-departments; its members must be moved (moveTo) or it is refused with 58 and the member count',
  access: ORG_MANAGERS,
  log: { module: LogModule.EMPLOYEE, event: 'delete' },
  input: z.object({
    userid: z.number().int().optional(),
    deptid: z.number().int().positive(),
    moveTo: z.number().int().positive().optional().describe('department that receives the members'),
  }),
  output: ok,
});

export const getEmpDeptList = defineCall({
  name: 'getEmpDeptList',
  module: 'departments',
  summary: 'Employees of a department (and, with includeChildren, of its sub-departments), paged',
  access: ORG_MANAGERS,
  input: z.object({
    userid: z.number().int().optional(),
    deptid: z.number().int().positive(),
    includeChildren: z.boolean().default(true),
    ...pageInput,
  }),
  output: pageOf(employee),
});

export const updateDeptEmpRelation = defineCall({
  name: 'updateDeptEmpRelation',
  module: 'departments',
  summary: 'Put employees into a department (add), or take them out of it (remove)',
  access: ORG_MANAGERS,
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid: z.number().int().optional(),
    deptid: z.number().int().positive(),
    empids: z.array(z.number().int().positive()).min(1).max(1000),
    action: z.enum(['add', 'remove']).default('add'),
  }),
  output: z.object({ changed: z.number().int() }),
});

export const departmentCalls = [getDeptList, addDepartment, updateDepartment, delDepartment, getEmpDeptList, updateDeptEmpRelation] as const;
