import { z } from 'zod';
import { cappedPageOf, coercedInt, countedPageInput, defineCall, defineDownload, epochMs, XLSX_TYPE, zQueryBoolean } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPersonName } from '../fieldSchemas.js';
import { certificateTypeLabels, LogModule, Role, type VisitorStatus, visitorStatusLabels } from '../lookups.js';
import { checkIdNumber, checkPhone, isMaskedIdNumber } from '../validators.js';
import { VISIT_EVENTS, VISIT_KINDS } from '../visitStates.js';
import { zSmsCode } from './notifications.smsCodes.js';
import {
  faceConsentField,
  faceConsentState,
  privacyNoticeField,
  privacyNoticeGiven,
  protocolAcceptance,
  protocolVersionField,
} from './privacy.consent.js';
import { zIdNumbersShown } from './privacy.idNumbers.js';
import { padSettings } from './registration.pad.js';

/** Who works the front desk: reception and visitor-machine accounts, and administrators acting for a visitor. */
export const DESK_ROLES = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE] as const;
/** Who reads and manages visit records in the console. */
export const VISIT_READERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.SUB_COMPANY] as const;

export const VISITOR_FOLLOWERS_MAX = 20;
/** A photo sent as a data URL before it is checked and scaled (the stored one is under 1 MB). */
export const VISITOR_PHOTO_MAX_CHARS = 4 * 1024 * 1024;
/** The handwritten signature (PNG data URL). */
export const SIGNATURE_MAX_CHARS = 512 * 1024;
export const TEMPERATURE_RANGE = { min: 34, max: 43 } as const;
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const zStatus = z.enum(Object.keys(visitorStatusLabels) as [VisitorStatus, ...VisitorStatus[]]);
const zCertificateType = z.enum(
  Object.keys(certificateTypeLabels) as [keyof typeof certificateTypeLabels, ...(keyof typeof certificateTypeLabels)[]],
);
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');
const userid = z.int32().optional();
const zText = (max: number) => z.string().trim().max(max);

/** A visit record as the original answers it (`RespVisitor`), with our kind, status and history. */
export const visit = z.object({
  vid: z.int32(),
  kind: z.enum(VISIT_KINDS),
  signinType: z.int32(),
  status: zStatus,
  /** 0 waiting for approval, 1 authorised, 2 refused. */
  permission: z.int32(),
  vname: z.string(),
  vphone: z.string(),
  vemail: z.string(),
  vcompany: z.string(),
  certificateType: z.string(),
  /** Certificate (ID card…) number, as the original calls it. */
  cardId: z.string(),
  /** Whether a photo was taken (fetched with VisitorPhoto). */
  vphoto: z.boolean(),
  empid: z.int32().nullable(),
  empName: z.string(),
  empPhone: z.string(),
  tid: z.int32().nullable(),
  visitType: z.string(),
  visitReason: z.string(),
  followers: z.array(z.object({ name: z.string(), phone: z.string() })),
  peopleCount: z.int32(),
  plateNum: z.string(),
  belongings: z.string(),
  temperature: z.number().nullable(),
  extendCol: z.record(z.string(), z.string()),
  gid: z.int32().nullable(),
  signInGate: z.string(),
  signOutGate: z.string(),
  signInOpName: z.string(),
  signOutOpName: z.string(),
  /** Badge or access card number. */
  cardNo: z.string(),
  /** The code the visitor types or scans at the kiosk (check-in, sign-out); printed as the badge's QR code. */
  code: z.string().nullable(),
  /**
   * The visit's signed QR pass, which the badge prints: it signs the visitor out at the kiosk and opens the doors of
   * their groups (a printed pass does not rotate: where the company rotates its codes the doors want the invitation
   * page's). Only on the answers that print a badge (check-in, walk-in, resident sign-in, getCardInfo). In the original
   * product's format where the company switched original clients compatibility on (docs/modules/doors.md).
   */
  pass: z.string().nullable().optional(),
  appointmentDate: epochMs.nullable(),
  /** Signed in at. */
  visitdate: epochMs.nullable(),
  signOutDate: epochMs.nullable(),
  /** Expected to leave by. */
  leaveTime: epochMs.nullable(),
  /** A signed safety agreement PDF exists (/pdf/{visitdate}_{vid}.pdf). */
  signPdf: z.boolean(),
  lang: z.enum(['zh', 'en']),
  subaccountId: z.int32().nullable(),
  /** The meeting an invitation belongs to (the original's `mid`), else null. */
  mid: z.int32().nullable(),
  createTime: epochMs,
});
export type Visit = z.infer<typeof visit>;

export const visitEvent = z.object({
  event: z.string(),
  fromStatus: zStatus.nullable(),
  toStatus: zStatus,
  at: epochMs,
  actor: z.string(),
  note: z.string(),
});

/**
 * Who the visitor is: a phone or a certificate number (at least one, spec section 5); an ID card number is
 * checked in full (length, region, birth date, checksum), each failure named.
 */
export const visitorIdentity = {
  vname: zPersonName,
  vphone: z.string().trim().max(32).default(''),
  certificateType: zCertificateType.default('idCard'),
  cardId: z.string().trim().toUpperCase().max(32).default(''),
};

/** `kept`: an update, where a masked number stands for the one held (isMaskedIdNumber). */
export function identityFailures(
  v: { vphone: string; certificateType: string; cardId: string },
  kept = false,
): { field: 'vphone' | 'cardId'; rule: string }[] {
  const out: { field: 'vphone' | 'cardId'; rule: string }[] = [];
  if (!v.vphone && !v.cardId) out.push({ field: 'vphone', rule: 'phoneOrId' });
  const phone = v.vphone ? checkPhone(v.vphone) : null;
  if (phone) out.push({ field: 'vphone', rule: phone });
  if (v.cardId && !(kept && isMaskedIdNumber(v.cardId))) {
    const id = v.certificateType === 'idCard' ? checkIdNumber(v.cardId) : /^[A-Z0-9-]{4,32}$/.test(v.cardId) ? null : 'format';
    if (id) out.push({ field: 'cardId', rule: id });
  }
  return out;
}

const follower = z.object({ name: zPersonName, phone: z.string().trim().max(32).default('') });

/** Walk-in registration (kiosk or desk): the original's `UpdatePhoto`. */
const walkInInput = z
  .object({
    userid,
    ...visitorIdentity,
    vemail: zEmail.or(z.literal('')).default(''),
    vcompany: zText(100).default(''),
    empid: z.int32().positive().describe('the host: an enabled employee of this company'),
    tid: z.int32().positive().nullable().default(null).describe('visitor type of this company'),
    visitType: zText(100).default(''),
    visitReason: zText(200).default(''),
    followers: z.array(follower).max(VISITOR_FOLLOWERS_MAX).default([]),
    plateNum: zText(16)
      .regex(/^[\p{Script=Han}A-Za-z0-9·-]*$/u, 'format')
      .default(''),
    belongings: zText(200).default(''),
    temperature: z.number().min(TEMPERATURE_RANGE.min).max(TEMPERATURE_RANGE.max).nullable().default(null),
    extendCol: z.record(z.string().max(64), z.string().max(500)).default({}),
    photo: z.string().max(VISITOR_PHOTO_MAX_CHARS).default('').describe('data URL of a JPEG/PNG/WebP photo'),
    faceConsent: faceConsentField,
    signature: z.string().max(SIGNATURE_MAX_CHARS, 'size').default('').describe('data URL of the handwritten signature (PNG)'),
    protocolAccepted: z.boolean().default(false),
    protocolVersion: protocolVersionField,
    privacyNotice: privacyNoticeField,
    gid: z.int32().positive().nullable().default(null).describe('the gate; a desk account’s own gate when omitted'),
    lang: z.enum(['zh', 'en']).default('zh'),
    clientKey: z.string().regex(CLIENT_KEY_PATTERN, 'format').optional().describe('idempotency key: a retried registration answers the first record'),
    reuseIdFrom: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('a returning visitor’s earlier visit (getVisitorAppointmentByPhone): with cardId empty, its certificate is copied (same phone)'),
  })
  .superRefine((v, ctx) => {
    for (const f of identityFailures(v)) ctx.addIssue({ code: 'custom', path: [f.field], message: f.rule });
  });

export const registerWalkIn = defineCall({
  name: 'UpdatePhoto',
  area: 'visitors',
  module: 'visits',
  summary:
    'Register a walk-in visitor at the kiosk or front desk: identity checked, host and visitor type of this company (55, 602), blacklist screening (66, nothing stored), the safety induction of the visitor type (69 with `{ qid, tid, vid }` until passed), photo (exactly one face: photo/noFace, photo/multipleFaces) and signature stored; answers the record, signed in (or waiting for approval)',
  access: DESK_ROLES,
  statuses: [
    Status.BLACKLISTED,
    Status.EMPLOYEE_NOT_EXIST,
    Status.EXAM_REQUIRED,
    Status.GATE_NOT_FOUND,
    Status.INVALID_EMPLOYEE,
    Status.VISITOR_TYPE_NOT_EXIST,
  ],
  log: { module: LogModule.VISITOR, event: 'add' },
  maxBodyBytes: VISITOR_PHOTO_MAX_CHARS + SIGNATURE_MAX_CHARS + 64 * 1024,
  input: walkInInput,
  output: visit,
});

export const checkInByCode = defineCall({
  name: 'AppClientSignin',
  area: 'visitors',
  module: 'visits',
  summary:
    'Check in an invited or booked visitor by the code they type or scan (or their phone, or the visit’s id from the desk’s list): 64 too early, 65 too late (against the company extend times; for a meeting’s visitor, from the early margin before the meeting until it ends), 66 blacklisted, 1121 with `{ held: true }` while a possible watchlist match waits for a screening reviewer, 69 the safety induction not passed (result `{ qid, tid, vid }`), 1117 no such visit, 1131 a scanned QR pass while QR check-in (scaner) is off; checking in again answers the same record with `repeated`',
  access: DESK_ROLES,
  statuses: [
    Status.BLACKLISTED,
    Status.EXAM_REQUIRED,
    Status.GATE_NOT_FOUND,
    Status.INVALID_VISITOR,
    Status.LATE,
    Status.QRCODE_FORMAT_ERROR,
    Status.QR_CHECKIN_OFF,
    Status.TOO_EARLY,
    Status.UPDATE_NOT_ALLOWED,
    Status.VISITOR_UNAUTHORIZED,
  ],
  log: { module: LogModule.VISITOR, event: 'update' },
  maxBodyBytes: VISITOR_PHOTO_MAX_CHARS + SIGNATURE_MAX_CHARS + 64 * 1024,
  input: z
    .object({
      userid,
      verifyCode: z.string().trim().max(200).default(''),
      phone: z.string().trim().max(32).default(''),
      vid: z.int32().positive().optional().describe('a visit of the desk’s list, checked in by its id'),
      photo: z.string().max(VISITOR_PHOTO_MAX_CHARS).default(''),
      faceConsent: faceConsentField,
      signature: z.string().max(SIGNATURE_MAX_CHARS, 'size').default(''),
      protocolAccepted: z.boolean().default(false),
      protocolVersion: protocolVersionField,
      privacyNotice: privacyNoticeField,
      gid: z.int32().positive().nullable().default(null),
      clientKey: z.string().regex(CLIENT_KEY_PATTERN, 'format').optional(),
    })
    .refine((v) => v.verifyCode || v.phone || v.vid, { path: ['verifyCode'], message: 'required' }),
  output: visit.extend({ repeated: z.boolean().describe('the visitor was already signed in; nothing changed') }),
});

export const signOutVisitor = defineCall({
  name: 'VisitorSignOut',
  area: 'visitors',
  module: 'visits',
  summary: 'Sign a visitor out at the kiosk by phone or code (when the company’s sign-out switch is on); 1117 when nobody matches',
  access: DESK_ROLES,
  statuses: [Status.GATE_NOT_FOUND, Status.INVALID_VISITOR, Status.QRCODE_FORMAT_ERROR, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z
    .object({
      userid,
      phone: z.string().trim().max(32).default(''),
      verifyCode: z.string().trim().max(200).default(''),
      gid: z.int32().positive().nullable().default(null),
    })
    .refine((v) => v.verifyCode || v.phone, { path: ['phone'], message: 'required' }),
  output: z.array(visit),
});

export const signOutByVid = defineCall({
  name: 'VisitorSignOutByVid',
  area: 'visitors',
  module: 'visits',
  summary: 'Sign one visitor out (1117 when it is not this company’s or not signed in)',
  access: DESK_ROLES,
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, vid: z.int32().positive() }),
  output: visit,
});

export const batchSignOut = defineCall({
  name: 'batchSignOut',
  area: 'visitors',
  module: 'visits',
  summary: 'Sign several visitors out; records not signed in are skipped and counted, and an id the company has no visit of refuses the batch',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE],
  statuses: [Status.INVALID_VISITOR],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, vids: z.array(z.int32().positive()).min(1).max(1000) }),
  output: z.object({ signedOut: z.int32(), skipped: z.int32() }),
});

export const changeVisit = defineCall({
  name: 'updateVisitStatus',
  area: 'visitors',
  module: 'visits',
  summary: 'Apply a life-cycle move to a visit (see visitStates.ts); a move its status does not allow is refused with the allowed ones',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE],
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, vid: z.int32().positive(), event: z.enum(VISIT_EVENTS as [string, ...string[]]), note: zText(200).default('') }),
  output: visit,
});

/** Filters of the visitor lists (reference 3.5), dates as yyyy-mm-dd in server time, both ends inclusive. */
export const visitFilters = {
  date: zDay.optional(),
  endDate: zDay.optional(),
  name: zText(64).optional().describe('visitor name'),
  phone: zText(32).optional(),
  vcompany: zText(100).optional(),
  empName: zText(64).optional(),
  tid: z.int32().positive().optional(),
  visitType: zText(100).optional(),
  status: zStatus.optional(),
  kind: z.enum(VISIT_KINDS).optional(),
  gid: z.int32().positive().optional(),
  onSite: z.boolean().optional().describe('signed in and not signed out'),
  arrived: z.boolean().optional().describe('signed in (on site or gone); false: not yet signed in'),
  cardId: zText(32)
    .transform((v) => v.toUpperCase())
    .optional()
    .describe('certificate (ID card…) number, exact'),
  noCard: z.boolean().optional().describe('no access card handed out (the desk’s "cards to issue")'),
  overtime: z
    .boolean()
    .optional()
    .describe(
      'still on site past their leave time, or since before the last edge of working hours passed (today’s offDuty once passed, else today’s upDuty once passed, else yesterday’s offDuty; HH:mm)',
    ),
};

export const searchVisits = defineCall({
  name: 'SearchVisitByCondition',
  area: 'visitors',
  module: 'visits',
  summary: 'Visits matching the filters, newest first (at most 1000; use the Page variant to page)',
  access: VISIT_READERS,
  input: z.object({ userid, ...visitFilters }),
  output: z.array(visit),
});

export const searchVisitsPage = defineCall({
  name: 'SearchVisitByConditionPage',
  area: 'visitors',
  module: 'visits',
  summary:
    'Visits matching the filters, newest first, paged; residents have their own list (SearchRVisitorByCondition) except with onSite, which lists everyone on site now',
  access: VISIT_READERS,
  input: z.object({ userid, ...countedPageInput, ...visitFilters }),
  output: cappedPageOf(visit),
});

export const searchResidentVisits = defineCall({
  name: 'SearchRVisitorByCondition',
  area: 'visitors',
  module: 'visits',
  summary: 'Resident visitors’ visits matching the filters, paged',
  access: VISIT_READERS,
  input: z.object({ userid, ...countedPageInput, ...visitFilters }),
  output: cappedPageOf(visit),
});

export const getVisit = defineCall({
  name: 'GetVisitorByVid',
  area: 'visitors',
  module: 'visits',
  summary: 'One visit with its status history (1117 when it is not this company’s)',
  access: VISIT_READERS,
  statuses: [Status.INVALID_VISITOR],
  input: z.object({ userid, vid: z.int32().positive(), idNumbers: zIdNumbersShown }),
  output: visit.extend({
    history: z.array(visitEvent),
    /** The visitor's consent to face recognition (the version and language of the text, where, when; withdrawn), else null. */
    faceConsent: faceConsentState.nullable(),
    /** The version of the safety terms accepted, in which language, when and where; null when none (or before versions). */
    protocol: protocolAcceptance.nullable(),
    /** The version of the privacy notice given with the registration or check-in, in which language, when and where; else null. */
    privacyNotice: privacyNoticeGiven.nullable(),
  }),
});

export const getPeopleCounting = defineCall({
  name: 'getPeopleCounting',
  area: 'visitors',
  module: 'visits',
  summary: 'Who is on site now: visitors signed in and not signed out, by kind and by gate',
  access: [...VISIT_READERS, Role.MACHINE],
  input: z.object({ userid }),
  output: z.object({
    onSite: z.int32(),
    people: z.int32().describe('with followers'),
    byKind: z.record(z.enum(VISIT_KINDS), z.int32()),
    byGate: z.array(z.object({ gid: z.int32().nullable(), gname: z.string(), count: z.int32() })),
  }),
});

/** The PDF of a visit is named `<yyyy-mm-dd of sign-in>_<vid>.pdf` (reference 4), under /pdf/. */
export const VISIT_PDF_NAME = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})\.pdf$/;

export const createPdfSign = defineCall({
  name: 'createPdfSign',
  area: 'visitors',
  module: 'visits',
  summary:
    "Attach the visitor's handwritten signature (PNG data URL) to a visit and build its safety-agreement PDF; answers the PDF's name (1117 when the visit is not this company's)",
  access: DESK_ROLES,
  statuses: [Status.INVALID_VISITOR],
  log: { module: LogModule.VISITOR, event: 'update' },
  maxBodyBytes: SIGNATURE_MAX_CHARS + 16 * 1024,
  input: z.object({ userid, vid: z.int32().positive(), signPic: z.string().min(1).max(SIGNATURE_MAX_CHARS, 'size') }),
  output: z.object({ pdf: z.string() }),
});

export const visitPdf = defineDownload({
  name: 'VisitPdf',
  area: 'visitors',
  module: 'visits',
  summary: "A visit's signed safety agreement: visitor, host, times, photo, the accepted protocol and the signature, in the visitor's language",
  access: [...VISIT_READERS, Role.MACHINE],
  contentType: 'application/pdf',
  fileName: 'visit',
  extension: 'pdf',
  path: '/pdf/:file',
  input: z.object({ file: z.string().regex(VISIT_PDF_NAME, 'format') }),
});

export const visitPhoto = defineDownload({
  name: 'VisitorPhoto',
  area: 'visitors',
  module: 'visits',
  summary: 'The photo taken of a visitor at registration or check-in (jpeg)',
  access: [...VISIT_READERS, Role.MACHINE],
  contentType: 'image/jpeg',
  fileName: 'visitor',
  extension: 'jpg',
  input: z.object({ vid: coercedInt().positive() }),
});

/** The list filters as a query string (numbers and booleans arrive as text). */
export const visitQueryFilters = {
  ...visitFilters,
  tid: coercedInt().positive().optional(),
  gid: coercedInt().positive().optional(),
  onSite: zQueryBoolean.optional(),
  arrived: zQueryBoolean.optional(),
  noCard: zQueryBoolean.optional(),
  overtime: zQueryBoolean.optional(),
};

export const exportVisitorList = defineDownload({
  name: 'ExportVisitorList',
  area: 'visitors',
  module: 'visits',
  summary: 'The visits matching the list filters as an xlsx workbook in the chosen language, streamed (newest first)',
  access: [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.SUB_COMPANY],
  contentType: XLSX_TYPE,
  fileName: 'visitors',
  extension: 'xlsx',
  log: { module: LogModule.VISITOR, event: 'export' },
  input: z.object({ ...visitQueryFilters, lang: z.enum(['zh', 'en']).default('en'), idNumbers: zIdNumbersShown }),
});

export const visitDownloads = [visitPdf, visitPhoto, exportVisitorList] as const;

/** A card number as printed on an access card. */
export const VISIT_CARD_NO = /^[A-Za-z0-9-]{1,32}$/;

export const updateVisitInfo = defineCall({
  name: 'updateVisitInfo',
  area: 'visitors',
  module: 'visits',
  summary:
    'The desk hands a visitor on site an access card (`cardNo`; `cardNo/taken` while another visitor on site holds it) or takes it back (empty); 1117 when the visit is not this company’s, 58 when the visitor is not on site',
  access: [Role.ADMIN, Role.SUBADMIN, Role.GATE],
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({
    userid,
    vid: z.int32().positive(),
    cardNo: zText(32).refine((v) => v === '' || VISIT_CARD_NO.test(v), 'format'),
  }),
  output: visit,
});

export const getCardInfo = defineCall({
  name: 'getCardInfo',
  area: 'visitors',
  module: 'visits',
  summary:
    "What a visitor's badge shows, to print or reprint it: the visit, the company and the pad settings' badge style (1117 when the visit is not this company's)",
  access: DESK_ROLES,
  statuses: [Status.GATE_NOT_FOUND, Status.INVALID_USER, Status.INVALID_VISITOR],
  input: z.object({ userid, vid: z.int32().positive() }),
  output: z.object({
    visit,
    company: z.string(),
    shortName: z.string(),
    settings: padSettings,
    /** The company's privacy page, which the badge prints as a small QR code (getPadConfig's). */
    privacyPage: z.string(),
  }),
});

/** What a returning visitor's last visit offers to fill the walk-in form with (never the photo). */
export const returningVisitor = z.object({
  vid: z.int32().describe('the visit the details come from: `reuseIdFrom` of UpdatePhoto'),
  vname: z.string(),
  vphone: z.string(),
  vemail: z.string(),
  vcompany: z.string(),
  certificateType: z.string(),
  cardId: z.string().describe('the certificate number; a visitor machine gets it masked (maskIdNumber)'),
  hasCardId: z.boolean().describe('a certificate number is on file'),
  plateNum: z.string(),
  tid: z.int32().nullable().describe('the visitor type, when it still exists'),
  empid: z.int32().nullable().describe('the host, when still an enabled employee shown at kiosks'),
  empName: z.string(),
  /** The current versions of the safety terms (ids, getPadConfig protocol) this visitor accepted before: not asked again. */
  protocolsAccepted: z.array(z.int32()),
});
export type ReturningVisitor = z.infer<typeof returningVisitor>;

export const getReturningVisitor = defineCall({
  name: 'getVisitorAppointmentByPhone',
  area: 'visitors',
  module: 'visits',
  summary:
    "A returning visitor's details from their most recent visit in this company, to fill the walk-in form: 1117 when none; a visitor machine needs the company's comeAgain switch (610) and gets the certificate number masked; while the company has SMS switched on, the phone must be proven with a code sent to it (smsCode)",
  access: DESK_ROLES,
  statuses: [Status.INVALID_VISITOR, Status.SMS_CODE_EXPIRED, Status.SMS_CODE_WRONG],
  rate: 'lookup',
  input: z.object({
    userid,
    phone: z
      .string()
      .trim()
      .max(32)
      .superRefine((v, ctx) => {
        const rule = checkPhone(v);
        if (rule) ctx.addIssue({ code: 'custom', message: rule });
      }),
    smsCode: zSmsCode
      .optional()
      .describe(
        'the code sendSmsCode (purpose returning) sent to this phone: required while the company has SMS switched on (400 smsCode/required, 144, 145)',
      ),
  }),
  output: returningVisitor,
});

export const getVisitorStatistics = defineCall({
  name: 'getVisitorStatistics',
  area: 'visitors',
  module: 'visits',
  summary:
    'The front desk’s figures of a day (server time, today by default): visits of the day, signed in (still on site or gone), on site, signed out, and still expected (invitations and bookings not yet checked in); a sub-company counts its own',
  access: VISIT_READERS,
  input: z.object({ userid, date: zDay.optional(), kind: z.enum(VISIT_KINDS).optional().describe('only visits of this kind') }),
  output: z.object({
    date: zDay,
    visitorCount: z.int32(),
    signinCount: z.int32(),
    onSiteCount: z.int32(),
    signoutCount: z.int32(),
    appointmentCount: z.int32(),
  }),
});

export const uploadVisitorPhoto = defineCall({
  name: 'Upload',
  area: 'visitors',
  module: 'visits',
  summary:
    'A visitor’s photo sent as a file, as the original front desk sends it (multipart, field file or filename): jpg, png or webp by content, at least 100 px a side, exactly one face on it (file/noFace, file/multipleFaces), re-encoded as a walk-in’s photo is; answered as a data URL (`url`) that UpdatePhoto or AppClientSignin takes as `photo` (nothing is stored until then)',
  access: DESK_ROLES,
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  upload: { maxBytes: 15 * 1024 * 1024, extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'] },
  input: z.object({ userid: coercedInt().optional() }),
  output: z.object({ url: z.string() }),
});

/**
 * The original front desk's photo flow: `Upload` answers the picture, then the app asks whether a face is on it and
 * says so ("no face: take it again"); so under /qcvisit/ its upload takes a picture without a face and this call judges it.
 */
export const uploadDeskPhoto = defineCall({
  name: 'uploadDeskPhoto',
  area: 'visitors',
  module: 'visits',
  summary:
    'A visitor’s photo sent as a file (multipart, field file or filename): jpg, png or webp by content, at least 100 px a side, re-encoded as a walk-in’s photo is, its faces not yet judged (checkVisitorPhoto does, and every call storing it again); answered as a data URL (`url`); nothing is stored',
  access: DESK_ROLES,
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  upload: { maxBytes: 15 * 1024 * 1024, extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'] },
  input: z.object({ userid: coercedInt().optional() }),
  output: z.object({ url: z.string() }),
});

export const checkVisitorPhoto = defineCall({
  name: 'checkVisitorPhoto',
  area: 'visitors',
  module: 'visits',
  summary:
    'How many faces the detector finds on a visitor’s photo (a data URL, as uploadDeskPhoto answers it): exactly one is what a registration stores; 400 photo/type when it is not a picture. Nothing is stored',
  access: DESK_ROLES,
  maxBodyBytes: VISITOR_PHOTO_MAX_CHARS + 64 * 1024,
  input: z.object({ userid, photo: z.string().min(1).max(VISITOR_PHOTO_MAX_CHARS) }),
  output: z.object({ faces: z.int32() }),
});

export const visitCalls = [
  getVisitorStatistics,
  uploadVisitorPhoto,
  uploadDeskPhoto,
  checkVisitorPhoto,
  getCardInfo,
  updateVisitInfo,
  getReturningVisitor,
  createPdfSign,
  registerWalkIn,
  checkInByCode,
  signOutVisitor,
  signOutByVid,
  batchSignOut,
  changeVisit,
  searchVisits,
  searchVisitsPage,
  searchResidentVisits,
  getVisit,
  getPeopleCounting,
] as const;

/** Visit types are stored '中文#English' (spec section 3): the half of the reader's language, else the other. */
export function visitTypeText(stored: string, lang: 'zh' | 'en'): string {
  const [zh = '', en = ''] = stored.split('#');
  return (lang === 'en' ? en || zh : zh || en).trim();
}
