import { z } from 'zod';
import { defineCall, empty, epochMs, ok } from '../call.js';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '../countries.js';
import { Status } from '../errors.js';
import { zAccountName, zCompanyName, zCompanyShortName, zModuleGrants, zPassword, zPersonName, zPhone } from '../fieldSchemas.js';
import { LogModule, Role, STAFF_TYPES } from '../lookups.js';
import { zLang } from './auth.js';
import { signInSecurity, zResetTwoStep } from './passkeys.js';

const ALL_SESSION_ROLES = Object.values(Role);
const COMPANY_ADMINS = [Role.ADMIN, Role.SUBADMIN] as const;

/**
 * Per-company settings (spec section 3 "Per-account settings"). Each module that owns a setting
 * adds its call to change it; they are all answered together by GetUserInfo, flat, as the original did.
 */
export const companySettings = z.object({
  /**
   * The company's country (ISO 3166-1 alpha-2; ModifyUserInfo): the ID numbers and plates of its logistics bookings
   * follow it (countries.ts). Mainland China unless chosen.
   */
  country: z.string().default(DEFAULT_COUNTRY),
  logo: z.string().default(''),
  cardText: z.string().default(''),
  escapeClause: z.string().default(''),
  secureProtocol: z.string().default(''),
  comeAgain: z.int32().default(0),
  signOutSwitch: z.int32().default(0),
  backgroundPic: z.string().default(''),
  themecolor: z.string().default(''),
  defaultPhoto: z.string().default(''),
  faceScaner: z.int32().default(0),
  // Pad (kiosk) settings of the registration module: home carousel, QR switch, English terms, badge (card) style.
  carouselPic: z.array(z.string()).default([]),
  qrcodeSwitch: z.int32().default(0),
  secureProtocolEn: z.string().default(''),
  /** 0 ordinary, 1 customized. */
  cardType: z.int32().default(0),
  /** 0 90×60 mm, 1 4-inch, 2 5-inch (CARD_SIZES). */
  cardSize: z.int32().default(0),
  /** 0 colour, 1 black and white. */
  printType: z.int32().default(0),
  /** The logo on a customized badge: 0 as text (customText), 1 as the picture. */
  brandType: z.int32().default(1),
  /** 0 top, 1 middle, 2 bottom. */
  brandPosition: z.int32().default(0),
  showAvatar: z.int32().default(1),
  /** 0 visitor photo, 1 fixed picture (defaultPhoto), 2 QR code. */
  avatarType: z.int32().default(0),
  customText: z.string().default(''),
  processSwitch: z.int32().default(0),
  permissionSwitch: z.int32().default(0),
  tempEditSwitch: z.int32().default(0),
  latExtendTime: z.int32().default(30),
  preExtendTime: z.int32().default(30),
  leaveExpiryTime: z.int32().default(0),
  offDuty: z.string().default(''),
  upDuty: z.string().default(''),
  qrMaxCount: z.int32().default(0),
  qrMaxDuration: z.int32().default(0),
  /** QR check-in at the kiosk (updateScanerSwitch): on unless switched off. */
  scaner: z.int32().default(1),
  cryptoperiod: z.int32().default(0),
  /** A visitor's pass at a door signs them in on entry and out on exit (updateDoorSignInSwitch): off unless switched on. */
  doorSignIn: z.int32().default(0),
  /**
   * Original clients compatibility (updateOriginalCompatSwitch): QR passes are given out in the original product's
   * format, which the sites' old door readers and desk scanners read, and accepted beside ours. Off unless switched on.
   */
  originalCompat: z.int32().default(0),
  /** Visitors of a type with a questionnaire pass its induction before they check in (updateQuestionnaireSwitch). */
  questionnaireSwitch: z.int32().default(0),
  /**
   * Blacklist screening (updateblackListSwitch): on for a new company, so the first person listed is stopped. An empty
   * list stops nobody, so on costs nothing until someone is listed on purpose; companies made before this default
   * kept theirs (migration 0050).
   */
  blackListSwitch: z.int32().default(1),
  /** How names are screened (updateScreeningMode): standard adds the same pinyin and close spellings as possible matches. */
  screeningMode: z.enum(['narrow', 'standard']).default('standard'),
  subAccount: z.int32().default(0),
  unsubscribe: z.int32().default(0),
  // Notification channels with directory sync (contacts module). The DingTalk secret is stored apart and never here.
  ddnotify: z.int32().default(0),
  ddcorpid: z.string().default(''),
  ddagentid: z.string().default(''),
  ddautosync: z.int32().default(0),
  rtxnotify: z.int32().default(0),
  rtxip: z.string().default(''),
  rtxport: z.int32().default(0),
  rtxAuto: z.int32().default(0),
});
export type CompanySettings = z.infer<typeof companySettings>;

export const userInfo = companySettings.extend({
  /**
   * What the session's company lets its people do with visitors (VaPerm bits: 1 invite, 2 appointments, 4 visits wait
   * for the host's authorisation): a sub-company's own grant from the head office; the head office's own people may
   * invite and take appointments (3). Not a stored setting.
   */
  vaPerm: z.int32(),
  userid: z.int32(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  shortName: z.string(),
  remark: z.string(),
  userType: z.int32(),
  regDate: epochMs,
  loginDate: epochMs.nullable(),
  expireDate: epochMs.nullable(),
  lang: zLang,
  guidePending: z.boolean(),
  sType: z.int32(),
  /** The account is closing (updateUnSubscribe): its data is deleted then. */
  closingDue: epochMs.nullable().optional(),
  /** The last export of everything (ExportAccountData). */
  dataExportedAt: epochMs.nullable().optional(),
  /**
   * A module-driven account's granted modules as they are now (a sub-administrator; a sub-company of adminType other
   * than 0): the console's menus and guards follow them. Absent for every other account.
   */
  modules: z.array(z.string()).optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const getUserInfo = defineCall({
  name: 'GetUserInfo',
  area: 'accounts',
  module: 'accounts',
  summary: "The company's account and every setting, for the signed-in account's company",
  access: ALL_SESSION_ROLES.filter((r) => r !== Role.SUPER),
  statuses: [Status.INVALID_USER],
  input: z.object({ userid: z.int32().optional() }),
  output: userInfo,
});

export const modifyUserInfo = defineCall({
  name: 'ModifyUserInfo',
  area: 'accounts',
  module: 'accounts',
  summary: "Change the company's name, short name, remark, country (ISO 3166-1 alpha-2) and the administrator's name and phone",
  access: COMPANY_ADMINS,
  // No 46: company names need not be unique, so another company's name is never refused (nor revealed).
  statuses: [Status.INVALID_USER],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z
    .object({
      userid: z.int32().optional(),
      username: zPersonName.optional(),
      phone: zPhone.optional(),
      company: zCompanyName.optional(),
      shortName: zCompanyShortName.or(z.literal('')).optional(),
      remark: z.string().trim().max(500).optional(),
      lang: zLang.optional(),
      country: z.enum(COUNTRY_CODES).optional().describe('ISO 3166-1 alpha-2: ID numbers and plates follow it'),
      guideDone: z.boolean().optional(),
    })
    // An update naming nothing to change is a mistake of the caller, not an empty UPDATE for the database to refuse.
    .refine((o) => Object.entries(o).some(([k, v]) => k !== 'userid' && v !== undefined), { message: 'required' }),
  output: userInfo,
});

export const updatePassword = defineCall({
  name: 'updatePassword',
  area: 'accounts',
  module: 'accounts',
  summary: "Change the signed-in account's own password (old password required); other sessions are signed out",
  access: ALL_SESSION_ROLES,
  statuses: [Status.INVALID_PASSWORD],
  log: { module: LogModule.ACCOUNT, event: 'password' },
  input: z.object({ oldPassword: z.string().min(1).max(128), password: zPassword, confirm: z.string().optional() }).superRefine((v, ctx) => {
    if (v.password === v.oldPassword) ctx.addIssue({ code: 'custom', path: ['password'], message: 'sameAsOld' });
    if (v.confirm !== undefined && v.confirm !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
  }),
  output: ok,
});

const zStaffType = z.union(STAFF_TYPES.map((t) => z.literal(t)));
const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'format')
  .describe('yyyy-MM-dd');

export const manager = z.object({
  id: z.int32(),
  account: z.string(),
  sName: z.string(),
  phone: z.string(),
  sType: z.int32(),
  /** A server company's (sType 1) supplier company; null for other kinds. */
  supplierId: z.int32().nullable(),
  gids: z.array(z.int32()),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  remark: z.string(),
  status: z.int32(),
  locked: z.boolean(),
  ...signInSecurity,
  /** A sub-administrator's (sType 5) granted modules (GRANT_AREAS); empty for other kinds. */
  modules: z.array(z.string()),
  createTime: epochMs,
});
export type Manager = z.infer<typeof manager>;

const managerFields = {
  sName: zPersonName,
  phone: zPhone.or(z.literal('')).default(''),
  sType: zStaffType,
  supplierId: z
    .int32()
    .positive()
    .nullable()
    .default(null)
    .describe('the supplier company a server-company account (sType 1) acts for; required then'),
  gids: z.array(z.int32().positive()).max(100).default([]),
  startDate: zDate.nullable().default(null),
  endDate: zDate.nullable().default(null),
  remark: z.string().trim().max(200).default(''),
  modules: zModuleGrants.optional().describe("a sub-administrator's (sType 5) granted modules: required, not empty; refused for other kinds"),
};

function datesInOrder(v: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
}

/**
 * A sub-administrator (sType 5) is module-driven: it names the modules granted to it, at least one; another kind names
 * none ('notForKind'). An update checks what it gives here, and the stored kind in the service.
 */
function grantsFit(v: { sType?: number; modules?: readonly string[] }, ctx: z.RefinementCtx) {
  if (v.sType === undefined) return;
  if (v.sType === Role.SUBADMIN && v.modules !== undefined && v.modules.length === 0)
    ctx.addIssue({ code: 'custom', path: ['modules'], message: 'required' });
  if (v.sType !== Role.SUBADMIN && v.modules !== undefined && v.modules.length > 0)
    ctx.addIssue({ code: 'custom', path: ['modules'], message: 'notForKind' });
}

/** A new sub-administrator names its grants. */
function grantsNamed(v: { sType: number; modules?: readonly string[] }, ctx: z.RefinementCtx) {
  if (v.sType === Role.SUBADMIN && v.modules === undefined) ctx.addIssue({ code: 'custom', path: ['modules'], message: 'required' });
}

/** A server-company account acts for one supplier company: it must name it. */
function supplierNamed(v: { sType: number; supplierId: number | null }, ctx: z.RefinementCtx) {
  if (v.sType === Role.SERVER_COMPANY && !v.supplierId) ctx.addIssue({ code: 'custom', path: ['supplierId'], message: 'required' });
}

export const getManagerByUser = defineCall({
  name: 'GetManagerByUser',
  area: 'accounts',
  module: 'accounts',
  summary: "The company's staff accounts (HSE, server company, reception, logistics, visitor machine, sub-administrator)",
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE],
  input: z.object({ userid: z.int32().optional(), sType: zStaffType.optional() }),
  output: z.array(manager),
});

export const addManager = defineCall({
  name: 'AddManager',
  area: 'accounts',
  module: 'accounts',
  summary:
    "Add a staff account; a person's account must change its password at first sign-in, a machine's (front desk, visitor machine) keeps it. A server company (sType 1) names its supplier company (602 when not found)",
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE],
  statuses: [Status.ALREADY_EXISTS, Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCOUNT, event: 'add' },
  input: z
    .object({ userid: z.int32().optional(), account: zAccountName, password: zPassword, ...managerFields })
    .superRefine(datesInOrder)
    .superRefine(supplierNamed)
    .superRefine(grantsFit)
    .superRefine(grantsNamed),
  output: manager,
});

export const updateManager = defineCall({
  name: 'UpdateManager',
  area: 'accounts',
  module: 'accounts',
  summary:
    'Change a staff account: only the fields given change; a new password, a new type, a new supplier company or disabling it ends its sessions; new grants of a sub-administrator (modules) hold from its next call; resetTwoStep removes its passkeys and turns its two-step sign-in off (sessions end). A server company must keep a supplier company (400 on supplierId; 602 when not found)',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE],
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z
    .object({
      userid: z.int32().optional(),
      account: z.string().trim().min(1).max(64),
      password: zPassword.optional(),
      status: z.union([z.literal(0), z.literal(1)]).optional(),
      unlock: z.boolean().optional(),
      resetTwoStep: zResetTwoStep,
      // Omitted fields stay as they are.
      sName: zPersonName.optional(),
      phone: zPhone.or(z.literal('')).optional(),
      sType: zStaffType.optional(),
      supplierId: z.int32().positive().nullable().optional(),
      gids: z.array(z.int32().positive()).max(100).optional(),
      startDate: zDate.nullable().optional(),
      endDate: zDate.nullable().optional(),
      remark: z.string().trim().max(200).optional(),
      modules: zModuleGrants.optional().describe("a sub-administrator's granted modules; its next call follows them"),
    })
    .superRefine(datesInOrder)
    .superRefine(grantsFit),
  output: manager,
});

export const deleteManager = defineCall({
  name: 'DeleteManager',
  area: 'accounts',
  module: 'accounts',
  summary: 'Delete a staff account and end its sessions',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE],
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCOUNT, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), account: z.string().trim().min(1).max(64) }),
  output: ok,
});

export const getRelatedAccount = defineCall({
  name: 'getRelatedAccount',
  area: 'accounts',
  module: 'accounts',
  summary: 'The companies a headquarters (super) account oversees',
  access: [Role.SUPER],
  input: empty,
  output: z.array(
    z.object({
      userid: z.int32(),
      company: z.string(),
      email: z.string(),
      username: z.string(),
      status: z.int32(),
      regDate: epochMs,
      loginDate: epochMs.nullable(),
    }),
  ),
});

export const accountCalls = [
  getUserInfo,
  modifyUserInfo,
  updatePassword,
  getManagerByUser,
  addManager,
  updateManager,
  deleteManager,
  getRelatedAccount,
] as const;
