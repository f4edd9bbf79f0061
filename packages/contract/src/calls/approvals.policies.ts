import { z } from 'zod';
import { defineCall, epochMs, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { processRecord as processRecordShape } from './approvals.js';

/**
 * Approval policies: which steps a request goes through, chosen by conditions over the request. A company's (or a
 * sub-company's own) policies are tried in order, the first whose conditions all hold wins; the last, the default
 * policy, has no conditions. Steps run one after the other; a step marked `parallel` runs together with the one
 * before it. Each approver of a step is one seat (a role is one seat any member may fill); the step's quorum counts
 * seats: `any` (the first decision decides), `all`, or `count` k (approved at k approvals, refused once k cannot be
 * reached). The approval areas of the original (getProcessArea…) are policies with gate conditions only.
 */

export const POLICY_NAME_MAX = 50;
export const POLICY_STEPS_MAX = 10;
export const POLICY_APPROVERS_MAX = 20;
export const POLICY_CONDITIONS_MAX = 20;
export const POLICY_FIELDS_MAX = 5;
/** A deadline of a week at most; a request waiting longer is better refused and asked again. */
export const POLICY_DEADLINE_MAX_MINUTES = 7 * 24 * 60;
export const POLICY_DEADLINE_MIN_MINUTES = 5;
export const LEAVE_NOTE_MAX = 100;

/** Every way a person comes in that may need approval. */
export const REQUEST_KINDS = ['invitation', 'appointment', 'walkInKiosk', 'walkInDesk', 'publicBooking', 'resident', 'truck', 'interimCard'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** What a policy does with a request it matches: steps, the desk or an administrator decides (the original's single step), or nothing to approve. */
export const POLICY_MODES = ['steps', 'desk', 'none'] as const;
export type PolicyMode = (typeof POLICY_MODES)[number];

/** What an edit of an approved request must change to be approved again. */
export const MATERIAL_FIELDS = ['time', 'gate', 'visitType', 'companions', 'host'] as const;
export type MaterialField = (typeof MATERIAL_FIELDS)[number];

export const TIME_CONDITIONS = ['outsideHours', 'weekend', 'holiday'] as const;

const ids = z.array(z.int32().min(0)).min(1).max(200);
const texts = z.array(z.string().trim().min(1).max(50)).min(1).max(50);

export const policyCondition = z.discriminatedUnion('field', [
  z.object({ field: z.literal('kind'), not: z.boolean().default(false), in: z.array(z.enum(REQUEST_KINDS)).min(1) }),
  /** Visitor type ids. */
  z.object({ field: z.literal('visitType'), not: z.boolean().default(false), in: ids }),
  z.object({ field: z.literal('gate'), not: z.boolean().default(false), in: ids }),
  /** Sub-company ids; 0 the head office's own hosts. */
  z.object({ field: z.literal('subCompany'), not: z.boolean().default(false), in: ids }),
  /** The host's department or one below it. */
  z.object({ field: z.literal('hostDepartment'), not: z.boolean().default(false), in: ids }),
  /** When the visit starts: outside the company's working hours, on a weekend, on a holiday of the pass rules. */
  z.object({ field: z.literal('time'), not: z.boolean().default(false), is: z.enum(TIME_CONDITIONS) }),
  /** Length of stay in hours (a request without an end counts the company's default leave time). */
  z.object({
    field: z.literal('stay'),
    not: z.boolean().default(false),
    atLeastHours: z
      .number()
      .min(0)
      .max(24 * 366),
  }),
  z.object({ field: z.literal('companions'), not: z.boolean().default(false), atLeast: z.int32().min(0).max(1000) }),
  /**
   * The site at its capacity: people on site when the request is decided on (visitors and their companions signed in
   * and not out, the whole company's) at least this many.
   */
  z.object({ field: z.literal('onSite'), not: z.boolean().default(false), atLeast: z.int32().min(1).max(1_000_000) }),
  /** Certificate types (idCard, passport…). */
  z.object({ field: z.literal('idType'), not: z.boolean().default(false), in: texts }),
  /** The visitor's name is on the blacklist with another phone and ID (an exact hit is refused before any approval). */
  z.object({ field: z.literal('watchlist'), not: z.boolean().default(false) }),
  /** A custom field's value (visitor types' and logistics types' fields, by name): equal to one of, or filled at all. */
  z.object({
    field: z.literal('custom'),
    not: z.boolean().default(false),
    name: z.string().trim().min(1).max(50),
    in: z.array(z.string().trim().max(200)).max(50).default([]),
  }),
]);
export type PolicyCondition = z.infer<typeof policyCondition>;
export type PolicyConditionField = PolicyCondition['field'];

export const approverSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('host') }),
  /** The host's superior (their superior manager number). */
  z.object({ kind: z.literal('hostManager') }),
  /** The manager of the host's department (or the nearest department above it with one). */
  z.object({ kind: z.literal('deptManager') }),
  z.object({ kind: z.literal('role'), id: z.int32().positive() }),
  /** Any member of any role in a role group. */
  z.object({ kind: z.literal('roleGroup'), id: z.int32().positive() }),
  z.object({ kind: z.literal('employee'), id: z.int32().positive() }),
  /** A directory group: any employee of a department or one below it. */
  z.object({ kind: z.literal('department'), id: z.int32().positive() }),
  z.object({ kind: z.literal('hse') }),
  z.object({ kind: z.literal('admin') }),
]);
export type ApproverSpec = z.infer<typeof approverSpec>;
export type ApproverKind = ApproverSpec['kind'];

export const QUORUM_MODES = ['any', 'all', 'count'] as const;
export const DEADLINE_ACTIONS = ['escalate', 'approve', 'refuse'] as const;
/** Where an escalation goes: the undecided approvers' managers, a role, the administrator, or on to the next step. */
export const ESCALATION_TARGETS = ['manager', 'role', 'admin', 'next'] as const;

export const policyStep = z.object({
  name: z.string().trim().max(POLICY_NAME_MAX).default(''),
  /** Runs together with the step before it (the first step ignores it). */
  parallel: z.boolean().default(false),
  approvers: z.array(approverSpec).min(1).max(POLICY_APPROVERS_MAX),
  quorum: z
    .object({ mode: z.enum(QUORUM_MODES).default('any'), count: z.int32().min(1).max(POLICY_APPROVERS_MAX).default(1) })
    .default({ mode: 'any', count: 1 }),
  /** A reason is always required to refuse; this asks one to approve too. */
  reasonToApprove: z.boolean().default(false),
  /** Fields only this step's approvers see and fill (kept with the decision). */
  fields: z
    .array(z.object({ name: z.string().trim().min(1).max(50), required: z.boolean().default(false) }))
    .max(POLICY_FIELDS_MAX)
    .default([]),
  deadline: z
    .object({
      minutes: z.int32().min(POLICY_DEADLINE_MIN_MINUTES).max(POLICY_DEADLINE_MAX_MINUTES),
      action: z.enum(DEADLINE_ACTIONS),
      to: z.enum(ESCALATION_TARGETS).default('admin'),
      /** The role escalated to (`to` role). */
      roleId: z.int32().positive().nullable().default(null),
    })
    .nullable()
    .default(null),
});
export type PolicyStep = z.infer<typeof policyStep>;

/** A policy as written: checked on save with the field named (policyProblems), and by the server against the company's data. */
export const policyDraft = z.object({
  name: z.string().trim().min(1, 'required').max(POLICY_NAME_MAX),
  enabled: z.boolean().default(true),
  mode: z.enum(POLICY_MODES).default('steps'),
  conditions: z.array(policyCondition).max(POLICY_CONDITIONS_MAX).default([]),
  steps: z.array(policyStep).max(POLICY_STEPS_MAX).default([]),
  /** What an edit of an approved request must change to need approval again; none: edits never do. */
  material: z.array(z.enum(MATERIAL_FIELDS)).default(['time', 'gate', 'visitType', 'companions']),
});
export type PolicyDraft = z.infer<typeof policyDraft>;

/** What a sub-company's own policy cannot name: the company's sub-companies, departments, roles and head count are not its to see. */
export const OWN_POLICY_UNAVAILABLE: { conditions: readonly PolicyConditionField[]; approvers: readonly ApproverSpec['kind'][] } = {
  conditions: ['subCompany', 'hostDepartment', 'onSite'],
  approvers: ['role', 'roleGroup', 'department'],
};

/** A sub-company's own policy naming what it cannot see (OWN_POLICY_UNAVAILABLE), or escalating to a role. */
function ownProblems(p: PolicyDraft): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  p.conditions.forEach((c, i) => {
    if (OWN_POLICY_UNAVAILABLE.conditions.includes(c.field)) out.push({ path: ['conditions', i, 'field'], message: 'notForSubCompany' });
  });
  p.steps.forEach((s, i) => {
    s.approvers.forEach((a, j) => {
      if (OWN_POLICY_UNAVAILABLE.approvers.includes(a.kind)) out.push({ path: ['steps', i, 'approvers', j], message: 'notForSubCompany' });
    });
    if (s.deadline?.action === 'escalate' && s.deadline.to === 'role')
      out.push({ path: ['steps', i, 'deadline', 'to'], message: 'notForSubCompany' });
  });
  return out;
}

/** The draft's own problems, as field errors (the form shows them as typed; the server refuses the same); `own`: a sub-company's. */
export function policyProblems(p: PolicyDraft, isDefault = false, own = false): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = own ? ownProblems(p) : [];
  if (p.mode === 'steps' && p.steps.length === 0) out.push({ path: ['steps'], message: 'required' });
  if (isDefault && p.conditions.length) out.push({ path: ['conditions'], message: 'defaultHasNone' });
  p.steps.forEach((s, i) => {
    const seats = s.approvers.length;
    if (s.quorum.mode === 'count' && s.quorum.count > seats) out.push({ path: ['steps', i, 'quorum', 'count'], message: 'moreThanApprovers' });
    const seen = new Set<string>();
    s.approvers.forEach((a, j) => {
      const key = `${a.kind}:${'id' in a ? a.id : ''}`;
      if (seen.has(key)) out.push({ path: ['steps', i, 'approvers', j], message: 'duplicate' });
      seen.add(key);
    });
    const names = new Set<string>();
    s.fields.forEach((f, j) => {
      if (names.has(f.name.toLowerCase())) out.push({ path: ['steps', i, 'fields', j, 'name'], message: 'duplicate' });
      names.add(f.name.toLowerCase());
    });
    if (s.deadline?.action === 'escalate' && s.deadline.to === 'role' && !s.deadline.roleId)
      out.push({ path: ['steps', i, 'deadline', 'roleId'], message: 'required' });
    if (s.deadline?.action === 'escalate' && s.deadline.to === 'next' && i === p.steps.length - 1)
      out.push({ path: ['steps', i, 'deadline', 'to'], message: 'noNextStep' });
  });
  return out;
}

const checkedDraft = <T extends z.ZodType<PolicyDraft & { isDefault?: boolean }>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const p of policyProblems(v, v.isDefault)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

export const approvalPolicy = policyDraft.extend({
  pid: z.int32(),
  /** The sub-company whose own policy it is; null the company's. */
  subCompanyId: z.int32().nullable(),
  /** The last policy, without conditions: what no other policy matches. */
  isDefault: z.boolean(),
  position: z.int32(),
  /** Requests waiting under it now. */
  waiting: z.int32(),
  /** Whether the original's approval-area calls can show and edit it (gate conditions and plain levels only). */
  area: z.boolean(),
  updateTime: epochMs,
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;

/** The company's administrators, and a sub-company's own account for its own policies (tried first for its hosts). */
const ADMINS = [Role.ADMIN, Role.SUBADMIN, Role.SUB_COMPANY] as const;
const userid = z.int32().optional();

export const getApprovalPolicies = defineCall({
  name: 'getApprovalPolicies',
  area: 'approvals',
  module: 'approvals',
  summary: "The company's approval policies in the order they are tried (a sub-company's own first, for a sub-company), and the approval switch",
  access: ADMINS,
  feature: 'approval',
  input: z.object({ userid }),
  output: z.object({ processSwitch: z.int32(), policies: z.array(approvalPolicy) }),
});

export const addApprovalPolicy = defineCall({
  name: 'addApprovalPolicy',
  area: 'approvals',
  module: 'approvals',
  summary:
    'Add a policy, tried before the default one. Refused with the field named when it can never complete: an approver who cannot be found or has nobody (a role without members, a disabled employee), a quorum larger than its step, a stand-in chain that comes back to an approver',
  access: ADMINS,
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'add' },
  input: checkedDraft(policyDraft.extend({ userid, isDefault: z.literal(false).default(false) })),
  output: approvalPolicy,
});

export const updateApprovalPolicy = defineCall({
  name: 'updateApprovalPolicy',
  area: 'approvals',
  module: 'approvals',
  summary: 'Change a policy (the default one keeps no conditions). Requests already waiting keep the steps they started with',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'name' },
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: checkedDraft(policyDraft.extend({ userid, pid: z.int32().positive(), isDefault: z.boolean().default(false) })),
  output: approvalPolicy,
});

export const delApprovalPolicy = defineCall({
  name: 'delApprovalPolicy',
  area: 'approvals',
  module: 'approvals',
  summary: 'Remove a policy (requests waiting under it finish with the steps they started with); 58 for the default policy',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'delete' },
  input: z.object({ userid, pid: z.int32().positive() }),
  output: ok,
});

export const orderApprovalPolicies = defineCall({
  name: 'orderApprovalPolicies',
  area: 'approvals',
  module: 'approvals',
  summary: 'Set the order the policies are tried in: every policy of the caller once, the default last',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  feature: 'approval',
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ userid, pids: z.array(z.int32().positive()).min(1).max(500) }),
  output: z.array(approvalPolicy),
});

/** A request as the policies see it: described by hand in the dry run, or read from a visit. */
export const requestFacts = z.object({
  kind: z.enum(REQUEST_KINDS),
  /** Visitor type. */
  tid: z.int32().positive().nullable().default(null),
  gid: z.int32().positive().nullable().default(null),
  /** The host (employee); their sub-company and departments follow. */
  hostId: z.int32().positive().nullable().default(null),
  start: epochMs.nullable().default(null),
  end: epochMs.nullable().default(null),
  companions: z.int32().min(0).max(1000).default(0),
  idType: z.string().trim().max(30).default(''),
  visitorName: z.string().trim().max(50).default(''),
  fields: z.record(z.string().max(50), z.string().max(200)).default({}),
});
export type RequestFacts = z.infer<typeof requestFacts>;

/** One person who would be asked: who they stand in for, if anyone, and why. */
export const plannedPerson = z.object({
  empId: z.int32(),
  name: z.string(),
  standsInFor: z.object({ empId: z.int32(), name: z.string(), why: z.enum(['leave', 'proxy', 'superior']) }).nullable(),
});

export const plannedSeat = z.object({
  /** The approver as written (host, role…), and its label. */
  spec: approverSpec,
  label: z.string(),
  people: z.array(plannedPerson),
  hse: z.boolean(),
  admin: z.boolean(),
  /** Set when nobody could be found: the seat goes to the company administrator, and why. */
  unresolved: z.string().nullable(),
});

export const dryRunApproval = defineCall({
  name: 'dryRunApproval',
  area: 'approvals',
  module: 'approvals',
  summary:
    'Which policy a request would follow and who would be asked at each step, with deadlines and stand-ins: a request described, or a past visit (`vid`); `draft` tries an unsaved policy first (in place of `pid` when given)',
  access: ADMINS,
  statuses: [Status.NO_SUCH_RECORD],
  feature: 'approval',
  input: z
    .object({
      userid,
      facts: requestFacts.nullable().default(null),
      vid: z.int32().positive().nullable().default(null),
      draft: policyDraft.nullable().default(null),
      pid: z.int32().positive().nullable().default(null),
      /** When the request is made (default now): leave and proxies are read for that day. */
      at: epochMs.nullable().default(null),
    })
    .superRefine((v, ctx) => {
      if (!v.facts && !v.vid) ctx.addIssue({ code: 'custom', path: ['facts'], message: 'required' });
    }),
  output: z.object({
    facts: requestFacts,
    /** null: the approval switch is off, nothing is asked. */
    policy: z.object({ pid: z.int32().nullable(), name: z.string(), mode: z.enum(POLICY_MODES), draft: z.boolean() }).nullable(),
    /** The policies tried before it, each with the condition that did not hold. */
    skipped: z.array(z.object({ pid: z.int32().nullable(), name: z.string(), failed: z.int32() })),
    steps: z.array(
      z.object({
        name: z.string(),
        stage: z.int32(),
        quorum: policyStep.shape.quorum,
        deadline: policyStep.shape.deadline,
        dueAt: epochMs.nullable(),
        seats: z.array(plannedSeat),
      }),
    ),
  }),
});

export const approverLeave = z.object({
  lid: z.int32(),
  empId: z.int32(),
  empName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  standInId: z.int32().nullable(),
  standInName: z.string(),
  note: z.string(),
});
export type ApproverLeave = z.infer<typeof approverLeave>;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');
const LEAVE_WHO = [Role.ADMIN, Role.SUBADMIN, Role.EMPLOYEE] as const;

export const getApproverLeaves = defineCall({
  name: 'getApproverLeaves',
  area: 'approvals',
  module: 'approvals',
  summary: 'Leave ranges of approvers not yet over (an employee: their own), with who stands in',
  access: LEAVE_WHO,
  feature: 'approval',
  input: z.object({ userid }),
  output: z.array(approverLeave),
});

export const addApproverLeave = defineCall({
  name: 'addApproverLeave',
  area: 'approvals',
  module: 'approvals',
  summary:
    'Record that an approver is away for a date range and, optionally, who stands in (else their visit proxy, else their superior, else the administrator). An employee sets only their own; a stand-in chain that comes back to them is refused (standInId cycle)',
  access: LEAVE_WHO,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  feature: 'approval',
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z
    .object({
      userid,
      empId: z.int32().positive(),
      startDate: zDay,
      endDate: zDay,
      standInId: z.int32().positive().nullable().default(null),
      note: z.string().trim().max(LEAVE_NOTE_MAX).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'beforeStart' });
      if (v.standInId === v.empId) ctx.addIssue({ code: 'custom', path: ['standInId'], message: 'self' });
    }),
  output: approverLeave,
});

export const delApproverLeave = defineCall({
  name: 'delApproverLeave',
  area: 'approvals',
  module: 'approvals',
  summary: 'Remove a leave range (an employee: their own)',
  access: LEAVE_WHO,
  statuses: [Status.NO_SUCH_RECORD],
  feature: 'approval',
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid, lid: z.int32().positive() }),
  output: ok,
});

/** An approval link's token (in mails): company, seat, person, expiry, signature. */
const linkToken = z.string().trim().min(10).max(200);

/** What an approver sees from a link in their mail, without signing in. */
export const approvalByLink = z.object({
  /** The seat as the queue shows it (processRecord of approvals.ts). */
  record: processRecordShape,
  /** Whom the link was sent to. */
  approver: z.string(),
  company: z.string(),
  /** Whether it still waits for this person's decision. */
  open: z.boolean(),
  /** The company's language, the mail's: the page opens in it unless the reader chose one on this browser. */
  lang: z.enum(['zh', 'en']),
});

export const getApprovalByLink = defineCall({
  name: 'getApprovalByLink',
  area: 'approvals',
  module: 'approvals',
  summary:
    "The request an approval mail's link names, for its approver without signing in: 1135 when the link is forged, expired or for a seat no longer theirs",
  access: 'public',
  rate: 'public',
  // NO_SUCH_RECORD: the visit was removed between reading the seat and answering it.
  statuses: [Status.APPROVAL_LINK_INVALID, Status.NO_SUCH_RECORD],
  input: z.object({ token: linkToken }),
  output: approvalByLink,
});

export const decideApprovalByLink = defineCall({
  name: 'decideApprovalByLink',
  area: 'approvals',
  module: 'approvals',
  summary:
    'Approve or refuse from an approval mail without signing in (a reason required to refuse; the step may require one to approve and its fields). A link works once: the decision spends it; 58 when the request already moved on; 1135 when the link is forged or expired',
  access: 'public',
  rate: 'public',
  statuses: [Status.APPROVAL_LINK_INVALID, Status.NO_SUCH_RECORD, Status.NO_PERMISSION],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z
    .object({
      token: linkToken,
      result: z.enum(['approve', 'refuse']),
      remark: z.string().trim().max(200).default(''),
      fields: z.record(z.string().max(50), z.string().trim().max(200)).default({}),
    })
    .superRefine((v, ctx) => {
      if (v.result === 'refuse' && !v.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: 'required' });
    }),
  output: approvalByLink,
});

export const approvalPolicyCalls = [
  getApprovalPolicies,
  addApprovalPolicy,
  updateApprovalPolicy,
  delApprovalPolicy,
  orderApprovalPolicies,
  dryRunApproval,
  getApproverLeaves,
  addApproverLeave,
  delApproverLeave,
  getApprovalByLink,
  decideApprovalByLink,
] as const;
