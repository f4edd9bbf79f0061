import { z } from 'zod';
import { defineCall, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, NOTIFY_CHANNEL_MAX, Role } from '../lookups.js';
import { CODE_PATTERN, employee, ORG_MANAGERS } from './employees.js';

/**
 * Per-employee attributes set in batches (card numbers, visit types, notification channels, sub-company,
 * access rights) and the lists built on them. Split from employees.ts to keep each file one resource.
 */

const empids = z.array(z.int32().positive()).min(1).max(1000);
const zCardNo = z.string().trim().max(32).regex(CODE_PATTERN, 'format');
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');
const updated = z.object({ updated: z.int32() });
const userid = z.int32().optional();

export const updateCardNo = defineCall({
  name: 'updateCardNo',
  area: 'employees',
  module: 'employees',
  summary: "Set or clear one employee's access card number (unique in the company; field error cardNo/taken)",
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.WORK_NUMBER_NOT_UNIQUE],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid, empid: z.int32().positive(), cardNo: zCardNo }),
  output: employee,
});

export const SYNC_CARDS_MAX = 20_000;

export const synchronCardNo = defineCall({
  name: 'SynchronCardNo',
  area: 'employees',
  module: 'employees',
  summary:
    'Issue card numbers in a batch by work number (e.g. from a card printer list): valid rows are applied in one transaction, invalid ones reported; with `replace`, employees not listed lose their card number',
  access: [Role.ADMIN, Role.SUBADMIN],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid,
    cards: z
      .array(z.object({ empNo: z.string().trim().min(1).max(32), cardNo: zCardNo.min(1) }))
      .min(1)
      .max(SYNC_CARDS_MAX),
    replace: z.boolean().default(false),
  }),
  output: z.object({
    updated: z.int32(),
    unchanged: z.int32(),
    cleared: z.int32(),
    errors: z.array(z.object({ row: z.int32(), field: z.enum(['empNo', 'cardNo']), rule: z.string() })),
  }),
});

export const updateEmpVisitType = defineCall({
  name: 'updateEmpVisitType',
  area: 'employees',
  module: 'employees',
  summary: 'Set the visit types these employees receive (comma-separated names as the visit types are stored)',
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid, empids, visitType: z.string().trim().max(100) }),
  output: updated,
});

export const getVisitType = defineCall({
  name: 'GetVisitType',
  area: 'employees',
  module: 'employees',
  summary: 'The visit types an employee receives; an employee signed in gets their own',
  access: [...ORG_MANAGERS, Role.GATE, Role.MACHINE, Role.EMPLOYEE],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid, empid: z.int32().positive().optional() }),
  output: z.object({ empid: z.int32(), visitTypes: z.array(z.string()) }),
});

export const updateDefaultNotify = defineCall({
  name: 'updateDefaultNotify',
  area: 'employees',
  module: 'employees',
  summary: 'Set how these employees are told about their visitors (bit set of notifyChannelLabels); an employee may set their own',
  access: [...ORG_MANAGERS, Role.EMPLOYEE],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid, empids, defaultNotify: z.int32().min(0).max(NOTIFY_CHANNEL_MAX) }),
  output: updated,
});

export const updateEmpSubAccount = defineCall({
  name: 'updateEmpSubAccount',
  area: 'employees',
  module: 'employees',
  summary: 'Move employees to a sub-company (0 = the company itself); 94 when the sub-company is not this company’s',
  access: [Role.ADMIN, Role.SUBADMIN],
  statuses: [Status.SUB_ACCOUNT_INVALID, Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid, empids, subaccountId: z.int32().min(0) }),
  output: updated,
});

const pickerItem = employee.pick({
  empid: true,
  empName: true,
  empNo: true,
  empPhone: true,
  deptNames: true,
  subaccountId: true,
  // The desk offers the default receptionist first and shows until when the host may receive.
  defaultReceiver: true,
  acEnd: true,
});

export const getSubAccountEmpList = defineCall({
  name: 'getSubAccountEmpList',
  area: 'employees',
  module: 'employees',
  summary:
    'All enabled employees of one sub-company (a sub-company signed in gets its own, whatever it asks), or without one the company’s own (not in a sub-company); the front desk picks a walk-in’s host from it',
  access: [...ORG_MANAGERS, Role.GATE, Role.SUB_COMPANY],
  statuses: [Status.SUB_ACCOUNT_INVALID],
  input: z.object({ userid, subaccountId: z.int32().positive().optional() }),
  output: z.array(pickerItem),
});

export const getSubEmpListPages = defineCall({
  name: 'getSubEmpListPages',
  area: 'employees',
  module: 'employees',
  summary: 'Employees of sub-companies, paged and searchable; a sub-company signed in sees only its own',
  access: [...ORG_MANAGERS, Role.SUB_COMPANY],
  statuses: [Status.SUB_ACCOUNT_INVALID],
  input: z.object({
    userid,
    ...pageInput,
    name: z.string().trim().max(64).optional(),
    subaccountId: z.int32().positive().optional(),
  }),
  output: pageOf(employee),
});

/** An employee's access rights: allowed or not, and the dates between which they hold. */
export const accessRights = z.object({
  empid: z.int32(),
  empName: z.string(),
  empNo: z.string(),
  deptNames: z.array(z.string()),
  cardNo: z.string(),
  face: z.int32().nullable(),
  acEnabled: z.boolean(),
  acStart: zDay.nullable(),
  acEnd: zDay.nullable(),
  /** The device groups granted (the original's employee `egids`). */
  egids: z.array(z.int32()),
});

/** Who reads access rights: the managers, and the front desk (as it reads devices and groups). */
const RIGHTS_READERS = [...ORG_MANAGERS, Role.GATE] as const;
const egids = z.array(z.int32().positive()).max(500);

export const getAcList = defineCall({
  name: 'getAcList',
  area: 'employees',
  module: 'employees',
  summary:
    'Employees with their access rights (card, face, allowed, validity dates, device groups), paged, filtered by name, department, allowed or a granted group',
  feature: 'accessControl',
  access: RIGHTS_READERS,
  input: z.object({
    userid,
    ...pageInput,
    name: z.string().trim().max(64).optional(),
    deptid: z.int32().positive().optional(),
    acEnabled: z.boolean().optional(),
    egid: z.int32().positive().optional(),
  }),
  output: pageOf(accessRights),
});

export const updateAccessControl = defineCall({
  name: 'updateAccessControl',
  area: 'employees',
  module: 'employees',
  summary:
    "Grant or withdraw employees' access, optionally limited to a date range (both ends inclusive), and/or set exactly their device groups (`egids`, the company's: else 400 egids notFound); one transaction. Without `acEnabled` the allowed flag and dates stay",
  feature: 'accessControl',
  access: [Role.ADMIN, Role.SUBADMIN],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z
    .object({
      userid,
      empids,
      acEnabled: z.boolean().optional(),
      acStart: zDay.nullable().default(null),
      acEnd: zDay.nullable().default(null),
      egids: egids.optional(),
    })
    .refine((v) => !v.acStart || !v.acEnd || v.acStart <= v.acEnd, { path: ['acEnd'], message: 'beforeStart' })
    .refine((v) => v.acEnabled !== undefined || v.egids !== undefined, { path: ['egids'], message: 'required' }),
  output: updated,
});

export const getPendingCard = defineCall({
  name: 'getPendingCard',
  area: 'employees',
  module: 'employees',
  summary:
    'Enabled employees allowed access and granted at least one device group but without a card number yet: the card-issuing queue, oldest first',
  feature: 'accessControl',
  access: RIGHTS_READERS,
  input: z.object({ userid, ...pageInput, name: z.string().trim().max(64).optional() }),
  output: pageOf(accessRights),
});

/** An employee as the invitation-permission list shows them (spec section 6: employees marked forbid-invite cannot invite). */
export const invitePerson = z.object({
  empid: z.int32(),
  empName: z.string(),
  empNo: z.string(),
  empPhone: z.string(),
  deptNames: z.array(z.string()),
  /** 0 enabled, 1 forbidden, 2 stopped. */
  status: z.int32(),
  forbidInvite: z.boolean(),
});

export const getInvitePersonList = defineCall({
  name: 'getInvitePersonList',
  area: 'employees',
  module: 'employees',
  summary: 'Employees with whether each may invite visitors (forbidInvite), paged, by name (or work number, phone) and department',
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z.object({
    userid,
    ...pageInput,
    name: z.string().trim().max(64).optional(),
    deptid: z.int32().positive().optional(),
    forbidInvite: z.boolean().optional(),
  }),
  output: pageOf(invitePerson),
});

export const updateInviteStatus = defineCall({
  name: 'updateInviteStatus',
  area: 'employees',
  module: 'employees',
  summary: 'Allow (forbidInvite false) or forbid these employees to invite visitors; ids of other companies are ignored and not counted',
  access: [Role.ADMIN, Role.SUBADMIN],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid, empids, forbidInvite: z.boolean() }),
  output: updated,
});

export const employeeAttributeCalls = [
  updateCardNo,
  synchronCardNo,
  updateEmpVisitType,
  getVisitType,
  updateDefaultNotify,
  updateEmpSubAccount,
  getSubAccountEmpList,
  getSubEmpListPages,
  getAcList,
  updateAccessControl,
  getPendingCard,
  getInvitePersonList,
  updateInviteStatus,
] as const;
