import { z } from 'zod';
import { defineCall, epochMs, int16, ok, pageInput, pageOf } from '../call.js';
import { LogEnd, LogModule, logEventLabels, Role } from '../lookups.js';

const zLogEvent = z.enum(Object.keys(logEventLabels) as [keyof typeof logEventLabels, ...(keyof typeof logEventLabels)[]]);
const zLogModule = z.union(Object.values(LogModule).map((m) => z.literal(m)));

export const operationLog = z.object({
  id: z.int32(),
  userid: z.int32(),
  optId: z.string(),
  optName: z.string(),
  optRole: z.int32(),
  ipAddr: z.string(),
  objId: z.string(),
  objName: z.string(),
  optEvent: z.string(),
  optClient: z.int32(),
  optModule: z.int32(),
  oTime: epochMs,
  /** The details in English (server rows) or as the client wrote them (`addLog`). */
  optDesc: z.string(),
  /**
   * For rows the server wrote: the key of `logDescriptions` and its parameters, to render the details in the reader's
   * language (`renderLogDesc`). Null for `addLog` rows and rows older than the keys; a key this build does not know
   * (a newer server) also falls back to `optDesc`.
   */
  descKey: z.string().nullable(),
  descParams: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type OperationLog = z.infer<typeof operationLog>;

export const addLog = defineCall({
  name: 'addLog',
  area: 'logs',
  module: 'logs',
  summary: 'Record a client-side action in the operation log (who and when come from the session)',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE, Role.EMPLOYEE, Role.SUB_COMPANY],
  input: z.object({
    userid: z.int32().optional(),
    optEvent: zLogEvent,
    optModule: zLogModule,
    optClient: z.union([z.literal(LogEnd.PC), z.literal(LogEnd.MOBILE)]).default(LogEnd.PC),
    objId: z.string().trim().max(64).default(''),
    objName: z.string().trim().max(200).default(''),
    optDesc: z.string().trim().max(500).default(''),
  }),
  output: ok,
});

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');

export const getLogList = defineCall({
  name: 'getLogList',
  area: 'logs',
  module: 'logs',
  summary: "The company's operation log, newest first, filtered by operator, role, module, end and dates",
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z
    .object({
      userid: z.int32().optional(),
      ...pageInput,
      optName: z.string().trim().max(64).optional(),
      optRole: int16().optional(),
      optModule: int16().optional(),
      optClient: int16().optional(),
      optEvent: z.string().trim().max(32).optional(),
      startDate: zDay.optional(),
      endDate: zDay.optional(),
    })
    .superRefine((v, ctx) => {
      if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
    }),
  output: pageOf(operationLog),
});

/**
 * Today's blacklist alerts of the company (operation-log rows of module blacklist, event 'alert', written when a kiosk
 * or desk refused a blacklisted visitor), newest first: the front desk reads them without reading the whole log.
 */
export const getBlacklistAlerts = defineCall({
  name: 'getBlacklistAlerts',
  area: 'logs',
  module: 'logs',
  summary: "Today's blacklist alerts (a kiosk or desk refused a blacklisted visitor), newest first, at most 50",
  access: [Role.ADMIN, Role.SUBADMIN, Role.GATE],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    count: z.int32(),
    list: z.array(operationLog.pick({ id: true, objName: true, optName: true, optClient: true, oTime: true })),
  }),
});

export const logCalls = [addLog, getLogList, getBlacklistAlerts] as const;
