import { z } from 'zod';
import { cappedPageOf, countedPageInput, defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { zPhone } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { invitationRow } from './invitations.js';
import { VISIT_READERS, visit, visitFilters } from './visits.js';

/** The inviter's list beyond search and cancel: re-sending, the company-wide list, and earlier visitors by phone. */

const userid = z.int32().optional();

export const resendInvitation = defineCall({
  name: 'resendInvitation',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Send an invitation again. One still to come gets a new link (the old one stops working) and its mail again; a cancelled, expired or declined one cannot come back to life (spec section 4), so a fresh invitation is made for the same visitor, host, type, reason and gate, at `appointmentDate` or else the old time (field error appointmentDate/past when that has passed). 58 once the visitor checked in; employees only their own (1117), and only while they may invite (116); a sub-company its employees’',
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN, Role.SUB_COMPANY],
  statuses: [
    Status.EMPLOYEE_NOT_EXIST,
    Status.GATE_NOT_FOUND,
    Status.INVALID_EMPLOYEE,
    Status.INVALID_VISITOR,
    Status.SERVER_ERROR,
    Status.UPDATE_NOT_ALLOWED,
    Status.VISITOR_TYPE_NOT_EXIST,
    Status.BLACKLISTED,
  ],
  fieldStatuses: { [Status.SAME_PHONE_APPOINTMENT]: null, [Status.INVITE_FEATURE_OFF]: null },
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({
    userid,
    vid: z.int32().positive(),
    appointmentDate: epochMs.optional().describe('the time of a fresh invitation (ignored for one still to come)'),
  }),
  output: visit.extend({
    inviteLink: z.string(),
    /** A fresh invitation replaced a finished one (its vid is new). */
    renewed: z.boolean(),
  }),
});

export const searchAppointments = defineCall({
  name: 'SearchAppointmentByCondition',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Invitations and bookings of the company matching the filters, newest first, paged (the administrator’s list; a sub-company sees only visits to its own employees)',
  access: VISIT_READERS,
  input: z.object({
    userid,
    ...countedPageInput,
    date: visitFilters.date,
    endDate: visitFilters.endDate,
    name: visitFilters.name,
    phone: visitFilters.phone,
    vcompany: visitFilters.vcompany,
    empName: visitFilters.empName,
    tid: visitFilters.tid,
    status: visitFilters.status,
    kind: z.enum(['invite', 'appointment']).optional(),
    gid: visitFilters.gid,
  }),
  output: cappedPageOf(invitationRow),
});

/** A visitor seen before, as the invite form takes it. */
export const knownVisitor = z.object({
  vname: z.string(),
  vphone: z.string(),
  vemail: z.string(),
  vcompany: z.string(),
  lang: z.enum(['zh', 'en']),
  /** When that visit was (or was expected). */
  lastVisit: epochMs,
});
export type KnownVisitor = z.infer<typeof knownVisitor>;

export const SEARCH_RECORDS_MAX = 5;

export const searchRecordsByPhone = defineCall({
  name: 'SearchRecordsByPhone',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Who came before with this phone (exact), to fill the invite form: the visitors of an employee’s own earlier visits and invitations only, or of the whole company for administrators; newest first, one entry per name, email and company; empty when none',
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN],
  rate: 'lookup',
  input: z.object({ userid, phone: zPhone }),
  output: z.array(knownVisitor).max(SEARCH_RECORDS_MAX),
});

export const inviteListCalls = [resendInvitation, searchAppointments, searchRecordsByPhone] as const;
