import { z } from 'zod';
import { defineCall, epochMs, int16, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { DEVICE_DRIVERS, deviceLink } from './devices.drivers.js';
import { DEVICE_MANAGERS, DEVICE_READERS } from './devices.js';
import { SNAPSHOT_MAX_BYTES, zSnapshot } from './passRecords.js';

/**
 * Face terminals (docs/modules/credentials.md): the people a terminal must recognise, as a delta since its cursor; its
 * confirmations per item; its pass records in batches; and the console's view of each terminal's credentials.
 * Device calls authenticate as the device (`Authorization: Device <eid>.<secret>`).
 */
const common = { area: 'devices', module: 'credentials', feature: 'accessControl' } as const;

export const FACE_PERSON_KINDS = ['employee', 'visitor', 'resident'] as const;
export type FacePersonKind = (typeof FACE_PERSON_KINDS)[number];
export const FACE_ACTIONS = ['add', 'update', 'remove'] as const;
export const FACE_SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
export type FaceSyncStatus = (typeof FACE_SYNC_STATUSES)[number];

/** Items per delta page, confirmations and pass records per call. */
export const FACE_PAGE_MAX = 500;
/** A terminal's failure is sent again this many times (with backoff) before the credential is marked failed. */
export const FACE_MAX_ATTEMPTS = 5;
export const FACE_REASON_MAX = 200;
/**
 * A change a terminal pulled must be confirmed within this time (doubled after each unconfirmed attempt, at most an
 * hour); unconfirmed, it counts as a failed attempt and is offered again with a new seq.
 */
export const FACE_ACK_WAIT_MS = 5 * 60_000;
/** Why an unconfirmed change was offered again (the credential's reason in the console). */
export const FACE_NOT_CONFIRMED = 'not confirmed by the terminal';
/** A snapshot in a pass record: base64 of a JPEG or PNG of at most this many bytes. */
export const FACE_SNAPSHOT_MAX_BYTES = SNAPSHOT_MAX_BYTES;

const zKind = z.enum(FACE_PERSON_KINDS);
/** Seqs are a bigint sequence capped at 2^53 - 1: exact as JSON numbers. */
const zSeq = z.int().min(0);
const zCursor = zSeq;

export const faceSyncItem = z.object({
  /** Position in the terminal's feed; the cursor to send next is the last item's seq. */
  seq: zSeq,
  action: z.enum(FACE_ACTIONS),
  personKind: zKind,
  /** The employee's, visit's or resident's id. */
  personId: z.int32(),
  name: z.string(),
  /** The person's access card number ('' for none, and for a removal): a visit's badge card, an employee's card. */
  cardNo: z.string(),
  /** Where the device fetches the photo with its credential (GET); '' for a removal. */
  photo: z.string(),
  validFrom: epochMs.nullable(),
  validTo: epochMs.nullable(),
  /** The person's groups this terminal is in. */
  groups: z.array(z.int32()),
});
export type FaceSyncItem = z.infer<typeof faceSyncItem>;

export const faceSyncPull = defineCall({
  ...common,
  name: 'faceSyncPull',
  summary: 'A face terminal pulls the changes to its people after `cursor` (0: everything), at most 500 per page; `more` asks for the next page',
  access: 'device',
  input: z.object({ cursor: zCursor.default(0), limit: z.int32().min(1).max(FACE_PAGE_MAX).default(FACE_PAGE_MAX) }),
  output: z.object({ items: z.array(faceSyncItem), cursor: zSeq, more: z.boolean() }),
});

export const faceSyncAck = defineCall({
  ...common,
  name: 'faceSyncAck',
  summary: "A face terminal reports each item's result: synced, or failed with the reason (a failure is sent again later, then marked failed)",
  access: 'device',
  input: z.object({
    results: z
      .array(
        z.object({
          seq: zSeq.positive(),
          status: z.enum(['synced', 'failed']),
          reason: z.string().trim().max(FACE_REASON_MAX).default(''),
          /** A face problem code of the photo (faceStatusLabels: 1 photo error, 2 no face, 3 several faces, 4 too big). */
          code: int16().min(1).max(99).optional(),
        }),
      )
      .min(1)
      .max(FACE_PAGE_MAX),
  }),
  output: z.object({ accepted: z.int32(), stale: z.int32() }),
});

export const faceSyncPhoto = defineCall({
  ...common,
  name: 'faceSyncPhoto',
  summary: "A face terminal fetches a person's face photo it was sent (602 when the terminal has no such person)",
  access: 'device',
  method: 'GET',
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ personKind: zKind, personId: z.coerce.number().int().min(1).max(2147483647) }),
  output: z.object({ contentType: z.string(), data: z.string() }),
});

export const facePassRecordInput = z.object({
  /** The terminal's own id of the record: a batch sent again is not recorded twice. */
  recordId: z.string().regex(/^[\x21-\x7e]{1,64}$/, 'format'),
  personKind: z.enum([...FACE_PERSON_KINDS, 'unknown']),
  personId: z.int32().positive().optional(),
  /** 1 in, 2 out; the device's own direction when left out. */
  direction: int16().min(1).max(2).optional(),
  time: epochMs,
  /** 1 success, 0 failure, 2 unknown. */
  result: int16().min(0).max(2),
  code: z.int32().min(0).max(99999).default(0),
  temperature: z.number().min(30).max(45).optional(),
  /** base64 JPEG or PNG. */
  snapshot: zSnapshot.describe('base64 JPEG or PNG').optional(),
});

export const faceSyncUploadRecords = defineCall({
  ...common,
  name: 'faceSyncUploadRecords',
  summary: 'A face terminal uploads its pass records, at most 500 per call; a record id already received is skipped',
  access: 'device',
  // Reached through the door sign-in of face passes (doorSignIn), which catches it: a visit moved meanwhile by someone
  // else keeps their move, and the batch is still answered 0. Declared because the status lists over-approximate.
  statuses: [Status.UPDATE_NOT_ALLOWED],
  maxBodyBytes: 48 * 1024 * 1024,
  input: z.object({ records: z.array(facePassRecordInput).min(1).max(FACE_PAGE_MAX) }),
  output: z.object({ accepted: z.int32(), duplicates: z.int32() }),
});

/**
 * A credential's state on its device, from its change and status: pending (to be written), live (the device holds
 * it), failed (retries exhausted: the dead-letter list, with the device's reason, until re-issued), revoking (to be
 * removed), revoked (the device confirmed the removal).
 */
export const CREDENTIAL_STATES = ['pending', 'live', 'failed', 'revoking', 'revoked'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];
export function credentialState(action: string, status: string): CredentialState {
  if (status === 'failed') return 'failed';
  if (action === 'remove') return status === 'synced' ? 'revoked' : 'revoking';
  return status === 'synced' ? 'live' : 'pending';
}

export const faceCredential = z.object({
  id: z.int32(),
  state: z.enum(CREDENTIAL_STATES),
  /** What the device was given: a face photo, a card number, a still QR pass, a vehicle plate (an ANPR camera's
   * allowlist); a visitor's pass count (null: none). */
  hasFace: z.boolean(),
  hasCard: z.boolean(),
  hasQr: z.boolean(),
  hasPlate: z.boolean(),
  passLimit: z.int32().nullable(),
  eid: z.int32(),
  personKind: zKind,
  personId: z.int32(),
  name: z.string(),
  action: z.enum(FACE_ACTIONS),
  status: z.enum(FACE_SYNC_STATUSES),
  seq: zSeq,
  attempts: z.int32(),
  lastError: z.string(),
  nextAttemptAt: epochMs.nullable(),
  syncedAt: epochMs.nullable(),
  updatedAt: epochMs,
  validFrom: epochMs.nullable(),
  validTo: epochMs.nullable(),
});
export type FaceCredential = z.infer<typeof faceCredential>;

export const getFaceCredentials = defineCall({
  ...common,
  name: 'getFaceCredentials',
  summary: "A face terminal's people and whether each reached it (pending / synced / failed with the reason); 602 for no such device",
  access: DEVICE_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({
    eid: z.int32().positive(),
    status: z.enum(FACE_SYNC_STATUSES).optional(),
    personKind: zKind.optional(),
    name: z.string().trim().max(50).optional(),
    ...pageInput,
  }),
  output: pageOf(faceCredential).extend({ counts: z.record(z.enum(FACE_SYNC_STATUSES), z.int32()) }),
});

export const retryFaceCredentials = defineCall({
  ...common,
  name: 'retryFaceCredentials',
  summary: "Sends a face terminal's failed credentials again (all, or these ids); 602 for no such device or credential",
  access: DEVICE_MANAGERS,
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ eid: z.int32().positive(), ids: z.array(z.int32().positive()).min(1).max(FACE_PAGE_MAX).optional() }),
  output: z.object({ retried: z.int32() }),
});

export const getFaceSyncOfPerson = defineCall({
  ...common,
  name: 'getFaceSyncOfPerson',
  summary: "A person's face credential on each terminal (employee, visit or resident id)",
  access: DEVICE_READERS,
  input: z.object({ personKind: zKind, personId: z.int32().positive() }),
  output: z.array(faceCredential.extend({ deviceName: z.string() })),
});

/** What a readback found on a device, per person of ours or the site's (at most DRIFT_ITEMS_MAX listed). */
export const DRIFT_KINDS = ['missing', 'extra', 'changed', 'siteManaged'] as const;
export const DRIFT_ITEMS_MAX = 200;
export const driftItem = z.object({
  /** The person's number on the device (OV<kind><id> on Hikvision, 9<kind><id> on ZKTeco). */
  personNo: z.string(),
  personKind: zKind.nullable(),
  personId: z.int32().nullable(),
  name: z.string(),
  kind: z.enum(DRIFT_KINDS),
  /** What differed: 'person', 'card', 'qr', 'face', 'window'. */
  what: z.array(z.string()),
  /** 'repaired', 'failed' (the reason), or 'left' (the site's own: never touched). */
  outcome: z.enum(['repaired', 'failed', 'left']),
  reason: z.string(),
});
export const driftReport = z.object({
  at: epochMs,
  /** People of ours the device should hold, and what it held of ours and of the site's own. */
  expected: z.int32(),
  heldOurs: z.int32(),
  heldSite: z.int32(),
  missing: z.int32(),
  extra: z.int32(),
  changed: z.int32(),
  repaired: z.int32(),
  failed: z.int32(),
  /** Why the readback could not finish (the device refused us, was not there); '' when it did. */
  error: z.string(),
  items: z.array(driftItem),
});
export type DriftReport = z.infer<typeof driftReport>;

export const getDeviceCredentialReport = defineCall({
  ...common,
  name: 'getDeviceCredentialReport',
  summary: "A device's credentials at a glance: its link, counts per state, its queue, the last readback's drift report; 602 for no such device",
  access: DEVICE_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ eid: z.int32().positive() }),
  output: z.object({
    link: deviceLink.nullable(),
    states: z.record(z.enum(CREDENTIAL_STATES), z.int32()),
    /** Changes due now, being written, and waiting for a retry's backoff. */
    queue: z.object({ due: z.int32(), inFlight: z.int32(), waiting: z.int32() }),
    drift: driftReport.nullable(),
  }),
});

export const readbackDevice = defineCall({
  ...common,
  name: 'readbackDevice',
  summary:
    "Reads what a pushed-to device holds now, compares it with what it should hold and repairs the drift (never the site's own people); a ZKTeco device is asked at its next poll and the call waits up to 20 s for its answer; 602 for no such device, 1132 when its driver keeps no list to read (ours), 1133 when the device cannot be reached, refuses us or does not answer in time",
  access: DEVICE_MANAGERS,
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  statuses: [Status.NO_SUCH_RECORD, Status.DEVICE_NOT_READABLE, Status.DEVICE_LINK_DOWN],
  input: z.object({ eid: z.int32().positive() }),
  output: driftReport,
});

export const getCredentialTrouble = defineCall({
  ...common,
  name: 'getCredentialTrouble',
  summary: 'Devices whose credentials do not get through: a link refused, locked, unreachable, or failed credentials (the monitor)',
  access: DEVICE_READERS,
  input: z.object({}),
  output: z.array(
    z.object({
      eid: z.int32(),
      deviceName: z.string(),
      driver: z.enum(DEVICE_DRIVERS),
      link: deviceLink.nullable(),
      failed: z.int32(),
      pending: z.int32(),
      /** The oldest change still pending (how long people have waited). */
      oldestPendingAt: epochMs.nullable(),
    }),
  ),
});

/**
 * Bound by the credentials module (a device that keeps people must not be forgotten while it still holds ours):
 * devices never imports credentials.
 */
export const delEquipment = defineCall({
  ...common,
  name: 'delEquipment',
  summary:
    'Delete a device (it leaves its groups; its secret stops working); 602 when there is no such device; 1134 with the count while a Hikvision or ZKTeco device still holds people OpenVisit put there (disable it first: they are removed), unless `force`',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD, Status.DEVICE_HOLDS_PEOPLE],
  log: { module: LogModule.ACCESS_CONTROL, event: 'delete' },
  input: z.object({
    userid: z.int32().optional(),
    eid: z.int32().positive(),
    force: z.boolean().default(false).describe('delete even though the device still holds people of ours (a device gone for good)'),
  }),
  output: ok,
});

export const faceSyncCalls = [
  faceSyncPull,
  faceSyncAck,
  faceSyncPhoto,
  faceSyncUploadRecords,
  getFaceCredentials,
  retryFaceCredentials,
  getFaceSyncOfPerson,
  getDeviceCredentialReport,
  readbackDevice,
  getCredentialTrouble,
  delEquipment,
] as const;
