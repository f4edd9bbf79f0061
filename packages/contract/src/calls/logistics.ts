import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { checkPersonId, checkPlateIn } from '../countries.js';
import { Status } from '../errors.js';
import { zCalendarDay, zPersonName, zPhone } from '../fieldSchemas.js';
import { LogisticsStatus, LogModule } from '../lookups.js';
import { isMaskedIdNumber, normalizePlate } from '../validators.js';
import { companion } from './invitations.page.js';
import { LOGISTICS_GATES, LOGISTICS_MANAGERS, LOGISTICS_STAFF, zLinkToken } from './logistics.types.js';
import { zIdNumbersShown } from './privacy.idNumbers.js';

/**
 * Logistics bookings (reference 2.6 `qcv_logistics`, 3.5 `getLogisticsInfo`; spec sections 3, 4, 7): a truck of a
 * carrier, its sender and driver, the goods and loading window, the type's extra fields as JSON; approved or refused
 * by the logistics manager (statuses 0–3), then signed in, released and out at the gate.
 */

const zText = (max: number) => z.string().trim().max(max);
export const LOGISTICS_MEMBERS_MAX = 20;
export const LOGISTICS_PHOTOS_MAX = 9;
export const LOGISTICS_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
/** The most a booking photo may weigh as sent (a phone camera's picture); it is stored re-encoded, far smaller. */
export const LOGISTICS_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Past this the transport answers 413 before the call looks; between the two the call names the field (file/size). */
const LOGISTICS_PHOTO_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A stored booking photo's key, as `uploadLogisticsPhoto` / `uploadLogisticsBookingPhoto` answer it. */
export const zLogisticsPhotoKey = z.uuid().describe('a photo key answered by an upload of this company');
/** The values of one group of a type's fields; checked against the type by the server. */
const zExtend = z.record(z.string().max(32), z.string().max(500)).default({});

/**
 * Plates and ID numbers are checked here for the shape any country's take (letters and digits); the server checks
 * them again by the company's country (`checkPlateIn`, `checkPersonId`: the mainland's rules for a company in China),
 * which a schema cannot know.
 */
const ABROAD = 'ZZ';

export const zPlate = z
  .string()
  .superRefine((v, ctx) => {
    const rule = checkPlateIn(ABROAD, v);
    if (rule) ctx.addIssue({ code: 'custom', message: rule });
  })
  .transform(normalizePlate);

/**
 * A driver's or sender's identity number: the mainland ID number or a passport or ID number abroad. `kept`: a change,
 * where the number as the answer showed it (masked) stands for the one held.
 */
const personId = (kept: boolean) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const rule = kept && isMaskedIdNumber(v) ? null : checkPersonId(ABROAD, v);
      if (rule) ctx.addIssue({ code: 'custom', message: rule });
    })
    .transform((v) => v.trim().toUpperCase());
export const zPersonIdAnyCountry = personId(false);

export const logisticsBooking = z.object({
  sid: z.int32(),
  logNum: z.string(),
  logType: z.int32().nullable(),
  /** The type's name when booked ('中文#English'). */
  logTypeName: z.string(),
  /** The carrier company (null once deleted; `company` keeps its name). */
  companyId: z.int32().nullable(),
  company: z.string(),
  companyPhone: z.string(),
  sname: z.string(),
  smobile: z.string(),
  scardId: z.string(),
  dname: z.string(),
  dmobile: z.string(),
  dcardId: z.string(),
  plateNum: z.string(),
  goods: z.string(),
  loadStart: epochMs.nullable(),
  loadEnd: epochMs.nullable(),
  appointmentDate: z.string().describe('YYYY-MM-DD'),
  memberInfo: z.array(z.object({ name: z.string(), phone: z.string() })),
  photoInfo: z.array(z.string()),
  driverExtend: z.record(z.string(), z.string()),
  vehicleExtend: z.record(z.string(), z.string()),
  goodsExtend: z.record(z.string(), z.string()),
  logExtend: z.record(z.string(), z.string()),
  remark: z.string(),
  /** 0 waiting, 1 approved, 2 refused, 3 ended. */
  pstatus: z.int32(),
  /** Who approved or refused, when, and why. */
  approver: z.string(),
  approveTime: epochMs.nullable(),
  approveReason: z.string(),
  /** Arrival at the gate, exit release, departure; `finishTime` when the booking ended. */
  visitdate: epochMs.nullable(),
  exitTime: epochMs.nullable(),
  leaveTime: epochMs.nullable(),
  finishTime: epochMs.nullable(),
  /** 'console' or 'link' (the public booking page). */
  source: z.string(),
  creator: z.string(),
  createTime: epochMs,
  /** What the caller may do to it now (its status and gate times, the caller's calls): the console's row buttons. */
  can: z.object({
    edit: z.boolean(),
    approve: z.boolean(),
    refuse: z.boolean(),
    arrive: z.boolean(),
    release: z.boolean(),
    leave: z.boolean(),
  }),
});
export type LogisticsBooking = z.infer<typeof logisticsBooking>;

const bookingFields = {
  logType: z.int32().positive().describe('a logistics type of this company'),
  companyId: z.int32().positive().nullable().default(null).describe('a carrier company of this company'),
  companyPhone: zPhone.or(z.literal('')).default('').describe('the carrier contact phone'),
  sname: zPersonName,
  smobile: zPhone,
  scardId: z.string().trim().max(32).default(''),
  dname: zPersonName,
  dmobile: zPhone,
  dcardId: zPersonIdAnyCountry,
  plateNum: zPlate,
  goods: zText(200).default(''),
  loadStart: epochMs.nullable().default(null),
  loadEnd: epochMs.nullable().default(null),
  appointmentDate: zCalendarDay.describe('YYYY-MM-DD, today or later'),
  memberInfo: z.array(companion).max(LOGISTICS_MEMBERS_MAX).default([]),
  photoInfo: z.array(zLogisticsPhotoKey).max(LOGISTICS_PHOTOS_MAX).default([]).describe('keys of uploaded photos'),
  driverExtend: zExtend,
  vehicleExtend: zExtend,
  goodsExtend: zExtend,
  logExtend: zExtend,
  remark: zText(500).default(''),
};

/** The sender's ID number is optional but checked when given (its shape; the country's rule on the server); the loading ends after it starts. */
const bookingRules = (kept: boolean) => (v: { scardId?: string; loadStart?: number | null; loadEnd?: number | null }, ctx: z.RefinementCtx) => {
  const id = v.scardId && !(kept && isMaskedIdNumber(v.scardId)) ? checkPersonId(ABROAD, v.scardId) : null;
  if (id) ctx.addIssue({ code: 'custom', path: ['scardId'], message: id });
  if (v.loadStart != null && v.loadEnd != null && v.loadEnd <= v.loadStart)
    ctx.addIssue({ code: 'custom', path: ['loadEnd'], message: 'beforeStart' });
};

type Undefaulted<T> = T extends z.ZodDefault<infer U> ? U : T;

const userid = z.int32().optional();
const sid = z.int32().positive();

export const addLogisticsInfo = defineCall({
  name: 'addLogisticsInfo',
  area: 'logistics',
  module: 'logistics',
  summary:
    'Book a truck (waiting for approval): type, carrier, sender, driver (ID number checked), plate (by the company’s country: the mainland’s ID number and plate forms in China, a passport or ID number and letters and digits elsewhere), goods, loading window, date (today or later: appointmentDate/past), companions, the type’s fields checked against it',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.LOGISTICS, event: 'add' },
  input: z.object({ userid, ...bookingFields }).superRefine(bookingRules(false)),
  output: logisticsBooking,
});

export const updateLogisticsInfo = defineCall({
  name: 'updateLogisticsInfo',
  area: 'logistics',
  module: 'logistics',
  summary: 'Change a booking while it waits for approval (58 once decided); only the fields given change, checked as when booked',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: z
    .object({
      userid,
      sid,
      // Without their defaults: a field left out stays as it is.
      ...Object.fromEntries(Object.entries(bookingFields).map(([k, v]) => [k, (v instanceof z.ZodDefault ? v.unwrap() : v).optional()])),
      // The numbers as the list showed them (masked) keep those held.
      dcardId: personId(true).optional(),
    } as { userid: typeof userid; sid: typeof sid } & { [K in keyof typeof bookingFields]: z.ZodOptional<Undefaulted<(typeof bookingFields)[K]>> })
    .superRefine(bookingRules(true)),
  output: logisticsBooking,
});

/** The filters of the list and the export (reference 3.5, without the WeChat `openid`). */
const listFilters = {
  psList: z.array(z.int32().min(0).max(3)).max(4).optional().describe('approval statuses'),
  startDate: zCalendarDay.optional().describe('appointment date from'),
  endDate: zCalendarDay.optional().describe('appointment date to'),
  sname: zText(50).optional().describe('sender or driver name contains'),
  logType: z.int32().positive().optional(),
  cardid: zText(32).optional().describe('sender or driver ID number'),
  mobile: zText(32).optional().describe('sender or driver phone contains'),
  plateNum: zText(16).optional().describe('plate contains'),
  companyId: z.int32().positive().optional(),
};

export const getLogisticsInfo = defineCall({
  name: 'getLogisticsInfo',
  area: 'logistics',
  module: 'logistics',
  summary:
    'A page of bookings, newest appointment first, by the filters of the original; the desk and kiosk see only today’s approved and ended bookings',
  access: LOGISTICS_GATES,
  feature: 'logistics',
  input: z.object({ userid, ...pageInput, ...listFilters, idNumbers: zIdNumbersShown }),
  output: pageOf(logisticsBooking),
});

export const approveLogistics = defineCall({
  name: 'approveLogistics',
  area: 'logistics',
  module: 'logistics',
  summary: 'Approve (1) or refuse (2, with a reason) a waiting booking; 58 when it was already decided or ended',
  access: LOGISTICS_MANAGERS,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: z
    .object({
      userid,
      sid,
      pstatus: z.union([z.literal(LogisticsStatus.APPROVED), z.literal(LogisticsStatus.REFUSED)]),
      reason: zText(200).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.pstatus === LogisticsStatus.REFUSED && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }),
  output: logisticsBooking,
});

/** A booking by its id, or (the kiosk's ID-card path) today's approved booking of the driver with this ID number. */
const gateFields = { userid, sid: sid.optional(), dcardId: zPersonIdAnyCountry.optional() };
const oneOf = (v: { sid?: number; dcardId?: string }) => (v.sid === undefined) !== (v.dcardId === undefined);
const sidOrCardId = { path: ['sid'], message: 'sidOrCardId' };

/** What the gate may record as the truck comes in (the companions as they turned up) and as it leaves (a remark). */
const arriveInput = z
  .object({
    ...gateFields,
    memberInfo: z.array(companion).max(LOGISTICS_MEMBERS_MAX).optional().describe('the companions who came, replacing those booked'),
  })
  .refine(oneOf, sidOrCardId);
const leaveInput = z
  .object({ ...gateFields, remark: zText(500).optional().describe('replaces the booking’s remark (a sign-out note)') })
  .refine(oneOf, sidOrCardId);

export const logisticsArrive = defineCall({
  name: 'logisticsArrive',
  area: 'logistics',
  module: 'logistics',
  summary:
    'The truck arrives (visitdate): an approved booking for today not yet arrived (58 otherwise); by its sid or the driver’s ID number. 69 (result {qid, sid}) while the driver has not passed the safety induction its logistics type names; with screening on, the driver is screened: 66 for a refusing watchlist match, 1121 (result {held: true}) while a possible match waits for a reviewer',
  access: LOGISTICS_GATES,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED, Status.EXAM_REQUIRED, Status.BLACKLISTED, Status.VISITOR_UNAUTHORIZED],
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: arriveInput,
  output: logisticsBooking,
});

export const logisticsRelease = defineCall({
  name: 'logisticsRelease',
  area: 'logistics',
  module: 'logistics',
  summary: 'Release an arrived truck for exit (exit release time, once loaded); 58 before arrival or after departure',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: z.object({ userid, sid }),
  output: logisticsBooking,
});

export const logisticsLeave = defineCall({
  name: 'logisticsLeave',
  area: 'logistics',
  module: 'logistics',
  summary: 'The truck leaves (leaveTime, finishTime): the booking ends (3); 58 before arrival; by its sid or the driver’s ID number',
  access: LOGISTICS_GATES,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: leaveInput,
  output: logisticsBooking,
});

export const addLogisticsBooking = defineCall({
  name: 'addLogisticsBooking',
  area: 'logistics',
  module: 'logistics',
  summary:
    'A carrier books a truck from the public page (the link token, a verified captcha digest when captchas are on): checked as addLogisticsInfo, landing waiting for approval; 740 when the link is unknown or replaced',
  access: 'public',
  feature: 'logistics',
  rate: 'register',
  statuses: [Status.LOGISTICS_LINK_INVALID, Status.CAPTCHA_INVALID, Status.NO_SUCH_RECORD],
  log: { module: LogModule.LOGISTICS, event: 'add' },
  input: z
    // Photos by the keys the link's own uploads answered (uploadLogisticsBookingPhoto): never an address to fetch.
    .object({ token: zLinkToken, digest: z.string().trim().max(64).optional().describe('the captcha digest, verified'), ...bookingFields })
    .superRefine(bookingRules(false)),
  output: z.object({ logNum: z.string(), appointmentDate: z.string(), pstatus: z.int32() }),
});

const photoRules =
  'jpg, png or gif (its first frame) by content (file/type), at least 64 px a side (file/imageTooSmall), at most 8 MB (file/size); stored upright and re-encoded as JPEG (metadata such as GPS positions dropped)';

export const uploadLogisticsPhoto = defineCall({
  name: 'uploadLogisticsPhoto',
  area: 'logistics',
  module: 'logistics',
  summary: `A photo for a booking (multipart, field file): ${photoRules}; answers its key, which photoInfo then names`,
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  upload: { maxBytes: LOGISTICS_PHOTO_UPLOAD_MAX_BYTES, extensions: LOGISTICS_PHOTO_EXTENSIONS },
  input: z.object({ userid: coercedInt().optional() }),
  output: z.object({ key: z.string() }),
});

export const uploadLogisticsBookingPhoto = defineCall({
  name: 'uploadLogisticsBookingPhoto',
  area: 'logistics',
  module: 'logistics',
  summary: `A carrier's photo for a booking from the public page (multipart, field file; the link token in the field token): ${photoRules}; answers its key for addLogisticsBooking's photoInfo; 740 when the link is unknown or replaced`,
  access: 'public',
  feature: 'logistics',
  rate: 'register',
  statuses: [Status.LOGISTICS_LINK_INVALID],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  upload: { maxBytes: LOGISTICS_PHOTO_UPLOAD_MAX_BYTES, extensions: LOGISTICS_PHOTO_EXTENSIONS },
  input: z.object({ token: zLinkToken }),
  output: z.object({ key: z.string() }),
});

export const logisticsPhoto = defineDownload({
  name: 'LogisticsPhoto',
  area: 'logistics',
  module: 'logistics',
  summary: 'A booking photo of this company by its key (jpeg); 602 for a key the company has not',
  access: LOGISTICS_GATES,
  feature: 'logistics',
  contentType: 'image/jpeg',
  fileName: 'logistics-photo',
  extension: 'jpg',
  input: z.object({ key: zLogisticsPhotoKey }),
});

export const exportLogisticsList = defineDownload({
  name: 'ExportLogisticsList',
  area: 'logistics',
  module: 'logistics',
  summary: 'The bookings matching the list filters as an xlsx workbook, streamed, in the chosen language',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  contentType: XLSX_TYPE,
  fileName: 'logistics',
  extension: 'xlsx',
  log: { module: LogModule.LOGISTICS, event: 'export' },
  input: z.object({
    ...listFilters,
    psList: z
      .union([
        z.array(coercedInt().min(0).max(3)).max(4),
        z
          .string()
          .regex(/^[0-3](,[0-3]){0,3}$/, 'format')
          .transform((s) => s.split(',').map(Number)),
      ])
      .optional()
      .describe('approval statuses, comma-separated'),
    logType: coercedInt().positive().optional(),
    companyId: coercedInt().positive().optional(),
    lang: z.enum(['zh', 'en']).default('en'),
    idNumbers: zIdNumbersShown,
  }),
});

export const logisticsCalls = [
  addLogisticsInfo,
  updateLogisticsInfo,
  getLogisticsInfo,
  approveLogistics,
  logisticsArrive,
  logisticsRelease,
  logisticsLeave,
  addLogisticsBooking,
  uploadLogisticsPhoto,
  uploadLogisticsBookingPhoto,
] as const;
export const logisticsDownloads = [exportLogisticsList, logisticsPhoto] as const;
