import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { zPhone } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { FACE_IMAGE_EXTENSIONS, FACE_UPLOAD_MAX_BYTES, FACE_ZIP_MAX_BYTES, faceImportOutcome } from './employees.faces.js';
import { RESIDENT_MANAGERS, residentVisitor } from './residents.js';

/**
 * Supplier (labour) companies and what belongs to their workers (resident visitors): files (labour contracts,
 * certificates with their expiry), face photos, the worker's QR pass, traffic statistics and pass records. The
 * original's SupplierController, FileController and ResidentVisitorController names. A server-company account (SC)
 * acts only on its own supplier company's workers: its scope filters them, so another's answer 602.
 */

/** Managers of workers: A, S, H and the server company (for its own workers). */
export const WORKER_MANAGERS = [...RESIDENT_MANAGERS, Role.SERVER_COMPANY] as const;
/** Who reads the traffic statistics and pass records (the original's A, S, H, G, M). */
const TRAFFIC_READERS = [...RESIDENT_MANAGERS, Role.GATE, Role.MACHINE] as const;

const userid = z.int32().optional();
const quserid = coercedInt().optional();
export const SUPPLIER_NAME_MAX = 100;
const zText = (max: number) => z.string().trim().max(max);
const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'format')
  .describe('yyyy-MM-dd');

export const supplier = z.object({
  supplierId: z.int32(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  /** Its workers (resident visitors) and server-company accounts: while it has any it cannot be deleted. */
  workers: z.int32(),
  accounts: z.int32(),
  createTime: z.number(),
});
export type Supplier = z.infer<typeof supplier>;

const supplierFields = {
  userid,
  name: zText(SUPPLIER_NAME_MAX).min(1, 'required'),
  contact: zText(64).default(''),
  phone: zPhone.or(z.literal('')).default(''),
  remark: zText(500).default(''),
};

export const getSupplierList = defineCall({
  name: 'getSupplierList',
  area: 'residents',
  module: 'residents',
  summary: 'Supplier (labour) companies by name, with their worker and account counts; `name` filters (contains). A server company sees its own only',
  access: [...RESIDENT_MANAGERS, Role.GATE, Role.MACHINE, Role.SERVER_COMPANY],
  input: z.object({ userid, name: zText(64).optional() }),
  output: z.array(supplier),
});

export const addSupplier = defineCall({
  name: 'addSupplier',
  area: 'residents',
  module: 'residents',
  summary: 'Add a supplier company: the name unique in the company (3 when taken)',
  access: RESIDENT_MANAGERS,
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  log: { module: LogModule.SUPPLIER, event: 'add' },
  input: z.object(supplierFields),
  output: supplier,
});

export const updateSupplier = defineCall({
  name: 'updateSupplier',
  area: 'residents',
  module: 'residents',
  summary: 'Change a supplier company (602 when not found, 3 when the name is taken); its workers’ `company` follows a new name',
  access: RESIDENT_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  log: { module: LogModule.SUPPLIER, event: 'update' },
  input: z.object({ ...supplierFields, supplierId: z.int32().positive() }),
  output: supplier,
});

export const delSupplier = defineCall({
  name: 'delSupplier',
  area: 'residents',
  module: 'residents',
  summary: 'Delete a supplier company; 58 with the counts while workers or server-company accounts belong to it, 602 when not found',
  access: RESIDENT_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.SUPPLIER, event: 'delete' },
  input: z.object({ userid, supplierId: z.int32().positive() }),
  output: z.object({ deleted: z.int32() }),
});

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export const RESIDENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const RESIDENT_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** 'labour': labour contract or photo of labour (UploadLaborFile); 'certificate' (with its expiry); 'other'. */
export const RESIDENT_FILE_KINDS = ['labour', 'certificate', 'other'] as const;
export type ResidentFileKind = (typeof RESIDENT_FILE_KINDS)[number];
/** A certificate expiring within this many days is flagged. */
export const CERTIFICATE_WARNING_DAYS = 30;

export const residentFile = z.object({
  fid: z.int32(),
  rid: z.int32(),
  kind: z.enum(RESIDENT_FILE_KINDS),
  name: z.string(),
  type: z.enum(['pdf', 'jpg', 'png']),
  size: z.int32(),
  expiresOn: z.string().nullable(),
  uploadedBy: z.string(),
  createTime: z.number(),
});
export type ResidentFile = z.infer<typeof residentFile>;

const fileUpload = { maxBytes: RESIDENT_FILE_MAX_BYTES, extensions: RESIDENT_FILE_EXTENSIONS };

export const uploadLaborFile = defineCall({
  name: 'UploadLaborFile',
  area: 'residents',
  module: 'residents',
  summary:
    'Store a worker’s labour contract or photo of labour (pdf, jpg or png up to 10 MB; the content must be what the extension says: 620); 602 for a worker not found',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: { module: LogModule.SUPPLIER, event: 'add' },
  upload: fileUpload,
  input: z.object({ userid: quserid, rid: coercedInt().positive() }),
  output: residentFile,
});

export const uploadResidentFile = defineCall({
  name: 'UploadResidentFile',
  area: 'residents',
  module: 'residents',
  summary:
    'Store one of a worker’s files (call once per file): a certificate (its expiry day `expiresOn` required) or another document; pdf, jpg or png up to 10 MB, checked by content (620)',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: { module: LogModule.SUPPLIER, event: 'add' },
  upload: fileUpload,
  input: z
    .object({
      userid: quserid,
      rid: coercedInt().positive(),
      kind: z.enum(['certificate', 'other']).default('certificate'),
      expiresOn: zDay.optional(),
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'certificate' && !v.expiresOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'required' });
    }),
  output: residentFile,
});

export const showResidentAllFileByRid = defineCall({
  name: 'showResidentAllFileByRid',
  area: 'residents',
  module: 'residents',
  summary: 'A worker’s files, newest first (602 for a worker not found)',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, rid: z.int32().positive() }),
  output: z.array(residentFile),
});

export const delResidentFile = defineCall({
  name: 'delResidentFile',
  area: 'residents',
  module: 'residents',
  summary: 'Delete a worker’s file (602 when not found)',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.SUPPLIER, event: 'delete' },
  input: z.object({ userid, fid: z.int32().positive() }),
  output: z.object({ deleted: z.int32() }),
});

export const downloadResidentFile = defineDownload({
  name: 'downloadResidentFile',
  area: 'residents',
  module: 'residents',
  summary: 'A worker’s stored file, under its own name, authorised by the session (602 when not found)',
  access: WORKER_MANAGERS,
  contentType: 'application/octet-stream',
  fileName: 'file',
  extension: 'bin',
  input: z.object({ fid: coercedInt().positive() }),
});

// ---------------------------------------------------------------------------------------------
// Faces and passes
// ---------------------------------------------------------------------------------------------

export const uploadRvFace = defineCall({
  name: 'uploadRvFace',
  area: 'residents',
  module: 'residents',
  summary:
    'Set a worker’s face photo, checked like an employee’s (jpg, png or webp; at least 100×100 px; scaled under 1 MB; exactly one face, file/noFace and file/multipleFaces); 602 for a worker not found',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: { module: LogModule.SUPPLIER, event: 'update' },
  upload: { maxBytes: FACE_UPLOAD_MAX_BYTES, extensions: FACE_IMAGE_EXTENSIONS },
  input: z.object({ userid: quserid, rid: coercedInt().positive() }),
  output: residentVisitor,
});

export const updateAllResidentFace = defineCall({
  name: 'updateAllResidentFace',
  area: 'residents',
  module: 'residents',
  summary:
    'Batch worker face photos: a zip of images named by phone or certificate number (e.g. 13900000000.jpg), each checked like a single photo and reported (`noEmployee`: no such worker); 619 when not a zip',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD, Status.ARCHIVE_BUSY],
  fieldStatuses: { [Status.ONLY_ZIP]: 'file' },
  log: { module: LogModule.SUPPLIER, event: 'import' },
  upload: { maxBytes: FACE_ZIP_MAX_BYTES, extensions: ['zip'], wrongType: 'zip', toFile: true },
  input: z.object({ userid: quserid }),
  output: z.object({
    saved: z.int32(),
    failed: z.int32(),
    results: z.array(z.object({ file: z.string(), key: z.string(), rid: z.int32().nullable(), outcome: faceImportOutcome })),
  }),
});

export const rvFacePhoto = defineDownload({
  name: 'RvFacePhoto',
  area: 'residents',
  module: 'residents',
  summary: 'A worker’s stored face photo (jpeg), authorised by the session (602 when the worker or the photo is not found)',
  access: WORKER_MANAGERS,
  contentType: 'image/jpeg',
  fileName: 'face',
  extension: 'jpg',
  input: z.object({ rid: coercedInt().positive() }),
});

export const getRvQrcode = defineCall({
  name: 'getRvQrcode',
  area: 'residents',
  module: 'residents',
  summary:
    'A worker’s QR pass, signed by the server like a visit pass: the desk’s ResidentVisitorSignIn and the door readers accept it (approval and validity are checked when it is used); 602 for a worker not found',
  access: WORKER_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, rid: z.int32().positive() }),
  output: z.object({ rid: z.int32(), name: z.string(), qrcode: z.string(), rstatus: z.int32(), startDate: z.number(), endDate: z.number() }),
});

// ---------------------------------------------------------------------------------------------
// Traffic statistics and pass records
// ---------------------------------------------------------------------------------------------

/** The longest period the statistics cover at once. */
export const RV_REPORT_MAX_DAYS = 366;

/** The statistics' period: its end not before its start, at most RV_REPORT_MAX_DAYS days. */
function reportPeriod(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
  else if ((Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 >= RV_REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'tooLong' });
}

export const getRvReport = defineCall({
  name: 'getRvReport',
  area: 'residents',
  module: 'residents',
  summary: `Traffic statistics: resident sign-ins per supplier company and day (server time zone), both ends included (at most ${RV_REPORT_MAX_DAYS} days)`,
  access: TRAFFIC_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, startDate: zDay, endDate: zDay, supplierId: z.int32().positive().optional() }).superRefine(reportPeriod),
  output: z.object({
    days: z.array(z.string()),
    companies: z.array(z.object({ supplierId: z.int32().nullable(), company: z.string(), counts: z.array(z.int32()), total: z.int32() })),
    total: z.int32(),
  }),
});

export const rvOpenRecord = z.object({
  /** 'signIn': signed in at a desk (a resident visit); 'door': a door reader's pass record. */
  kind: z.enum(['signIn', 'door']),
  id: z.int32(),
  at: z.number(),
  rid: z.int32().nullable(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  /** The gate (sign-in) or device (door). */
  place: z.string(),
  /** Door records: 1 in, 2 out; sign-ins 1. */
  direction: z.int32(),
  /** Door records: 1 opened, 0 refused; sign-ins 1. */
  result: z.int32(),
});
export type RvOpenRecord = z.infer<typeof rvOpenRecord>;

/** How deep the merged list of sign-ins and door passes may be paged. */
export const RV_OPEN_MAX_OFFSET = 10_000;

export const getRvOpenInfo = defineCall({
  name: 'getRvOpenInfo',
  area: 'residents',
  module: 'residents',
  summary: `Pass records of resident visitors, newest first: desk sign-ins and door passes, paged (at most ${RV_OPEN_MAX_OFFSET} deep); filters: days, name or phone (contains), supplier company, worker, kind`,
  access: TRAFFIC_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({
    userid,
    ...pageInput,
    date: zDay.optional(),
    endDate: zDay.optional(),
    name: zText(64).optional(),
    supplierId: z.int32().positive().optional(),
    rid: z.int32().positive().optional(),
    kind: z.enum(['signIn', 'door']).optional(),
  }),
  output: pageOf(rvOpenRecord),
});

// ---------------------------------------------------------------------------------------------
// Downloads (the original's ExportgetRvrList, ExportRvOdList and downloadResidentAllFile, all GET)
// ---------------------------------------------------------------------------------------------

const zLang = z.enum(['zh', 'en']).default('en');
/** The most rows one pass-record export holds (the merged list is read from two sources a batch at a time). */
export const RV_EXPORT_MAX_ROWS = 100_000;

export const exportRvOpenInfo = defineDownload({
  name: 'ExportgetRvrList',
  area: 'residents',
  module: 'residents',
  summary: `The workers’ pass records (导出供应商通行记录) as getRvOpenInfo lists them, with its filters: desk sign-ins and door passes newest first, an xlsx workbook streamed in the chosen language (at most ${RV_EXPORT_MAX_ROWS} rows)`,
  access: TRAFFIC_READERS,
  contentType: XLSX_TYPE,
  fileName: 'supplier-pass-records',
  extension: 'xlsx',
  log: { module: LogModule.SUPPLIER, event: 'export' },
  input: z.object({
    date: zDay.optional(),
    endDate: zDay.optional(),
    name: zText(64).optional(),
    supplierId: coercedInt().positive().optional(),
    rid: coercedInt().positive().optional(),
    kind: z.enum(['signIn', 'door']).optional(),
    lang: zLang,
  }),
});

export const exportRvReport = defineDownload({
  name: 'ExportRvOdList',
  area: 'residents',
  module: 'residents',
  summary:
    'The traffic statistics (供应商进出记录) as getRvReport answers them: one row per supplier company with its sign-ins per day and total, and a totals row; an xlsx workbook in the chosen language',
  access: TRAFFIC_READERS,
  contentType: XLSX_TYPE,
  fileName: 'supplier-traffic',
  extension: 'xlsx',
  log: { module: LogModule.SUPPLIER, event: 'export' },
  input: z.object({ startDate: zDay, endDate: zDay, supplierId: coercedInt().positive().optional(), lang: zLang }).superRefine(reportPeriod),
});

export const downloadResidentAllFile = defineDownload({
  name: 'downloadResidentAllFile',
  area: 'residents',
  module: 'residents',
  summary:
    'Every file of one worker as a zip (each under its own name, a repeated name numbered), streamed, authorised by the session: a server company its own workers only (602 for a worker not found)',
  access: WORKER_MANAGERS,
  contentType: 'application/zip',
  fileName: 'worker-files',
  extension: 'zip',
  input: z.object({ rid: coercedInt().positive() }),
});

export const supplierCalls = [
  getSupplierList,
  addSupplier,
  updateSupplier,
  delSupplier,
  uploadLaborFile,
  uploadResidentFile,
  showResidentAllFileByRid,
  delResidentFile,
  uploadRvFace,
  updateAllResidentFace,
  getRvQrcode,
  getRvReport,
  getRvOpenInfo,
] as const;

export const supplierDownloads = [downloadResidentFile, rvFacePhoto, downloadResidentAllFile, exportRvOpenInfo, exportRvReport] as const;
