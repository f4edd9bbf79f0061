import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role, recordResult, recordResultLabels } from '../lookups.js';
import type { Lang } from './auth.js';

/**
 * Pass records: what the doors (face, QR and card passes) and the vehicle barriers let through or refused, newest
 * first. The devices write them (the device API); the console reads and exports them. A front desk tied to gates sees
 * its gates' passes.
 */
export const PASS_RECORD_READERS = [Role.ADMIN, Role.SUBADMIN, Role.GATE] as const;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');
const zText = (max: number) => z.string().trim().max(max);
const zDirection = coercedInt().min(1).max(2);

/** 1 success, 0 failure, 2 unknown (spec section 4: record result). */
export const PASS_RESULTS = [0, 1, 2] as const;
export const PASS_WAYS = ['qr', 'face', 'card'] as const;
export type PassWay = (typeof PASS_WAYS)[number];

/** A device's snapshot of a pass: base64 of a JPEG, PNG or WebP image of at most this many bytes (stored as JPEG). */
export const SNAPSHOT_MAX_BYTES = 256 * 1024;
export const zSnapshot = z
  .string()
  .max(Math.ceil((SNAPSHOT_MAX_BYTES * 4) / 3) + 4)
  .describe('base64 JPEG, PNG or WebP');

function datesInOrder(v: { date?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (v.date && v.endDate && v.date > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
}

/** A door pass as the original's `qcv_opendoor_info` names it, with our ids beside. */
export const passRecord = z.object({
  id: z.int32(),
  openDate: epochMs.describe('when the device let the person through or refused them'),
  eid: z.int32().nullable().describe('the device; null once it is deleted'),
  deviceName: z.string(),
  deviceCode: z.string(),
  egid: z.int32().nullable(),
  gname: z.string().describe('the device group'),
  gid: z.int32().nullable(),
  gateName: z.string(),
  vtype: z.int32().describe('person type: 1 employee, 2 visitor, 3 resident, -1 unknown'),
  vid: z.int32().nullable().describe('the visit, for a visitor'),
  vname: z.string(),
  mobile: z.string(),
  company: z.string(),
  direction: z.int32().describe('1 in, 2 out'),
  passWay: z.enum(PASS_WAYS),
  openStatus: z.int32().describe('1 success, 0 failure, 2 unknown'),
  code: z.int32().describe('0, or the catalogued status of the refusal (1111–1130)'),
  schedule: z.string().describe('the schedule whose hours refused the pass (its name then); "" otherwise'),
  temp: z.number().nullable().describe('temperature, when the device measures it'),
  photo: z.boolean().describe('the device sent a snapshot'),
});
export type PassRecord = z.infer<typeof passRecord>;

const REFUSED_BY_SCHEDULE: Record<Lang, (name: string) => string> = {
  en: (name) => `Refused by schedule ${name}`,
  zh: (name) => `被通行时刻表“${name}”拒绝`,
};

/**
 * A record's outcome in words: a refusal with a catalogued reason reads "Refused" — by the named schedule where its
 * hours refused — and only a failure without a reason an error. Console and export say the same.
 */
export function passOutcome(r: { result: number; code: number; schedule?: string }, lang: Lang): string {
  const outcome = recordResult(r.result);
  if (outcome !== 'failure' || !r.code) return recordResultLabels[outcome][lang];
  return r.schedule ? REFUSED_BY_SCHEDULE[lang](r.schedule) : recordResultLabels.refused[lang];
}

/** The door-pass filters, shared by the list and the export (which reads them from the query string). */
const passFilters = {
  date: zDay.optional(),
  endDate: zDay.optional(),
  name: zText(64).optional().describe('name or phone, any part'),
  eid: coercedInt().positive().optional(),
  egid: coercedInt().positive().optional(),
  gid: coercedInt().positive().optional(),
  vtype: coercedInt().min(-1).max(3).optional(),
  direction: zDirection.optional(),
  openStatus: coercedInt().min(0).max(2).optional(),
  passWay: z.enum(PASS_WAYS).optional(),
  vid: coercedInt().positive().optional(),
};
export type PassFilters = { [K in keyof typeof passFilters]?: z.output<(typeof passFilters)[K]> };

export const getOpendoorInfo = defineCall({
  name: 'getOpendoorInfo',
  area: 'devices',
  module: 'passRecords',
  feature: 'accessControl',
  summary: 'Door passes (face, QR, card), newest first, filtered by days, person, device, group, gate, direction and result',
  access: PASS_RECORD_READERS,
  input: z.object({ userid: z.int32().optional(), ...pageInput, ...passFilters }).superRefine(datesInOrder),
  output: pageOf(passRecord),
});

/** A vehicle pass (qcv_vehicle_records). */
export const vehicleRecord = z.object({
  id: z.int32(),
  sTime: epochMs.describe('when the barrier saw the vehicle'),
  eid: z.int32().nullable(),
  deviceName: z.string(),
  deviceCode: z.string(),
  plateNum: z.string(),
  vehType: z.string(),
  direction: z.int32().describe('1 in, 2 out'),
  vid: z.int32().nullable().describe('the visit the plate was matched to'),
  vname: z.string().describe("the matched visit's visitor"),
  openStatus: z.int32().describe('1 success, 0 failure, 2 unknown'),
  code: z.int32(),
  photo: z.boolean(),
});
export type VehicleRecord = z.infer<typeof vehicleRecord>;

const vehicleFilters = {
  date: zDay.optional(),
  endDate: zDay.optional(),
  plateNum: zText(16).optional().describe('any part, spaces and case ignored'),
  eid: coercedInt().positive().optional(),
  direction: zDirection.optional(),
  openStatus: coercedInt().min(0).max(2).optional(),
};
export type VehicleFilters = { [K in keyof typeof vehicleFilters]?: z.output<(typeof vehicleFilters)[K]> };

export const getVehicleRecord = defineCall({
  name: 'getVehicleRecord',
  area: 'devices',
  module: 'passRecords',
  feature: 'accessControl',
  summary: 'Vehicle passes reported by barriers, newest first, filtered by days, plate, device, direction and result',
  access: PASS_RECORD_READERS,
  input: z.object({ userid: z.int32().optional(), ...pageInput, ...vehicleFilters }).superRefine(datesInOrder),
  output: pageOf(vehicleRecord),
});

export const getVehicleRecordByVid = defineCall({
  name: 'getVehicleRecordByVid',
  area: 'devices',
  module: 'passRecords',
  feature: 'accessControl',
  summary: "One visit's vehicle passes, oldest first; 1117 when the visit is not this company's",
  access: PASS_RECORD_READERS,
  statuses: [Status.INVALID_VISITOR],
  input: z.object({ userid: z.int32().optional(), vid: z.int32().positive() }),
  output: z.array(vehicleRecord),
});

export const passRecordCalls = [getOpendoorInfo, getVehicleRecord, getVehicleRecordByVid] as const;

export const exportRfidRecordsList = defineDownload({
  name: 'ExportRfidRecordsList',
  area: 'devices',
  module: 'passRecords',
  feature: 'accessControl',
  summary: 'The door passes matching the list filters as an xlsx workbook in the chosen language, streamed (newest first)',
  access: PASS_RECORD_READERS,
  contentType: XLSX_TYPE,
  fileName: 'pass-records',
  extension: 'xlsx',
  log: { module: LogModule.ACCESS_CONTROL, event: 'export' },
  input: z.object({ ...passFilters, lang: z.enum(['zh', 'en']).default('en') }).superRefine(datesInOrder),
});

export const exportVehicleInfoList = defineDownload({
  name: 'ExportVehicleInfoList',
  area: 'devices',
  module: 'passRecords',
  feature: 'accessControl',
  summary: 'The vehicle passes matching the list filters as an xlsx workbook in the chosen language, streamed (newest first)',
  access: PASS_RECORD_READERS,
  contentType: XLSX_TYPE,
  fileName: 'vehicle-records',
  extension: 'xlsx',
  log: { module: LogModule.ACCESS_CONTROL, event: 'export' },
  input: z.object({ ...vehicleFilters, lang: z.enum(['zh', 'en']).default('en') }).superRefine(datesInOrder),
});

const photoOf = (what: 'door' | 'vehicle') =>
  ({
    area: 'devices',
    module: 'passRecords',
    feature: 'accessControl',
    summary: `The snapshot a device sent with a ${what} pass (jpeg); 1123 when the record has none or is not one this account sees`,
    access: PASS_RECORD_READERS,
    contentType: 'image/jpeg',
    fileName: `${what}-pass`,
    extension: 'jpg',
    input: z.object({ id: coercedInt().positive() }),
  }) as const;

export const passRecordPhoto = defineDownload({ name: 'passRecordPhoto', ...photoOf('door') });
export const vehicleRecordPhoto = defineDownload({ name: 'vehicleRecordPhoto', ...photoOf('vehicle') });

export const passRecordDownloads = [exportRfidRecordsList, exportVehicleInfoList, passRecordPhoto, vehicleRecordPhoto] as const;
