import { type ApproverLeave, type In, logDesc, Status } from '@openvisit/contract';
import { employees } from '../../core/people/people.public.js';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { canSee } from '../../platform/identity/visibility.js';
import { approvalsRepository, type LeaveRow } from './approvals.repository.js';
import { Directory } from './approvals.resolve.js';

/** Employees manage only their own leave (the scope's visibility); administrators anyone's in their company. */
function assertMayAct(ctx: AuthedContext, empId: number): void {
  if (!canSee(ctx.tenant, { employee: empId })) throw new AppError(Status.NO_PERMISSION);
}

async function describe(ctx: AuthedContext, rows: LeaveRow[]): Promise<ApproverLeave[]> {
  const names = await employees.namesOf(ctx, [...new Set(rows.flatMap((r) => [r.empId, ...(r.standInId ? [r.standInId] : [])]))]);
  return rows.map((r) => ({
    lid: r.id,
    empId: r.empId,
    empName: names.get(r.empId) ?? '',
    startDate: r.startDate,
    endDate: r.endDate,
    standInId: r.standInId,
    standInName: r.standInId ? (names.get(r.standInId) ?? '') : '',
    note: r.note,
  }));
}

export async function list(ctx: AuthedContext): Promise<ApproverLeave[]> {
  const rows = await approvalsRepository(ctx.tenant).leaves(dayOf(new Date()), ctx.tenant.visibility.employee);
  return describe(ctx, rows);
}

/**
 * Records a leave. A stand-in chain through the leaves and proxies running on any day of the range that comes back to
 * the employee would leave nobody to ask: refused (standInId cycle).
 */
export async function add(ctx: AuthedContext, input: In<'addApproverLeave'>): Promise<ApproverLeave> {
  assertMayAct(ctx, input.empId);
  const ids = [input.empId, ...(input.standInId ? [input.standInId] : [])];
  const enabled = await employees.enabledIdsOf(ctx, ids);
  if (!enabled.has(input.empId)) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
  if (input.standInId && !enabled.has(input.standInId)) throw badParams([{ field: 'standInId', rule: 'notFound' }]);
  const repo = approvalsRepository(ctx.tenant);
  if (input.standInId) {
    const overlapping = await repo.leavesOverlapping(input.startDate, input.endDate);
    const days = [...new Set([input.startDate, ...overlapping.flatMap((l) => [l.startDate, l.endDate])])].filter(
      (d) => d >= input.startDate && d <= input.endDate,
    );
    for (const day of days) {
      const dir = new Directory(ctx, day);
      if (await comesBack(dir, input.standInId, input.empId)) throw badParams([{ field: 'standInId', rule: 'cycle' }]);
    }
  }
  const row = await repo.insertLeave({
    empId: input.empId,
    startDate: input.startDate,
    endDate: input.endDate,
    standInId: input.standInId,
    note: input.note,
  });
  const out = (await describe(ctx, [row]))[0] as ApproverLeave;
  ctx.audit.objId = input.empId;
  ctx.audit.objName = out.empName;
  ctx.audit.desc = logDesc('visitProxyOn', { proxy: out.standInName, start: input.startDate, end: input.endDate });
  return out;
}

/** Whether following who stands in for `from` on the directory's day reaches `to`. */
async function comesBack(dir: Directory, from: number, to: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let cur: number | null = from; cur !== null && !seen.has(cur); ) {
    if (cur === to) return true;
    seen.add(cur);
    cur = (await dir.awayOf(cur))?.standInId ?? null;
  }
  return false;
}

export async function remove(ctx: AuthedContext, input: In<'delApproverLeave'>): Promise<null> {
  const repo = approvalsRepository(ctx.tenant);
  const row = await repo.leave(input.lid);
  if (!row || !canSee(ctx.tenant, { employee: row.empId })) throw notFound('leave');
  await repo.deleteLeave(row.id);
  ctx.audit.objId = row.empId;
  return null;
}
