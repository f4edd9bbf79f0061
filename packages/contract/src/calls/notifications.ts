import { z } from 'zod';
import { defineCall, epochMs, type FieldError, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPhone } from '../fieldSchemas.js';
import { EmailType, LogModule, MESSAGE_CHANNELS, MESSAGE_STATES, Role } from '../lookups.js';
import { checkEmail } from '../validators.js';
import { smsCodeCalls } from './notifications.smsCodes.js';
import {
  checkSdkAppId,
  checkSmsTemplateCode,
  EMPTY_SMS_TEMPLATES,
  SMS_KINDS,
  smsTestResult,
  smsVendorErrors,
  zSmsKind,
  zSmsTemplates,
  zSmsVendor,
  zTencentRegion,
} from './notifications.smsVendors.js';
import { wxConf } from './notifications.wechatMessages.js';

/**
 * Notification configuration (spec section 3 "Notice config", section 7 "Notification config" and "SMS"): how the
 * company's messages leave — email through the installation's mail server or its own, SMS, WeChat and voice through
 * providers whose endpoints are configurable — the delivery records, and SMS verification codes. DingTalk and RTX are
 * configured by the contacts calls (updateDDNotify, updateRtxConf). Secrets are write-only: never answered, kept when
 * omitted or sent empty; answers say `hasPassword` / `hasSecret` / `hasKey` instead.
 */

export const NOTIFY_ADMINS = [Role.ADMIN, Role.SUBADMIN] as const;

export type NotifyFieldFailure = 'required' | 'tooLong' | 'format' | 'range';

export const NOTIFY_LIMITS = {
  host: 253,
  account: 254,
  secret: 256,
  endpoint: 500,
  provider: 32,
  appKey: 128,
  signature: 20,
  templateId: 128,
  smsQuota: 10_000_000,
} as const;

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOSTNAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** Printable ASCII without spaces (keys, ids, account names). */
const TOKEN = /^[\x21-\x7e]+$/;
/** No control characters (passwords may hold spaces and any script). */
const NO_CONTROL = /^[^\p{Cc}]+$/u;

function text(s: string, max: number, pattern: RegExp): NotifyFieldFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > max) return 'tooLong';
  return pattern.test(v) ? null : 'format';
}

/** A mail server: a host name or an IPv4 address, without scheme or port. */
export function checkMailHost(s: string): NotifyFieldFailure | null {
  const failure = text(s, NOTIFY_LIMITS.host, /^[A-Za-z0-9.-]+$/);
  if (failure) return failure;
  const v = s.trim();
  return IPV4.test(v) || (HOSTNAME.test(v) && !/^[\d.]+$/.test(v)) ? null : 'format';
}

export function checkPort(n: number | null | undefined): NotifyFieldFailure | null {
  if (n === null || n === undefined || Number.isNaN(n)) return 'required';
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? null : 'range';
}

/** A provider endpoint: an http(s) URL without credentials in it (they belong in the secret fields). */
export function checkEndpoint(s: string): NotifyFieldFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > NOTIFY_LIMITS.endpoint) return 'tooLong';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'format';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return 'format';
  return null;
}

export const checkMailAccount = (s: string) => text(s, NOTIFY_LIMITS.account, TOKEN);
export const checkSecret = (s: string) =>
  s === '' ? 'required' : s.length > NOTIFY_LIMITS.secret ? 'tooLong' : NO_CONTROL.test(s) ? null : 'format';
export const checkProvider = (s: string) => text(s, NOTIFY_LIMITS.provider, NO_CONTROL);
export const checkAppKey = (s: string) => text(s, NOTIFY_LIMITS.appKey, TOKEN);
export const checkSmsSignature = (s: string) => text(s, NOTIFY_LIMITS.signature, NO_CONTROL);
export const checkTemplateId = (s: string) => text(s, NOTIFY_LIMITS.templateId, TOKEN);
export function checkSender(s: string): NotifyFieldFailure | null {
  if (s.trim() === '') return 'required';
  return checkEmail(s.trim()) ? 'format' : null;
}
export function checkSmsQuota(n: number | null | undefined): NotifyFieldFailure | null {
  if (n === null || n === undefined || Number.isNaN(n)) return 'required';
  return Number.isInteger(n) && n >= 0 && n <= NOTIFY_LIMITS.smsQuota ? null : 'range';
}

export const userid = z.int32().optional();
export const zSwitch = z.union([z.literal(0), z.literal(1)]);
/** A text field checked by `check` when not empty; empty clears it (a switched-on channel then refuses, below). */
export const zChecked = (check: (s: string) => NotifyFieldFailure | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const failure = v === '' ? null : check(v);
      if (failure) ctx.addIssue({ code: 'custom', message: failure });
    });
/** A write-only secret: empty or omitted keeps the stored one. Not trimmed: spaces may belong to it. */
export const zSecret = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    const failure = v ? checkSecret(v) : null;
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  })
  .describe('write-only; omit (or send empty) to keep the stored one');
const zPortInput = z
  .union([z.number(), z.literal('')])
  .optional()
  .superRefine((v, ctx) => {
    if (v === undefined || v === '') return;
    const failure = checkPort(v);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  })
  .transform((v) => (v === '' ? 0 : v));
export const notifyLog = { module: LogModule.ACCOUNT, event: 'update' } as const;

// ---------------------------------------------------------------------------------------------
// Email
// ---------------------------------------------------------------------------------------------

export const zEmailType = z.union([z.literal(EmailType.INSTALLATION), z.literal(EmailType.SMTP), z.literal(EmailType.EXCHANGE)]);

export const emailConf = z.object({
  /** Email notices on (1, the default) or off (0: 41 for whatever needs them; system mails still go). */
  emailNotify: zSwitch,
  /** 0 the installation's mail server, 1 the company's SMTP server, 2 its Exchange (delivered through Exchange's SMTP endpoint). */
  type: zEmailType,
  smtp: z.string(),
  smtp_port: z.int32(),
  /** 1: TLS from the start (usually port 465); 0: plain, upgraded with STARTTLS when the server offers it. */
  ssl: zSwitch,
  account: z.string(),
  /** The From address of the company's mails through its own server. */
  sender: z.string(),
  hasPassword: z.boolean(),
});
export type EmailConf = z.infer<typeof emailConf>;

export const DEFAULT_EMAIL_CONF: EmailConf = {
  emailNotify: 1,
  type: EmailType.INSTALLATION,
  smtp: '',
  smtp_port: 0,
  ssl: 0,
  account: '',
  sender: '',
  hasPassword: false,
};

/**
 * Whether the stored password may go with these settings: only to the host, port and account it was saved for, never
 * over a weaker connection. Else anyone who may edit the form could aim it at their own listener and read it.
 */
export function storedMailPasswordFits(saved: MailServer, next: MailServer): boolean {
  const host = (c: MailServer) => c.smtp.trim().toLowerCase();
  return host(next) === host(saved) && next.smtp_port === saved.smtp_port && next.account === saved.account && next.ssl >= saved.ssl;
}
type MailServer = Pick<EmailConf, 'smtp' | 'smtp_port' | 'ssl' | 'account'>;

/** The company's own server needs host, port and sender; an account needs its password. Shared by the server and the form. */
export function emailConfigErrors(next: Omit<EmailConf, 'emailNotify'>): FieldError[] {
  if (next.type === EmailType.INSTALLATION) return [];
  const errors: FieldError[] = [];
  if (!next.smtp) errors.push({ field: 'smtp', rule: 'required' });
  if (!next.smtp_port) errors.push({ field: 'smtp_port', rule: 'required' });
  if (!next.sender) errors.push({ field: 'sender', rule: 'required' });
  if (next.account && !next.hasPassword) errors.push({ field: 'pwd', rule: 'required' });
  return errors;
}

const emailFields = {
  emailNotify: zSwitch.optional(),
  type: zEmailType.optional(),
  smtp: zChecked(checkMailHost).optional(),
  smtp_port: zPortInput,
  ssl: zSwitch.optional(),
  account: zChecked(checkMailAccount).optional(),
  pwd: zSecret,
  sender: zChecked(checkSender).optional(),
};

export const configureEmail = defineCall({
  name: 'ConfigureEmail',
  area: 'notifications',
  module: 'notifications',
  summary:
    "Email notices: on or off, and the server they leave through — the installation's (type 0), the company's SMTP server (1) or its Exchange through Exchange's SMTP endpoint (2: Exchange Web Services are not spoken) with host, port, SSL, account, password (write-only) and sender; omitted fields stay. Answers the settings without the password",
  access: NOTIFY_ADMINS,
  feature: 'notice',
  log: notifyLog,
  input: z.object({ userid, ...emailFields }),
  output: emailConf,
});

export const testEmailConf = defineCall({
  name: 'testEmailConf',
  area: 'notifications',
  module: 'notifications',
  summary:
    'Send a test mail now to `to` through the given settings (unsaved form values; an empty password uses the stored one) or the stored ones: 40 with the mail server’s reason when it fails. Recorded in the delivery records',
  access: NOTIFY_ADMINS,
  statuses: [Status.EMAIL_SEND_FAILED],
  feature: 'notice',
  input: z.object({ userid, to: zEmail, ...emailFields }),
  output: ok,
});

// ---------------------------------------------------------------------------------------------
// SMS, WeChat, voice
// ---------------------------------------------------------------------------------------------

export const smsConf = z.object({
  smsNotify: zSwitch,
  /** relay: our signed JSON to `endpoint`; aliyun / tencent: their SMS API (smsVendors.ts). */
  vendor: zSmsVendor,
  /** The provider's name, for people (the endpoint says where messages go). */
  provider: z.string(),
  endpoint: z.string(),
  /** The relay's app key; Aliyun's AccessKey ID; Tencent's SecretId (the secret beside it is write-only). */
  appKey: z.string(),
  /** The signature (Aliyun's and Tencent's SignName). */
  signature: z.string(),
  /** Tencent's SmsSdkAppId. */
  sdkAppId: z.string(),
  /** Tencent's region. */
  region: zTencentRegion,
  /** The cloud providers' template code per kind of message. */
  templates: zSmsTemplates,
  /** Messages left: each SMS sent takes one; 43 at 0. */
  smsQuota: z.int32(),
  /** SMS sent since the quota was last set. */
  smsSent: z.int32(),
  hasSecret: z.boolean(),
});
export type SmsConf = z.infer<typeof smsConf>;

export const DEFAULT_SMS_CONF: SmsConf = {
  smsNotify: 0,
  vendor: 'relay',
  provider: '',
  endpoint: '',
  appKey: '',
  signature: '',
  sdkAppId: '',
  region: 'ap-guangzhou',
  templates: EMPTY_SMS_TEMPLATES,
  smsQuota: 0,
  smsSent: 0,
  hasSecret: false,
};

export function smsConfigErrors(next: Omit<SmsConf, 'smsQuota' | 'smsSent'>): FieldError[] {
  return next.smsNotify === 1 ? smsVendorErrors(next) : [];
}

/** The SMS fields a form sends, to save (updateSMSConf) or to try (testSmsConf). */
const smsFields = {
  vendor: zSmsVendor.optional(),
  provider: zChecked(checkProvider).optional(),
  endpoint: zChecked(checkEndpoint).optional(),
  appKey: zChecked(checkAppKey).optional(),
  appSecret: zSecret,
  signature: zChecked(checkSmsSignature).optional(),
  sdkAppId: zChecked(checkSdkAppId).optional(),
  region: zTencentRegion.optional(),
  /** Omitted kinds stay; an empty code clears that kind's template. */
  templates: z
    .object(Object.fromEntries(SMS_KINDS.map((k) => [k, zChecked(checkSmsTemplateCode).optional()])))
    .partial()
    .optional(),
};

export const updateSMSConf = defineCall({
  name: 'updateSMSConf',
  area: 'notifications',
  module: 'notifications',
  summary:
    "SMS: the switch, the service (vendor: relay — our signed JSON to `endpoint` — or Aliyun's or Tencent Cloud's SMS API), provider name, endpoint, key (AccessKey ID / SecretId), secret (write-only), signature, Tencent's SmsSdkAppId and region, the template code per kind of message, and quota (messages left; setting it restarts the sent count); omitted fields stay; a switched-on channel needs what its service needs (400 with field errors)",
  access: NOTIFY_ADMINS,
  feature: 'notice',
  log: notifyLog,
  input: z.object({
    userid,
    smsNotify: zSwitch.optional(),
    ...smsFields,
    smsQuota: z.number().int('range').min(0, 'range').max(NOTIFY_LIMITS.smsQuota, 'range').optional(),
  }),
  output: smsConf,
});

export const testSmsConf = defineCall({
  name: 'testSmsConf',
  area: 'notifications',
  module: 'notifications',
  summary:
    "Send a test SMS now to `to` through the given settings (unsaved form values over the stored ones; an empty secret uses the stored one while the service and key are unchanged) with the template of `kind` filled with sample values. Answers whether it was sent, else the problem and the provider's own code and words; recorded in the delivery records, not counted against the quota",
  access: NOTIFY_ADMINS,
  feature: 'notice',
  input: z.object({ userid, to: zPhone, kind: zSmsKind.default('notice'), ...smsFields }),
  output: smsTestResult,
});

export const ivrConf = z.object({ ivrNotify: zSwitch, endpoint: z.string(), hasKey: z.boolean() });
export type IvrConf = z.infer<typeof ivrConf>;
export const DEFAULT_IVR_CONF: IvrConf = { ivrNotify: 0, endpoint: '', hasKey: false };

export function ivrConfigErrors(next: IvrConf): FieldError[] {
  if (next.ivrNotify !== 1) return [];
  const errors: FieldError[] = [];
  if (!next.endpoint) errors.push({ field: 'endpoint', rule: 'required' });
  if (!next.hasKey) errors.push({ field: 'key', rule: 'required' });
  return errors;
}

export const ivrNotifyConf = defineCall({
  name: 'ivrNotifyConf',
  area: 'notifications',
  module: 'notifications',
  summary: 'Voice (IVR) calls: the switch, endpoint and key (write-only); omitted fields stay; a switched-on channel needs both',
  access: NOTIFY_ADMINS,
  feature: 'notice',
  log: notifyLog,
  input: z.object({ userid, ivrNotify: zSwitch.optional(), endpoint: zChecked(checkEndpoint).optional(), key: zSecret }),
  output: ivrConf,
});

export const notifyConf = z.object({
  email: emailConf,
  sms: smsConf,
  wechat: wxConf,
  voice: ivrConf,
  /** Whether the installation has a mail server of its own (SMTP_URL); without one, type 0 mails are kept, not sent. */
  installationMail: z.boolean(),
});
export type NotifyConf = z.infer<typeof notifyConf>;

export const getNotifyConf = defineCall({
  name: 'getNotifyConf',
  area: 'notifications',
  module: 'notifications',
  summary: 'The email, SMS, WeChat and voice settings without their secrets (hasPassword / hasSecret / hasKey instead)',
  access: NOTIFY_ADMINS,
  input: z.object({ userid }),
  output: notifyConf,
});

// ---------------------------------------------------------------------------------------------
// Delivery records
// ---------------------------------------------------------------------------------------------

export const zMessageChannel = z.enum(MESSAGE_CHANNELS);
export const zMessageState = z.enum(MESSAGE_STATES);

export const messageRecord = z.object({
  id: z.int32(),
  channel: zMessageChannel,
  /** The address: an email address, a phone number, or a DingTalk / RTX account. */
  to: z.string(),
  toName: z.string(),
  subject: z.string(),
  state: zMessageState,
  /** Why it failed (or why the last attempt failed while it is retried). */
  error: z.string().nullable(),
  attempts: z.int32(),
  vid: z.int32().nullable(),
  createTime: epochMs,
  sentTime: epochMs.nullable(),
});
export type MessageRecord = z.infer<typeof messageRecord>;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');

export const getSendRecords = defineCall({
  name: 'getSendRecords',
  area: 'notifications',
  module: 'notifications',
  summary:
    "The company's delivery records, newest first: every message on every channel with its state and reason; filters channel, state, days (yyyy-MM-dd, inclusive) and recipient (contains)",
  access: NOTIFY_ADMINS,
  input: z
    .object({
      userid,
      ...pageInput,
      channel: zMessageChannel.optional(),
      state: zMessageState.optional(),
      startDate: zDay.optional(),
      endDate: zDay.optional(),
      to: z.string().trim().max(100).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
    }),
  output: pageOf(messageRecord),
});

export const notificationCalls = [
  getNotifyConf,
  configureEmail,
  testEmailConf,
  updateSMSConf,
  testSmsConf,
  ivrNotifyConf,
  getSendRecords,
  ...smsCodeCalls,
] as const;
