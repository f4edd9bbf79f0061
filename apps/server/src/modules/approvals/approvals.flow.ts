import { APPROVAL_STATUSES, type In, logDesc, nextStatus, type ProcessRecord, Role, Status, type VisitorStatus } from '@openvisit/contract';
import { move, setPermission, type VisitRow, visitById } from '../../core/visits/visits.public.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { abilitiesOf, assertMay } from '../../platform/identity/policy.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { canSee } from '../../platform/identity/visibility.js';
import { levelCount } from './approvals.areas.js';
import { tellApprovers, tellOutcome } from './approvals.notices.js';
import { type LevelState, levelActions, PENDING } from './approvals.policy.js';
import { type AreaRow, approvalsRepository, CLOSED_VISIT_STATUSES, type RecordWithVisit, type RuleRow } from './approvals.repository.js';

const APPROVED = 1;
const AGREED = 2;
const REFUSED = 3;
const RETURNED = 4;

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.tenant);
}

/** The area whose flow a visit at this gate follows: one naming the gate, else the default; only areas with levels. */
async function areaFor(ctx: AuthedContext, gid: number | null): Promise<{ area: AreaRow; levels: number } | undefined> {
  const repo = repoOf(ctx);
  const [all, rules] = await Promise.all([repo.areas(), repo.rules()]);
  const usable = all.filter((a) => levelCount(rules, a.id) > 0);
  const area = (gid !== null && usable.find((a) => a.gids.includes(gid))) || usable.find((a) => a.gids.length === 0);
  return area ? { area, levels: levelCount(rules, area.id) } : undefined;
}

/**
 * Puts a new visit (walk-in or invitation, stored with permission 0) at level 1 of its area's flow and tells that
 * level's approvers. A visit no area covers waits for the desk or an administrator to authorise it directly
 * (updateVisitStatus), as the original's single-step approval did.
 */
export async function submit(ctx: AuthedContext, v: VisitRow, submitter: string): Promise<void> {
  const flow = await areaFor(ctx, v.gid);
  if (!flow) return;
  await repoOf(ctx).insert({ visitId: v.id, areaId: flow.area.id, areaName: flow.area.name, level: 1, levels: flow.levels, submitter });
  await tellApprovers(ctx, v, flow.area.id, 1, flow.levels);
}

/** The visit may now check in: permission 1, and a waiting walk-in moves on to authorised. */
async function authorise(ctx: AuthedContext, v: VisitRow, note: string): Promise<void> {
  if (nextStatus(v.status as VisitorStatus, 'approve')) {
    await move(ctx, v, 'approve', { permission: 1 }, note);
    return;
  }
  await setPermission(ctx, v, 1, 'approve', note);
}

interface Approver {
  kind: 'admin' | 'staff' | 'employee';
  id: number;
}

/** The area/level pairs the signed-in account approves at. */
async function myLevels(ctx: AuthedContext): Promise<{ areaId: number; level: number }[]> {
  const repo = repoOf(ctx);
  const rules = await repo.rules();
  const { role, accountId } = ctx.session;
  const myRoles = role === Role.EMPLOYEE ? new Set(await repo.roleIdsOf(accountId)) : new Set<number>();
  const mine = rules.filter((r) => matches(r, role, accountId, myRoles));
  const seen = new Set<string>();
  return mine
    .map((r) => ({ areaId: r.areaId, level: r.level }))
    .filter((l) => {
      const k = `${l.areaId}:${l.level}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

function matches(r: RuleRow, role: number, accountId: number, myRoles: Set<number>): boolean {
  if (r.rType === 0) return role === Role.EMPLOYEE && myRoles.has(r.refId);
  if (r.rType === 1) return role === Role.EMPLOYEE && r.refId === accountId;
  if (r.rType === 2) return role === Role.HSE;
  return role === Role.ADMIN;
}

function me(ctx: AuthedContext): Approver {
  const kind = ctx.session.accountKind;
  return { kind: kind === 'employee' ? 'employee' : kind === 'staff' ? 'staff' : 'admin', id: ctx.session.accountId };
}

/** The level as the policy reads it (approvals.policy.ts): `approver` is whether the caller approves at it. */
function stateOf(r: RecordWithVisit, approver: boolean): LevelState {
  return { status: r.record.status, visitClosed: (CLOSED_VISIT_STATUSES as readonly string[]).includes(r.visitStatus), approver };
}

function toRecord(ctx: AuthedContext, r: RecordWithVisit, approver: boolean): ProcessRecord {
  const state = stateOf(r, approver);
  const status = r.record.status === PENDING && state.visitClosed ? 'notHandled' : (APPROVAL_STATUSES[r.record.status] ?? 'pending');
  return {
    rid: r.record.id,
    vid: r.record.visitId,
    aid: r.record.areaId,
    aName: r.record.areaName,
    level: r.record.level,
    levels: r.record.levels,
    status,
    submitter: r.record.submitter,
    submitTime: r.record.createdAt.getTime(),
    approver: r.record.deciderName,
    approveTime: r.record.decidedAt?.getTime() ?? null,
    remark: r.record.remark,
    vname: r.vname,
    vphone: r.vphone,
    vcompany: r.vcompany,
    empName: r.empName,
    visitType: r.visitType,
    visitReason: r.visitReason,
    appointmentDate: r.appointmentAt?.getTime() ?? null,
    gname: r.gname,
    kind: r.kind,
    canDecide: approver && status === 'pending',
    can: abilitiesOf(levelActions, ctx, state),
  };
}

function pageOf<T>(list: T[], total: number, input: { startIndex: number; requestedCount: number }) {
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count: total, list };
}

const isAdmin = (ctx: AuthedContext) => ctx.session.role === Role.ADMIN || ctx.session.role === Role.SUBADMIN;

export async function waitingQueue(ctx: AuthedContext, input: In<'getNoApproveRecords'>) {
  const levels = await myLevels(ctx);
  const everything = input.all && isAdmin(ctx);
  const { rows, total } = await repoOf(ctx).waiting(everything ? undefined : levels, input.name, input.startIndex, input.requestedCount);
  const can = new Set(levels.map((l) => `${l.areaId}:${l.level}`));
  return pageOf(
    rows.map((r) => toRecord(ctx, r, can.has(`${r.record.areaId}:${r.record.level}`))),
    total,
    input,
  );
}

export async function decidedList(ctx: AuthedContext, input: In<'getApproveRecords'>) {
  const everything = input.all && isAdmin(ctx);
  const { rows, total } = await repoOf(ctx).decided(everything ? undefined : me(ctx), input.name, input.startIndex, input.requestedCount);
  return pageOf(
    rows.map((r) => toRecord(ctx, r, false)),
    total,
    input,
  );
}

/** A visit's approval history: for administrators and the desk, the host, and anyone approving in that visit's flow. */
export async function history(ctx: AuthedContext, input: In<'getProcessRecords'>): Promise<ProcessRecord[]> {
  const rows = await repoOf(ctx).ofVisit(input.vid);
  const levels = await myLevels(ctx);
  const can = new Set(levels.map((l) => `${l.areaId}:${l.level}`));
  const { role, accountId } = ctx.session;
  if (role === Role.EMPLOYEE || role === Role.HSE) {
    const visit = await visitById(ctx, input.vid);
    const own = ctx.tenant.visibility.employee;
    const host = own !== null && visit?.empId === own;
    const approver = rows.some(
      (r) => can.has(`${r.record.areaId}:${r.record.level}`) || (r.record.deciderKind === me(ctx).kind && r.record.deciderId === accountId),
    );
    if (!visit || (!host && !approver)) throw notFound('visit');
  }
  return rows.map((r) => toRecord(ctx, r, can.has(`${r.record.areaId}:${r.record.level}`)));
}

const RESULT = { approve: APPROVED, refuse: REFUSED, return: RETURNED } as const;

export async function decide(
  ctx: AuthedContext,
  input: { rid: number; result: 'approve' | 'refuse' | 'return'; remark: string },
): Promise<ProcessRecord> {
  const repo = repoOf(ctx);
  const r = await repo.record(input.rid);
  if (!r) throw notFound('approval record');
  const levels = await myLevels(ctx);
  const mine = levels.some((l) => l.areaId === r.record.areaId && l.level === r.record.level);
  const state = stateOf(r, mine);
  const why = state.visitClosed ? 'The visit is no longer waiting (called off, declined or expired)' : 'This level was already decided';
  assertMay(levelActions[input.result], state, { why, notYours: Status.NOT_APPROVER });

  // The flow as configured now decides what comes after this level (areas with waiting visits cannot be removed).
  const areaId = r.record.areaId ?? 0;
  const flow = levelCount(await repo.rules([areaId]), areaId);
  const last = input.result === 'approve' && r.record.level >= flow;
  const status = input.result === 'approve' ? (last ? AGREED : APPROVED) : RESULT[input.result];
  const who = me(ctx);
  let visit: VisitRow | undefined;
  await inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const txRepo = approvalsRepository(tx);
    const decided = await txRepo.decide(r.record.id, {
      status,
      deciderKind: who.kind,
      deciderId: who.id,
      deciderName: ctx.session.name,
      remark: input.remark,
    });
    if (!decided) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This level was already decided');
    const v = await visitById(txCtx, r.record.visitId);
    if (!v) throw notFound('visit');
    visit = v;
    const note = input.remark;
    if (status === APPROVED)
      await txRepo.insert({
        visitId: v.id,
        areaId: r.record.areaId,
        areaName: r.record.areaName,
        level: r.record.level + 1,
        levels: flow,
        submitter: r.record.submitter,
      });
    else if (status === AGREED) await authorise(txCtx, v, note);
    else if (status === REFUSED) {
      if (nextStatus(v.status as VisitorStatus, 'reject')) await move(txCtx, v, 'reject', { permission: 2 }, note);
      else await setPermission(txCtx, v, 2, 'reject', note);
    }
  });
  if (!visit) throw notFound('visit');
  const v: VisitRow = visit;
  if (status === APPROVED) await tellApprovers(ctx, v, areaId, r.record.level + 1, flow);
  else await tellOutcome(ctx, v, input.result === 'approve' ? 'agreed' : input.result === 'refuse' ? 'refused' : 'returned', input.remark);

  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  const params = { level: r.record.level, levels: flow, remark: input.remark };
  ctx.audit.desc = logDesc(input.result === 'approve' ? 'processApproved' : input.result === 'refuse' ? 'processRefused' : 'processReturned', params);
  const after = await repo.record(r.record.id);
  if (!after) throw notFound('approval record');
  return toRecord(ctx, after, false);
}

/** A returned visit (or one whose submission failed) goes back to level 1 of its flow as configured now. */
export async function resubmit(ctx: AuthedContext, input: In<'resubmitProcess'>): Promise<ProcessRecord> {
  const v = await visitById(ctx, input.vid);
  if (!v || !canSee(ctx.tenant, { employee: v.empId })) throw notFound('visit');
  if (v.permission !== 0 || (CLOSED_VISIT_STATUSES as readonly string[]).includes(v.status))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Only a visit still waiting for approval can be submitted again');
  if (await repoOf(ctx).waitingOf(v.id)) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The visit is already waiting for a decision');
  await submit(ctx, v, ctx.session.name);
  const waiting = await repoOf(ctx).waitingOf(v.id);
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc('processResubmitted');
  const rows = await repoOf(ctx).ofVisit(v.id);
  const out = rows.find((r) => r.record.id === waiting?.id) ?? rows.at(-1);
  if (!out) throw notFound('approval record');
  return toRecord(ctx, out, false);
}

/** Whether a visit has a decision waiting (the console's direct approve/refuse then defers to the flow). */
export async function isWaiting(ctx: AuthedContext, vid: number): Promise<boolean> {
  return Boolean(await repoOf(ctx).waitingOf(vid));
}
