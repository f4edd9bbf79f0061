import { z } from 'zod';
import { defineCall, epochMs, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { type ApprovalStatus, LogModule, Role } from '../lookups.js';

/**
 * Approval flows (spec: "approve", "hseapprovelist", the visit approve screen; original ProcessController and its
 * records). With the company's process switch on, a new invitation or walk-in waits at each level of its area's flow
 * in turn; any one approver of a level decides for it. An invitation still reaches the visitor at once (they may
 * accept), but nobody checks in before the last level agrees (1121).
 */

export const PROCESS_LEVELS_MIN = 1;
/** Spec section 5: approval levels at least 1, at most 5. */
export const PROCESS_LEVELS_MAX = 5;
export const PROCESS_APPROVERS_MAX = 20;
export const PROCESS_AREA_NAME_MAX = 50;
export const PROCESS_REMARK_MAX = 200;

/** Stored as the index: 0 pending … 5 not handled (a waiting decision whose visit was cancelled or expired). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'agreed', 'refused', 'returned', 'notHandled'] as const satisfies readonly ApprovalStatus[];

/** Who may approve at a level: 0 members of an employee role, 1 one employee, 2 HSE accounts, 3 the administrator. */
export const APPROVER_TYPES = [0, 1, 2, 3] as const;
export type ApproverType = (typeof APPROVER_TYPES)[number];
const ADMINS = [Role.ADMIN, Role.SUBADMIN] as const;
/** Who may be asked to approve: employees (by role or by name), HSE accounts and administrators. */
export const APPROVER_ROLES = [Role.ADMIN, Role.SUBADMIN, Role.EMPLOYEE, Role.HSE] as const;

const userid = z.int32().optional();
const zName = z.string().trim().min(1, 'required').max(PROCESS_AREA_NAME_MAX);
const zRemark = z.string().trim().max(PROCESS_REMARK_MAX);

export const approver = z.object({
  rType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Role id (0) or employee id (1); 0 for HSE and administrator. */
  id: z.int32().min(0).default(0),
});

export const processLevel = z.object({
  level: z.int32().min(PROCESS_LEVELS_MIN).max(PROCESS_LEVELS_MAX),
  approvers: z.array(approver.extend({ name: z.string() })),
});

export const processArea = z.object({
  aid: z.int32(),
  aName: z.string(),
  address: z.string(),
  /** The gates it covers; empty: every visit no other area covers (the default flow). */
  gids: z.array(z.int32()),
  levels: z.array(processLevel),
  /** Visits waiting at one of its levels now. */
  waiting: z.int32(),
});
export type ProcessArea = z.infer<typeof processArea>;

export const getProcessArea = defineCall({
  name: 'getProcessArea',
  area: 'approvals',
  module: 'approvals',
  summary: "The company's approval areas, each with its levels and approvers, and the process switch",
  access: ADMINS,
  feature: 'approval',
  input: z.object({ userid }),
  output: z.object({ processSwitch: z.int32(), areas: z.array(processArea) }),
});

const areaFields = {
  aName: zName,
  address: z.string().trim().max(200).default(''),
  gids: z.array(z.int32().positive()).max(100).default([]),
};

export const addProcessArea = defineCall({
  name: 'addProcessArea',
  area: 'approvals',
  module: 'approvals',
  summary: 'Add an approval area (its levels are set with addProcessRule); 3 when the name is taken; a field error for a gate not of this company',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'aName' },
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'add' },
  input: z.object({ userid, ...areaFields }),
  output: processArea,
});

export const updateProcessArea = defineCall({
  name: 'updateProcessArea',
  area: 'approvals',
  module: 'approvals',
  summary: 'Rename an approval area or change its address and gates',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'aName' },
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ userid, aid: z.int32().positive(), ...areaFields }),
  output: processArea,
});

export const addProcessRule = defineCall({
  name: 'addProcessRule',
  area: 'approvals',
  module: 'approvals',
  summary:
    "Set an area's levels (1 to 5, numbered from 1 without gaps), each with at least one approver: a role, an employee, the HSE accounts or the administrator. A visit already waiting continues with the levels as set now",
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z
    .object({
      userid,
      aid: z.int32().positive(),
      levels: z
        .array(
          z.object({
            level: z.int32().min(PROCESS_LEVELS_MIN).max(PROCESS_LEVELS_MAX),
            approvers: z.array(approver).min(1).max(PROCESS_APPROVERS_MAX),
          }),
        )
        .min(PROCESS_LEVELS_MIN)
        .max(PROCESS_LEVELS_MAX),
    })
    .superRefine((v, ctx) => {
      v.levels.forEach((l, i) => {
        if (l.level !== i + 1) ctx.addIssue({ code: 'custom', path: ['levels', i, 'level'], message: 'sequence' });
        const seen = new Set<string>();
        l.approvers.forEach((a, j) => {
          const key = `${a.rType}:${a.rType < 2 ? a.id : 0}`;
          if ((a.rType === 0 || a.rType === 1) && a.id <= 0)
            ctx.addIssue({ code: 'custom', path: ['levels', i, 'approvers', j, 'id'], message: 'required' });
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['levels', i, 'approvers', j], message: 'duplicate' });
          seen.add(key);
        });
      });
    }),
  output: processArea,
});

export const delProcessArea = defineCall({
  name: 'delProcessArea',
  area: 'approvals',
  module: 'approvals',
  summary: 'Remove an approval area; 58 while visits wait at one of its levels',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'delete' },
  input: z.object({ userid, aid: z.int32().positive() }),
  output: ok,
});

export const updateProcessSwitch = defineCall({
  name: 'updateProcessSwitch',
  area: 'approvals',
  module: 'approvals',
  summary:
    'Switch approval on or off. On: new walk-ins and invitations follow the flow of the area covering their gate (else the area without gates); one no area covers waits for the desk or an administrator (updateVisitStatus). Visits already waiting keep waiting when it is switched off',
  access: ADMINS,
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ userid, processSwitch: z.union([z.literal(0), z.literal(1)]) }),
  output: z.object({ processSwitch: z.int32() }),
});

/**
 * Why a seat is someone's: the approver as the policy names it (host, hostManager, deptManager, role, roleGroup,
 * employee, department, hse, admin) and the name of the role, group, employee or department ('' for the others).
 */
const seatWhy = z.object({ kind: z.string(), name: z.string() });

/** One level's decision on one visit, with what the approver needs to decide. */
export const processRecord = z.object({
  rid: z.int32(),
  /** What is approved: a visit (`vid`), a truck booking, a temporary card application or a resident worker (`subjectId`; `vid` 0). */
  subject: z.enum(['visit', 'truck', 'interimCard', 'resident']),
  subjectId: z.int32(),
  vid: z.int32(),
  aid: z.int32().nullable(),
  aName: z.string(),
  level: z.int32(),
  levels: z.int32(),
  status: z.enum(APPROVAL_STATUSES),
  submitter: z.string(),
  submitTime: epochMs,
  approver: z.string(),
  approveTime: epochMs.nullable(),
  remark: z.string(),
  /** The visit as it is now. */
  vname: z.string(),
  vphone: z.string(),
  vcompany: z.string(),
  empName: z.string(),
  visitType: z.string(),
  visitReason: z.string(),
  appointmentDate: epochMs.nullable(),
  gname: z.string(),
  /** The visit's kind: 'walkin' | 'invite' | 'appointment'; or 'truck', 'interimCard'. */
  kind: z.string(),
  /** Whether the signed-in account approves at this level and it still waits (kept for the original clients). */
  canDecide: z.boolean(),
  /** What the caller may do to it now (the level's state, their part in it, their calls): the console's row buttons. */
  can: z.object({ approve: z.boolean(), refuse: z.boolean(), return: z.boolean() }),
  /** Why it is this seat's: the approver as the policy names it (host's manager, a role…), and whom a stand-in replaces. */
  why: seatWhy,
  /** The person the one asked stands in for ('' when nobody), and why (leave, proxy, superior). */
  standInFor: z.string(),
  standInWhy: z.string(),
  /** When the step's deadline falls, and what happens then (escalate, approve, refuse); null without one. */
  dueAt: epochMs.nullable(),
  deadlineAction: z.enum(['escalate', 'approve', 'refuse']).nullable(),
  /** The other seats of the same step: who, and where each stands. */
  others: z.array(z.object({ why: seatWhy, status: z.enum(APPROVAL_STATUSES), approver: z.string() })),
  /** The step's quorum as a sentence's parts: any one, all, or k of n seats. */
  quorum: z.object({ mode: z.enum(['any', 'all', 'count']), count: z.int32(), seats: z.int32() }),
  /** Fields this step's approvers fill, with what was filled. */
  fields: z.array(z.object({ name: z.string(), required: z.boolean(), value: z.string() })),
  /** The decision needs a reason to approve too. */
  reasonToApprove: z.boolean(),
  /** What happened to it without a decision: escalated, decided by the deadline, or handed over (a sentence's key and its names). */
  note: z.string(),
});
export type ProcessRecord = z.infer<typeof processRecord>;

export const getNoApproveRecords = defineCall({
  name: 'getNoApproveRecords',
  area: 'approvals',
  module: 'approvals',
  summary:
    "Visits waiting for the signed-in account's decision, oldest first (the approver's queue). Administrators may ask for every visit waiting in the company (`all`)",
  access: APPROVER_ROLES,
  feature: 'approval',
  input: z.object({ userid, ...pageInput, all: z.boolean().default(false), name: z.string().trim().max(50).default('') }),
  output: pageOf(processRecord),
});

export const getApproveRecords = defineCall({
  name: 'getApproveRecords',
  area: 'approvals',
  module: 'approvals',
  summary: 'Decisions the signed-in account made, newest first; administrators may ask for every decision in the company (`all`)',
  access: APPROVER_ROLES,
  feature: 'approval',
  input: z.object({ userid, ...pageInput, all: z.boolean().default(false), name: z.string().trim().max(50).default('') }),
  output: pageOf(processRecord),
});

export const getProcessRecords = defineCall({
  name: 'getProcessRecords',
  area: 'approvals',
  module: 'approvals',
  summary: "One visit's approval history, level by level (the host, approvers and administrators)",
  access: [...APPROVER_ROLES, Role.GATE],
  statuses: [Status.NO_SUCH_RECORD],
  feature: 'approval',
  input: z.object({ userid, vid: z.int32().positive() }),
  output: z.array(processRecord),
});

export const completeProcessRecord = defineCall({
  name: 'completeProcessRecord',
  area: 'approvals',
  module: 'approvals',
  summary:
    'Decide a waiting level: approve (on to the next level, or the visit is authorised after the last), refuse (the visit is refused and cannot check in) or return it to the host; a reason is required to refuse or return. 681 when the signed-in account is not an approver of that level; 58 when it was already decided',
  access: APPROVER_ROLES,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null, [Status.NOT_APPROVER]: null },
  feature: 'approval',
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z
    .object({
      userid,
      rid: z.int32().positive(),
      result: z.enum(['approve', 'refuse', 'return']),
      remark: zRemark.default(''),
      /** The step's own fields (their names); a required one must be filled to approve. */
      fields: z.record(z.string().max(50), z.string().trim().max(PROCESS_REMARK_MAX)).default({}),
    })
    .superRefine((v, ctx) => {
      if (v.result !== 'approve' && !v.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: 'required' });
    }),
  output: processRecord,
});

export const resubmitProcess = defineCall({
  name: 'resubmitProcess',
  area: 'approvals',
  module: 'approvals',
  summary: 'Submit a returned visit again: it starts at level 1 of its area’s flow as it is now (the host or an administrator)',
  access: [Role.ADMIN, Role.SUBADMIN, Role.EMPLOYEE],
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  feature: 'approval',
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, vid: z.int32().positive(), remark: zRemark.default('') }),
  output: processRecord,
});

export const approvalCalls = [
  getProcessArea,
  addProcessArea,
  updateProcessArea,
  addProcessRule,
  delProcessArea,
  updateProcessSwitch,
  getNoApproveRecords,
  getApproveRecords,
  getProcessRecords,
  completeProcessRecord,
  resubmitProcess,
] as const;
