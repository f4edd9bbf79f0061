import { z } from 'zod';
import { defineCall, epochMs, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { zPhone } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { CUSTOM_INPUT_TYPES, checkFieldName, optionsFit, zBilingualName, zOptions } from './registration.js';

/**
 * Logistics settings (spec sections 3 and 7 "Logistics"): logistics types with the fields a booking asks about the
 * driver, the vehicle, the goods and anything else (the visitor custom fields' kinds, labels and options), the carrier
 * (supplier) companies, and the company's public booking link.
 */

/** Who configures logistics: the administrators and the logistics manager. */
export const LOGISTICS_MANAGERS = [Role.ADMIN, Role.SUBADMIN, Role.LOGISTICS] as const;
/** Who books, edits waiting bookings, reads, exports and keeps the carriers: the managers and the logistics specialist. */
export const LOGISTICS_STAFF = [...LOGISTICS_MANAGERS, Role.LOGISTICS_SPECIALIST] as const;
/** Who also sees the day's approved bookings and records trucks in and out: the desk and the kiosk. */
export const LOGISTICS_GATES = [...LOGISTICS_STAFF, Role.GATE, Role.MACHINE] as const;

/** The four groups of a logistics type's fields, named as the booking's JSON columns that hold their values. */
export const LOGISTICS_FIELD_GROUPS = ['driverExtend', 'vehicleExtend', 'goodsExtend', 'logExtend'] as const;
export type LogisticsFieldGroup = (typeof LOGISTICS_FIELD_GROUPS)[number];
export const LOGISTICS_GROUP_FIELDS_MAX = 30;
export const LOGISTICS_TYPES_MAX = 100;

export const logisticsField = z.object({
  /** The key in the booking's group JSON. */
  fieldName: z.string(),
  /** '中文#English'. */
  displayName: z.string(),
  inputType: z.enum(CUSTOM_INPUT_TYPES),
  inputValue: z.array(z.string()),
  shown: z.boolean(),
  required: z.boolean(),
});
export type LogisticsField = z.infer<typeof logisticsField>;

export const logisticsType = z.object({
  tid: z.int32(),
  /** '中文#English'. */
  name: z.string(),
  driverExtend: z.array(logisticsField),
  vehicleExtend: z.array(logisticsField),
  goodsExtend: z.array(logisticsField),
  logExtend: z.array(logisticsField),
  /** The safety induction (questionnaire) its drivers must have passed before arriving; null when none. */
  qid: z.int32().nullable(),
  createTime: epochMs,
});
export type LogisticsType = z.infer<typeof logisticsType>;

const zFieldInput = z
  .object({
    fieldName: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        const key = checkFieldName(v);
        if (key) ctx.addIssue({ code: 'custom', message: key });
      }),
    displayName: zBilingualName,
    inputType: z.enum(CUSTOM_INPUT_TYPES),
    inputValue: zOptions.default([]),
    shown: z.boolean().default(true),
    required: z.boolean().default(false),
  })
  .superRefine(optionsFit)
  .superRefine((v, ctx) => {
    if (v.required && !v.shown) ctx.addIssue({ code: 'custom', path: ['shown'], message: 'requiredHidden' });
  });

const zGroup = z
  .array(zFieldInput)
  .max(LOGISTICS_GROUP_FIELDS_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      const k = f.fieldName.toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, 'fieldName'], message: 'duplicate' });
      seen.add(k);
    });
  });

const userid = z.int32().optional();
const typeFields = {
  driverExtend: zGroup.default([]),
  vehicleExtend: zGroup.default([]),
  goodsExtend: zGroup.default([]),
  logExtend: zGroup.default([]),
};

export const addExtendType = defineCall({
  name: 'addExtendType',
  area: 'logistics',
  module: 'logistics',
  summary:
    "Add a logistics type ('中文#English') with the fields it asks about the driver, vehicle, goods and the rest, and the safety induction its drivers take (qid, a questionnaire of the company); 3 when the name is taken",
  access: LOGISTICS_MANAGERS,
  feature: 'logistics',
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  log: { module: LogModule.LOGISTICS, event: 'add' },
  input: z.object({ userid, name: zBilingualName, ...typeFields, qid: z.int32().positive().nullable().default(null) }),
  output: logisticsType,
});

export const updateExtendType = defineCall({
  name: 'updateExtendType',
  area: 'logistics',
  module: 'logistics',
  summary: 'Change a logistics type: its name and, group by group, its fields (a group given replaces the group); bookings keep what they recorded',
  access: LOGISTICS_MANAGERS,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: z.object({
    userid,
    tid: z.int32().positive(),
    name: zBilingualName.optional(),
    driverExtend: zGroup.optional(),
    vehicleExtend: zGroup.optional(),
    goodsExtend: zGroup.optional(),
    logExtend: zGroup.optional(),
    qid: z.int32().positive().nullable().optional(),
  }),
  output: logisticsType,
});

export const getExtendType = defineCall({
  name: 'getExtendType',
  area: 'logistics',
  module: 'logistics',
  summary: "The company's logistics types with their fields, oldest first",
  access: LOGISTICS_GATES,
  feature: 'logistics',
  input: z.object({ userid }),
  output: z.array(logisticsType),
});

export const delExtendType = defineCall({
  name: 'delExtendType',
  area: 'logistics',
  module: 'logistics',
  summary: 'Delete a logistics type; its bookings keep its name and their recorded values',
  access: LOGISTICS_MANAGERS,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.LOGISTICS, event: 'delete' },
  input: z.object({ userid, tid: z.int32().positive() }),
  output: ok,
});

// ---------------------------------------------------------------------------------------------
// Carrier (supplier) companies
// ---------------------------------------------------------------------------------------------

export const CARRIER_NAME_MAX = 100;
export const carrier = z.object({
  id: z.int32(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  createTime: epochMs,
});
export type Carrier = z.infer<typeof carrier>;

const carrierFields = {
  name: z.string().trim().min(1).max(CARRIER_NAME_MAX),
  contact: z.string().trim().max(50).default(''),
  phone: zPhone.or(z.literal('')).default(''),
  remark: z.string().trim().max(200).default(''),
};

export const logisticsCompanyCreate = defineCall({
  name: 'logistics-company-create',
  area: 'logistics',
  module: 'logistics',
  summary: 'Add a carrier company; 3 when its name is taken (case and spaces aside)',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  log: { module: LogModule.LOGISTICS, event: 'add' },
  input: z.object({ userid, ...carrierFields }),
  output: carrier,
});

export const logisticsCompanyUpdate = defineCall({
  name: 'logistics-company-update',
  area: 'logistics',
  module: 'logistics',
  summary: 'Change a carrier company; 3 when the new name is taken',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: z.object({
    userid,
    id: z.int32().positive(),
    name: carrierFields.name.optional(),
    contact: z.string().trim().max(50).optional(),
    phone: zPhone.or(z.literal('')).optional(),
    remark: z.string().trim().max(200).optional(),
  }),
  output: carrier,
});

export const logisticsCompanyDelete = defineCall({
  name: 'logistics-company-delete',
  area: 'logistics',
  module: 'logistics',
  summary: 'Delete a carrier company; its bookings keep its name',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.LOGISTICS, event: 'delete' },
  input: z.object({ userid, id: z.int32().positive() }),
  output: ok,
});

export const logisticsCompanyPage = defineCall({
  name: 'logistics-company-page',
  area: 'logistics',
  module: 'logistics',
  summary: 'A page of the carrier companies by name',
  access: LOGISTICS_STAFF,
  feature: 'logistics',
  input: z.object({ userid, ...pageInput, name: z.string().trim().max(CARRIER_NAME_MAX).optional() }),
  output: pageOf(carrier),
});

// ---------------------------------------------------------------------------------------------
// The public booking link
// ---------------------------------------------------------------------------------------------

/** `<link id>.<signature>`: the signature covers the link's current secret, so a rotation voids earlier links. */
export const LOGISTICS_LINK_TOKEN = /^\d{1,10}\.[A-Za-z0-9_-]{43}$/;
export const zLinkToken = z.string().trim().regex(LOGISTICS_LINK_TOKEN, 'format');

export const logisticsLink = z.object({
  /** Null until the first link is made. */
  token: z.string().nullable(),
  createTime: epochMs.nullable(),
});

export const getLogisticsLink = defineCall({
  name: 'getLogisticsLink',
  area: 'logistics',
  module: 'logistics',
  summary: "The company's current public booking link token (the page is /logistics-booking?token=…), null when none was made",
  access: LOGISTICS_MANAGERS,
  feature: 'logistics',
  input: z.object({ userid }),
  output: logisticsLink,
});

export const resetLogisticsLink = defineCall({
  name: 'resetLogisticsLink',
  area: 'logistics',
  module: 'logistics',
  summary: 'Make the public booking link, or replace it: the earlier link stops working (740)',
  access: LOGISTICS_MANAGERS,
  feature: 'logistics',
  log: { module: LogModule.LOGISTICS, event: 'update' },
  input: z.object({ userid }),
  output: logisticsLink,
});

export const bookingPage = z.object({
  company: z.string(),
  /** The company's country (ISO 3166-1 alpha-2): the page checks ID numbers and plates by it as the server does. */
  country: z.string(),
  types: z.array(logisticsType.omit({ createTime: true })),
  carriers: z.array(carrier.pick({ id: true, name: true })),
});

export const getExtendTypeInfo = defineCall({
  name: 'getExtendTypeInfo',
  area: 'logistics',
  module: 'logistics',
  summary:
    'The public booking page, by the link token: the company name and country, its logistics types with their fields (with tid, only that type) and the carriers; 740 when the link is unknown or replaced',
  access: 'public',
  feature: 'logistics',
  rate: 'public',
  statuses: [Status.LOGISTICS_LINK_INVALID, Status.NO_SUCH_RECORD],
  input: z.object({ token: zLinkToken, tid: z.int32().positive().optional() }),
  output: bookingPage,
});

export const logisticsTypeCalls = [
  addExtendType,
  updateExtendType,
  getExtendType,
  delExtendType,
  logisticsCompanyCreate,
  logisticsCompanyUpdate,
  logisticsCompanyDelete,
  logisticsCompanyPage,
  getLogisticsLink,
  resetLogisticsLink,
  getExtendTypeInfo,
] as const;
