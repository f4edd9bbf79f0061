import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPersonName, zPhone } from '../fieldSchemas.js';
import { LogModule, NOTIFY_CHANNEL_MAX, Role } from '../lookups.js';
import { IMPORT_TYPES } from '../validators.js';
import { signInSecurityTold, zResetTwoStep } from './passkeys.js';

/** Who manages the company's organisation: administrators, sub-administrators and HSE (as the original). */
export const ORG_MANAGERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;

/** Work and department numbers: letters, digits and _ . - (shared with the console's forms). */
export const CODE_PATTERN = /^[A-Za-z0-9_.-]*$/;
export const WORK_NUMBER_MAX = 32;
export const DEPT_NAME_MAX = 64;
export const DEPT_NO_MAX = 32;

/** An employee as the original answers it (qcv_employee), plus the departments it belongs to. */
export const employee = z.object({
  empid: z.int32(),
  empName: z.string(),
  empNo: z.string(),
  empPhone: z.string(),
  empEmail: z.string(),
  empPosition: z.string(),
  deptIds: z.array(z.int32()),
  deptNames: z.array(z.string()),
  cardNo: z.string(),
  telephone: z.string(),
  workbay: z.string(),
  remark: z.string(),
  superiorNo: z.string(),
  superiorName: z.string(),
  domainAccount: z.string(),
  visitType: z.string(),
  defaultNotify: z.int32(),
  defaultReceiver: z.boolean(),
  isLeader: z.boolean(),
  defaultContact: z.boolean(),
  forbidAppointment: z.boolean(),
  forbidInvite: z.boolean(),
  hideFromPad: z.boolean(),
  /** 0 enabled, 1 forbidden, 2 stopped. */
  status: z.int32(),
  /** Face photo status (spec section 4); -9 not synced; null without a photo. */
  face: z.int32().nullable(),
  /** The stored face photo's key ('' without one); it changes with every new photo. */
  avatar: z.string(),
  /** Access rights: allowed, and the inclusive dates between which (null = open-ended). */
  acEnabled: z.boolean(),
  acStart: z.string().nullable(),
  acEnd: z.string().nullable(),
  subaccountId: z.int32().nullable(),
  createTime: epochMs,
  /** On the administrator's list and edit answers (modules/passkeys). */
  ...signInSecurityTold,
});
export type Employee = z.infer<typeof employee>;

const zWorkNumber = z.string().trim().max(WORK_NUMBER_MAX).regex(CODE_PATTERN, 'format');
const zShort = (max: number) => z.string().trim().max(max);

/** Editable fields, with the original's request names (`employee_name`, `email`, `phone`…). */
const employeeFields = {
  employee_name: zPersonName,
  empNo: zWorkNumber,
  phone: zPhone,
  email: zEmail.or(z.literal('')),
  empPosition: zShort(64),
  deptIds: z.array(z.int32().positive()).max(20),
  cardNo: zShort(32),
  telephone: zShort(32),
  workbay: zShort(64),
  remark: zShort(200),
  superiorNo: zShort(32),
  superiorName: zShort(50),
  domainAccount: zShort(64),
  visitType: zShort(100),
  defaultNotify: z.int32().min(0).max(NOTIFY_CHANNEL_MAX),
  defaultReceiver: z.boolean(),
  isLeader: z.boolean(),
  defaultContact: z.boolean(),
  forbidAppointment: z.boolean(),
  forbidInvite: z.boolean(),
  hideFromPad: z.boolean(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
};

const employeeBody = z.object(employeeFields);
export type EmployeeFields = z.infer<typeof employeeBody>;

/**
 * Who adds and edits employees: the organisation's managers, and a sub-company's administrator for its own employees
 * (the server places them in its sub-company whatever the body says; it may not set departments or card numbers, the
 * head office's, field error deptIds/cardNo notAllowed).
 */
export const EMPLOYEE_EDITORS = [...ORG_MANAGERS, Role.SUB_COMPANY] as const;

/** Accepting the company's exemption clause is required on add and edit once the company has set one (spec section 6). */
const acceptClause = z.boolean().optional().describe('the editor accepts the company exemption clause');

export const addEmployee = defineCall({
  name: 'addEmployee',
  area: 'employees',
  module: 'employees',
  summary:
    'Add an employee; omitted fields take their defaults (241 work number taken, 24 phone taken, 602 unknown department); a sub-company adds to itself',
  access: EMPLOYEE_EDITORS,
  fieldStatuses: { [Status.WORK_NUMBER_NOT_UNIQUE]: 'empNo', [Status.PHONE_NOT_UNIQUE]: 'phone', [Status.NO_SUCH_RECORD]: 'deptIds' },
  log: { module: LogModule.EMPLOYEE, event: 'add' },
  input: employeeBody.partial().extend({
    userid: z.int32().optional(),
    employee_name: employeeFields.employee_name,
    phone: employeeFields.phone,
    acceptClause,
  }),
  output: employee,
});

export const updateEmployee = defineCall({
  name: 'updateEmployee',
  area: 'employees',
  module: 'employees',
  summary:
    'Change an employee; omitted fields stay as they are (a sub-company only its own: 55 for any other); `resetTwoStep` removes their passkeys and turns their two-step sign-in off (their sessions end)',
  access: EMPLOYEE_EDITORS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  fieldStatuses: { [Status.WORK_NUMBER_NOT_UNIQUE]: 'empNo', [Status.PHONE_NOT_UNIQUE]: 'phone', [Status.NO_SUCH_RECORD]: 'deptIds' },
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: employeeBody.partial().extend({
    userid: z.int32().optional(),
    empid: z.int32().positive(),
    acceptClause,
    resetTwoStep: zResetTwoStep,
  }),
  output: employee,
});

export const batchDelEmployee = defineCall({
  name: 'batchDelEmployee',
  area: 'employees',
  module: 'employees',
  summary: 'Delete employees by id; ids of other companies are ignored and not counted',
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), empids: z.array(z.int32().positive()).min(1).max(1000) }),
  output: z.object({ deleted: z.int32() }),
});

const zSort = z.enum(['empName', 'empNo', 'createTime']).default('createTime');

export const getEmpListPages = defineCall({
  name: 'getEmpListPages',
  area: 'employees',
  module: 'employees',
  summary: 'Employees, paged, searchable by name, work number, phone and department, sortable',
  access: ORG_MANAGERS,
  input: z.object({
    userid: z.int32().optional(),
    ...pageInput,
    name: z.string().trim().max(64).optional().describe('matches name, work number or phone'),
    empNo: z.string().trim().max(32).optional(),
    phone: z.string().trim().max(32).optional(),
    deptid: z.int32().positive().optional(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    sortBy: zSort,
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
  }),
  output: pageOf(employee),
});

export const getEmpList = defineCall({
  name: 'GetEmpList',
  area: 'employees',
  module: 'employees',
  summary: 'All enabled employees of the company (id, name, work number, phone, departments), for pickers',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.MACHINE],
  input: z.object({ userid: z.int32().optional() }),
  output: z.array(employee.pick({ empid: true, empName: true, empNo: true, empPhone: true, deptNames: true })),
});

export const getEmployeeCount = defineCall({
  name: 'getEmployeeCount',
  area: 'employees',
  module: 'employees',
  summary: 'How many employees the company has, by status',
  access: ORG_MANAGERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({ total: z.int32(), enabled: z.int32(), forbidden: z.int32(), stopped: z.int32() }),
});

export const getEmpByName = defineCall({
  name: 'getEmpByName',
  area: 'employees',
  module: 'employees',
  summary:
    'Search enabled employees by name, work number or phone (at most 20); the visitor machine never sees those hidden from pad search. `subaccountId` narrows to one sub-company (0: the head office’s own); 94 for one not in use. A sub-company always finds only its own',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE, Role.SUB_COMPANY],
  statuses: [Status.SUB_ACCOUNT_INVALID],
  input: z.object({
    userid: z.int32().optional(),
    name: z.string().trim().min(1).max(64),
    subaccountId: z.int32().min(0).optional().describe('the company a walk-in picked: a sub-company, or 0 the head office'),
  }),
  output: z.array(employee.pick({ empid: true, empName: true, empNo: true, empPhone: true, deptNames: true, empPosition: true, workbay: true })),
});

export const getEmployeeByEmpNo = defineCall({
  name: 'getEmployeeByEmpNo',
  area: 'employees',
  module: 'employees',
  summary: 'One employee by work number (55 when there is none)',
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid: z.int32().optional(), empNo: z.string().trim().min(1).max(32) }),
  output: employee,
});

export const getDeptByEmpid = defineCall({
  name: 'getDeptByEmpid',
  area: 'employees',
  module: 'employees',
  summary: "An employee's departments (55 when the employee is not in this company)",
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE, Role.EMPLOYEE],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid: z.int32().optional(), empid: z.int32().positive() }),
  output: z.array(z.object({ deptid: z.int32(), deptName: z.string() })),
});

export const employeeCalls = [
  addEmployee,
  updateEmployee,
  batchDelEmployee,
  getEmpListPages,
  getEmpList,
  getEmployeeCount,
  getEmpByName,
  getEmployeeByEmpNo,
  getDeptByEmpid,
] as const;

export const exportEmployeeList = defineDownload({
  name: 'ExportEmployeeList',
  area: 'employees',
  module: 'employees',
  summary: 'The employees matching the list filters as an xlsx workbook, streamed',
  access: ORG_MANAGERS,
  contentType: XLSX_TYPE,
  fileName: 'employees',
  extension: 'xlsx',
  log: { module: LogModule.EMPLOYEE, event: 'export' },
  input: z.object({
    name: z.string().trim().max(64).optional(),
    deptid: coercedInt().positive().optional(),
    status: coercedInt().min(0).max(2).optional(),
    lang: z.enum(['zh', 'en']).default('en'),
  }),
});

export const employeeDownloads = [exportEmployeeList] as const;

/** Where an imported row went wrong: 1-based row number as in the spreadsheet (the header is row 1). */
export const importRowError = z.object({ row: z.int32(), field: z.string(), rule: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** Rows of the employee import's check that list what an update changes (the count of updates is always whole). */
export const IMPORT_UPDATE_DETAILS_MAX = 200;

/** The template's example rows an import skipped, by row number (they never import, issue 35). */
export const importExampleRows = z.array(z.int32());

/** An employee field an import row can change (the import column's key). */
export const EMPLOYEE_IMPORT_FIELDS = ['employee_name', 'phone', 'empNo', 'email', 'empPosition', 'departments'] as const;

export const importEmpList = defineCall({
  name: 'importEmpList',
  area: 'employees',
  module: 'employees',
  summary:
    'Import employees from csv (UTF-8 or GB18030), xls or xlsx (columns by header, in English or Chinese): dryRun previews (with, for each row that would change an existing employee, who and each field before and after); otherwise valid rows are added, rows matching an employee by work number (else phone) update it unless updateExisting is false, missing departments are created; invalid rows are reported and skipped; example rows of the template are never imported (exampleRows)',
  access: [Role.ADMIN, Role.SUBADMIN],
  log: { module: LogModule.EMPLOYEE, event: 'import' },
  upload: { maxBytes: IMPORT_MAX_BYTES, extensions: IMPORT_TYPES },
  input: z.object({
    userid: coercedInt().optional(),
    dryRun: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    acceptClause: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    updateExisting: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true')
      .describe('false: rows matching an existing employee are left out, only new employees are added'),
  }),
  output: z.object({
    total: z.int32(),
    valid: z.int32(),
    created: z.int32(),
    updated: z.int32(),
    departmentsCreated: z.int32(),
    errors: z.array(importRowError),
    exampleRows: importExampleRows,
    /** Valid rows matching an existing employee (updated, or left out with updateExisting false). */
    updating: z.int32(),
    /** Of those, left out because updateExisting was false. */
    leftOut: z.int32(),
    /** The first rows that change an existing employee: who it is now, and each changed field. */
    updates: z.array(
      z.object({
        row: z.int32(),
        empid: z.int32(),
        empName: z.string(),
        empNo: z.string(),
        phone: z.string(),
        changes: z.array(z.object({ field: z.enum(EMPLOYEE_IMPORT_FIELDS), before: z.string(), after: z.string() })),
      }),
    ),
    preview: z.array(
      z.object({
        row: z.int32(),
        empName: z.string(),
        empNo: z.string(),
        phone: z.string(),
        email: z.string(),
        departments: z.string(),
        action: z.enum(['create', 'update']),
      }),
    ),
  }),
});

export const exportEmployeeTemplate = defineDownload({
  name: 'ExportEmployeeTemplate',
  area: 'employees',
  module: 'employees',
  summary: 'The employee import template (xlsx) with headers and an example row in the chosen language',
  access: [Role.ADMIN, Role.SUBADMIN],
  contentType: XLSX_TYPE,
  fileName: 'employee-import-template',
  extension: 'xlsx',
  input: z.object({ lang: z.enum(['zh', 'en']).default('en') }),
});

/** Import columns: the header names accepted for each field, in both languages. */
export const EMPLOYEE_IMPORT_COLUMNS = {
  employee_name: { en: 'Name', zh: '姓名', required: true },
  phone: { en: 'Mobile phone', zh: '手机号', required: true },
  empNo: { en: 'Work number', zh: '工号', required: false },
  email: { en: 'Email', zh: '邮箱', required: false },
  departments: { en: 'Departments', zh: '部门', required: false },
  empPosition: { en: 'Position', zh: '职位', required: false },
} as const;
