import { z } from 'zod';
import { defineCall, defineDownload, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPersonName, zPhone } from '../fieldSchemas.js';
import { type Label, LogModule, Role, visitorStatusLabels } from '../lookups.js';

/**
 * Personal data by construction (issue 41): how long each kind of a visitor's data is kept, per company and per
 * visitor type, and the daily sweep that removes it. Docs: docs/modules/privacy.md.
 */

/**
 * The kinds of a visitor's data a rule keeps. `visitRecord` is the visit itself: when it goes, the visit is anonymised
 * (its counts stay in the statistics, the person is gone) with every other kind, whatever their own rules say.
 */
export const RETENTION_KINDS = [
  'visitRecord',
  'photo',
  'faceTemplate',
  'signature',
  'idNumber',
  'contact',
  'customFields',
  'passRecords',
  'agreementPdf',
  'deliveryRecords',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Days after the visit ends (signed out; for a visit that never started, its expected end); 0 removes it at sign-out. */
export const RETENTION_DAYS = { min: 0, max: 3650 } as const;

/** What a new company keeps (shown in the console until the administrator changes it). */
export const DEFAULT_RETENTION: Readonly<Record<RetentionKind, number>> = {
  visitRecord: 365,
  photo: 30,
  faceTemplate: 0,
  signature: 365,
  idNumber: 30,
  contact: 180,
  customFields: 180,
  passRecords: 365,
  agreementPdf: 365,
  deliveryRecords: 90,
};

export type RetentionFailure = 'required' | 'range' | 'longerThanRecord';

/** A rule's days: a whole number in range. */
export function checkRetentionDays(days: number | null | undefined): RetentionFailure | null {
  if (days === null || days === undefined || Number.isNaN(days)) return 'required';
  return Number.isInteger(days) && days >= RETENTION_DAYS.min && days <= RETENTION_DAYS.max ? null : 'range';
}

/** No kind outlives the visit record: it is removed with it, so a longer rule would promise what is not done. */
export function checkAgainstRecord(kind: RetentionKind, days: number, recordDays: number): RetentionFailure | null {
  return kind !== 'visitRecord' && days > recordDays ? 'longerThanRecord' : null;
}

const days = z.int32().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max);
export const retentionRules = z.object(Object.fromEntries(RETENTION_KINDS.map((k) => [k, days])) as Record<RetentionKind, typeof days>);
export type RetentionRules = z.infer<typeof retentionRules>;
/** A visitor type's own rules: only the kinds it keeps differently (the others follow the company's). */
export const retentionOverrides = retentionRules.partial();
export type RetentionOverrides = z.infer<typeof retentionOverrides>;

const removedCounts = z.object(Object.fromEntries(RETENTION_KINDS.map((k) => [k, z.int32()])) as Record<RetentionKind, ReturnType<typeof z.int32>>);

export const retentionSweep = z.object({
  id: z.int32(),
  startedAt: epochMs,
  /** Null while it runs (or when it was interrupted and a later run finished its work). */
  finishedAt: epochMs.nullable(),
  /** 'daily' | 'manual' */
  trigger: z.enum(['daily', 'manual']),
  /** Visits whose data of each kind was removed (for passRecords and deliveryRecords: the records). */
  removed: removedCounts,
  /** Stored files removed (photos, signatures, PDFs, door snapshots). */
  files: z.int32(),
});
export type RetentionSweep = z.infer<typeof retentionSweep>;

export const getRetentionRules = defineCall({
  name: 'getRetentionRules',
  area: 'privacy',
  module: 'privacy',
  summary:
    "How long each kind of a visitor's data is kept: the company's rules (the defaults until changed) and each visitor type's own, with the last sweeps",
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    company: retentionRules,
    /** Whether the company's rules are still the installation's defaults. */
    isDefault: z.boolean(),
    types: z.array(z.object({ tid: z.int32(), overrides: retentionOverrides })),
    sweeps: z.array(retentionSweep),
  }),
});

export const updateRetentionRules = defineCall({
  name: 'updateRetentionRules',
  area: 'privacy',
  module: 'privacy',
  summary:
    "Set the company's rules (every kind) or a visitor type's own (tid: the kinds it keeps differently; none left follows the company's). No kind may outlive the visit record (400 longerThanRecord on it); 602 for a visitor type the company has not",
  access: [Role.ADMIN],
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    tid: z.int32().positive().optional(),
    rules: retentionOverrides,
  }),
  output: z.object({ company: retentionRules, types: z.array(z.object({ tid: z.int32(), overrides: retentionOverrides })) }),
});

export const runRetentionSweep = defineCall({
  name: 'runRetentionSweep',
  area: 'privacy',
  module: 'privacy',
  summary:
    "Run the company's sweep now (after tightening a rule) instead of waiting for the night's: removes what the rules say is due and answers its report",
  access: [Role.ADMIN],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid: z.int32().optional() }),
  output: retentionSweep,
});

// ---------------------------------------------------------------------------------------------
// A person's data: find, export, erase
// ---------------------------------------------------------------------------------------------

/** Where a person's data is held, in the order the console and the export show it. */
export const PERSON_SOURCES = ['visits', 'residents', 'logistics', 'blacklist', 'papers', 'messages'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];

export const personSourceLabels: Record<PersonSource, Label> = {
  visits: { zh: '来访与邀请', en: 'Visits and invitations' },
  residents: { zh: '常驻访客', en: 'Resident visitor entries' },
  logistics: { zh: '物流预约', en: 'Logistics bookings' },
  blacklist: { zh: '黑名单与白名单', en: 'Blacklist and whitelist' },
  papers: { zh: '安全培训答卷', en: 'Safety induction papers' },
  messages: { zh: '发给本人的消息', en: 'Messages sent to the person' },
};

/** The fields of a person's records, as the console and the export's summary name them. */
export const personFieldLabels = {
  kind: { zh: '类型', en: 'Kind' },
  status: { zh: '状态', en: 'Status' },
  name: { zh: '姓名', en: 'Name' },
  phone: { zh: '手机号', en: 'Phone' },
  email: { zh: '邮箱', en: 'E-mail' },
  company: { zh: '单位', en: 'Company' },
  certificateType: { zh: '证件类型', en: 'Certificate type' },
  idNumber: { zh: '证件号', en: 'Certificate number' },
  host: { zh: '被访人', en: 'Host' },
  visitType: { zh: '来访类型', en: 'Visit type' },
  visitReason: { zh: '来访事由', en: 'Reason' },
  plateNum: { zh: '车牌号', en: 'Plate' },
  belongings: { zh: '携带物品', en: 'Belongings' },
  cardNo: { zh: '卡号', en: 'Card' },
  companions: { zh: '随行人员', en: 'Companions' },
  temperature: { zh: '体温', en: 'Temperature' },
  appointmentAt: { zh: '预约时间', en: 'Expected' },
  visitAt: { zh: '签到时间', en: 'Signed in' },
  signOutAt: { zh: '签出时间', en: 'Signed out' },
  signInGate: { zh: '签到门岗', en: 'Signed in at' },
  signOutGate: { zh: '签出门岗', en: 'Signed out at' },
  protocolAccepted: { zh: '已接受安全协议', en: 'Agreement accepted' },
  job: { zh: '工种', en: 'Job' },
  department: { zh: '部门', en: 'Department' },
  area: { zh: '区域', en: 'Area' },
  startAt: { zh: '开始', en: 'From' },
  endAt: { zh: '结束', en: 'Until' },
  remark: { zh: '备注', en: 'Remark' },
  logNum: { zh: '物流单号', en: 'Booking number' },
  appointmentDate: { zh: '预约日期', en: 'Booked for' },
  carrier: { zh: '承运商', en: 'Carrier' },
  driverName: { zh: '司机姓名', en: 'Driver' },
  driverPhone: { zh: '司机手机号', en: 'Driver phone' },
  driverIdNumber: { zh: '司机证件号', en: 'Driver certificate number' },
  senderName: { zh: '发货人', en: 'Sender' },
  senderPhone: { zh: '发货人手机号', en: 'Sender phone' },
  senderIdNumber: { zh: '发货人证件号', en: 'Sender certificate number' },
  goods: { zh: '货物', en: 'Goods' },
  leaveAt: { zh: '离开时间', en: 'Left' },
  list: { zh: '名单', en: 'List' },
  title: { zh: '问卷', en: 'Questionnaire' },
  submittedAt: { zh: '提交时间', en: 'Submitted' },
  totalScore: { zh: '得分', en: 'Score' },
  passed: { zh: '通过', en: 'Passed' },
  validUntil: { zh: '有效期至', en: 'Valid until' },
  channel: { zh: '渠道', en: 'Channel' },
  to: { zh: '收件人', en: 'To' },
  subject: { zh: '主题', en: 'Subject' },
  text: { zh: '内容', en: 'Text' },
  state: { zh: '发送状态', en: 'Delivery' },
  sentAt: { zh: '发送时间', en: 'Sent' },
} satisfies Record<string, Label>;
export type PersonField = keyof typeof personFieldLabels;

/** A custom field's label (records keep custom fields as `extend.<name>`). */
export const customFieldLabel: Label = { zh: '自定义字段', en: 'Custom field' };

const visitKindLabels: Record<string, Label> = {
  walkin: { zh: '现场登记', en: 'Walk-in' },
  invite: { zh: '邀请', en: 'Invitation' },
  appointment: { zh: '预约', en: 'Appointment' },
  resident: { zh: '常驻访客', en: 'Resident visit' },
};
const answerLabels: Record<string, Label> = { yes: { zh: '是', en: 'Yes' }, no: { zh: '否', en: 'No' } };
const listLabels: Record<string, Label> = { black: { zh: '黑名单', en: 'Blacklist' }, white: { zh: '白名单', en: 'Whitelist' } };

/** A record's field name in the reader's language (a custom field keeps the name the company gave it). */
export function personFieldLabel(field: string, lang: 'zh' | 'en'): string {
  if (field.startsWith('extend.')) return `${customFieldLabel[lang]}: ${field.slice('extend.'.length)}`;
  return (personFieldLabels as Record<string, Label>)[field]?.[lang] ?? field;
}

/** A record's value as a reader sees it: codes in words, times without seconds (UTC, as stored). */
export function personFieldText(field: string, value: string, lang: 'zh' | 'en'): string {
  const words =
    field === 'status'
      ? visitorStatusLabels[value as keyof typeof visitorStatusLabels]
      : field === 'kind'
        ? visitKindLabels[value]
        : field === 'list'
          ? listLabels[value]
          : field === 'passed' || field === 'protocolAccepted'
            ? answerLabels[value]
            : undefined;
  if (words) return words[lang];
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return `${value.slice(0, 16).replace('T', ' ')} UTC`;
  return value;
}

/** A certificate number as a search and a blacklist keep it: letters and digits (and dashes), as written. */
const zCredentialNo = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40, 'tooLong')
  .regex(/^[A-Za-z0-9 -]+$/, 'format');

const keyFields = {
  userid: z.int32().optional(),
  phone: zPhone.optional(),
  email: zEmail.optional(),
  credentialNo: zCredentialNo.optional(),
};

/** Exactly one of `keys` given: none is `required` on the first, a second `oneOnly` on itself. */
function exactlyOne<K extends string>(keys: readonly K[]) {
  return (v: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const given = keys.filter((k) => v[k] !== undefined && v[k] !== '');
    if (given.length === 0) ctx.addIssue({ code: 'custom', path: [keys[0] ?? 'phone'], message: 'required' });
    for (const k of given.slice(1)) ctx.addIssue({ code: 'custom', path: [k], message: 'oneOnly' });
  };
}

/**
 * The person a request names: exactly one of their phone, e-mail or certificate number. The records found give
 * further keys (an ID number on a visit found by phone), and the request covers those too.
 */
export const personKey = z.object(keyFields).superRefine(exactlyOne(['phone', 'email', 'credentialNo']));

export const personRecord = z.object({
  source: z.enum(PERSON_SOURCES),
  id: z.int32(),
  at: epochMs.nullable(),
  /** Field name (personFieldLabels, or `extend.<name>`) to value; empty fields left out. */
  fields: z.record(z.string(), z.string()),
  /** Stored files of the person on the record (photo, signature, agreement PDF, uploads): in the export. */
  files: z.int32(),
  /** For blacklist entries: the list ('black' | 'white'). */
  list: z.enum(['black', 'white']).optional(),
});
export type PersonRecord = z.infer<typeof personRecord>;

export const personFound = z.object({
  /** Every key the records gave the person (normalised): what export and erasure cover. */
  keys: z.object({ phones: z.array(z.string()), emails: z.array(z.string()), idNumbers: z.array(z.string()) }),
  names: z.array(z.string()),
  records: z.array(personRecord),
  /** Operation-log entries about the person (an erasure blanks them; the chain still verifies). */
  logEntries: z.int32(),
  /**
   * Found by name: the people of that name, one per set of keys their records give (a name is no person: export and
   * erasure take a key); `records` and `keys` are then empty.
   */
  candidates: z
    .array(
      z.object({
        name: z.string(),
        phone: z.string(),
        email: z.string(),
        idNumber: z.string(),
        /** Records of this candidate by source. */
        sources: z.array(z.enum(PERSON_SOURCES)),
      }),
    )
    .optional(),
});
export type PersonFound = z.infer<typeof personFound>;

export const findPerson = defineCall({
  name: 'findPerson',
  area: 'privacy',
  module: 'privacy',
  summary:
    "Everything the company holds about a person named by phone, e-mail or certificate number (or, by name, the people of that name to choose from), across visits and invitations, resident entries, logistics bookings, the black- and whitelist, induction papers and messages; the records' own keys widen the search once",
  access: [Role.ADMIN],
  // A look-up shows the person's whole ID number among their data: a view, logged naming them.
  log: { module: LogModule.VISITOR, event: 'view' },
  input: z.object({ ...keyFields, name: zPersonName.optional() }).superRefine(exactlyOne(['phone', 'email', 'credentialNo', 'name'])),
  output: personFound,
});

export const erasePerson = defineCall({
  name: 'erasePerson',
  area: 'privacy',
  module: 'privacy',
  summary:
    "Erase a person's data (as findPerson finds it): visits anonymised as the retention sweep does, resident and list entries deleted, their side of logistics bookings, papers and messages blanked, files removed, the operation log's entries about them blanked under one erasure entry. Blacklist entries stay when keepBlacklist (the reason shown). 602 when nothing is held; 58 while the person is on site (sign them out first)",
  access: [Role.ADMIN],
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: personKey.and(z.object({ keepBlacklist: z.boolean() })),
  output: z.object({
    erased: z.object(Object.fromEntries(PERSON_SOURCES.map((s) => [s, z.int32()])) as Record<PersonSource, ReturnType<typeof z.int32>>),
    files: z.int32(),
    logEntries: z.int32(),
    /** Blacklist entries kept (keepBlacklist), with the reason recorded on them. */
    kept: z.array(z.object({ id: z.int32(), name: z.string(), remark: z.string() })),
    /** Visits whose face a terminal may still hold: their face rows go once it confirms (everything else went now). */
    facesPending: z.int32(),
  }),
});

export const exportPersonData = defineDownload({
  name: 'exportPersonData',
  area: 'privacy',
  module: 'privacy',
  summary:
    'Everything held about a person (as findPerson finds it) as a zip: a readable summary in the chosen language (summary.html), the same as data.json, and their photos, signatures, agreement PDFs and uploads, streamed',
  access: [Role.ADMIN],
  contentType: 'application/zip',
  fileName: 'person-data',
  extension: 'zip',
  log: { module: LogModule.VISITOR, event: 'export' },
  input: personKey.and(z.object({ lang: z.enum(['zh', 'en']).default('en') })),
});

export const privacyCalls = [getRetentionRules, updateRetentionRules, runRetentionSweep, findPerson, erasePerson] as const;
export const privacyDownloads = [exportPersonData] as const;
