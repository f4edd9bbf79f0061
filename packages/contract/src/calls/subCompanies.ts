import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { zCompanyName, zCompanyShortName, zEmail, zModuleGrants, zPassword, zPersonName, zPhone } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { signInSecurityTold, zResetTwoStep } from './passkeys.js';
import { PAD_IMAGE_EXTENSIONS, PAD_PICTURE_RULES, PAD_UPLOAD_MAX_BYTES } from './registration.pad.js';

/**
 * Sub-companies (resident / tenant companies, `qcv_sub_account`): the head office creates them, each with its own
 * sign-in (`subAccountLogin`), the gates and door groups it may use and what its visitors may do (`vaPerm`).
 */

/** vaPerm bits (reference 3.6): 1 invitation, 2 appointment, 4 visits need authorisation. */
export const VaPerm = { INVITATION: 1, APPOINTMENT: 2, AUTHORISATION: 4 } as const;
export const VA_PERM_MAX = 7;
export const SUB_FLOOR_MAX = 32;
export const SUB_ROOM_MAX = 16;
export const SUB_ROOMS_MAX = 50;
export const SUB_LOGO_ZIP_MAX_BYTES = 50 * 1024 * 1024;
/** List filter: 1 in use, 0 stopped (not archived), 2 archived. */
export const SubAccountStatus = { STOPPED: 0, IN_USE: 1, ARCHIVED: 2 } as const;

const COMPANY_ADMINS = [Role.ADMIN, Role.SUBADMIN] as const;
/** Pickers: the head office, the front desk and visitor machines, and a sub-company (which sees only itself). */
const PICKER_READERS = [Role.ADMIN, Role.SUBADMIN, Role.GATE, Role.MACHINE, Role.SUB_COMPANY] as const;
const log = (event: 'add' | 'update' | 'delete' | 'import' | 'password' | 'reset') => ({ module: LogModule.SUB_COMPANY, event }) as const;

const userid = z.int32().optional();
const id = z.int32().positive();
const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'format')
  .describe('yyyy-MM-dd');

export const subAccount = z.object({
  id: z.int32(),
  companyName: z.string(),
  shortName: z.string(),
  /** Key of the stored logo ('' without one): shown through the `SubAccountLogo` download. */
  logo: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  floor: z.string(),
  roomNumbers: z.array(z.string()),
  gids: z.array(z.int32()),
  egids: z.array(z.int32()),
  vaPerm: z.int32(),
  adminType: z.int32(),
  modules: z.array(z.string()),
  isUse: z.int32(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  archivedAt: epochMs.nullable(),
  /** Outside its validity today (computed): it cannot sign in. */
  expired: z.boolean(),
  createTime: epochMs,
  /** On the head office's list, detail and update answers. */
  ...signInSecurityTold,
});
export type SubAccount = z.infer<typeof subAccount>;

/** What a sub-company picker needs. */
export const subAccountBrief = subAccount.pick({
  id: true,
  companyName: true,
  shortName: true,
  floor: true,
  roomNumbers: true,
  // The original front desk offers an office-building walk-in only the companies of its gate, and their doors.
  gids: true,
  egids: true,
  vaPerm: true,
  isUse: true,
});

/** The fields a template and a sub-company share (the alike part of many sub-companies). */
const zFloor = z.string().trim().max(SUB_FLOOR_MAX);
const zRooms = z.array(z.string().trim().min(1).max(SUB_ROOM_MAX)).max(SUB_ROOMS_MAX);
// No defaults in an update's fields: zod would fill an omitted field and the update would clear it.
const alikeFields = {
  floor: zFloor.default(''),
  gids: z.array(id).max(100).default([]),
  egids: z.array(id).max(200).default([]),
  vaPerm: z
    .int32()
    .min(0)
    .max(VA_PERM_MAX)
    .default(VaPerm.INVITATION | VaPerm.APPOINTMENT),
  adminType: z.union([z.literal(0), z.literal(1)]).default(0),
  modules: zModuleGrants.default([]),
  startDate: zDay.nullable().default(null),
  endDate: zDay.nullable().default(null),
};

const ownFields = {
  companyName: zCompanyName,
  shortName: zCompanyShortName,
  contactName: zPersonName.or(z.literal('')).default(''),
  email: zEmail,
  phone: zPhone.or(z.literal('')).default(''),
  roomNumbers: zRooms.default([]),
};

function datesInOrder(v: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
}

/** Statuses the create and edit forms show on their fields. */
const formStatuses = {
  [Status.COMPANY_NAME_TAKEN]: 'companyName',
  [Status.EMAIL_TAKEN]: 'email',
  [Status.ALREADY_EXISTS]: 'shortName',
} as const;

export const addSubAccount = defineCall({
  name: 'addSubAccount',
  area: 'sub-companies',
  module: 'subCompanies',
  summary:
    'Create a sub-company. Without `password` it is mailed a one-time link to set its own. 46 name taken, 4 email taken, 3 short name taken (in this company, any case); 602 a gate or door group not this company’s (the field named)',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: formStatuses,
  log: log('add'),
  input: z.object({ userid, ...ownFields, ...alikeFields, password: zPassword.optional() }).superRefine(datesInOrder),
  output: subAccount,
});

export const updateSubAccount = defineCall({
  name: 'updateSubAccount',
  area: 'sub-companies',
  module: 'subCompanies',
  summary:
    'Change a sub-company: only the fields given change. `isUse` 0 stops it (its sessions end); `resetTwoStep` removes its passkeys and turns its two-step sign-in off (its sessions end); an archived one cannot be changed (58). Same refusals as addSubAccount',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  fieldStatuses: formStatuses,
  log: log('update'),
  input: z
    .object({
      userid,
      id,
      companyName: zCompanyName.optional(),
      shortName: zCompanyShortName.optional(),
      contactName: zPersonName.or(z.literal('')).optional(),
      email: zEmail.optional(),
      phone: zPhone.or(z.literal('')).optional(),
      roomNumbers: zRooms.optional(),
      floor: zFloor.optional(),
      gids: z.array(id).max(100).optional(),
      egids: z.array(id).max(200).optional(),
      vaPerm: z.int32().min(0).max(VA_PERM_MAX).optional(),
      adminType: z.union([z.literal(0), z.literal(1)]).optional(),
      modules: zModuleGrants.optional(),
      startDate: zDay.nullable().optional(),
      endDate: zDay.nullable().optional(),
      isUse: z.union([z.literal(0), z.literal(1)]).optional(),
      resetTwoStep: zResetTwoStep,
    })
    .superRefine(datesInOrder),
  output: subAccount,
});

export const getSubAccountById = defineCall({
  name: 'getSubAccountById',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'One sub-company (602 when not this company’s); a sub-company reads only itself (610 for another id)',
  access: [...COMPANY_ADMINS, Role.SUB_COMPANY],
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, id: id.optional().describe('required for the head office; a sub-company’s own by default') }),
  output: subAccount,
});

export const getSubAccountByUserid = defineCall({
  name: 'getSubAccountByUserid',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'Every sub-company of the company not archived, by name (pickers); a sub-company gets only itself',
  access: PICKER_READERS,
  feature: 'subCompanies',
  input: z.object({ userid, inUse: z.boolean().optional().describe('only those in use') }),
  output: z.array(subAccountBrief),
});

export const getSubAccountPageByUserid = defineCall({
  name: 'getSubAccountPageByUserid',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'A page of sub-companies: `name` matches name, short name or floor; `status` 1 in use, 0 stopped, 2 archived',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  input: z.object({
    userid,
    ...pageInput,
    name: z.string().trim().max(64).optional(),
    status: coercedInt().min(0).max(2).optional(),
  }),
  output: pageOf(subAccount),
});

/** Why a sub-company cannot be deleted: what it has on record. */
export const subAccountRecords = z.object({ id: z.int32(), employees: z.int32(), visits: z.int32(), invitations: z.int32() });

export const delSubAccount = defineCall({
  name: 'delSubAccount',
  area: 'sub-companies',
  module: 'subCompanies',
  summary:
    'Delete a sub-company. With employees, visits or invitations on record it is refused (58, the counts in `result.records`) unless `archive`: then it is stopped and archived, its records kept',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: log('delete'),
  input: z.object({ userid, id, archive: z.boolean().default(false) }),
  output: z.object({ deleted: z.int32(), archived: z.int32() }),
});

export const batchDelSubAccount = defineCall({
  name: 'batchDelSubAccount',
  area: 'sub-companies',
  module: 'subCompanies',
  summary:
    'Delete several sub-companies, all or nothing: 602 when one is not this company’s; 58 with each one’s counts in `result.records` when any has records, unless `archive` (those are archived, the others deleted)',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: log('delete'),
  input: z.object({
    userid,
    ids: z
      .array(id)
      .min(1)
      .max(200)
      .refine((l) => new Set(l).size === l.length, 'duplicate'),
    archive: z.boolean().default(false),
  }),
  output: z.object({ deleted: z.int32(), archived: z.int32() }),
});

export const updateSubAccountPwd = defineCall({
  name: 'updateSubAccountPwd',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'The signed-in sub-company changes its own password (old password required); its other sessions end',
  access: [Role.SUB_COMPANY],
  feature: 'subCompanies',
  statuses: [Status.INVALID_PASSWORD],
  log: log('password'),
  input: z.object({ oldPassword: z.string().min(1).max(128), password: zPassword, confirm: z.string().optional() }).superRefine((v, ctx) => {
    if (v.password === v.oldPassword) ctx.addIssue({ code: 'custom', path: ['password'], message: 'sameAsOld' });
    if (v.confirm !== undefined && v.confirm !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
  }),
  output: ok,
});

export const resetSubAccountPwd = defineCall({
  name: 'resetSubAccountPwd',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'Mail the sub-company a one-time link to set a new password (ModifyPassword takes it); 602 when not this company’s',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: log('reset'),
  input: z.object({ userid, id }),
  output: ok,
});

export const subAccountTemplate = z.object({
  id: z.int32(),
  name: z.string(),
  floor: z.string(),
  gids: z.array(z.int32()),
  egids: z.array(z.int32()),
  vaPerm: z.int32(),
  adminType: z.int32(),
  modules: z.array(z.string()),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createTime: epochMs,
});
export type SubAccountTemplate = z.infer<typeof subAccountTemplate>;

export const addSubAccountTemp = defineCall({
  name: 'addSubAccountTemp',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'Save the alike fields of sub-companies under a name (replacing the template of that name); 602 a gate or door group not this company’s',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD],
  log: log('add'),
  input: z.object({ userid, name: z.string().trim().min(1).max(32), ...alikeFields }).superRefine(datesInOrder),
  output: subAccountTemplate,
});

export const getSubAccountTemp = defineCall({
  name: 'getSubAccountTemp',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'The company’s sub-company templates, by name',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  input: z.object({ userid }),
  output: z.array(subAccountTemplate),
});

export const delSubAccountTemp = defineCall({
  name: 'delSubAccountTemp',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'Delete a sub-company template (602 when not this company’s)',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD],
  log: log('delete'),
  input: z.object({ userid, id }),
  output: ok,
});

export const subAccountManager = z.object({ empid: z.int32(), empName: z.string(), empPhone: z.string(), empNo: z.string() });

export const getSubAccountManager = defineCall({
  name: 'GetSubAccountManager',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'The employees who manage a sub-company (its own employees only); a sub-company reads its own',
  access: [...COMPANY_ADMINS, Role.SUB_COMPANY],
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, id: id.optional().describe('required for the head office') }),
  output: z.array(subAccountManager),
});

export const updateSubAccountManager = defineCall({
  name: 'UpdateSubAccountManager',
  area: 'sub-companies',
  module: 'subCompanies',
  summary:
    'Set which of a sub-company’s employees manage it (the list replaces the previous one); 55 when one is not its employee. A sub-company sets its own',
  access: [...COMPANY_ADMINS, Role.SUB_COMPANY],
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD, Status.EMPLOYEE_NOT_EXIST],
  log: log('update'),
  input: z.object({
    userid,
    id: id.optional().describe('required for the head office'),
    empids: z
      .array(id)
      .max(50)
      .refine((l) => new Set(l).size === l.length, 'duplicate'),
  }),
  output: z.array(subAccountManager),
});

const logoUpload = { maxBytes: PAD_UPLOAD_MAX_BYTES, extensions: PAD_IMAGE_EXTENSIONS };

export const updateSubAccountLogo = defineCall({
  name: 'updateSubAccountLogo',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: `A sub-company's logo (jpg, png, webp or gif; at least ${PAD_PICTURE_RULES.logo.min.width}×${PAD_PICTURE_RULES.logo.min.height} px, best over 400×300; scaled down under 1 MB)`,
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: log('update'),
  upload: logoUpload,
  input: z.object({ userid: coercedInt().optional(), id: coercedInt().min(1) }),
  output: subAccount,
});

/** What became of one file of a logo zip. */
export const SUB_LOGO_OUTCOMES = ['saved', 'skipped', 'noSubAccount', 'duplicate', 'notImage', 'tooSmall', 'tooLarge'] as const;
export type SubLogoOutcome = (typeof SUB_LOGO_OUTCOMES)[number];

export const importSubAccountLogo = defineCall({
  name: 'importSubAccountLogo',
  area: 'sub-companies',
  module: 'subCompanies',
  summary:
    'A zip of logos, each named by a sub-company’s short name or email (e.g. `ACME.png`); each file judged alone and reported (619 when not a zip)',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  statuses: [Status.ARCHIVE_BUSY],
  log: log('import'),
  upload: { maxBytes: SUB_LOGO_ZIP_MAX_BYTES, extensions: ['zip'], wrongType: 'zip', toFile: true },
  input: z.object({ userid: coercedInt().optional() }),
  output: z.object({
    saved: z.int32(),
    results: z.array(z.object({ file: z.string(), key: z.string(), id: z.int32().nullable(), outcome: z.enum(SUB_LOGO_OUTCOMES) })),
  }),
});

export const updateSASwitch = defineCall({
  name: 'updateSASwitch',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'Multi-company mode (the company setting `subAccount`): 1 on, 0 off',
  access: COMPANY_ADMINS,
  feature: 'subCompanies',
  log: log('update'),
  input: z.object({ userid, subAccount: z.union([z.literal(0), z.literal(1)]) }),
  output: z.object({ subAccount: z.int32() }),
});

export const subCompanyCalls = [
  addSubAccount,
  updateSubAccount,
  getSubAccountById,
  getSubAccountByUserid,
  getSubAccountPageByUserid,
  delSubAccount,
  batchDelSubAccount,
  updateSubAccountPwd,
  resetSubAccountPwd,
  addSubAccountTemp,
  getSubAccountTemp,
  delSubAccountTemp,
  getSubAccountManager,
  updateSubAccountManager,
  updateSubAccountLogo,
  importSubAccountLogo,
  updateSASwitch,
] as const;

export const subAccountLogo = defineDownload({
  name: 'SubAccountLogo',
  area: 'sub-companies',
  module: 'subCompanies',
  summary: 'A sub-company’s logo (png); `key` is its current `logo`',
  access: [...COMPANY_ADMINS, Role.GATE, Role.MACHINE, Role.SUB_COMPANY],
  feature: 'subCompanies',
  contentType: 'image/png',
  fileName: 'logo',
  extension: 'png',
  input: z.object({ id: coercedInt().min(1), key: z.string().min(1).max(200) }),
});

export const subCompanyDownloads = [subAccountLogo] as const;
