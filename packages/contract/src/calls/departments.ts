import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, ok, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { IMPORT_TYPES } from '../validators.js';
import {
  CODE_PATTERN,
  DEPT_NAME_MAX,
  DEPT_NO_MAX,
  employee,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importExampleRows,
  importRowError,
  ORG_MANAGERS,
} from './employees.js';

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
  subtreeCount: number;
  childDeptList: DepartmentNode[];
}

export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    deptid: z.int32(),
    deptName: z.string(),
    deptNo: z.string(),
    parentId: z.int32(),
    deptManagerEmpid: z.int32().nullable(),
    deptManager: z.string(),
    /** Employees directly in this department. */
    empCount: z.int32(),
    /** Employees in it or in any department below it, each once: what the employee list shows when it is chosen. */
    subtreeCount: z.int32(),
    childDeptList: z.array(departmentNode),
  }),
);

export const getDeptList = defineCall({
  name: 'getDeptList',
  area: 'departments',
  module: 'departments',
  summary: "The company's departments as a tree (parentId 0 is the top level), with direct member counts",
  access: ORG_MANAGERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.array(departmentNode),
});

export const addDepartment = defineCall({
  name: 'addDepartment',
  area: 'departments',
  module: 'departments',
  summary: 'Add a department (123 when the name exists at the same level, 124 when the number exists)',
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.DEPARTMENT_EXISTS]: 'deptName', [Status.DEPARTMENT_NUMBER_EXISTS]: 'deptNo' },
  log: { module: LogModule.EMPLOYEE, event: 'add' },
  input: z.object({
    userid: z.int32().optional(),
    deptName: zDeptName,
    deptNo: zDeptNo.default(''),
    parentId: z.int32().min(0).default(0),
    deptManagerEmpid: z.int32().positive().nullable().default(null),
  }),
  output: z.object({ deptid: z.int32() }),
});

export const updateDepartment = defineCall({
  name: 'updateDepartment',
  area: 'departments',
  module: 'departments',
  summary: 'Rename, renumber, move (never under itself) or change the manager of a department; omitted fields stay',
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.DEPARTMENT_EXISTS]: 'deptName', [Status.DEPARTMENT_NUMBER_EXISTS]: 'deptNo' },
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    deptid: z.int32().positive(),
    deptName: zDeptName.optional(),
    deptNo: zDeptNo.optional(),
    parentId: z.int32().min(0).optional(),
    deptManagerEmpid: z.int32().positive().nullable().optional(),
  }),
  output: ok,
});

export const delDepartment = defineCall({
  name: 'delDepartment',
  area: 'departments',
  module: 'departments',
  summary: 'Delete a department without sub-departments; its members must be moved (moveTo) or it is refused with 58 and the member count',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.EMPLOYEE, event: 'delete' },
  input: z.object({
    userid: z.int32().optional(),
    deptid: z.int32().positive(),
    moveTo: z.int32().positive().optional().describe('department that receives the members'),
  }),
  output: ok,
});

export const getEmpDeptList = defineCall({
  name: 'getEmpDeptList',
  area: 'departments',
  module: 'departments',
  summary: 'Employees of a department (and, with includeChildren, of its sub-departments), paged',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({
    userid: z.int32().optional(),
    deptid: z.int32().positive(),
    includeChildren: z.boolean().default(true),
    ...pageInput,
  }),
  output: pageOf(employee),
});

export const updateDeptEmpRelation = defineCall({
  name: 'updateDeptEmpRelation',
  area: 'departments',
  module: 'departments',
  summary: 'Put employees into a department (add), or take them out of it (remove)',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    deptid: z.int32().positive(),
    empids: z.array(z.int32().positive()).min(1).max(1000),
    action: z.enum(['add', 'remove']).default('add'),
  }),
  output: z.object({ changed: z.int32() }),
});

export const departmentCalls = [getDeptList, addDepartment, updateDepartment, delDepartment, getEmpDeptList, updateDeptEmpRelation] as const;

/** Department import columns: the path (levels separated by /), the number and the manager's work number. */
export const DEPARTMENT_IMPORT_COLUMNS = {
  path: { en: 'Department', zh: '部门', required: true },
  deptNo: { en: 'Department number', zh: '部门编号', required: false },
  managerNo: { en: 'Manager work number', zh: '负责人工号', required: false },
} as const;

export const importDepartment = defineCall({
  name: 'importDepartment',
  area: 'departments',
  module: 'departments',
  summary:
    'Import departments from csv, xls or xlsx: each row a path such as HQ/Sales (missing levels are created), with an optional number and manager work number; dryRun previews (with, for each row that would change an existing department, which one and its number and manager before and after); valid rows are applied, invalid ones reported; a re-run updates instead of duplicating; example rows of the template are never imported (exampleRows)',
  access: [Role.ADMIN, Role.SUBADMIN],
  log: { module: LogModule.EMPLOYEE, event: 'import' },
  upload: { maxBytes: IMPORT_MAX_BYTES, extensions: IMPORT_TYPES },
  input: z.object({
    userid: coercedInt().optional(),
    dryRun: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  }),
  output: z.object({
    total: z.int32(),
    valid: z.int32(),
    created: z.int32(),
    updated: z.int32(),
    errors: z.array(importRowError),
    exampleRows: importExampleRows,
    /** Valid rows naming an existing department. */
    updating: z.int32(),
    /** The first of them (200, as the employee import's) that change it: which department, each field before and after. */
    updates: z.array(
      z.object({
        row: z.int32(),
        deptid: z.int32(),
        path: z.string(),
        changes: z.array(z.object({ field: z.enum(['deptNo', 'managerNo']), before: z.string(), after: z.string() })),
      }),
    ),
    preview: z.array(z.object({ row: z.int32(), path: z.string(), deptNo: z.string(), managerNo: z.string(), action: z.enum(['create', 'update']) })),
  }),
});

export const DEPARTMENT_IMPORT_MAX_ROWS = Math.min(IMPORT_MAX_ROWS, 5000);

export const exportDepartmentTemplate = defineDownload({
  name: 'ExportDepartmentTemplate',
  area: 'departments',
  module: 'departments',
  summary: 'The department import template (xlsx) with headers and an example row in the chosen language',
  access: [Role.ADMIN, Role.SUBADMIN],
  contentType: XLSX_TYPE,
  fileName: 'department-import-template',
  extension: 'xlsx',
  input: z.object({ lang: z.enum(['zh', 'en']).default('en') }),
});
