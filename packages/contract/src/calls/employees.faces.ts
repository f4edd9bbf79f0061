import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { IMAGE_MAX_BYTES } from '../validators.js';
import { employee, ORG_MANAGERS } from './employees.js';

/**
 * Face photo advice of spec section 5: at least FACE_MIN_PX square and under 1 MB. The stored photo is always under it:
 * larger photos (up to FACE_UPLOAD_MAX_BYTES as sent) are scaled down, not refused, and the pages say so.
 */
export const FACE_MAX_BYTES = IMAGE_MAX_BYTES;
/** What a single photo upload may weigh before it is scaled down. */
export const FACE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const FACE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
/** A batch archive: size of the upload, number of photos and unpacked bytes it may hold. */
export const FACE_ZIP_MAX_BYTES = 100 * 1024 * 1024;
export const FACE_ZIP_MAX_ENTRIES = 5000;
export const FACE_ZIP_MAX_UNPACKED = 500 * 1024 * 1024;

const userid = coercedInt().optional();

export const uploadEmpFace = defineCall({
  name: 'uploadEmpFace',
  area: 'employees',
  module: 'employees',
  summary:
    "Set an employee's face photo (jpg, png, gif (its first frame) or webp by content, file/type; at least 100×100 px, file/imageTooSmall; scaled down to under 1 MB when larger; exactly one face on it, file/noFace and file/multipleFaces, the face statuses 2 and 3 a terminal would answer); the face status becomes -9 (not synced) until devices take it",
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  upload: { maxBytes: FACE_UPLOAD_MAX_BYTES, extensions: FACE_IMAGE_EXTENSIONS },
  input: z.object({ userid, empid: coercedInt().positive() }),
  output: employee,
});

/** What became of one photo of a batch archive. */
export const faceImportOutcome = z.enum([
  'saved',
  'noEmployee',
  'duplicate',
  'notImage',
  'tooSmall',
  'tooLarge',
  'noFace',
  'multipleFaces',
  'skipped',
]);
export type FaceImportOutcome = z.infer<typeof faceImportOutcome>;

export const uploadEmpFaceZip = defineCall({
  name: 'uploadEmpFaceZip',
  area: 'employees',
  module: 'employees',
  summary:
    'Batch face photos: a zip of images named by work number (e.g. 1001.jpg); each is checked like a single photo (the face detector too: outcomes noFace and multipleFaces) and reported; 619 when the file is not a zip',
  access: ORG_MANAGERS,
  statuses: [Status.ARCHIVE_BUSY],
  fieldStatuses: { [Status.ONLY_ZIP]: 'file' },
  log: { module: LogModule.EMPLOYEE, event: 'import' },
  upload: { maxBytes: FACE_ZIP_MAX_BYTES, extensions: ['zip'], wrongType: 'zip', toFile: true },
  input: z.object({ userid }),
  output: z.object({
    saved: z.int32(),
    failed: z.int32(),
    results: z.array(z.object({ file: z.string(), empNo: z.string(), outcome: faceImportOutcome })),
  }),
});

export const deleteEmpFace = defineCall({
  name: 'deleteEmpFace',
  area: 'employees',
  module: 'employees',
  summary: "Remove an employee's face photo",
  access: ORG_MANAGERS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid: z.int32().optional(), empid: z.int32().positive() }),
  output: employee,
});

export const updateAllFace = defineCall({
  name: 'updateAllFace',
  area: 'employees',
  module: 'employees',
  summary:
    'Queue every face photo of the company (or of the given employees) for sending to the access devices; their status becomes -9 until a device reports back',
  access: [Role.ADMIN, Role.SUBADMIN],
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid: z.int32().optional(), empids: z.array(z.int32().positive()).max(10000).optional() }),
  output: z.object({ queued: z.int32() }),
});

/** Kinds of employee exception (spec section 8: face problems, unbound work number/phone/email). */
export const ABNORMAL_KINDS = ['faceError', 'noFace', 'multipleFaces', 'tooBig', 'duplicateNo', 'notSynced', 'noWorkNumber', 'noEmail'] as const;
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number];

export const getAbnormalEmployee = defineCall({
  name: 'getAbnormalEmployee',
  area: 'employees',
  module: 'employees',
  summary: 'Employees in an abnormal state: a count per kind, and the employees of one kind (or of all), paged',
  access: ORG_MANAGERS,
  input: z.object({ userid: z.int32().optional(), ...pageInput, kind: z.enum(ABNORMAL_KINDS).optional() }),
  output: pageOf(employee).extend({ counts: z.record(z.enum(ABNORMAL_KINDS), z.int32()) }),
});

export const faceCalls = [uploadEmpFace, uploadEmpFaceZip, deleteEmpFace, updateAllFace, getAbnormalEmployee] as const;

export const empFacePhoto = defineDownload({
  name: 'EmpFacePhoto',
  area: 'employees',
  module: 'employees',
  summary: "An employee's face photo (jpeg)",
  access: [...ORG_MANAGERS, Role.GATE],
  contentType: 'image/jpeg',
  fileName: 'face',
  extension: 'jpg',
  input: z.object({ empid: coercedInt().positive() }),
});
