import { z } from 'zod';
import { defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');

/** An employee's delegation of receiving visitors to another employee for a date range (qcv_visit_proxy). */
export const visitProxy = z.object({
  empid: z.int32(),
  empName: z.string(),
  proxyId: z.int32(),
  proxyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** 1 on, 0 off. */
  proxyStatus: z.int32(),
  /** On, and today is within the range. */
  active: z.boolean(),
  updateTime: epochMs,
});
export type VisitProxy = z.infer<typeof visitProxy>;

const WHO = [Role.ADMIN, Role.SUBADMIN, Role.EMPLOYEE] as const;

export const setVisitProxy = defineCall({
  name: 'setVisitProxy',
  area: 'employees',
  module: 'employees',
  summary: 'Set (or switch off) who receives an employee’s visitors for a date range; employees may set only their own',
  access: WHO,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z
    .object({
      userid: z.int32().optional(),
      empid: z.int32().positive(),
      proxyId: z.int32().positive(),
      startDate: zDay,
      endDate: zDay,
      proxyStatus: z.union([z.literal(0), z.literal(1)]).default(1),
    })
    .superRefine((v, ctx) => {
      if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
      if (v.empid === v.proxyId) ctx.addIssue({ code: 'custom', path: ['proxyId'], message: 'self' });
    }),
  output: visitProxy,
});

export const getVisitProxyForEmp = defineCall({
  name: 'getVisitProxyForEmp',
  area: 'employees',
  module: 'employees',
  summary: "An employee's proxy setting (null when none)",
  access: WHO,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid: z.int32().optional(), empid: z.int32().positive() }),
  output: visitProxy.nullable(),
});

export const getVisitProxyForProxy = defineCall({
  name: 'getVisitProxyForProxy',
  area: 'employees',
  module: 'employees',
  summary: 'The employees a proxy currently receives visitors for (active delegations only)',
  access: WHO,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid: z.int32().optional(), proxyId: z.int32().positive() }),
  output: z.array(visitProxy),
});

export const proxyCalls = [setVisitProxy, getVisitProxyForEmp, getVisitProxyForProxy] as const;
