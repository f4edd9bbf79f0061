import { z } from 'zod';
import { defineCall, epochMs, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, MeetingStatus, Role } from '../lookups.js';
import { appointmentWindowFailure, INVITEES_MAX, invitee } from './invitations.js';
import { visit, visitFilters } from './visits.js';

export const MEETING_SUBJECT_MAX = 100;
export const MEETING_ADDRESS_MAX = 200;
export const MEETING_REMARK_MAX = 1000;
/** Visitors of one meeting in all (each call adds at most INVITEES_MAX). */
export const MEETING_VISITORS_MAX = 500;

/** Who organises meetings: employees their own (as the organiser), the company's administrators any. */
export const MEETING_MANAGERS = [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN] as const;

/** What the status of a meeting is derived from (epoch ms; null when it did not happen). */
export interface MeetingTimes {
  startTime: number;
  endTime: number;
  startedAt: number | null;
  endedAt: number | null;
  cancelledAt: number | null;
}

/**
 * Not started until its start time or an explicit start, then in progress until its end time or an explicit end;
 * cancelled once called off (only before it starts).
 */
export function meetingStatusOf(m: MeetingTimes, now: number): MeetingStatus {
  if (m.cancelledAt !== null) return MeetingStatus.CANCELLED;
  if (m.endedAt !== null || now >= m.endTime) return MeetingStatus.ENDED;
  if (m.startedAt !== null || now >= m.startTime) return MeetingStatus.IN_PROGRESS;
  return MeetingStatus.NOT_STARTED;
}

/**
 * When a meeting's visitors may check in at the kiosk: from the company's early margin (`preExtendTime`, minutes)
 * before the start (or before an earlier explicit start) until the meeting ends; 64 before, 65 after.
 */
export function meetingCheckInWindow(m: MeetingTimes, preExtendMinutes: number): { opensAt: number; closesAt: number } {
  const start = Math.min(m.startTime, m.startedAt ?? m.startTime);
  return { opensAt: start - preExtendMinutes * 60_000, closesAt: m.endedAt ?? m.endTime };
}

/**
 * Why a meeting's times are refused: the start as an invitation's time (not past, within the visit-days window), the
 * end after the start and within the window too.
 */
export function meetingTimeFailures(startTime: number, endTime: number, now: number): { field: 'startTime' | 'endTime'; rule: string }[] {
  const out: { field: 'startTime' | 'endTime'; rule: string }[] = [];
  const start = appointmentWindowFailure(startTime, now);
  if (start) out.push({ field: 'startTime', rule: start });
  if (endTime <= startTime) out.push({ field: 'endTime', rule: 'beforeStart' });
  else if (appointmentWindowFailure(endTime, now) === 'tooFar') out.push({ field: 'endTime', rule: 'tooFar' });
  return out;
}

const userid = z.int32().optional();
const mid = z.int32().positive();
const zText = (max: number) => z.string().trim().max(max);

/** Visitors of one call: at least one (spec section 5), a phone or an email each, no phone twice. */
const visitors = z
  .array(invitee)
  .min(1, 'atLeastOne')
  .max(INVITEES_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      const key = p.phone.replace(/\D/g, '').slice(-11);
      if (key && seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'phone'], message: 'duplicate' });
      if (key) seen.add(key);
    });
  });

export const meeting = z.object({
  mid: z.int32(),
  subject: z.string(),
  /** The organiser (host of every invitation of the meeting). */
  empid: z.int32().nullable(),
  empName: z.string(),
  startTime: epochMs,
  endTime: epochMs,
  /** Where (free text), and the gate visitors come to, if any. */
  address: z.string(),
  gid: z.int32().nullable(),
  gname: z.string(),
  tid: z.int32().nullable(),
  visitType: z.string(),
  /** Agenda or remark. */
  remark: z.string(),
  /** 0 not started, 1 in progress, 2 ended, 3 cancelled (lookup `meetingStatus`). */
  meetingStatus: z.int32(),
  startedAt: epochMs.nullable(),
  endedAt: epochMs.nullable(),
  cancelledAt: epochMs.nullable(),
  /** Visitors invited (cancelled invitations not counted) and those who checked in. */
  visitorCount: z.int32(),
  signedInCount: z.int32(),
  createTime: epochMs,
});
export type Meeting = z.infer<typeof meeting>;

const invited = visit.extend({ inviteLink: z.string().describe('the visitor’s invitation page (mailed to those with an email)') });

export const addMeeting = defineCall({
  name: 'addMeeting',
  area: 'meetings',
  module: 'meetings',
  summary:
    'Create a meeting and invite its visitors (at least one): each gets an invitation linked to the meeting, with its own code, link and mail. An employee organises as themselves (116 when the company has not opened invitations to employees); administrators name the organiser (55, 1119). 108 when a meeting of that name is already held that day',
  access: MEETING_MANAGERS,
  statuses: [
    Status.EMPLOYEE_NOT_EXIST,
    Status.GATE_NOT_FOUND,
    Status.INVALID_EMPLOYEE,
    Status.NO_SUCH_RECORD,
    Status.VISITOR_TYPE_NOT_EXIST,
    Status.BLACKLISTED,
  ],
  fieldStatuses: { [Status.MEETING_NAME_TAKEN]: 'subject', [Status.SAME_PHONE_APPOINTMENT]: 'visitors', [Status.INVITE_FEATURE_OFF]: null },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z
    .object({
      userid,
      subject: zText(MEETING_SUBJECT_MAX).min(1, 'required'),
      empid: z.int32().positive().optional().describe('the organiser; required for administrators, ignored for employees (themselves)'),
      startTime: epochMs,
      endTime: epochMs,
      address: zText(MEETING_ADDRESS_MAX).default(''),
      gid: z.int32().positive().nullable().default(null).describe('the gate visitors come to'),
      tid: z.int32().positive().nullable().default(null).describe('visitor type of the invitations'),
      remark: zText(MEETING_REMARK_MAX).default(''),
      visitors,
    })
    .superRefine((v, ctx) => {
      for (const f of meetingTimeFailures(v.startTime, v.endTime, Date.now())) ctx.addIssue({ code: 'custom', path: [f.field], message: f.rule });
    }),
  output: meeting.extend({ visitors: z.array(invited) }),
});

export const updateMeeting = defineCall({
  name: 'updateMeeting',
  area: 'meetings',
  module: 'meetings',
  summary:
    'Change a meeting before it starts (its invitations follow; visitors with an email are told of a new time or place). Once in progress only the subject, place text and remark may change (62 for times or gate); 63 once ended; 58 when cancelled',
  access: MEETING_MANAGERS,
  statuses: [Status.GATE_NOT_FOUND, Status.MEETING_ENDED, Status.MEETING_STARTED, Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  fieldStatuses: { [Status.MEETING_NAME_TAKEN]: 'subject' },
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z
    .object({
      userid,
      mid,
      subject: zText(MEETING_SUBJECT_MAX).min(1, 'required'),
      startTime: epochMs,
      endTime: epochMs,
      address: zText(MEETING_ADDRESS_MAX).default(''),
      gid: z.int32().positive().nullable().default(null),
      remark: zText(MEETING_REMARK_MAX).default(''),
    })
    .refine((v) => v.endTime > v.startTime, { path: ['endTime'], message: 'beforeStart' }),
  output: meeting,
});

export const cancelMeeting = defineCall({
  name: 'delMeeting',
  area: 'meetings',
  module: 'meetings',
  summary:
    'Cancel a meeting before it starts: the meeting is kept as cancelled, its invitations are called off (links and codes stop working) and visitors with an email are told. 92 while in progress, 63 once ended, 109 when already cancelled',
  access: MEETING_MANAGERS,
  statuses: [Status.MEETING_ENDED, Status.MEETING_IN_PROGRESS, Status.NO_REPEATED_CANCEL, Status.NO_SUCH_RECORD],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid, mid }),
  output: meeting,
});

export const listMeetings = defineCall({
  name: 'getMeetingByUserid',
  area: 'meetings',
  module: 'meetings',
  summary: 'Meetings, latest start first, unpaged (at most 500): an employee’s own, all of the company’s for administrators',
  access: MEETING_MANAGERS,
  input: z.object({ userid }),
  output: z.array(meeting),
});

export const getMeeting = defineCall({
  name: 'getMeetingById',
  area: 'meetings',
  module: 'meetings',
  summary: 'One meeting with its visitors, each with their invitation’s status (602 for a meeting that is not the caller’s or not this company’s)',
  access: MEETING_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, mid }),
  output: meeting.extend({ visitors: z.array(visit) }),
});

export const searchMeetings = defineCall({
  name: 'getMeeting',
  area: 'meetings',
  module: 'meetings',
  summary: 'Meetings matching the filters (subject contains, start day range, status), latest start first, paged',
  access: MEETING_MANAGERS,
  input: z.object({
    userid,
    ...pageInput,
    subject: zText(MEETING_SUBJECT_MAX).optional(),
    date: visitFilters.date.describe('first day of the start (yyyy-mm-dd)'),
    endDate: visitFilters.endDate.describe('last day of the start (yyyy-mm-dd)'),
    meetingStatus: z
      .union([
        z.literal(MeetingStatus.NOT_STARTED),
        z.literal(MeetingStatus.IN_PROGRESS),
        z.literal(MeetingStatus.ENDED),
        z.literal(MeetingStatus.CANCELLED),
      ])
      .optional(),
  }),
  output: pageOf(meeting),
});

export const changeMeetingStatus = defineCall({
  name: 'updateMeetingStatus',
  area: 'meetings',
  module: 'meetings',
  summary:
    'Start (1) a meeting that has not started (62 when it has, 63 when ended), or end (2) one in progress (58 when it has not started, 63 when ended); 58 for a cancelled one. Once ended its visitors can no longer check in (65)',
  access: MEETING_MANAGERS,
  statuses: [Status.MEETING_ENDED, Status.MEETING_STARTED, Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, mid, status: z.union([z.literal(1), z.literal(2)]).describe('1 start, 2 end') }),
  output: meeting,
});

export const joinMeeting = defineCall({
  name: 'syncJoinMeeting',
  area: 'meetings',
  module: 'meetings',
  summary:
    'Invite more visitors to a meeting that has not started (62 started, 63 ended, 58 cancelled); a phone or email already invited to it is refused on its field (`invited`)',
  access: MEETING_MANAGERS,
  statuses: [
    Status.EMPLOYEE_NOT_EXIST,
    Status.GATE_NOT_FOUND,
    Status.INVALID_EMPLOYEE,
    Status.MEETING_ENDED,
    Status.MEETING_STARTED,
    Status.NO_SUCH_RECORD,
    Status.UPDATE_NOT_ALLOWED,
    Status.VISITOR_TYPE_NOT_EXIST,
    Status.BLACKLISTED,
  ],
  fieldStatuses: { [Status.SAME_PHONE_APPOINTMENT]: 'visitors', [Status.INVITE_FEATURE_OFF]: null },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z.object({ userid, mid, visitors }),
  output: z.array(invited),
});

export const meetingCalls = [
  addMeeting,
  updateMeeting,
  cancelMeeting,
  listMeetings,
  getMeeting,
  searchMeetings,
  changeMeetingStatus,
  joinMeeting,
] as const;
