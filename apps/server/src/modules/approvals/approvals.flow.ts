import {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  type In,
  logDesc,
  type MaterialField,
  type ProcessRecord,
  type RequestFacts,
  type RequestKind,
  Role,
  Status,
} from '@openvisit/contract';
import { gatesNamed } from '../../core/sites/sites.public.js';
import { needsApprovalAgain, type VisitRow, visitById } from '../../core/visits/visits.public.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { abilitiesOf, assertMay } from '../../platform/identity/policy.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { canSee } from '../../platform/identity/visibility.js';
import {
  applyOutcome,
  asksAnyone,
  REQUEST,
  SEAT,
  type Settled,
  type SubjectRequest,
  settle,
  submitSubject,
  submitVisit,
} from './approvals.engine.js';
import { factsOfVisit } from './approvals.facts.js';
import { seatNames } from './approvals.labels.js';
import { askedFrom, askedOf, tellOutcome, tellSeats, tellSettled } from './approvals.notices.js';
import { type LevelState, levelActions } from './approvals.policy.js';
import type { StoredStep } from './approvals.repository.js';
import { type Asker, approvalsRepository, CLOSED_VISIT_STATUSES, type RequestRow, type SeatRow, type SeatWithVisit } from './approvals.repository.js';
import type { SubjectKind } from './approvals.subjects.js';

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.tenant);
}

const isAdmin = (ctx: AuthedContext) => ctx.session.role === Role.ADMIN || ctx.session.role === Role.SUBADMIN;

/** Who the signed-in account is to the seats: an employee by id, any HSE account, an administrator. */
export function askerOf(ctx: AuthedContext): Asker {
  const { role, accountId } = ctx.session;
  return { empId: role === Role.EMPLOYEE ? accountId : null, hse: role === Role.HSE, admin: isAdmin(ctx) };
}

export function mayFill(a: Asker, s: SeatRow): boolean {
  return (a.empId !== null && s.empIds.includes(a.empId)) || (a.hse && s.hse) || (a.admin && s.admin);
}

function me(ctx: AuthedContext): { kind: string; id: number } {
  const kind = ctx.session.accountKind;
  return { kind: kind === 'employee' ? 'employee' : kind === 'staff' ? 'staff' : 'admin', id: ctx.session.accountId };
}

const visitClosed = (r: SeatWithVisit) => r.visitStatus !== null && (CLOSED_VISIT_STATUSES as readonly string[]).includes(r.visitStatus);

/** The seat as the policy reads it: `approver` is whether the caller may fill it; a request no longer waiting is closed. */
function stateOf(r: SeatWithVisit, approver: boolean): LevelState {
  return { status: r.seat.status, visitClosed: visitClosed(r) || r.request.status !== REQUEST.WAITING, approver };
}

function statusOf(r: SeatWithVisit): ApprovalStatus {
  const s = r.seat.status;
  if (s === SEAT.WAITING) return visitClosed(r) || r.request.status !== REQUEST.WAITING ? 'notHandled' : 'pending';
  if (s === SEAT.CLOSED) return 'notHandled';
  if (s === SEAT.BY_DEADLINE) return r.seat.note === 'deadlineRefused' ? 'refused' : 'approved';
  return APPROVAL_STATUSES[s] ?? 'pending';
}

/** The queue rows of these seats: why each is its approver's, the step's other seats, deadline, quorum and fields. */
async function toRecords(ctx: AuthedContext, rows: SeatWithVisit[], asker: Asker | null): Promise<ProcessRecord[]> {
  const repo = repoOf(ctx);
  const requestIds = [...new Set(rows.map((r) => r.request.id))];
  const siblings = await repo.seatsOfRequests(requestIds);
  const names = await seatNames(ctx, [...rows.map((r) => r.seat), ...siblings]);
  // A visit not yet signed in has no gate of arrival: the gate it was invited or booked to is shown.
  const invitedGates = [...new Set(rows.filter((r) => !r.gname && r.gid !== null).map((r) => r.gid as number))];
  const gateName = new Map((invitedGates.length ? await gatesNamed(ctx, invitedGates) : []).map((g) => [g.gid, g.gname]));
  return rows.map((r) => {
    const plan = r.request.plan as StoredStep[];
    const step = plan[r.seat.step];
    const status = statusOf(r);
    const approver = asker !== null && mayFill(asker, r.seat);
    const state = stateOf(r, approver);
    const mates = siblings.filter((s) => s.requestId === r.request.id && s.step === r.seat.step);
    const stand = r.seat.standIns[0];
    // A truck or a temporary card: what its request recorded when submitted.
    const sum = r.request.summary;
    return {
      subject: r.request.subjectKind as ProcessRecord['subject'],
      subjectId: r.request.subjectId ?? r.seat.visitId ?? 0,
      rid: r.seat.id,
      vid: r.seat.visitId ?? 0,
      aid: r.request.policyId,
      aName: r.request.policyName,
      level: r.seat.step + 1,
      levels: Math.max(plan.length, r.seat.step + 1),
      status,
      submitter: r.request.submitter,
      submitTime: r.seat.createdAt.getTime(),
      approver: r.seat.deciderName,
      approveTime: r.seat.decidedAt?.getTime() ?? null,
      remark: r.seat.remark,
      vname: r.vname ?? sum?.name ?? '',
      vphone: r.vphone ?? sum?.phone ?? '',
      vcompany: r.vcompany ?? sum?.company ?? '',
      empName: r.empName ?? sum?.host ?? '',
      visitType: r.visitType ?? '',
      visitReason: r.visitReason ?? sum?.reason ?? '',
      appointmentDate: r.appointmentAt?.getTime() ?? sum?.at ?? null,
      gname: r.gname || (r.gid !== null ? (gateName.get(r.gid) ?? '') : '') || sum?.gate || '',
      kind: r.kind ?? r.request.subjectKind,
      canDecide: approver && status === 'pending',
      can: abilitiesOf(levelActions, ctx, state),
      why: names.why(r.seat),
      standInFor: r.seat.standIns.map((x) => x.forName).join(', '),
      standInWhy: stand?.why ?? '',
      dueAt: status === 'pending' ? (r.seat.dueAt?.getTime() ?? null) : null,
      deadlineAction: status === 'pending' && r.seat.dueAt ? (step?.deadline?.action ?? null) : null,
      others: mates
        .filter((s) => s.id !== r.seat.id)
        .map((s) => ({ why: names.why(s), status: statusOf({ ...r, seat: s }), approver: s.deciderName })),
      quorum: { mode: step?.quorum.mode ?? 'any', count: step?.quorum.count ?? 1, seats: mates.length || 1 },
      fields: (step?.fields ?? []).map((f) => ({ name: f.name, required: f.required, value: r.seat.fields[f.name] ?? '' })),
      reasonToApprove: step?.reasonToApprove ?? false,
      note: r.seat.note,
    };
  });
}

function pageOf<T>(list: T[], total: number, input: { startIndex: number; requestedCount: number }) {
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count: total, list };
}

export async function waitingQueue(ctx: AuthedContext, input: In<'getNoApproveRecords'>) {
  const asker = askerOf(ctx);
  const everything = input.all && isAdmin(ctx);
  const { rows, total } = await repoOf(ctx).waiting(everything ? undefined : asker, input.name, input.startIndex, input.requestedCount);
  return pageOf(await toRecords(ctx, rows, asker), total, input);
}

export async function decidedList(ctx: AuthedContext, input: In<'getApproveRecords'>) {
  const everything = input.all && isAdmin(ctx);
  const { rows, total } = await repoOf(ctx).decided(everything ? undefined : me(ctx), input.name, input.startIndex, input.requestedCount);
  return pageOf(await toRecords(ctx, rows, null), total, input);
}

/** A visit's approval history: for administrators and the desk, the host, and anyone asked in it. */
export async function history(ctx: AuthedContext, input: In<'getProcessRecords'>): Promise<ProcessRecord[]> {
  const rows = await repoOf(ctx).ofVisit(input.vid);
  const asker = askerOf(ctx);
  const { role, accountId } = ctx.session;
  if (role === Role.EMPLOYEE || role === Role.HSE) {
    const visit = await visitById(ctx, input.vid);
    const own = ctx.tenant.visibility.employee;
    const host = own !== null && visit?.empId === own;
    const asked = rows.some((r) => mayFill(asker, r.seat) || (r.seat.deciderKind === me(ctx).kind && r.seat.deciderId === accountId));
    if (!visit || (!host && !asked)) throw notFound('visit');
  }
  return toRecords(ctx, rows, asker);
}

const RESULT = { approve: SEAT.APPROVED, refuse: SEAT.REFUSED, return: SEAT.RETURNED } as const;

/** The step's own fields: a required one must be filled to approve; unknown names are refused. */
function checkFields(step: StoredStep | undefined, input: { result: string; remark: string; fields: Record<string, string> }) {
  const errors: { field: string; rule: string }[] = [];
  const known = new Set((step?.fields ?? []).map((f) => f.name));
  for (const name of Object.keys(input.fields)) if (!known.has(name)) errors.push({ field: `fields.${name}`, rule: 'unknown' });
  if (input.result === 'approve') {
    for (const f of step?.fields ?? []) if (f.required && !input.fields[f.name]?.trim()) errors.push({ field: `fields.${f.name}`, rule: 'required' });
    if (step?.reasonToApprove && !input.remark) errors.push({ field: 'remark', rule: 'required' });
  }
  if (errors.length) throw badParams(errors);
}

/** After a transaction settled a request: the next approvers hear of it, or the host and visitor of a visit's outcome. */
export async function announce(ctx: AuthedContext, req: RequestRow, v: VisitRow | undefined, settled: Settled): Promise<void> {
  const plan = req.plan as StoredStep[];
  const asked = v ? askedOf(v) : req.summary ? askedFrom(req.summary, req.createdAt) : undefined;
  if (settled.opened.length && asked) await tellSeats(ctx, asked, settled.opened, plan.length);
  else if (v && settled.outcome !== 'waiting') await tellOutcome(ctx, v, settled.outcome === 'approved' ? 'agreed' : settled.outcome, settled.remark);
  await tellSettled(ctx, req.id);
}

/** Who decides: what seats they may fill, and the name and account the decision is recorded under. */
export interface Decider {
  asker: Asker;
  kind: string;
  id: number;
  name: string;
}

export function deciderOf(ctx: AuthedContext): Decider {
  const who = me(ctx);
  return { asker: askerOf(ctx), kind: who.kind, id: who.id, name: ctx.session.name };
}

export async function decide(ctx: AuthedContext, input: In<'completeProcessRecord'>, now = new Date()): Promise<ProcessRecord> {
  return decideAs(ctx, input, deciderOf(ctx), now);
}

/** A decision on a seat by this decider (the signed-in account, or an approver from a mail's link). */
export async function decideAs(ctx: AuthedContext, input: In<'completeProcessRecord'>, who: Decider, now = new Date()): Promise<ProcessRecord> {
  const r = await repoOf(ctx).seat(input.rid);
  if (!r) throw notFound('approval record');
  const state = stateOf(r, mayFill(who.asker, r.seat));
  const why = visitClosed(r) ? 'The visit is no longer waiting (called off, declined or expired)' : 'This step was already decided';
  assertMay(levelActions[input.result], state, { why, notYours: Status.NOT_APPROVER });
  const plan = r.request.plan as StoredStep[];
  checkFields(plan[r.seat.step], input);
  const { settled, visit } = await inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const repo = approvalsRepository(tx);
    // The request's lock orders decisions on it: of two at once, the second sees what the first did.
    const req = await repo.lockRequest(r.request.id);
    if (!req || req.status !== REQUEST.WAITING) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The request was already decided');
    const written = await repo.decideSeat(r.seat.id, {
      status: RESULT[input.result],
      deciderKind: who.kind,
      deciderId: who.id,
      deciderName: who.name,
      remark: input.remark,
      fields: input.fields,
    });
    if (!written) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This step was already decided');
    const s = await settle(txCtx, req, now, input.remark);
    if (s.outcome === 'approved') await markAgreed(txCtx, r.seat.id);
    return { settled: s, visit: await applyOutcome(txCtx, req, s, who.name) };
  });
  await announce(ctx, r.request, visit, settled);
  ctx.audit.objId = r.seat.visitId ?? undefined;
  ctx.audit.objName = r.vname ?? r.request.summary?.name ?? '';
  const params = { level: r.seat.step + 1, levels: plan.length, remark: input.remark };
  ctx.audit.desc = logDesc(input.result === 'approve' ? 'processApproved' : input.result === 'refuse' ? 'processRefused' : 'processReturned', params);
  return recordOf(ctx, r.seat.id, who.asker);
}

/** One seat as its queue row, read again. */
export async function recordOf(ctx: AuthedContext, seatId: number, asker: Asker): Promise<ProcessRecord> {
  const after = await repoOf(ctx).seat(seatId);
  if (!after) throw notFound('approval record');
  const [out] = await toRecords(ctx, [after], asker);
  if (!out) throw notFound('approval record');
  return out;
}

/** The approval that completed a request is shown as agreed, as the original's last level was. */
async function markAgreed(ctx: AuthedContext, seatId: number): Promise<void> {
  await approvalsRepository(ctx.tenant).setSeatStatus(seatId, SEAT.APPROVED, SEAT.AGREED);
}

/**
 * Puts a new visit (walk-in, invitation, booking; stored with permission 0) through its policy and tells the first
 * approvers. A visit whose policy leaves it to the desk waits for the desk or an administrator (updateVisitStatus).
 */
export async function submit(ctx: AuthedContext, v: VisitRow, submitter: string, kind: RequestKind): Promise<void> {
  const s = await submitVisit(ctx, v, submitter, kind);
  if (s.opened.length) await tellSeats(ctx, askedOf(v), s.opened, (s.request?.plan as StoredStep[] | undefined)?.length ?? 1);
}

/**
 * A truck booking or temporary card application through the policies: the first approvers are told; answers the
 * mode (`steps`: it waits for them; `desk`: for the desk as before; `none`: nothing to approve, the module moves it on).
 */
export async function submitSubjectForApproval(ctx: AuthedContext, r: SubjectRequest): Promise<'steps' | 'desk' | 'none'> {
  const s = await submitSubject(ctx, r);
  if (s.opened.length) await tellSeats(ctx, askedFrom(r.summary, new Date()), s.opened, (s.request?.plan as StoredStep[] | undefined)?.length ?? 1);
  return s.mode === 'already' ? 'steps' : s.mode;
}

/** Whether a truck booking or temporary card waits for a policy's approvers (its own approve and refuse then answer 58). */
export async function subjectWaiting(ctx: AuthedContext, kind: SubjectKind, id: number): Promise<boolean> {
  return (await subjectsWaiting(ctx, kind, [id])).length > 0;
}

/** Which of these subjects wait for a policy's approvers, in one read (a batch decision names up to a thousand). */
export async function subjectsWaiting(ctx: AuthedContext, kind: SubjectKind, ids: number[]): Promise<number[]> {
  return (await repoOf(ctx).waitingSubjects(kind, ids)).filter((id): id is number => id !== null);
}

/** Whether a request with these facts waits for anyone under the company's policies (the approval switch is the caller's). */
export function needsApproval(ctx: AuthedContext, facts: RequestFacts): Promise<boolean> {
  return asksAnyone(ctx, facts);
}

/** A returned visit (or one whose submission failed) goes through its policy again, as the policies are now. */
export async function resubmit(ctx: AuthedContext, input: In<'resubmitProcess'>): Promise<ProcessRecord> {
  const v = await visitById(ctx, input.vid);
  if (!v || !canSee(ctx.tenant, { employee: v.empId })) throw notFound('visit');
  if (v.permission !== 0 || (CLOSED_VISIT_STATUSES as readonly string[]).includes(v.status))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Only a visit still waiting for approval can be submitted again');
  if (await repoOf(ctx).waitingRequestOf(v.id)) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The visit is already waiting for a decision');
  const last = await repoOf(ctx).latestRequestOf(v.id);
  const kind = ((last?.facts as { kind?: RequestKind } | undefined)?.kind ?? null) as RequestKind | null;
  await submit(ctx, v, ctx.session.name, kind ?? (v.kind === 'invite' ? 'invitation' : v.kind === 'appointment' ? 'appointment' : 'walkInDesk'));
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc('processResubmitted');
  const rows = await repoOf(ctx).ofVisit(v.id);
  const waiting = await repoOf(ctx).waitingRequestOf(v.id);
  const out = rows.find((r) => r.request.id === waiting?.id && r.seat.status === SEAT.WAITING) ?? rows.at(-1);
  if (!out) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'No policy asks anyone to approve this visit now: the desk or an administrator decides');
  const [record] = await toRecords(ctx, [out], askerOf(ctx));
  if (!record) throw notFound('approval record');
  return record;
}

type Before = Partial<Pick<VisitRow, 'appointmentAt' | 'gid' | 'tid' | 'followers' | 'empId'>>;

/** What of an approved visit changed, by the names policies give material edits. */
function changedFields(before: Before, after: VisitRow): MaterialField[] {
  const out: MaterialField[] = [];
  if ('appointmentAt' in before && (before.appointmentAt?.getTime() ?? null) !== (after.appointmentAt?.getTime() ?? null)) out.push('time');
  if ('gid' in before && (before.gid ?? null) !== (after.gid ?? null)) out.push('gate');
  if ('tid' in before && (before.tid ?? null) !== (after.tid ?? null)) out.push('visitType');
  if ('followers' in before && JSON.stringify(before.followers ?? []) !== JSON.stringify(after.followers)) out.push('companions');
  if ('empId' in before && (before.empId ?? null) !== (after.empId ?? null)) out.push('host');
  return out;
}

/**
 * An approved visit edited materially (what its policy counts as material: time, gate, visitor type, companions,
 * host) waits for approval again, through the policies as they are now; answers whether it does.
 */
export async function reapprove(ctx: AuthedContext, before: Before, after: VisitRow): Promise<boolean> {
  const last = await repoOf(ctx).latestRequestOf(after.id);
  if (!last || last.status !== REQUEST.APPROVED || after.permission !== 1) return false;
  const material = new Set(last.material as MaterialField[]);
  const why = changedFields(before, after).filter((f) => material.has(f));
  if (!why.length) return false;
  const kind = (last.facts as Partial<RequestFacts>).kind ?? 'invitation';
  const facts = { ...(last.facts as RequestFacts), ...factsOfVisit(after, kind) };
  if (!(await needsApproval(ctx, facts))) return false;
  const waiting = await needsApprovalAgain(ctx, after, `approval again: ${why.join(', ')}`);
  await submit(ctx, waiting, last.submitter, kind);
  return true;
}

/** Whether a visit has a decision waiting (the console's direct approve/refuse then defers to the policy). */
export async function isWaiting(ctx: AuthedContext, vid: number): Promise<boolean> {
  return Boolean(await repoOf(ctx).waitingRequestOf(vid));
}
