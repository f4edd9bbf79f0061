import { z } from 'zod';
import { defineCall, epochMs, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/*
 * The device monitor (spec sections 2, 3, 7): kiosks, visitor machines and face terminals report a heartbeat and their
 * errors; administrators see which are online and are told when one goes offline. docs/modules/monitor.md.
 */

/**
 * Monitor device type (spec section 3): 1 iPad, 2 visitor machine, 3 face-recognition device; and 4 any other door
 * device (QR reader, card reader, barrier), which reports by its device calls like a face terminal.
 */
export const MONITOR_TYPES = [1, 2, 3, 4] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];
export const MONITOR_LEVELS = ['error', 'warn', 'info'] as const;
export type MonitorLevel = (typeof MONITOR_LEVELS)[number];
export const MONITOR_STATUSES = ['online', 'offline'] as const;

/** The identifier a client reports itself by (a kiosk: an installation id kept in its storage). */
export const MONITOR_CLIENT_ID_MAX = 64;
export const MONITOR_CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const MONITOR_NAME_MAX = 64;
export const MONITOR_VERSION_MAX = 32;
export const MONITOR_MESSAGE_MAX = 500;
export const MONITOR_DETAIL_MAX = 4000;
/** Entries per upload; a client with more sends several batches (the rate limit bounds how fast). */
export const MONITOR_LOGS_PER_UPLOAD = 50;
/** Kept per device (older ones are dropped as new ones arrive) and at most this many days (a job prunes). */
export const MONITOR_LOGS_KEPT_PER_DEVICE = 1000;
export const MONITOR_LOGS_KEPT_DAYS = 30;
/** Offline after this many minutes without a heartbeat (a company setting). */
export const MONITOR_OFFLINE_MINUTES_DEFAULT = 5;
export const MONITOR_OFFLINE_MINUTES_MIN = 2;
export const MONITOR_OFFLINE_MINUTES_MAX = 1440;
/** How often a client sends its heartbeat. */
export const MONITOR_HEARTBEAT_SECONDS = 60;

/** Client clocks are trusted only within a sane range (the column is a timestamp). */
const clientTime = z.number().int().min(946684800000).max(4102444800000);

/** What a client (kiosk, visitor machine, face app) reports itself as; door devices are known from their credential. */
const clientType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const monitorType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const identity = {
  userid: z.int32().optional(),
  type: clientType,
  clientId: z.string().trim().min(1).max(MONITOR_CLIENT_ID_MAX).regex(MONITOR_CLIENT_ID_PATTERN, 'format'),
  name: z.string().trim().max(MONITOR_NAME_MAX).default(''),
  version: z.string().trim().max(MONITOR_VERSION_MAX).default(''),
};

export const monitoredDevice = z.object({
  mid: z.int32(),
  type: z.int32(),
  clientId: z.string(),
  name: z.string(),
  /** The gate of the account that reported it (null: none or every gate). */
  gid: z.int32().nullable(),
  gateName: z.string(),
  ip: z.string(),
  version: z.string(),
  /** The staff account whose session reported it. */
  account: z.string(),
  /** The access-control device it is (face terminals authenticated as devices), else null. */
  eid: z.int32().nullable(),
  lastHeartbeat: epochMs,
  status: z.enum(MONITOR_STATUSES),
  errorCount: z.int32().describe('error-level entries in the last 24 hours'),
  createTime: epochMs,
});
export type MonitoredDevice = z.infer<typeof monitoredDevice>;

export const monitorErrorLog = z.object({
  id: z.int32(),
  mid: z.int32(),
  deviceName: z.string(),
  clientId: z.string(),
  type: z.int32(),
  level: z.enum(MONITOR_LEVELS),
  message: z.string(),
  detail: z.string(),
  version: z.string(),
  /** When the client says it happened. */
  time: epochMs,
  /** When the server received it. */
  createTime: epochMs,
});
export type MonitorErrorLog = z.infer<typeof monitorErrorLog>;

const CLIENTS = [Role.GATE, Role.MACHINE] as const;
const ADMINS = [Role.ADMIN, Role.SUBADMIN] as const;

export const updateEqptMonitor = defineCall({
  name: 'updateEqptMonitor',
  area: 'monitor',
  module: 'monitor',
  summary: 'Heartbeat of a kiosk or device: creates its monitor entry by identifier, or marks it seen now (every minute)',
  access: CLIENTS,
  feature: 'monitor',
  rate: 'public',
  input: z.object(identity),
  output: z.object({ mid: z.int32(), interval: z.int32().describe('seconds until the next heartbeat is due') }),
});

export const getEqptMonitor = defineCall({
  name: 'getEqptMonitor',
  area: 'monitor',
  module: 'monitor',
  summary: 'The monitored devices with online/offline from their last heartbeat, the counts of each and the offline threshold',
  access: ADMINS,
  feature: 'monitor',
  input: z.object({
    userid: z.int32().optional(),
    ...pageInput,
    type: monitorType.optional(),
    status: z.enum(MONITOR_STATUSES).optional(),
    name: z.string().trim().max(64).optional().describe('part of the name, identifier or IP address'),
  }),
  output: pageOf(monitoredDevice).extend({
    online: z.int32(),
    offline: z.int32(),
    offlineMinutes: z.int32(),
  }),
});

export const delEqptMonitor = defineCall({
  name: 'delEqptMonitor',
  area: 'monitor',
  module: 'monitor',
  summary: 'Removes a monitor entry and its error log (a retired tablet); it comes back if it reports again',
  access: ADMINS,
  feature: 'monitor',
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCESS_CONTROL, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), mid: z.int32().positive() }),
  output: ok,
});

export const clientUploadLog = defineCall({
  name: 'clientUploadLog',
  area: 'monitor',
  module: 'monitor',
  summary: `A batch of a client's error entries (at most ${MONITOR_LOGS_PER_UPLOAD}); it counts as a heartbeat too`,
  access: CLIENTS,
  feature: 'monitor',
  rate: 'lookup',
  input: z.object({
    ...identity,
    logs: z
      .array(
        z.object({
          level: z.enum(MONITOR_LEVELS),
          message: z.string().trim().min(1).max(MONITOR_MESSAGE_MAX),
          detail: z.string().max(MONITOR_DETAIL_MAX).default(''),
          time: clientTime,
        }),
      )
      .min(1)
      .max(MONITOR_LOGS_PER_UPLOAD),
  }),
  output: z.object({ mid: z.int32(), accepted: z.int32() }),
});

export const searchEqptMonitorErrorLogByCondition = defineCall({
  name: 'searchEqptMonitorErrorLogByCondition',
  area: 'monitor',
  module: 'monitor',
  summary: 'The client error log, newest first: by device, level, time range and text',
  access: ADMINS,
  feature: 'monitor',
  input: z
    .object({
      userid: z.int32().optional(),
      ...pageInput,
      mid: z.int32().positive().optional(),
      level: z.enum(MONITOR_LEVELS).optional(),
      startTime: clientTime.optional(),
      endTime: clientTime.optional(),
      text: z.string().trim().max(64).optional().describe('part of the message'),
    })
    .refine((v) => v.startTime === undefined || v.endTime === undefined || v.startTime <= v.endTime, {
      message: 'range',
      path: ['endTime'],
    }),
  output: pageOf(monitorErrorLog),
});

export const updateEqptMonitorSetting = defineCall({
  name: 'updateEqptMonitorSetting',
  area: 'monitor',
  module: 'monitor',
  summary: 'Minutes without a heartbeat after which a device counts as offline and administrators are told',
  access: ADMINS,
  feature: 'monitor',
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    offlineMinutes: z.int32().min(MONITOR_OFFLINE_MINUTES_MIN).max(MONITOR_OFFLINE_MINUTES_MAX),
  }),
  output: z.object({ offlineMinutes: z.int32() }),
});

export const monitorCalls = [
  updateEqptMonitor,
  getEqptMonitor,
  delEqptMonitor,
  clientUploadLog,
  searchEqptMonitorErrorLogByCondition,
  updateEqptMonitorSetting,
] as const;
