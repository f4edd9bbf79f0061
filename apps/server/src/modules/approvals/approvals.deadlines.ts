import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { visitById } from '../../core/visits/visits.public.js';
import { dayOf } from '../../platform/formats/days.js';
import { type AuthedContext, inTx, jobContext } from '../../platform/http/calls.js';
import { inTransaction, type SystemScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Services } from '../../platform/services.js';
import { applyOutcome, REQUEST, SEAT, type Settled, settle } from './approvals.engine.js';
import { announce } from './approvals.flow.js';
import { approvalsRepository, CLOSED_VISIT_STATUSES, type RequestRow, type SeatRow, type StoredStep } from './approvals.repository.js';
import { Directory, resolveSeat } from './approvals.resolve.js';
import { subjectHandler } from './approvals.subjects.js';
import { approvalsSystemRepository } from './approvals.system.repository.js';

/**
 * Step deadlines: every minute, the waiting seats of steps past their deadline are escalated (to the undecided
 * approvers' superiors, a role, the administrator, or on to the next step) or decided (approved or refused) as the
 * step says, and the record notes it. One job per minute slot, keyed by the slot, so any number of processes may
 * schedule it; each step is settled under its request's lock.
 */
export const DEADLINE_JOB = 'approvals.deadlines';
const EVERY_MS = 60_000;
const BATCH = 200;

export interface DeadlineDeps {
  system: SystemScope;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
}

/** Who an escalated seat goes to; nobody found: the administrator. */
async function escalate(ctx: AuthedContext, req: RequestRow, step: StoredStep, seat: SeatRow, dir: Directory): Promise<void> {
  const deadline = step.deadline;
  const hostId = (req.facts as { hostId?: number | null }).hostId ?? null;
  let empIds: number[] = [];
  if (deadline?.to === 'role' && deadline.roleId) empIds = (await resolveSeat(dir, { kind: 'role', id: deadline.roleId }, hostId)).empIds;
  if (deadline?.to === 'manager') {
    const from = seat.empIds.length ? seat.empIds : hostId ? [hostId] : [];
    for (const id of from) {
      const m = await dir.superiorOf(id);
      const found = m ? await dir.present(m.id) : null;
      if (found && !empIds.includes(found.empId)) empIds.push(found.empId);
    }
  }
  const spec =
    deadline?.to === 'role' && deadline.roleId
      ? { kind: 'role', id: deadline.roleId }
      : deadline?.to === 'manager'
        ? { kind: 'hostManager' }
        : { kind: 'admin' };
  await approvalsRepository(ctx.tenant).reassign(seat.id, {
    empIds,
    hse: false,
    admin: empIds.length === 0,
    note: 'escalated',
    spec: empIds.length ? spec : { kind: 'admin' },
  });
}

/** Applies one step's deadline at `now`: what the step says, under the request's lock. */
export async function applyDeadline(ctx: AuthedContext, requestId: number, stepIndex: number, now: Date): Promise<Settled | undefined> {
  const out = await inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const repo = approvalsRepository(tx);
    const req = await repo.lockRequest(requestId);
    if (!req || req.status !== REQUEST.WAITING) return undefined;
    const step = (req.plan as StoredStep[])[stepIndex];
    const due = (await repo.seatsOf(req.id)).filter((s) => s.step === stepIndex && s.status === SEAT.WAITING && s.dueAt && s.dueAt <= now);
    if (!step?.deadline || !due.length) return undefined;
    // A visit called off, declined or expired meanwhile: nothing more to decide, nobody to tell.
    const v = req.visitId ? await visitById(txCtx, req.visitId) : undefined;
    const subjectClosed = req.subjectId !== null && (await subjectHandler(req.subjectKind)?.closed(txCtx, req.subjectId));
    if ((v && (CLOSED_VISIT_STATUSES as readonly string[]).includes(v.status)) || subjectClosed) {
      await repo.closeWaiting(req.id, undefined, SEAT.CLOSED, '');
      await repo.updateRequest(req.id, { status: REQUEST.CALLED_OFF, decidedAt: now });
      return undefined;
    }
    const { action, to } = step.deadline;
    if (action === 'escalate' && to !== 'next') {
      const dir = new Directory(txCtx, dayOf(now));
      for (const seat of due) await escalate(txCtx, req, step, seat, dir);
      const escalated = (await repo.seatsOf(req.id)).filter((s) => due.some((d) => d.id === s.id));
      return { settled: { outcome: 'waiting', opened: escalated } as Settled, visitId: req.visitId, req };
    }
    const note = action === 'refuse' ? 'deadlineRefused' : action === 'approve' ? 'deadlineApproved' : 'skipped';
    for (const seat of due) await repo.decideSeat(seat.id, { status: SEAT.BY_DEADLINE, note, deciderName: '' });
    const settled = await settle(txCtx, req, now, '');
    await applyOutcome(txCtx, req, settled, 'deadline');
    return { settled, visitId: req.visitId, req };
  });
  if (!out) return undefined;
  // Escalated seats' people are told as newly asked; a decision by the deadline is told as any other.
  const visit = out.visitId ? await visitById(ctx, out.visitId) : undefined;
  await announce(ctx, out.req, visit, out.settled);
  return out.settled;
}

/** One sweep at `now`: every step past its deadline, company by company. Answers how many steps it handled. */
export async function sweepDeadlines(deps: DeadlineDeps, now: Date): Promise<number> {
  let handled = 0;
  for (;;) {
    const due = await approvalsSystemRepository(deps.system).dueSteps(now, BATCH);
    if (!due.length) return handled;
    for (const d of due) {
      const ctx = jobContext(deps, d.companyId, { job: 'approvals', account: 'deadline', name: 'deadline' });
      await applyDeadline(ctx, d.requestId, d.step, now);
      handled += 1;
    }
    if (due.length < BATCH) return handled;
  }
}

export async function ensureDeadlineSweep(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / EVERY_MS) * EVERY_MS + EVERY_MS);
  await jobs.enqueue(DEADLINE_JOB, { at: at.toISOString() }, { runAt: at, key: `${DEADLINE_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

export function registerApprovalJobs(deps: DeadlineDeps & { jobs: JobQueue }, now: () => Date = () => new Date()): void {
  deps.jobs.register(DEADLINE_JOB, async () => {
    await sweepDeadlines(deps, now());
    await ensureDeadlineSweep(deps.jobs, now());
  });
}
