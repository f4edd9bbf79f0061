import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, int16, ok, pageInput, pageOf, XLSX_TYPE } from '../call.js';
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
  /** The entry's place in the company's tamper-evident chain (null for an entry written before it, not yet sealed in). */
  seq: z.int32().nullable(),
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

const logFilters = {
  optName: z.string().trim().max(64).optional(),
  optRole: int16().optional(),
  optModule: int16().optional(),
  optClient: int16().optional(),
  optEvent: z.string().trim().max(32).optional(),
  startDate: zDay.optional(),
  endDate: zDay.optional(),
};
const queryInt16 = () => coercedInt().min(-32768).max(32767);
const datesInOrder = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
};

export const getLogList = defineCall({
  name: 'getLogList',
  area: 'logs',
  module: 'logs',
  summary: "The company's operation log, newest first, filtered by operator, role, module, end and dates",
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z.object({ userid: z.int32().optional(), ...pageInput, ...logFilters }).superRefine(datesInOrder),
  output: pageOf(operationLog),
});

/** Why the chain broke at an entry (docs/modules/logs.md). */
export const chainBreakReasons = ['changed', 'missing', 'reordered', 'unchained', 'truncated', 'badRedaction'] as const;
export type ChainBreakReason = (typeof chainBreakReasons)[number];

export const verifyLogChain = defineCall({
  name: 'verifyLogChain',
  area: 'logs',
  module: 'logs',
  summary:
    "Checks the company's operation-log chain from its first entry to its head with the server's key: an entry changed, removed, added or reordered in the database is found, and the first broken one named",
  access: [Role.ADMIN],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    /** Entries checked in chain order (up to the break). */
    checked: z.int32(),
    /** Entries written before the chain that are still being sealed in. */
    pending: z.int32(),
    firstBroken: z
      .object({
        reason: z.enum(chainBreakReasons),
        /** The place in the chain where it broke (null for an entry added outside it). */
        seq: z.int32().nullable(),
        /** The entry found there (null when it was removed). */
        id: z.int32().nullable(),
        oTime: epochMs.nullable(),
      })
      .nullable(),
  }),
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

export const logCalls = [addLog, getLogList, getBlacklistAlerts, verifyLogChain] as const;

export const exportLogList = defineDownload({
  name: 'ExportLogList',
  area: 'logs',
  module: 'logs',
  summary:
    'The operation log matching the list filters as an xlsx workbook in chain order, each entry with its place in the chain, the previous hash and its own, streamed',
  access: [Role.ADMIN, Role.SUBADMIN],
  contentType: XLSX_TYPE,
  fileName: 'operation-log',
  extension: 'xlsx',
  log: { module: LogModule.OTHER, event: 'export' },
  input: z
    .object({
      ...logFilters,
      // From a query string: numbers arrive as text.
      optRole: queryInt16().optional(),
      optModule: queryInt16().optional(),
      optClient: queryInt16().optional(),
      lang: z.enum(['zh', 'en']).default('en'),
    })
    .superRefine(datesInOrder),
});

export const logDownloads = [exportLogList] as const;
