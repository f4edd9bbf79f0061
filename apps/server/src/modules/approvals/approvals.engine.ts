import { nextStatus, type PolicyDraft, type RequestFacts, type RequestKind, type VisitorStatus } from '@openvisit/contract';
import { move, setPermission, type VisitRow, visitById } from '../../core/visits/visits.public.js';
import { uniqueViolation } from '../../db/sql.js';
import { dayOf } from '../../platform/formats/days.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { companyWide, inTransaction } from '../../platform/identity/tenancy.js';
import { factsOfVisit, viewOf } from './approvals.facts.js';
import { asksHeadCount, type Candidate, type FactsView, firstMatch, stagesOf, stepOutcome } from './approvals.match.js';
import type { StoredStep } from './approvals.repository.js';
import { approvalsRepository, type PolicyRow, type RequestRow, type SeatRow } from './approvals.repository.js';
import { Directory, resolveSeat } from './approvals.resolve.js';
import { type SubjectKind, subjectHandler } from './approvals.subjects.js';

/** Seat statuses (approval_seats.status). */
export const SEAT = { WAITING: 0, APPROVED: 1, AGREED: 2, REFUSED: 3, RETURNED: 4, CLOSED: 5, BY_DEADLINE: 6 } as const;
/** Request statuses (approval_requests.status). */
export const REQUEST = { WAITING: 0, APPROVED: 1, REFUSED: 2, RETURNED: 3, CALLED_OFF: 4 } as const;

/** The built-in default when a company never saved one: the desk or an administrator decides (the original's single step). */
export const IMPLICIT_DEFAULT: Candidate = {
  pid: null,
  name: '',
  subCompanyId: null,
  isDefault: true,
  enabled: true,
  draft: { name: '', enabled: true, mode: 'desk', conditions: [], steps: [], material: ['time', 'gate', 'visitType', 'companions'] },
};

export function candidateOf(p: PolicyRow): Candidate {
  return {
    pid: p.id,
    name: p.name,
    subCompanyId: p.subCompanyId,
    isDefault: p.isDefault,
    enabled: p.enabled,
    draft: {
      name: p.name,
      enabled: p.enabled,
      mode: p.mode as PolicyDraft['mode'],
      conditions: p.conditions as PolicyDraft['conditions'],
      steps: p.steps as PolicyDraft['steps'],
      material: p.material as PolicyDraft['material'],
    },
  };
}

/** The company's policies as candidates, the default last (the built-in one when none is saved). */
export async function candidates(ctx: AuthedContext): Promise<Candidate[]> {
  // Every policy of the company, whoever made the request (a sub-company's account sees only its own in the list).
  const rows = (await approvalsRepository(companyWide(ctx.tenant)).policies()).map(candidateOf);
  return rows.some((p) => p.isDefault && p.subCompanyId === null) ? rows : [...rows, IMPLICIT_DEFAULT];
}

/** Which policy a request follows, with the facts as its conditions read them. */
export async function match(ctx: AuthedContext, facts: RequestFacts, dir: Directory, first?: Candidate) {
  const all = await candidates(ctx);
  const list = first ? [first, ...all.filter((p) => p.pid === null || p.pid !== first.pid)] : all;
  const view = await viewOf(ctx, facts, dir, asksHeadCount(list));
  return { view, ...firstMatch(list, view) };
}

const seatOutcome = (s: SeatRow): 'approved' | 'refused' | 'waiting' => {
  if (s.status === SEAT.APPROVED || s.status === SEAT.AGREED) return 'approved';
  if (s.status === SEAT.REFUSED) return 'refused';
  if (s.status === SEAT.BY_DEADLINE) return s.note === 'deadlineRefused' ? 'refused' : 'approved';
  return 'waiting';
};

export type Settled = { outcome: 'waiting'; opened: SeatRow[] } | { outcome: 'approved' | 'refused' | 'returned'; opened: SeatRow[]; remark: string };

/** Opens a stage: one seat per approver of each of its steps, resolved now, with the step's deadline. */
async function openStage(ctx: AuthedContext, req: RequestRow, stage: number, now: Date): Promise<SeatRow[]> {
  const plan = req.plan as PolicyDraft['steps'];
  const stages = stagesOf(plan);
  const dir = new Directory(ctx, dayOf(now));
  const hostId = (req.facts as Partial<RequestFacts>).hostId ?? null;
  const rows = [];
  for (const [i, step] of plan.entries()) {
    if (stages[i] !== stage) continue;
    const dueAt = step.deadline ? new Date(now.getTime() + step.deadline.minutes * 60_000) : null;
    for (const [j, spec] of step.approvers.entries()) {
      const seat = await resolveSeat(dir, spec, hostId);
      rows.push({
        requestId: req.id,
        visitId: req.visitId,
        step: i,
        seat: j,
        spec,
        empIds: seat.empIds,
        hse: seat.hse,
        admin: seat.admin,
        standIns: seat.standIns,
        note: seat.unresolved ? 'unresolved' : '',
        dueAt,
        createdAt: now,
      });
    }
  }
  await approvalsRepository(ctx.tenant).updateRequest(req.id, { stage });
  return approvalsRepository(ctx.tenant).insertSeats(rows);
}

/**
 * Where a request stands after a seat of its current stage changed (inside the transaction holding its lock): a
 * return or a refused step ends it; every step of the stage approved opens the next stage, or approves it after the last.
 */
export async function settle(ctx: AuthedContext, req: RequestRow, now: Date, remark = ''): Promise<Settled> {
  const repo = approvalsRepository(ctx.tenant);
  const plan = req.plan as StoredStep[];
  const stages = stagesOf(plan);
  const seats = await repo.seatsOf(req.id);
  const current = seats.filter((s) => stages[s.step] === req.stage);
  const finish = async (status: number, outcome: 'approved' | 'refused' | 'returned'): Promise<Settled> => {
    await repo.closeWaiting(req.id, undefined, SEAT.CLOSED, '');
    await repo.updateRequest(req.id, { status, decidedAt: now });
    return { outcome, opened: [], remark };
  };
  if (current.some((s) => s.status === SEAT.RETURNED)) return finish(REQUEST.RETURNED, 'returned');
  const steps = plan
    .map((step, i) => ({ step, i }))
    .filter(({ i }) => stages[i] === req.stage)
    .map(({ step, i }) => ({ i, outcome: stepOutcome(step.quorum, current.filter((s) => s.step === i).map(seatOutcome)) }));
  if (steps.some((s) => s.outcome === 'refused')) return finish(REQUEST.REFUSED, 'refused');
  if (steps.some((s) => s.outcome === 'waiting')) {
    // A step reached its quorum while another of the stage still waits: its remaining seats are not needed.
    const done = steps.filter((s) => s.outcome === 'approved').map((s) => s.i);
    if (done.length) await repo.closeWaiting(req.id, done, SEAT.CLOSED, '');
    return { outcome: 'waiting', opened: [] };
  }
  await repo.closeWaiting(
    req.id,
    steps.map((s) => s.i),
    SEAT.CLOSED,
    '',
  );
  const next = req.stage + 1;
  if (stages.includes(next)) {
    const opened = await openStage(ctx, req, next, now);
    return { outcome: 'waiting', opened };
  }
  await repo.updateRequest(req.id, { status: REQUEST.APPROVED, decidedAt: now });
  return { outcome: 'approved', opened: [], remark };
}

/** The visit may now check in: permission 1, and a waiting walk-in moves on to authorised. */
export async function authorise(ctx: AuthedContext, v: VisitRow, note: string): Promise<void> {
  if (nextStatus(v.status as VisitorStatus, 'approve')) await move(ctx, v, 'approve', { permission: 1 }, note);
  else await setPermission(ctx, v, 1, 'approve', note);
}

export async function refuseVisit(ctx: AuthedContext, v: VisitRow, note: string): Promise<void> {
  if (nextStatus(v.status as VisitorStatus, 'reject')) await move(ctx, v, 'reject', { permission: 2 }, note);
  else await setPermission(ctx, v, 2, 'reject', note);
}

/** Applies a settled outcome to its subject (inside the transaction): the visit, or through the subject's module. */
export async function applyOutcome(ctx: AuthedContext, req: RequestRow, s: Settled, by: string): Promise<VisitRow | undefined> {
  if (req.visitId) return applyToVisit(ctx, req.visitId, s);
  if (req.subjectId !== null && (s.outcome === 'approved' || s.outcome === 'refused'))
    await subjectHandler(req.subjectKind)?.apply(ctx, req.subjectId, s.outcome, { name: by, remark: s.remark });
  return undefined;
}

/** Applies a settled outcome to the visit (inside the transaction). */
export async function applyToVisit(ctx: AuthedContext, visitId: number | null, s: Settled): Promise<VisitRow | undefined> {
  if (!visitId) return undefined;
  const v = await visitById(ctx, visitId);
  if (!v) return undefined;
  if (s.outcome === 'approved') await authorise(ctx, v, s.remark);
  else if (s.outcome === 'refused') await refuseVisit(ctx, v, s.remark);
  return v;
}

export interface Submitted {
  request: RequestRow | undefined;
  opened: SeatRow[];
  /** 'desk' (or 'none', a policy changed since it was asked): it waits for the desk or an administrator. */
  mode: PolicyDraft['mode'] | 'already';
  visit: VisitRow;
}

/**
 * Puts a visit waiting for approval (stored with permission 0) through the policy it matches: its first stage's
 * seats are opened; a policy asking nobody authorises it at once; the desk mode leaves it to the desk.
 */
export async function submitVisit(ctx: AuthedContext, v: VisitRow, submitter: string, kind: RequestKind, now = new Date()): Promise<Submitted> {
  const facts = factsOfVisit(v, kind);
  return inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const dir = new Directory(txCtx, dayOf(now));
    const { policy } = await match(txCtx, facts, dir);
    // 'none' was asked before the visit was stored (needsApproval); a policy changed since leaves it to the desk.
    const mode = policy?.draft.mode ?? 'desk';
    if (mode !== 'steps' || !policy) return { request: undefined, opened: [], mode, visit: v };
    const repo = approvalsRepository(tx);
    const request = await repo
      .insertRequest({
        subjectKind: 'visit',
        visitId: v.id,
        policyId: policy.pid,
        policyName: policy.name,
        plan: policy.draft.steps as StoredStep[],
        material: policy.draft.material,
        facts,
        stage: 0,
        status: REQUEST.WAITING,
        submitter,
        createdAt: now,
      })
      .catch((err: unknown) => {
        if (uniqueViolation(err) === 'approval_requests_waiting_uq') return undefined;
        throw err;
      });
    if (!request) return { request: undefined, opened: [], mode: 'already', visit: v };
    const opened = await openStage(txCtx, request, 0, now);
    return { request, opened, mode, visit: v };
  });
}

export interface SubjectRequest {
  subjectKind: SubjectKind;
  subjectId: number;
  facts: RequestFacts;
  summary: NonNullable<RequestRow['summary']>;
  submitter: string;
}

/**
 * Puts a truck booking or a temporary card application through the policy its facts match: `steps` opens its first
 * stage; `desk` and `none` are answered for its module to act on (the desk decides as before, or nothing to approve).
 */
export async function submitSubject(ctx: AuthedContext, r: SubjectRequest, now = new Date()): Promise<Omit<Submitted, 'visit'>> {
  return inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const { policy } = await match(txCtx, r.facts, new Directory(txCtx, dayOf(now)));
    const mode = policy?.draft.mode ?? 'desk';
    if (mode !== 'steps' || !policy) return { request: undefined, opened: [], mode };
    const request = await approvalsRepository(tx)
      .insertRequest({
        subjectKind: r.subjectKind,
        subjectId: r.subjectId,
        summary: r.summary,
        policyId: policy.pid,
        policyName: policy.name,
        plan: policy.draft.steps as StoredStep[],
        material: policy.draft.material,
        facts: r.facts,
        stage: 0,
        status: REQUEST.WAITING,
        submitter: r.submitter,
        createdAt: now,
      })
      .catch((err: unknown) => {
        // Already waiting (submitted twice at once): that request stands.
        if (uniqueViolation(err) === 'approval_requests_subject_waiting_uq') return undefined;
        throw err;
      });
    if (!request) return { request: undefined, opened: [], mode: 'already' as const };
    return { request, opened: await openStage(txCtx, request, 0, now), mode };
  });
}

/** Whether a request with these facts would wait for anyone (the approval switch is the caller's). */
export async function asksAnyone(ctx: AuthedContext, facts: RequestFacts, now = new Date()): Promise<boolean> {
  const { policy } = await match(ctx, facts, new Directory(ctx, dayOf(now)));
  return (policy?.draft.mode ?? 'desk') !== 'none';
}

export type { FactsView };
