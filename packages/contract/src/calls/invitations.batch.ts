import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { IMPORT_TYPES } from '../validators.js';
import { IMPORT_MAX_BYTES, importExampleRows, importRowError } from './employees.js';
import { appointmentWindowFailure } from './invitations.js';

/**
 * The batch ("dot") invite of the employee portal: a spreadsheet of visitors invited with the same host, type,
 * reason and gate (reference `UploadApponintment`). Valid rows are invited, bad rows reported with their row,
 * column and rule; each row is written whole or not at all.
 */

/** Rows per file: each row is a visit record and a mail. */
export const BATCH_INVITE_MAX_ROWS = 500;

/** The columns of the batch file, named in either language (required ones marked * in the template). */
export const APPOINTMENT_IMPORT_COLUMNS = {
  name: { en: 'Name', zh: '姓名', required: true },
  phone: { en: 'Mobile phone', zh: '手机号', required: false },
  email: { en: 'Email', zh: '邮箱', required: false },
  company: { en: 'Company', zh: '公司', required: false },
  lang: { en: 'Language', zh: '语言', required: false },
  time: { en: 'Visit time', zh: '来访时间', required: false },
} as const;

/** A language cell: zh/en or the language's name in either language; empty takes the form's default. */
export function inviteLanguageOf(cell: string): 'zh' | 'en' | null {
  const v = cell.trim().toLowerCase();
  if (['zh', 'zh-cn', 'cn', 'chinese', '中文', '汉语', '简体中文'].includes(v)) return 'zh';
  if (['en', 'english', '英文', '英语'].includes(v)) return 'en';
  return null;
}

const bool = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');
/** A multipart field for an optional id: absent or empty is none. */
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), coercedInt().positive().optional());

export const uploadAppointment = defineCall({
  name: 'UploadApponintment',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Batch invite from csv (UTF-8 or GB18030), xls or xlsx (columns by header, in English or Chinese): name, phone and/or email, company, language, an optional time per row ("yyyy-mm-dd hh:mm", or "hh:mm" on the common day); the host, type, reason and gate are common. dryRun checks and previews; otherwise the valid rows are screened, invited in one transaction, and the bad ones reported (row, column, rule: phoneOrEmail, format, past, tooFar, duplicateInFile, invited, and screened for a row the watchlist screening refuses). Employees invite as themselves (116), administrators name the host',
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN],
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.GATE_NOT_FOUND, Status.INVALID_EMPLOYEE, Status.VISITOR_TYPE_NOT_EXIST, Status.BLACKLISTED],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file', [Status.INVITE_FEATURE_OFF]: null },
  log: { module: LogModule.VISITOR, event: 'add' },
  upload: { maxBytes: IMPORT_MAX_BYTES, extensions: IMPORT_TYPES },
  input: z
    .object({
      userid: coercedInt().optional(),
      dryRun: bool,
      empid: optionalId.describe('the host; required for administrators, ignored for employees (themselves)'),
      appointmentDate: z.coerce.number().int().describe('expected arrival of rows without a time of their own'),
      tid: optionalId.describe('visitor type of this company'),
      gid: optionalId.describe('the gate to come to'),
      visitType: z.string().trim().max(100).default(''),
      visitReason: z.string().trim().max(200).default(''),
      lang: z.enum(['zh', 'en']).default('zh').describe('the language of rows that name none'),
    })
    .superRefine((v, ctx) => {
      const rule = appointmentWindowFailure(v.appointmentDate, Date.now());
      if (rule) ctx.addIssue({ code: 'custom', path: ['appointmentDate'], message: rule });
    }),
  output: z.object({
    /** Rows with content (empty rows are ignored). */
    total: z.int32(),
    valid: z.int32(),
    invited: z.int32(),
    errors: z.array(importRowError),
    /** The template's example rows, skipped. */
    exampleRows: importExampleRows,
    /** The first valid rows as they would be invited (dry run) or were. */
    preview: z.array(
      z.object({
        row: z.int32(),
        name: z.string(),
        phone: z.string(),
        email: z.string(),
        company: z.string(),
        lang: z.enum(['zh', 'en']),
        appointmentDate: epochMs,
      }),
    ),
    /** Each invited row's visit and link (empty on a dry run). */
    visits: z.array(z.object({ row: z.int32(), vid: z.int32(), vname: z.string(), vphone: z.string(), vemail: z.string(), inviteLink: z.string() })),
  }),
});

export const exportAppointmentTemplate = defineDownload({
  name: 'ExportAppointmentTemplate',
  area: 'invitations',
  module: 'invitations',
  summary: 'The batch invite template (xlsx) with headers and an example row in the chosen language',
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN],
  contentType: XLSX_TYPE,
  fileName: 'invite-template',
  extension: 'xlsx',
  input: z.object({ lang: z.enum(['zh', 'en']).default('en') }),
});
