import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { zSnapshot } from './passRecords.js';

/**
 * The device side of the doors: what a door device posts and what it is answered, authenticated as the device
 * (`Authorization: Device <eid>.<secret>`), never a session. The company is the device's.
 */

export const doorDecision = z.object({
  open: z.literal(true),
  /** The pass record written for this decision. */
  recordId: z.int32(),
  direction: z.union([z.literal(1), z.literal(2)]).describe('1 in, 2 out'),
  /** 1 employee (a card), 2 visitor, 3 resident visitor. */
  personType: z.int32(),
  name: z.string(),
  vid: z.int32().nullable(),
  /** The employee let through by their card; null for visitors. */
  empid: z.int32().nullable(),
  /** The pass signed the visitor in (entry) or out (exit): the company lets its doors do that. */
  signedIn: z.boolean(),
  signedOut: z.boolean(),
});

export const uploadQrcode = defineCall({
  area: 'devices',
  module: 'doors',
  feature: 'accessControl',
  name: 'uploadQrcode',
  summary:
    'A door QR reader posts what it scanned: 0 with the person to let through, or the refusal (1111 this device opens nothing for them, 1112 forged, altered or another company’s code, 1113–1128 the visit’s state, window, pass time, uses or a rotated code). Every decision is a pass record.',
  access: 'device',
  legacyDevice: true,
  // The original's 1110–1130 (the reader shows or beeps them and keeps the door shut); 58 when the visit moved meanwhile.
  // 1111 (this device opens nothing for them) is universal to device calls.
  statuses: [
    Status.QRCODE_FORMAT_ERROR,
    Status.PASS_LIMIT_EXCEEDED,
    Status.OUTSIDE_VALIDITY,
    Status.INVALID_VISITOR,
    Status.QRCODE_NOT_ALLOWED,
    Status.VISITOR_UNAUTHORIZED,
    Status.OUTSIDE_PASS_TIME,
    Status.NOT_SIGNED_IN,
    Status.VISIT_FINISHED,
    Status.QRCODE_EXPIRED,
    Status.UPDATE_NOT_ALLOWED,
  ],
  input: z.object({
    qrcode: z.string().trim().min(1).max(512),
    /** The original's readers sent their own code; when given it must be the authenticated device's. */
    deviceCode: z.string().trim().max(64).optional(),
    /** A two-way reader says which way; left out, the device's own direction. */
    direction: z.union([z.literal(1), z.literal(2)]).optional(),
  }),
  output: doorDecision,
});

export const uploadCard = defineCall({
  area: 'devices',
  module: 'doors',
  feature: 'accessControl',
  name: 'uploadCard',
  summary:
    'A door card reader posts the card it read: an employee’s card (their access rights, dates and groups) or the card the desk handed a visitor on site (the visit’s groups, window and limits, as its QR pass). 0 with the person to let through, or the refusal: 1123 a card nobody holds, 1129 an employee without access, 1113 an employee past their access dates, 1115 not yet valid, 1111 this device opens nothing for them, 1124 outside the pass time, 1120 a face-only way. Every decision is a pass record.',
  access: 'device',
  legacyDevice: true,
  statuses: [
    Status.UNKNOWN_RECORD,
    Status.EMPLOYEE_UNAUTHORIZED,
    Status.PERSON_EXPIRED,
    Status.PASS_LIMIT_EXCEEDED,
    Status.OUTSIDE_VALIDITY,
    Status.QRCODE_NOT_ALLOWED,
    Status.VISITOR_UNAUTHORIZED,
    Status.OUTSIDE_PASS_TIME,
    Status.NOT_SIGNED_IN,
    Status.VISIT_FINISHED,
    Status.UPDATE_NOT_ALLOWED,
  ],
  input: z.object({
    /** As the reader reports it (letters compared without case). */
    cardNo: z.string().trim().min(1).max(64),
    /** When given it must be the authenticated device's. */
    deviceCode: z.string().trim().max(64).optional(),
    /** A two-way reader says which way; left out, the device's own direction. */
    direction: z.union([z.literal(1), z.literal(2)]).optional(),
  }),
  output: doorDecision,
});

/** A barrier's answer: open or not, and the visit its plate matched (if any). */
export const barrierDecision = z.object({
  open: z.boolean(),
  recordId: z.int32(),
  direction: z.union([z.literal(1), z.literal(2)]),
  plateNum: z.string().describe('as recorded: upper case, without spaces'),
  vid: z.int32().nullable(),
  name: z.string().describe("the matched visit's visitor; '' without a match"),
  /** 0, or why the barrier stays down: 1117 no visit expects this plate, 1121 unauthorised, 1115 outside its window. */
  code: z.int32(),
});

export const uploadVehicleInfo = defineCall({
  area: 'devices',
  module: 'doors',
  feature: 'accessControl',
  name: 'uploadVehicleInfo',
  summary:
    'A vehicle barrier reports a plate it read: matched to a visit expecting it (signed in, or approved within its window), the barrier opens; an exit always opens. Every report is a vehicle record; a device that is not a barrier answers 1111.',
  access: 'device',
  input: z.object({
    plateNum: z.string().trim().min(1).max(16),
    /** The original's barriers sent their own code; when given it must be the authenticated device's. */
    deviceCode: z.string().trim().max(64).optional(),
    direction: z.union([z.literal(1), z.literal(2)]).optional(),
    vehType: z.string().trim().max(32).default(''),
    /** The barrier camera's picture of the vehicle, kept with the record (400 `snapshot` when it is not an image). */
    snapshot: zSnapshot.optional(),
  }),
  output: barrierDecision,
});

export const doorCalls = [uploadQrcode, uploadCard, uploadVehicleInfo] as const;
