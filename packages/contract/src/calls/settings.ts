import { z } from 'zod';
import { defineCall } from '../call.js';
import { LogModule, Role } from '../lookups.js';
import { companySettings } from './accounts.js';

/**
 * Basic settings (spec section 7 "Settings", the console's Custom settings › basic settings): company settings that
 * rule invitations and check-in. Each call changes its own fields of the company settings and answers them all.
 */

/** Company administrators and sub-administrators (the original's A,S). */
export const SETTINGS_MANAGERS = [Role.ADMIN, Role.SUBADMIN] as const;

export const basicSettings = companySettings.pick({
  permissionSwitch: true,
  tempEditSwitch: true,
  preExtendTime: true,
  latExtendTime: true,
  leaveExpiryTime: true,
  upDuty: true,
  offDuty: true,
  qrMaxCount: true,
  qrMaxDuration: true,
  scaner: true,
  cryptoperiod: true,
  doorSignIn: true,
  originalCompat: true,
});
export type BasicSettings = z.infer<typeof basicSettings>;

/** Ranges of the number settings (inclusive), shared by the server and the console's inputs. */
export const BASIC_LIMITS = {
  /** Minutes before and after the expected time an invited visitor may check in. */
  extendTime: { min: 0, max: 1440 },
  /** Hours after sign-in a visitor still on site is signed out; 0 keeps them until someone signs them out. */
  leaveExpiryTime: { min: 0, max: 72 },
  /** Times an invitation's QR pass may be used; 0 without limit. */
  qrMaxCount: { min: 0, max: 100 },
  /** Hours an invitation's QR pass stays valid; 0 for the visit's own window only. */
  qrMaxDuration: { min: 0, max: 720 },
  /** Minutes a refreshing QR code lives before the holder needs a new one; 0 for codes that do not refresh. */
  cryptoperiod: { min: 0, max: 1440 },
} as const;
export type BasicLimit = keyof typeof BASIC_LIMITS;

export type BasicFieldFailure = 'required' | 'range' | 'format' | 'beforeUpDuty';

/** A whole number inside the setting's range. */
export function checkBasicNumber(limit: BasicLimit, n: number | null | undefined): BasicFieldFailure | null {
  if (n === null || n === undefined || Number.isNaN(n)) return 'required';
  const { min, max } = BASIC_LIMITS[limit];
  return Number.isInteger(n) && n >= min && n <= max ? null : 'range';
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day as HH:mm (24 hours). */
export function checkDutyTime(s: string): BasicFieldFailure | null {
  if (s.trim() === '') return 'required';
  return HHMM.test(s.trim()) ? null : 'format';
}

/** Working hours: both times or neither; off duty after up duty. Field errors for the form and the server alike. */
export function dutyTimeErrors(v: { upDuty: string; offDuty: string }): { field: 'upDuty' | 'offDuty'; rule: BasicFieldFailure }[] {
  const up = v.upDuty.trim();
  const off = v.offDuty.trim();
  if (up === '' && off === '') return [];
  const errors: { field: 'upDuty' | 'offDuty'; rule: BasicFieldFailure }[] = [];
  const upFailure = checkDutyTime(up);
  const offFailure = checkDutyTime(off);
  if (upFailure) errors.push({ field: 'upDuty', rule: upFailure });
  if (offFailure) errors.push({ field: 'offDuty', rule: offFailure });
  if (!upFailure && !offFailure && off <= up) errors.push({ field: 'offDuty', rule: 'beforeUpDuty' });
  return errors;
}

const userid = z.int32().optional();
const zSwitch = z.union([z.literal(0), z.literal(1)]);
const zLimited = (limit: BasicLimit) =>
  z
    .number()
    .int('range')
    .min(BASIC_LIMITS[limit].min, 'range')
    .max(BASIC_LIMITS[limit].max, 'range')
    .describe(`${BASIC_LIMITS[limit].min}–${BASIC_LIMITS[limit].max}`);
const settingsLog = { module: LogModule.ACCOUNT, event: 'update' } as const;

function basicCall<const N extends string, S extends z.ZodRawShape>(name: N, summary: string, shape: S) {
  return defineCall({
    name,
    area: 'settings',
    module: 'settings',
    summary,
    access: SETTINGS_MANAGERS,
    log: settingsLog,
    input: z.object({ userid, ...shape }),
    output: basicSettings,
  });
}

export const updatePermissionSwitch = basicCall(
  'updatePermissionSwitch',
  'Employees may invite visitors (1) or not (0); an employee marked forbid-invite never may (116)',
  { permissionSwitch: zSwitch },
);

export const updateTempEditSwitch = basicCall(
  'updateTempEditSwitch',
  'Employees may edit their own invitation templates (0) or only use the company templates (1)',
  { tempEditSwitch: zSwitch },
);

export const updateExtendTime = basicCall(
  'updateExtendTime',
  'How many minutes before (preExtendTime) and after (latExtendTime) the expected time an invited visitor may check in (64 early, 65 late); 0–1440',
  { preExtendTime: zLimited('extendTime'), latExtendTime: zLimited('extendTime') },
);

export const updateLeaveExpiryTime = basicCall(
  'updateLeaveExpiryTime',
  'Hours after sign-in a visitor still on site is signed out automatically (0–72; 0 never); applies to visitors signing in from now on',
  { leaveExpiryTime: zLimited('leaveExpiryTime') },
);

export const updateOffDutyTime = defineCall({
  name: 'updateOffDutyTime',
  area: 'settings',
  module: 'settings',
  summary:
    'Working hours as HH:mm: visitors on site across their start (upDuty) or end (offDuty) show in the overtime query; both or neither (empty), off duty after up duty (field errors)',
  access: SETTINGS_MANAGERS,
  log: settingsLog,
  input: z.object({ userid, upDuty: z.string().trim().max(5).default(''), offDuty: z.string().trim().max(5).default('') }).superRefine((v, ctx) => {
    for (const e of dutyTimeErrors(v)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.rule });
  }),
  output: basicSettings,
});

export const updateQrcodeConf = basicCall(
  'updateQrcodeConf',
  "An invitation QR pass's limits: uses (qrMaxCount, 0–100, 0 unlimited) and hours valid (qrMaxDuration, 0–720, 0 the visit window)",
  { qrMaxCount: zLimited('qrMaxCount'), qrMaxDuration: zLimited('qrMaxDuration') },
);

export const updateScanerSwitch = basicCall('updateScanerSwitch', 'Visitors may check in at the kiosk by scanning their QR code (1) or not (0)', {
  scaner: zSwitch,
});

export const updateCryptoperiod = basicCall(
  'updateCryptoperiod',
  'Minutes a refreshing QR code lives before it must be fetched again (0–1440; 0 codes do not refresh)',
  { cryptoperiod: zLimited('cryptoperiod') },
);

export const updateDoorSignInSwitch = basicCall(
  'updateDoorSignInSwitch',
  "A visitor's QR pass at a door signs them in on entry and out on exit (1), or the doors only open (0) and entry needs a sign-in first (1125)",
  { doorSignIn: zSwitch },
);

export const updateOriginalCompatSwitch = basicCall(
  'updateOriginalCompatSwitch',
  "Original clients compatibility: visitors' and resident workers' QR passes are given out in the original product's format (for the old door readers and desk scanners) and accepted beside ours (1); off (0), ours only and an original-format pass answers 1112",
  { originalCompat: zSwitch },
);

export const settingsCalls = [
  updatePermissionSwitch,
  updateTempEditSwitch,
  updateExtendTime,
  updateLeaveExpiryTime,
  updateOffDutyTime,
  updateQrcodeConf,
  updateScanerSwitch,
  updateCryptoperiod,
  updateDoorSignInSwitch,
  updateOriginalCompatSwitch,
] as const;
