import { z } from 'zod';
import { defineCall, epochMs, type FieldError } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * Directory (contact) sync: the company's departments and employees are read from DingTalk or Tencent RTX
 * (spec section 3 notice config, section 7 "Employees and departments" / "Notification config"), or from the
 * company's Feishu or WeCom work app (Settings › Work apps holds its credentials; calls/im.ts).
 */

/** Only company administrators and sub-administrators configure and run the sync (as the original). */
export const CONTACT_ADMINS = [Role.ADMIN, Role.SUBADMIN] as const;

export const CONTACT_CHANNELS = ['dingtalk', 'rtx', 'feishu', 'wecom'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const zContactChannel = z.enum(CONTACT_CHANNELS);
/** The channels read through a work app (its credentials are the work app's; only the switches are the directory's). */
export const APP_CONTACT_CHANNELS = ['feishu', 'wecom'] as const satisfies readonly ContactChannel[];
export type AppContactChannel = (typeof APP_CONTACT_CHANNELS)[number];

export const SYNC_STEPS = ['departments', 'employees', 'relations'] as const;
export type SyncStep = (typeof SYNC_STEPS)[number];

export const DD_APP_KEY_MAX = 64;
export const DD_SECRET_MAX = 128;
export const DD_AGENT_ID_MAX = 20;
export const RTX_HOST_MAX = 253;

/** Failures of the config fields, as validator keys (the console shows them as you type, the server answers them in 400). */
export type ContactFieldFailure = 'required' | 'tooLong' | 'format' | 'range';

const APP_KEY = /^[A-Za-z0-9_-]+$/;
const SECRET = /^[\x21-\x7e]+$/;
const AGENT_ID = /^\d+$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOSTNAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** A required text field: empty, too long, or not of the pattern (the work apps' checks share it). */
export function checkedText(s: string, max: number, pattern: RegExp): ContactFieldFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > max) return 'tooLong';
  return pattern.test(v) ? null : 'format';
}

/** DingTalk AppKey (older internal apps: the CorpId): letters, digits, _ and -. */
export const checkDdAppKey = (s: string) => checkedText(s, DD_APP_KEY_MAX, APP_KEY);
/** DingTalk AppSecret: printable ASCII without spaces. */
export const checkDdSecret = (s: string) => checkedText(s, DD_SECRET_MAX, SECRET);
/** DingTalk AgentId: digits. */
export const checkDdAgentId = (s: string) => checkedText(s, DD_AGENT_ID_MAX, AGENT_ID);

/** The RTX server: an IPv4 address or a host name (no scheme, no port). */
export function checkRtxHost(s: string): ContactFieldFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > RTX_HOST_MAX) return 'tooLong';
  // A name of digits and dots only is a mistyped address, not a host name.
  return IPV4.test(v) || (HOSTNAME.test(v) && !/^[\d.]+$/.test(v)) ? null : 'format';
}

/** The RTX server's SDK port (8012 by default). */
export function checkRtxPort(n: number | null | undefined): ContactFieldFailure | null {
  if (n === null || n === undefined || Number.isNaN(n)) return 'required';
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? null : 'range';
}

const zSwitch = z.union([z.literal(0), z.literal(1)]);
const zChecked = (check: (s: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const failure = v === '' ? null : check(v);
      if (failure) ctx.addIssue({ code: 'custom', message: failure });
    });

/** The DingTalk settings as stored (the secret is kept apart and never answered). */
export interface DingTalkSettings {
  ddnotify: 0 | 1;
  ddcorpid: string;
  ddagentid: string;
  ddautosync: 0 | 1;
  hasSecret: boolean;
}

export interface RtxSettings {
  rtxnotify: 0 | 1;
  rtxip: string;
  rtxport: number;
  rtxAuto: 0 | 1;
}

/**
 * The rules across fields (spec section 4): one directory channel at a time (DingTalk, RTX, or a work app's;
 * `otherOn` says another is on); auto-sync needs its channel switched on; a switched-on channel needs its
 * settings. Shared by the server and the form.
 */
export function dingTalkConfigErrors(next: DingTalkSettings, otherOn: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (next.ddnotify === 1 && otherOn) errors.push({ field: 'ddnotify', rule: 'exclusive' });
  if (next.ddautosync === 1 && next.ddnotify !== 1) errors.push({ field: 'ddautosync', rule: 'channelOff' });
  if (next.ddnotify === 1) {
    if (!next.ddcorpid) errors.push({ field: 'ddcorpid', rule: 'required' });
    if (!next.hasSecret) errors.push({ field: 'ddcorpsecret', rule: 'required' });
    if (!next.ddagentid) errors.push({ field: 'ddagentid', rule: 'required' });
  }
  return errors;
}

export function rtxConfigErrors(next: RtxSettings, otherOn: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (next.rtxnotify === 1 && otherOn) errors.push({ field: 'rtxnotify', rule: 'exclusive' });
  if (next.rtxAuto === 1 && next.rtxnotify !== 1) errors.push({ field: 'rtxAuto', rule: 'channelOff' });
  if (next.rtxnotify === 1) {
    if (!next.rtxip) errors.push({ field: 'rtxIp', rule: 'required' });
    if (!next.rtxport) errors.push({ field: 'rtxPort', rule: 'required' });
  }
  return errors;
}

/** A work app's directory switches; `ready`: the app's credentials are saved (Settings › Work apps). */
export interface AppDirectorySettings {
  on: 0 | 1;
  auto: 0 | 1;
  ready: boolean;
}

export function appDirectoryErrors(next: AppDirectorySettings, otherOn: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (next.on === 1 && otherOn) errors.push({ field: 'on', rule: 'exclusive' });
  if (next.on === 1 && !next.ready) errors.push({ field: 'on', rule: 'appMissing' });
  if (next.auto === 1 && next.on !== 1) errors.push({ field: 'auto', rule: 'channelOff' });
  return errors;
}

const zAcceptClause = z.boolean().optional().describe('the caller accepts the company exemption clause (required once one is set)');

export const updateDDNotify = defineCall({
  name: 'updateDDNotify',
  area: 'contacts',
  module: 'contacts',
  summary:
    'DingTalk settings: AppKey (ddcorpid), AppSecret (ddcorpsecret, write-only: never answered, kept when omitted), AgentId, the notification switch and the daily automatic sync; omitted fields stay. Switching on checks the credentials with DingTalk (51 when refused). Exclusive with RTX; auto-sync needs the switch on (400 with field errors)',
  access: CONTACT_ADMINS,
  statuses: [Status.DIRECTORY_UNREACHABLE, Status.SYNC_COUNT_EXCEEDED],
  fieldStatuses: { [Status.DINGTALK_VERIFY_FAILED]: 'ddcorpsecret' },
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    ddnotify: zSwitch.optional(),
    ddcorpid: zChecked(checkDdAppKey).optional(),
    ddcorpsecret: zChecked(checkDdSecret).optional().describe('write-only; omit (or send empty) to keep the stored one'),
    ddagentid: zChecked(checkDdAgentId).optional(),
    ddautosync: zSwitch.optional(),
    acceptClause: zAcceptClause.describe('needed to switch auto-sync on once the company has an exemption clause'),
  }),
  output: z.null(),
});

export const updateRtxConf = defineCall({
  name: 'updateRtxConf',
  area: 'contacts',
  module: 'contacts',
  summary:
    "RTX settings: the RTX server's address (rtxIp) and SDK port (rtxPort), the notification switch (rtxnotify) and the daily automatic sync (rtxAuto); omitted fields stay. Exclusive with DingTalk; auto-sync needs the switch on (400 with field errors)",
  access: CONTACT_ADMINS,
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    rtxnotify: zSwitch.optional(),
    rtxIp: zChecked(checkRtxHost).optional(),
    rtxPort: z
      .union([z.number(), z.literal('')])
      .optional()
      .superRefine((v, ctx) => {
        if (v === undefined || v === '') return;
        const failure = checkRtxPort(v);
        if (failure) ctx.addIssue({ code: 'custom', message: failure });
      })
      .transform((v) => (v === '' ? 0 : v)),
    rtxAuto: zSwitch.optional(),
    acceptClause: zAcceptClause.describe('needed to switch auto-sync on once the company has an exemption clause'),
  }),
  output: z.null(),
});

export const updateAppDirectory = defineCall({
  name: 'updateAppDirectory',
  area: 'contacts',
  module: 'contacts',
  summary:
    "Directory from a work app (Feishu or WeCom, its credentials under Settings › Work apps): the sync switch (on) and the daily automatic sync (auto); omitted fields stay. Switching on checks the app's credentials with the platform (675 when refused, 674 when unreachable). One directory channel at a time; the app must be set up; auto-sync needs the switch on (400 with field errors)",
  access: CONTACT_ADMINS,
  statuses: [Status.DIRECTORY_REFUSED, Status.DIRECTORY_UNREACHABLE],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    channel: z.enum(APP_CONTACT_CHANNELS),
    on: zSwitch.optional(),
    auto: zSwitch.optional(),
    acceptClause: zAcceptClause.describe('needed to switch auto-sync on once the company has an exemption clause'),
  }),
  output: z.null(),
});

/** One record the sync could not apply, with why (a validator key, or a business status such as 24 / 241 / 123). */
export const syncFailure = z.object({
  externalId: z.string(),
  name: z.string(),
  field: z.string(),
  rule: z.string(),
  status: z.int32().nullable(),
});
export type SyncFailure = z.infer<typeof syncFailure>;

/** What one sync step did. Lists are capped at SYNC_LIST_MAX entries; the counts are complete. */
export const syncReport = z.object({
  channel: zContactChannel,
  step: z.enum(SYNC_STEPS),
  /** Records the provider listed for this step. */
  total: z.int32(),
  created: z.int32(),
  updated: z.int32(),
  unchanged: z.int32(),
  failed: z.int32(),
  /** Records we hold that the provider no longer lists (employees: those set to stopped). */
  vanishedCount: z.int32(),
  failures: z.array(syncFailure),
  vanished: z.array(z.object({ id: z.int32(), name: z.string(), externalId: z.string(), stopped: z.boolean() })),
  startedAt: epochMs,
  finishedAt: epochMs,
  /** Run by the daily 00:00 job rather than by a person. */
  auto: z.boolean(),
});
export type SyncReport = z.infer<typeof syncReport>;
export const SYNC_LIST_MAX = 200;

export const syncError = z.object({
  step: z.enum(SYNC_STEPS),
  channel: zContactChannel,
  status: z.int32(),
  reason: z.string(),
  at: epochMs,
  auto: z.boolean(),
});

export const contactSyncState = z.object({
  /** The channel whose switch is on, if any (at most one: they are exclusive). */
  channel: zContactChannel.nullable(),
  dingtalk: z.object({
    ddnotify: zSwitch,
    ddcorpid: z.string(),
    ddagentid: z.string(),
    ddautosync: zSwitch,
    /** Whether a secret is stored; the secret itself is never answered. */
    hasSecret: z.boolean(),
  }),
  rtx: z.object({ rtxnotify: zSwitch, rtxip: z.string(), rtxport: z.int32(), rtxAuto: zSwitch }),
  /** The work apps' directory switches; `ready` when the app is set up under Settings › Work apps. */
  apps: z.object({
    feishu: z.object({ on: zSwitch, auto: zSwitch, ready: z.boolean() }),
    wecom: z.object({ on: zSwitch, auto: zSwitch, ready: z.boolean() }),
  }),
  last: z.object({
    departments: syncReport.nullable(),
    employees: syncReport.nullable(),
    relations: syncReport.nullable(),
    /** The last failed run, cleared by the next successful one. */
    error: syncError.nullable(),
  }),
  /** A sync is running for the company now. */
  running: z.boolean(),
  /** When the next automatic sync is due (server time 00:00), when auto-sync is on. */
  nextAutoSync: epochMs.nullable(),
});
export type ContactSyncState = z.infer<typeof contactSyncState>;

export const getContactSync = defineCall({
  name: 'getContactSync',
  area: 'contacts',
  module: 'contacts',
  summary:
    "The DingTalk and RTX settings without the secret (hasSecret instead), the work apps' directory switches, the last sync results and whether one is running",
  access: CONTACT_ADMINS,
  input: z.object({ userid: z.int32().optional() }),
  output: contactSyncState,
});

const syncInput = z.object({
  userid: z.int32().optional(),
  channel: zContactChannel.optional().describe('dingtalk, rtx, feishu or wecom; the channel switched on when omitted'),
});

const SYNC_NOTE =
  '400 when the channel is not switched on, 51 when DingTalk refuses the credentials, 675 when the RTX server refuses this server or Feishu or WeCom refuse the app (or its directory permission), 674 when the provider cannot be reached or answers nonsense, 44 when the directory exceeds the sync limits, 58 while another sync of the company runs';

export const autoGetDeptFromCT = defineCall({
  name: 'autoGetDeptFromCT',
  area: 'contacts',
  module: 'contacts',
  summary: `Sync the department tree from the channel: provider departments are matched by their id (then by name under the same parent), created or renamed/moved; departments gone from the provider are reported, never deleted. ${SYNC_NOTE}`,
  access: CONTACT_ADMINS,
  statuses: [
    Status.DEPARTMENT_EXISTS,
    Status.DEPARTMENT_NUMBER_EXISTS,
    Status.DINGTALK_VERIFY_FAILED,
    Status.DIRECTORY_REFUSED,
    Status.DIRECTORY_UNREACHABLE,
    Status.EMPLOYEE_NOT_EXIST,
    Status.NO_SUCH_RECORD,
    Status.SYNC_COUNT_EXCEEDED,
    Status.UPDATE_NOT_ALLOWED,
    Status.WORK_NUMBER_NOT_UNIQUE,
  ],
  log: { module: LogModule.EMPLOYEE, event: 'import' },
  input: syncInput,
  output: syncReport,
});

export const autoGetEmployeeFromCT = defineCall({
  name: 'autoGetEmployeeFromCT',
  area: 'contacts',
  module: 'contacts',
  summary: `Sync employees from the channel: matched by provider id, then phone, then work number; created or updated; duplicates of another employee's phone (24) or work number (241) are reported per row; employees gone from the provider are set to stopped (never deleted) and enabled again when they come back. ${SYNC_NOTE}`,
  access: CONTACT_ADMINS,
  statuses: [
    Status.DEPARTMENT_EXISTS,
    Status.DEPARTMENT_NUMBER_EXISTS,
    Status.DINGTALK_VERIFY_FAILED,
    Status.DIRECTORY_REFUSED,
    Status.DIRECTORY_UNREACHABLE,
    Status.EMPLOYEE_NOT_EXIST,
    Status.NO_SUCH_RECORD,
    Status.SYNC_COUNT_EXCEEDED,
    Status.UPDATE_NOT_ALLOWED,
    Status.WORK_NUMBER_NOT_UNIQUE,
  ],
  log: { module: LogModule.EMPLOYEE, event: 'import' },
  input: syncInput.extend({ acceptClause: zAcceptClause }),
  output: syncReport,
});

export const autoGetEmpDeptRelation = defineCall({
  name: 'autoGetEmpDeptRelation',
  area: 'contacts',
  module: 'contacts',
  summary: `Sync which departments synced employees belong to: memberships in synced departments follow the provider; memberships in departments of our own are kept. Run after the department and employee syncs. ${SYNC_NOTE}`,
  access: CONTACT_ADMINS,
  statuses: [
    Status.DEPARTMENT_EXISTS,
    Status.DEPARTMENT_NUMBER_EXISTS,
    Status.DINGTALK_VERIFY_FAILED,
    Status.DIRECTORY_REFUSED,
    Status.DIRECTORY_UNREACHABLE,
    Status.EMPLOYEE_NOT_EXIST,
    Status.NO_SUCH_RECORD,
    Status.SYNC_COUNT_EXCEEDED,
    Status.UPDATE_NOT_ALLOWED,
    Status.WORK_NUMBER_NOT_UNIQUE,
  ],
  log: { module: LogModule.EMPLOYEE, event: 'import' },
  input: syncInput,
  output: syncReport,
});

export const getEmpRexAccountInFo = defineCall({
  name: 'getEmpRexAccountInFo',
  area: 'contacts',
  module: 'contacts',
  summary:
    "An employee's directory accounts (the RTX account and the DingTalk user id the sync linked), for addressing notifications; an employee signed in gets their own; 55 for an employee of another company",
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.EMPLOYEE],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid: z.int32().optional(), empid: z.int32().positive().optional() }),
  output: z.object({ empid: z.int32(), empName: z.string(), empRtxAccount: z.string(), ddid: z.string() }),
});

export const contactCalls = [
  getEmpRexAccountInFo,
  getContactSync,
  updateDDNotify,
  updateRtxConf,
  updateAppDirectory,
  autoGetDeptFromCT,
  autoGetEmployeeFromCT,
  autoGetEmpDeptRelation,
] as const;
