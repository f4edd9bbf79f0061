import { z } from 'zod';
import { defineCall, epochMs, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { zPersonName } from '../fieldSchemas.js';
import { certificateTypeLabels, LogModule, Role } from '../lookups.js';
import { checkPhone } from '../validators.js';
import { DESK_ROLES, identityFailures, visit } from './visits.js';

/**
 * Resident visitors (常驻访客: supplier staff who come every day) and the projects they work on, with the
 * original's names (ResidentVisitorController; qcv_resident_project / qcv_resident_visitor). A resident is approved
 * once and then signs in at the desk on any day of its validity window; each sign-in is a visit of kind 'resident'.
 */

/** Who manages projects and residents (the original's A, S, H). */
export const RESIDENT_MANAGERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;
/** Who manages workers: the managers and, for its own supplier company's workers only, a server company (SC). */
const WORKER_EDITORS = [...RESIDENT_MANAGERS, Role.SERVER_COMPANY] as const;
/** Who reads the project and supplier-company lists: managers, the desk and server companies. */
const RESIDENT_READERS = [...RESIDENT_MANAGERS, Role.GATE, Role.MACHINE, Role.SERVER_COMPANY] as const;
/** A worker's certificates: none on file, all valid, one expiring within 30 days, one expired. */
export const CERT_STATUSES = ['none', 'valid', 'expiring', 'expired'] as const;
export type CertStatus = (typeof CERT_STATUSES)[number];

export const PROJECT_NAME_MAX = 100;
export const RESIDENT_TEXT_MAX = 100;
export const RESIDENT_LONG_TEXT_MAX = 500;
export const RESIDENT_PLATE_PATTERN = /^[\p{Script=Han}A-Za-z0-9·-]*$/u;
/** rstatus: 0 waiting for approval, 1 approved, 2 refused. */
export const RESIDENT_STATUSES = [0, 1, 2] as const;
export type ResidentStatus = (typeof RESIDENT_STATUSES)[number];

const userid = z.int32().optional();
const zText = (max: number) => z.string().trim().max(max);
const zCertificateType = z.enum(
  Object.keys(certificateTypeLabels) as [keyof typeof certificateTypeLabels, ...(keyof typeof certificateTypeLabels)[]],
);

export const residentProject = z.object({
  pid: z.int32(),
  pName: z.string(),
  /** The responsible person. */
  leader: z.string(),
  phone: z.string(),
  /** Work area. */
  area: z.string(),
  content: z.string(),
  startDate: epochMs.nullable(),
  endDate: epochMs.nullable(),
  remark: z.string(),
  /** How many resident visitors belong to it (a project with any cannot be deleted). */
  residents: z.int32(),
  createTime: epochMs,
});
export type ResidentProject = z.infer<typeof residentProject>;

export const residentVisitor = z.object({
  rid: z.int32(),
  pid: z.int32(),
  pName: z.string(),
  /** The supplier company the person works for (`company` is its name, kept for the original's clients). */
  supplierId: z.int32().nullable(),
  company: z.string(),
  name: z.string(),
  phone: z.string(),
  certificateType: z.string(),
  /** Certificate (ID card…) number, as the original calls it. */
  cardid: z.string(),
  /** 0 unknown, 1 male, 2 female. */
  sex: z.int32(),
  age: z.int32().nullable(),
  job: z.string(),
  department: z.string(),
  area: z.string(),
  leader: z.string(),
  plateNum: z.string(),
  /** The validity window: sign-in is accepted from startDate to endDate. */
  startDate: epochMs,
  endDate: epochMs,
  rstatus: z.int32(),
  refuseCause: z.string(),
  /** Who approved or refused. */
  approver: z.string(),
  /** Whether a face photo is stored. */
  face: z.boolean(),
  remark: z.string(),
  /** The earliest expiry day of the worker's certificates (yyyy-MM-dd), and what it means today. */
  certExpiry: z.string().nullable(),
  certStatus: z.enum(CERT_STATUSES),
  createTime: epochMs,
});
export type ResidentVisitor = z.infer<typeof residentVisitor>;

/** end not before start (both given) — shared by the server and the console's forms. */
export function windowFailure(v: { startDate?: number | null; endDate?: number | null }): 'beforeStart' | null {
  return v.startDate != null && v.endDate != null && v.endDate < v.startDate ? 'beforeStart' : null;
}

const projectFields = z.object({
  userid,
  pName: zText(PROJECT_NAME_MAX).min(1, 'required'),
  leader: zPersonName,
  phone: z
    .string()
    .trim()
    .max(32)
    .superRefine((s, ctx) => {
      const f = checkPhone(s);
      if (f) ctx.addIssue({ code: 'custom', message: f });
    }),
  area: zText(RESIDENT_TEXT_MAX).default(''),
  content: zText(RESIDENT_LONG_TEXT_MAX).default(''),
  startDate: epochMs,
  endDate: epochMs,
  remark: zText(RESIDENT_LONG_TEXT_MAX).default(''),
});
const projectInput = projectFields.superRefine((v, ctx) => {
  const f = windowFailure(v);
  if (f) ctx.addIssue({ code: 'custom', path: ['endDate'], message: f });
});

/**
 * A resident's identity is checked like a visitor's (identityFailures: a phone or a certificate number, an ID card
 * number in full), reported on this call's field names (`phone`, `cardid`).
 */
export function residentIdentityFailures(v: { phone: string; certificateType: string; cardid: string }, kept = false) {
  return identityFailures({ vphone: v.phone, certificateType: v.certificateType, cardId: v.cardid }, kept).map((f) => ({
    field: f.field === 'vphone' ? ('phone' as const) : ('cardid' as const),
    rule: f.rule,
  }));
}

const residentFields = z.object({
  userid,
  pid: z.int32().positive().describe('a project of this company'),
  supplierId: z.int32().positive().nullable().default(null).describe('the supplier company; a server company’s own when it adds'),
  company: zText(RESIDENT_TEXT_MAX)
    .default('')
    .describe('the supplier company’s name, required without supplierId (but for a server company, whose own it is)'),
  name: zPersonName,
  phone: z.string().trim().max(32).default(''),
  certificateType: zCertificateType.default('idCard'),
  cardid: z.string().trim().toUpperCase().max(32).default(''),
  sex: z.int32().min(0).max(2).default(0),
  age: z.int32().min(1).max(120).nullable().default(null),
  job: zText(RESIDENT_TEXT_MAX).default(''),
  department: zText(RESIDENT_TEXT_MAX).default(''),
  area: zText(RESIDENT_TEXT_MAX).default(''),
  leader: zText(RESIDENT_TEXT_MAX).default(''),
  plateNum: zText(16).regex(RESIDENT_PLATE_PATTERN, 'format').default(''),
  startDate: epochMs,
  endDate: epochMs,
  remark: zText(RESIDENT_LONG_TEXT_MAX).default(''),
});
/** A resident visitor's fields as addResidentVisitor / updateResidentVisitor take them (parsed, defaults applied). */
export type ResidentInput = Omit<z.output<typeof residentFields>, 'userid'>;

const refineResident = (kept: boolean) => (v: z.output<typeof residentFields>, ctx: z.RefinementCtx) => {
  for (const f of residentIdentityFailures(v, kept)) ctx.addIssue({ code: 'custom', path: [f.field], message: f.rule });
  const w = windowFailure(v);
  if (w) ctx.addIssue({ code: 'custom', path: ['endDate'], message: w });
};

export const getProject = defineCall({
  name: 'getProject',
  area: 'residents',
  module: 'residents',
  summary: 'The company’s resident projects, newest first, with how many resident visitors each has; `pName` filters by name',
  access: RESIDENT_READERS,
  input: z.object({ userid, pName: zText(PROJECT_NAME_MAX).optional() }),
  output: z.array(residentProject),
});

export const addProject = defineCall({
  name: 'addProject',
  area: 'residents',
  module: 'residents',
  summary: 'Add a project: name (33 when taken), responsible person, phone and dates required',
  access: RESIDENT_MANAGERS,
  fieldStatuses: { [Status.DUPLICATE_PROJECT]: 'pName' },
  log: { module: LogModule.SUPPLIER, event: 'add' },
  input: projectInput,
  output: residentProject,
});

export const updateProject = defineCall({
  name: 'updateProject',
  area: 'residents',
  module: 'residents',
  summary: 'Change a project (602 when it is not this company’s, 33 when the name is taken)',
  access: RESIDENT_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.DUPLICATE_PROJECT]: 'pName' },
  log: { module: LogModule.SUPPLIER, event: 'update' },
  input: projectFields.extend({ pid: z.int32().positive() }).superRefine((v, ctx) => {
    const f = windowFailure(v);
    if (f) ctx.addIssue({ code: 'custom', path: ['endDate'], message: f });
  }),
  output: residentProject,
});

export const delProject = defineCall({
  name: 'delProject',
  area: 'residents',
  module: 'residents',
  summary: 'Delete a project; 58 with the count while resident visitors belong to it (move or delete them first), 602 when not found',
  access: RESIDENT_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.SUPPLIER, event: 'delete' },
  input: z.object({ userid, pid: z.int32().positive() }),
  output: z.object({ deleted: z.int32() }),
});

export const residentFilters = {
  name: zText(64).optional(),
  phone: zText(32).optional(),
  company: zText(RESIDENT_TEXT_MAX).optional(),
  pid: z.int32().positive().optional(),
  rstatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  supplierId: z.int32().positive().optional(),
  certStatus: z.enum(CERT_STATUSES).optional(),
};

export const getResidentVisitor = defineCall({
  name: 'getResidentVisitor',
  area: 'residents',
  module: 'residents',
  summary:
    'Resident visitors, newest first, paged; filters: name, phone, supplier company (contains, or by id), project, approval state, certificate status. A server company sees its own workers only',
  access: WORKER_EDITORS,
  input: z.object({ userid, ...pageInput, ...residentFilters }),
  output: pageOf(residentVisitor),
});

export const addResidentVisitor = defineCall({
  name: 'addResidentVisitor',
  area: 'residents',
  module: 'residents',
  summary:
    'Add a resident visitor, waiting for approval: identity checked like a visitor’s; 24 when the phone, 3 when the certificate number already belongs to another resident; 602 for a project or supplier company not of this company (a server company adds to its own)',
  access: WORKER_EDITORS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.PHONE_NOT_UNIQUE]: 'phone', [Status.ALREADY_EXISTS]: 'cardid' },
  log: { module: LogModule.SUPPLIER, event: 'add' },
  input: residentFields.superRefine(refineResident(false)),
  output: residentVisitor,
});

export const updateResidentVisitor = defineCall({
  name: 'updateResidentVisitor',
  area: 'residents',
  module: 'residents',
  summary:
    'Change a resident visitor (602 when not found, or another supplier company’s for a server company); a change of name, phone, certificate or validity window sends an approved or refused resident back to waiting for approval',
  access: WORKER_EDITORS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.PHONE_NOT_UNIQUE]: 'phone', [Status.ALREADY_EXISTS]: 'cardid' },
  log: { module: LogModule.SUPPLIER, event: 'update' },
  // The number as the list showed it (masked) keeps the one held.
  input: residentFields.extend({ rid: z.int32().positive() }).superRefine(refineResident(true)),
  output: residentVisitor,
});

export const delResidentVisitor = defineCall({
  name: 'delResidentVisitor',
  area: 'residents',
  module: 'residents',
  summary: 'Delete resident visitors by id (602 unless every one is found); their visit records stay',
  access: WORKER_EDITORS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.SUPPLIER, event: 'delete' },
  input: z.object({ userid, rids: z.array(z.int32().positive()).min(1).max(1000) }),
  output: z.object({ deleted: z.int32() }),
});

export const updateRvPermission = defineCall({
  name: 'updateRvPermission',
  area: 'residents',
  module: 'residents',
  summary:
    'Approve (rstatus 1) or refuse (rstatus 2, with a reason) resident visitors; answers how many changed (602 unless every one is found). Approval of a worker with an expired certificate is refused whole (750, the workers named); 58 while one waits for the approvers an approval policy names',
  access: RESIDENT_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.CERTIFICATE_EXPIRED]: null, [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.SUPPLIER, event: 'update' },
  input: z
    .object({
      userid,
      rids: z.array(z.int32().positive()).min(1).max(1000),
      rstatus: z.union([z.literal(1), z.literal(2)]),
      refuseCause: zText(200).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.rstatus === 2 && !v.refuseCause) ctx.addIssue({ code: 'custom', path: ['refuseCause'], message: 'required' });
    }),
  output: z.object({ updated: z.int32() }),
});

export const getAllResidentCompany = defineCall({
  name: 'getAllResidentCompany',
  area: 'residents',
  module: 'residents',
  summary:
    'The supplier companies by name, with how many resident visitors each: the registered ones (`supplierId`) and names residents carry without one (`supplierId` null). A server company sees its own',
  access: RESIDENT_READERS,
  input: z.object({ userid }),
  output: z.array(z.object({ supplierId: z.int32().nullable(), company: z.string(), count: z.int32() })),
});

/** Unpaged lists answer at most this many residents. */
export const RESIDENT_LIST_MAX = 2000;

export const getResidentVisitorByCompany = defineCall({
  name: 'getResidentVisitorByCompany',
  area: 'residents',
  module: 'residents',
  summary: `The resident visitors of one supplier company (exact name), by name (at most ${RESIDENT_LIST_MAX})`,
  access: RESIDENT_MANAGERS,
  input: z.object({ userid, company: zText(RESIDENT_TEXT_MAX).min(1, 'required') }),
  output: z.array(residentVisitor),
});

export const getAllResidentVisitor = defineCall({
  name: 'getAllResidentVisitor',
  area: 'residents',
  module: 'residents',
  summary: `Every resident visitor of the company, by name (at most ${RESIDENT_LIST_MAX})`,
  access: RESIDENT_MANAGERS,
  input: z.object({ userid }),
  output: z.array(residentVisitor),
});

export const getResidentVisitorByName = defineCall({
  name: 'getResidentVisitorByName',
  area: 'residents',
  module: 'residents',
  summary: 'Resident visitors whose name contains the text (at most 50), for look-ups; the desk may use it too',
  access: [...WORKER_EDITORS, Role.GATE],
  input: z.object({ userid, name: zText(64).min(1, 'required') }),
  output: z.array(residentVisitor),
});

export const getResidentVisitorByRid = defineCall({
  name: 'getResidentVisitorByRid',
  area: 'residents',
  module: 'residents',
  summary: 'One resident visitor by id, as the desk shows a worker before signing them in (1117 when not this company’s)',
  access: [...WORKER_EDITORS, Role.GATE],
  statuses: [Status.INVALID_VISITOR],
  input: z.object({ userid, rid: z.int32().positive() }),
  output: residentVisitor,
});

export const residentSignIn = defineCall({
  name: 'ResidentVisitorSignIn',
  area: 'residents',
  module: 'residents',
  summary:
    'Sign a resident visitor in at the desk by phone, certificate number, id (rid) or the worker’s QR pass (getRvQrcode; 1112 when it is not a pass of this company): 1117 unknown, 1121 not approved, 1115 outside the validity window, 66 blacklisted (reception alerted); answers the visit (kind resident, signed in). Signing in again the same day while on site answers that visit with `repeated`',
  access: DESK_ROLES,
  statuses: [Status.GATE_NOT_FOUND, Status.UPDATE_NOT_ALLOWED, Status.QRCODE_FORMAT_ERROR],
  fieldStatuses: { [Status.INVALID_VISITOR]: null, [Status.VISITOR_UNAUTHORIZED]: null, [Status.OUTSIDE_VALIDITY]: null, [Status.BLACKLISTED]: null },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z
    .object({
      userid,
      phone: z.string().trim().max(32).default(''),
      cardid: z.string().trim().toUpperCase().max(32).default(''),
      qrcode: z.string().trim().max(200).default('').describe('a worker’s QR pass as scanned'),
      rid: z.int32().positive().optional().describe('the worker by id, as a look-up answered it (the original desk app)'),
      gid: z.int32().positive().nullable().default(null).describe('the gate; a desk account’s own gate when omitted'),
    })
    .refine((v) => v.phone || v.cardid || v.qrcode || v.rid, { path: ['phone'], message: 'phoneOrId' }),
  output: visit.extend({ rid: z.int32(), repeated: z.boolean().describe('already signed in today and still on site; nothing changed') }),
});

export const residentCalls = [
  getProject,
  addProject,
  updateProject,
  delProject,
  getResidentVisitor,
  addResidentVisitor,
  updateResidentVisitor,
  delResidentVisitor,
  updateRvPermission,
  getAllResidentCompany,
  getResidentVisitorByCompany,
  getAllResidentVisitor,
  getResidentVisitorByName,
  getResidentVisitorByRid,
  residentSignIn,
] as const;
