import { z } from 'zod';
import { defineCall, epochMs, int16, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { DEVICE_DRIVERS, deviceLink, driverFields, driverNeeds } from './devices.drivers.js';

/**
 * Access control's devices and device groups (门禁, qcv_eqpt / qcv_eqpt_group), wire names as the original's where it
 * has them. A device also calls the platform itself (`access: 'device'`), with the credential it was given once.
 */
export const DEVICE_MANAGERS = [Role.ADMIN, Role.SUBADMIN] as const;
/** The front desk reads groups and devices (the original allows G), to see which door a visitor may open. */
export const DEVICE_READERS = [Role.ADMIN, Role.SUBADMIN, Role.GATE] as const;

export const DEVICE_NAME_MAX = 50;
export const DEVICE_CODE_MAX = 64;
export const DEVICE_REMARK_MAX = 200;
/** A device counts as online while its last authenticated request is this recent. */
export const DEVICE_ONLINE_MS = 5 * 60_000;

export const DEVICE_KINDS = ['qr', 'face', 'card', 'barrier'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export type DeviceTextFailure = 'required' | 'tooLong' | 'illegalChars' | 'format';

/** A name: not blank, at most DEVICE_NAME_MAX code points, no control characters. */
export function checkDeviceName(s: string): DeviceTextFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if ([...v].length > DEVICE_NAME_MAX) return 'tooLong';
  if (/\p{Cc}/u.test(v)) return 'illegalChars';
  return null;
}

/** An identifier as a device reports it (code, extension code, reader number, door number): printable ASCII, no spaces. */
export function checkDeviceCode(s: string, optional = false): DeviceTextFailure | null {
  const v = s.trim();
  if (v === '') return optional ? null : 'required';
  if (v.length > DEVICE_CODE_MAX) return 'tooLong';
  if (!/^[\x21-\x7e]+$/.test(v)) return 'format';
  return null;
}

/** An IPv4 address in dotted form, or an IPv6 address; empty when unknown. */
export function checkDeviceIp(s: string): DeviceTextFailure | null {
  const v = s.trim();
  if (v === '') return null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v);
  if (v4) return v4.slice(1).every((p) => Number(p) <= 255 && (p === '0' || !p.startsWith('0'))) ? null : 'format';
  if (v.length <= 45 && v.includes(':') && /^[0-9a-f:.]+$/i.test(v) && isIpv6(v)) return null;
  return 'format';
}

function isIpv6(v: string): boolean {
  const halves = v.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  const last = groups.at(-1) ?? '';
  const tail = last.includes('.') ? (checkDeviceIp(last) === null ? 2 : Number.NaN) : 0;
  const hex = tail ? groups.slice(0, -1) : groups;
  if (!hex.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  const count = hex.length + tail;
  return halves.length === 2 ? count < 8 : count === 8;
}

const checked = (check: (s: string) => DeviceTextFailure | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const key = check(v);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    });

const zName = checked(checkDeviceName);
const zCode = checked((s) => checkDeviceCode(s));
const zOptionalCode = checked((s) => checkDeviceCode(s, true)).default('');
const zRemark = z.string().trim().max(DEVICE_REMARK_MAX).default('');
const zIds = z.array(z.int32().positive()).max(500);
const userid = z.int32().optional();

/** etype: who a group is for — 0 everyone, 1 staff, 2 visitors, 3 special. */
export const zGroupKind = int16().min(0).max(3);
const zStatus = int16().min(0).max(1);

export const deviceGroup = z.object({
  egid: z.int32(),
  egname: z.string(),
  etype: z.int32(),
  /** Granted to a visitor as soon as their visit is approved (default-on after authorisation). */
  defaultOn: z.boolean(),
  /** The gates the group belongs to (empty: every gate). */
  gids: z.array(z.int32()),
  /** 0 enabled, 1 disabled. */
  status: z.int32(),
  remark: z.string(),
  /** Member devices. */
  eids: z.array(z.int32()),
  deviceCount: z.int32(),
  /** How many employees, visitor types and resident visitors are granted the group. */
  empCount: z.int32(),
  visitorTypeCount: z.int32(),
  residentCount: z.int32(),
});
export type DeviceGroup = z.infer<typeof deviceGroup>;

export const device = z.object({
  eid: z.int32(),
  deviceName: z.string(),
  /** The identifier the device reports itself by. */
  deviceCode: z.string(),
  extendCode: z.string(),
  /** Door number. */
  roomNum: z.string(),
  deviceIp: z.string(),
  devicePort: z.int32().nullable(),
  readerNo: z.string(),
  /** 1 in, 2 out. */
  enterStatus: z.int32(),
  /** The kind of device: qr reader, face terminal, card reader, vehicle barrier. */
  eType: z.enum(DEVICE_KINDS),
  /** 0 enabled, 1 disabled. */
  status: z.int32(),
  /** 1 online (an authenticated request within DEVICE_ONLINE_MS), 0 offline or never seen. */
  onlineStatus: z.int32(),
  lastSeenAt: epochMs.nullable(),
  /** When its current secret was issued. */
  secretSetAt: epochMs.nullable(),
  egids: z.array(z.int32()),
  /** A legacy reader: under /qcvisit/ its calls are taken on its code and registered address alone, without a credential. */
  legacyAuth: z.boolean(),
  driver: z.enum(DEVICE_DRIVERS),
  driverUser: z.string(),
  /** Whether a device password is stored (it is never answered). */
  driverPasswordSet: z.boolean(),
  driverTls: z.boolean(),
  /** The server's link to a pushed-to or polling device; null for our own protocol, or before the first contact. */
  link: deviceLink.nullable(),
});
export type Device = z.infer<typeof device>;

const groupFields = {
  egname: zName,
  etype: zGroupKind.default(0),
  defaultOn: z.boolean().default(false),
  gids: zIds.default([]),
  status: zStatus.default(0),
  remark: zRemark,
  eids: zIds.default([]),
};

const deviceFields = {
  deviceName: zName,
  deviceCode: zCode,
  extendCode: zOptionalCode,
  roomNum: zOptionalCode,
  deviceIp: checked(checkDeviceIp).default(''),
  devicePort: z.int32().min(1).max(65535).nullable().default(null),
  readerNo: zOptionalCode,
  enterStatus: int16().min(1).max(2).default(1),
  eType: z.enum(DEVICE_KINDS).default('qr'),
  status: zStatus.default(0),
  egids: zIds.default([]),
  legacyAuth: z.boolean().default(false),
  ...driverFields,
};

/** A legacy reader is identified by its code and registered address only: without an address it is refused (400 `deviceIp`). */
function legacyNeedsIp(v: { legacyAuth: boolean; deviceIp: string }, ctx: z.RefinementCtx): void {
  if (v.legacyAuth && v.deviceIp === '') ctx.addIssue({ code: 'custom', message: 'required', path: ['deviceIp'] });
}

const groupStatuses = { [Status.DEVICE_GROUP_EXISTS]: 'egname' } as const;
const deviceStatuses = {
  [Status.DEVICE_NAME_EXISTS]: 'deviceName',
  [Status.DEVICE_ID_EXISTS]: 'deviceCode',
  [Status.DEVICE_EXT_ID_EXISTS]: 'extendCode',
  [Status.READER_NUMBER_EXISTS]: 'readerNo',
} as const;
const common = { area: 'devices', module: 'devices', feature: 'accessControl' } as const;

export const getEquipmentGroupByUserid = defineCall({
  ...common,
  name: 'getEquipmentGroupByUserid',
  summary: "The company's device groups by name, with their devices and how many people are granted each",
  access: DEVICE_READERS,
  input: z.object({ userid }),
  output: z.array(deviceGroup),
});

export const getEquipmentGroupByPage = defineCall({
  ...common,
  name: 'getEquipmentGroupByPage',
  summary: 'A page of device groups, filtered by a part of the name',
  access: DEVICE_READERS,
  input: z.object({ userid, egname: z.string().trim().max(DEVICE_NAME_MAX).default(''), ...pageInput }),
  output: pageOf(deviceGroup),
});

export const addEquipmentGroup = defineCall({
  ...common,
  name: 'addEquipmentGroup',
  summary: 'Add a device group; 73 when the name is taken; gates and devices must be this company’s',
  access: DEVICE_MANAGERS,
  fieldStatuses: groupStatuses,
  log: { module: LogModule.ACCESS_CONTROL, event: 'add' },
  input: z.object({ userid, ...groupFields }),
  output: deviceGroup,
});

export const updateEquipmentGroup = defineCall({
  ...common,
  name: 'updateEquipmentGroup',
  summary: 'Change a device group and its member devices; 602 when there is no such group, 73 when the name is taken',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: groupStatuses,
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, egid: z.int32().positive(), ...groupFields }),
  output: deviceGroup,
});

export const getEGroupByEid = defineCall({
  ...common,
  name: 'getEGroupByEid',
  summary: 'The groups a device belongs to; 602 when there is no such device',
  access: DEVICE_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, eid: z.int32().positive() }),
  output: z.array(deviceGroup),
});

export const getEquipmentbyUserid = defineCall({
  ...common,
  name: 'getEquipmentbyUserid',
  summary: "The company's devices by name, filtered by name, kind, group, status or being online",
  access: DEVICE_READERS,
  input: z.object({
    userid,
    deviceName: z.string().trim().max(DEVICE_NAME_MAX).default(''),
    eType: z.enum(DEVICE_KINDS).optional(),
    egid: z.int32().positive().optional(),
    status: zStatus.optional(),
    onlineStatus: zStatus.optional(),
  }),
  output: z.array(device),
});

export const getEquipmentByEgid = defineCall({
  ...common,
  name: 'getEquipmentByEgid',
  summary: 'The devices of a group; 602 when there is no such group',
  access: DEVICE_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, egid: z.int32().positive() }),
  output: z.array(device),
});

/** A device and the secret it authenticates with: answered once, only its hash is kept. */
const deviceWithSecret = z.object({
  device,
  /** `Authorization: Device <eid>.<secret>` on the device's own calls. */
  secret: z.string(),
});

export const addEquipment = defineCall({
  ...common,
  name: 'addEquipment',
  summary: 'Add a device; answers its secret once. 70/71/72/731 when the name, identifier, extension identifier or reader number is taken',
  access: DEVICE_MANAGERS,
  fieldStatuses: deviceStatuses,
  log: { module: LogModule.ACCESS_CONTROL, event: 'add' },
  input: z
    .object({ userid, ...deviceFields })
    .superRefine(legacyNeedsIp)
    .superRefine(driverNeeds(true)),
  output: deviceWithSecret,
});

export const updateEquipment = defineCall({
  ...common,
  name: 'updateEquipment',
  summary: 'Change a device and its groups (the secret stays); 602 when there is no such device, 70/71/72/731 as when adding',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: deviceStatuses,
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z
    .object({ userid, eid: z.int32().positive(), ...deviceFields })
    .superRefine(legacyNeedsIp)
    .superRefine(driverNeeds(false)),
  output: device,
});

export const setEquipmentStatus = defineCall({
  ...common,
  name: 'setEquipmentStatus',
  summary: 'Enable (0) or disable (1) a device: a disabled device is answered 1130; 602 when there is no such device',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, eid: z.int32().positive(), status: zStatus }),
  output: device,
});

export const rotateEquipmentSecret = defineCall({
  ...common,
  name: 'rotateEquipmentSecret',
  summary: 'Issue a device a new secret, answered once; the old one stops working at once. 602 when there is no such device',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, eid: z.int32().positive() }),
  output: deviceWithSecret,
});

/** What a device reads of itself: enough for a simulator or a terminal to configure itself. */
export const deviceSelf = z.object({
  eid: z.int32(),
  deviceName: z.string(),
  deviceCode: z.string(),
  eType: z.enum(DEVICE_KINDS),
  enterStatus: z.int32(),
  egids: z.array(z.int32()),
  /** The company's QR refresh period in minutes (0: QR codes do not refresh). */
  cryptoperiod: z.int32(),
  /** The server's clock, so a device can check its own. */
  serverTime: epochMs,
});

export const getDeviceSelf = defineCall({
  ...common,
  name: 'getDeviceSelf',
  summary: 'A device reads its own configuration (authenticated as the device: Authorization: Device <eid>.<secret>)',
  access: 'device',
  input: z.object({}),
  output: deviceSelf,
});

/** A visitor type's device groups (the original's `vegids`): its visits open these doors. */
const typeGroups = z.object({ tid: z.int32(), egids: z.array(z.int32()) });

export const getVisitorTypeEgroups = defineCall({
  ...common,
  name: 'getVisitorTypeEgroups',
  summary: "The device groups a visitor type's visits are granted; 104 when there is no such visitor type",
  access: DEVICE_READERS,
  statuses: [Status.VISITOR_TYPE_NOT_EXIST],
  input: z.object({ userid, tid: z.int32().positive() }),
  output: typeGroups,
});

export const setVisitorTypeEgroups = defineCall({
  ...common,
  name: 'setVisitorTypeEgroups',
  summary: "Sets exactly the device groups a visitor type's visits are granted; 104 when there is no such visitor type",
  access: DEVICE_MANAGERS,
  statuses: [Status.VISITOR_TYPE_NOT_EXIST],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, tid: z.int32().positive(), egids: zIds }),
  output: typeGroups,
});

/** A resident visitor's device groups (qcv_resident_visitor `egids`): the doors they open within their own window. */
const residentGroups = z.object({ rid: z.int32(), egids: z.array(z.int32()) });
const rids = z.array(z.int32().positive()).min(1).max(500);

export const getResidentEgroups = defineCall({
  ...common,
  name: 'getResidentEgroups',
  summary: "The device groups of these resident visitors, in the order asked; 602 when one is not the company's",
  access: DEVICE_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, rids }),
  output: z.array(residentGroups),
});

export const setResidentEgroups = defineCall({
  ...common,
  name: 'setResidentEgroups',
  summary: 'Sets exactly the device groups of these resident visitors (one transaction); 602 when one is not the company’s',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, rids, egids: zIds }),
  output: z.object({ updated: z.int32() }),
});

export const getEquipmentByPage = defineCall({
  ...common,
  name: 'getEquipmentByPage',
  summary: 'A page of devices by name, with the filters of getEquipmentbyUserid (online included)',
  access: DEVICE_READERS,
  input: z.object({
    userid,
    ...pageInput,
    deviceName: z.string().trim().max(DEVICE_NAME_MAX).default(''),
    eType: z.enum(DEVICE_KINDS).optional(),
    egid: z.int32().positive().optional(),
    status: zStatus.optional(),
    onlineStatus: zStatus.optional(),
  }),
  output: pageOf(device),
});

export const deviceCalls = [
  getEquipmentGroupByUserid,
  getEquipmentGroupByPage,
  addEquipmentGroup,
  updateEquipmentGroup,
  getEGroupByEid,
  getEquipmentbyUserid,
  getEquipmentByEgid,
  addEquipment,
  updateEquipment,
  setEquipmentStatus,
  rotateEquipmentSecret,
  getDeviceSelf,
  getVisitorTypeEgroups,
  setVisitorTypeEgroups,
  getResidentEgroups,
  setResidentEgroups,
  getEquipmentByPage,
] as const;
