import { z } from 'zod';
import { defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPersonName } from '../fieldSchemas.js';
import { LogModule } from '../lookups.js';
import { checkPhone } from '../validators.js';
import { appointmentWindowFailure } from './invitations.js';
import { SETTINGS_MANAGERS } from './settings.js';
import { DESK_ROLES, visit } from './visits.js';

/**
 * The company's booking app (reference 2.1: `addVisitorApponintmnet` with the `appCode`/`timestamp`/`authid`
 * signature): the company's own site or app books visits for visitors, without a session. Each request carries the
 * headers `appCode`, `timestamp` (epoch ms, or s) and `authid = MD5(appCode + timestamp + secret)`, lower-case hex.
 */

/** How far a signed request's timestamp may be from the server's clock (the original's ±60 s). */
export const SIGNATURE_WINDOW_MS = 60_000;
/** The headers a signed request carries (HTTP headers are case-insensitive). */
export const SIGNATURE_HEADERS = ['appCode', 'timestamp', 'authid'] as const;

const userid = z.int32().optional();

export const bookingApp = z.object({
  /** Null until the company makes its app. */
  appCode: z.string().nullable(),
  /** Sent to the company's developers once; the same until reset. */
  secret: z.string().nullable(),
  createTime: epochMs.nullable(),
  /** The last signed request accepted. */
  lastUsed: epochMs.nullable(),
});

export const getBookingApp = defineCall({
  name: 'getBookingApp',
  area: 'invitations',
  module: 'invitations',
  summary: "The company's booking app: its appCode and secret (null when none was made) and when it was last used",
  access: SETTINGS_MANAGERS,
  input: z.object({ userid }),
  output: bookingApp,
});

export const resetBookingApp = defineCall({
  name: 'resetBookingApp',
  area: 'invitations',
  module: 'invitations',
  summary: 'Make the booking app, or give it a new secret: requests signed with the old one answer 704 from then on',
  access: SETTINGS_MANAGERS,
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ userid }),
  output: bookingApp,
});

export const delBookingApp = defineCall({
  name: 'delBookingApp',
  area: 'invitations',
  module: 'invitations',
  summary: 'Remove the booking app: its appCode answers 705 from then on (602 when there is none)',
  access: SETTINGS_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCOUNT, event: 'delete' },
  input: z.object({ userid }),
  output: z.null(),
});

export const getTimestamp = defineCall({
  name: 'getTimestamp',
  area: 'invitations',
  module: 'invitations',
  summary: 'The server’s clock in epoch ms, to sign a booking request with (the signature’s timestamp must be within 60 s of it)',
  access: 'public',
  rate: 'public',
  input: z.object({}),
  output: epochMs,
});

export const signCheck = defineCall({
  name: 'signCheck',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Checks a request’s signature headers (appCode, timestamp, authid) as a booking would: the company it books with, else 705 unknown appCode, 706 timestamp missing or more than 60 s off, 704 wrong authid',
  access: 'public',
  rate: 'public',
  statuses: [Status.SIGNATURE_ERROR, Status.INVALID_APP_CODE, Status.TIMESTAMP_EXPIRED],
  input: z.object({}),
  output: z.object({ company: z.string() }),
});

/** A booking's visitor, host, time, type and gate: the booking app's and the desk's alike. */
const bookingInput = z
  .object({
    name: zPersonName,
    phone: z.string().trim().min(1).max(32),
    email: zEmail.or(z.literal('')).default(''),
    vcompany: z.string().trim().max(100).default(''),
    empid: z.int32().positive().optional().describe('the host; or empPhone'),
    empPhone: z.string().trim().max(32).optional().describe('the host’s phone, when the app does not know the empid'),
    appointmentDate: epochMs.describe('expected arrival'),
    tid: z.int32().positive().nullable().default(null),
    visitType: z.string().trim().max(100).default(''),
    visitReason: z.string().trim().max(200).default(''),
    gid: z.int32().positive().nullable().default(null),
    plateNum: z.string().trim().max(16).default(''),
    lang: z.enum(['zh', 'en']).default('zh'),
  })
  .superRefine((v, ctx) => {
    const phone = checkPhone(v.phone);
    if (phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone });
    if (!v.empid && !v.empPhone) ctx.addIssue({ code: 'custom', path: ['empid'], message: 'required' });
    const rule = appointmentWindowFailure(v.appointmentDate, Date.now());
    if (rule) ctx.addIssue({ code: 'custom', path: ['appointmentDate'], message: rule });
  });

export const addVisitorApponintmnet = defineCall({
  name: 'addVisitorApponintmnet',
  area: 'invitations',
  module: 'invitations',
  summary:
    'A booking made by the company’s booking app, signed (704–706 as signCheck; 704 also for a signature already used: each booking is signed with a new timestamp). The host by empid or empPhone (55; 1119 when stopped, forbidden or not taking bookings), the visitor type (104) and gate (125) of the company, the time within the visit-days window, 112 when the phone already has a visit to come that day, 66 when blacklisted. It starts reserved, or waiting for approval when the company approves visits; answers the visit with the code to check in with',
  access: 'public',
  rate: 'public',
  statuses: [
    Status.SIGNATURE_ERROR,
    Status.INVALID_APP_CODE,
    Status.TIMESTAMP_EXPIRED,
    Status.EMPLOYEE_NOT_EXIST,
    Status.INVALID_EMPLOYEE,
    Status.VISITOR_TYPE_NOT_EXIST,
    Status.GATE_NOT_FOUND,
    Status.BLACKLISTED,
  ],
  fieldStatuses: { [Status.SAME_PHONE_APPOINTMENT]: 'phone' },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: bookingInput,
  output: visit,
});

export const addDeskAppointment = defineCall({
  name: 'addDeskAppointment',
  area: 'invitations',
  module: 'invitations',
  summary:
    "A booking made at the front desk for a visitor standing there (the original desk app's on-site appointment): as addVisitorApponintmnet, the desk's session instead of a signature; the desk's own gate unless it names another of its gates (125)",
  access: DESK_ROLES,
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.INVALID_EMPLOYEE, Status.VISITOR_TYPE_NOT_EXIST, Status.GATE_NOT_FOUND, Status.BLACKLISTED],
  fieldStatuses: { [Status.SAME_PHONE_APPOINTMENT]: 'phone' },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: bookingInput,
  output: visit,
});

export const bookingAppCalls = [
  getBookingApp,
  resetBookingApp,
  delBookingApp,
  getTimestamp,
  signCheck,
  addVisitorApponintmnet,
  addDeskAppointment,
] as const;
