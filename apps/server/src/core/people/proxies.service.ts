import { type In, logDesc, Status, type VisitProxy } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { canSee } from '../../platform/identity/visibility.js';
import { namesOf } from './employees.service.js';
import { type ProxyRow, proxiesRepository } from './proxies.repository.js';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Employees manage only their own delegation (the scope's visibility); administrators anyone's in their company. */
function assertMayAct(ctx: AuthedContext, empid: number): void {
  if (!canSee(ctx.tenant, { employee: empid })) throw new AppError(Status.NO_PERMISSION);
}

async function describe(ctx: AuthedContext, rows: ProxyRow[]): Promise<VisitProxy[]> {
  const names = await namesOf(
    ctx,
    rows.flatMap((r) => [r.empId, r.proxyId]),
  );
  const day = today();
  return rows.map((r) => ({
    empid: r.empId,
    empName: names.get(r.empId) ?? '',
    proxyId: r.proxyId,
    proxyName: names.get(r.proxyId) ?? '',
    startDate: r.startDate,
    endDate: r.endDate,
    proxyStatus: r.status,
    active: r.status === 1 && r.startDate <= day && day <= r.endDate,
    updateTime: r.updatedAt.getTime(),
  }));
}

export async function set(ctx: AuthedContext, input: In<'setVisitProxy'>) {
  assertMayAct(ctx, input.empid);
  const names = await namesOf(ctx, [input.empid, input.proxyId]);
  if (names.size !== 2) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
  const values = { proxyId: input.proxyId, startDate: input.startDate, endDate: input.endDate, status: input.proxyStatus };
  const row = await proxiesRepository(ctx.tenant).upsert(input.empid, values);
  ctx.audit.objId = input.empid;
  ctx.audit.objName = names.get(input.empid);
  const proxy = { proxy: names.get(input.proxyId) ?? '', start: input.startDate, end: input.endDate };
  ctx.audit.desc = logDesc(input.proxyStatus ? 'visitProxyOn' : 'visitProxyOff', proxy);
  return (await describe(ctx, [row]))[0] as VisitProxy;
}

export async function forEmployee(ctx: AuthedContext, input: In<'getVisitProxyForEmp'>) {
  assertMayAct(ctx, input.empid);
  if ((await namesOf(ctx, [input.empid])).size === 0) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
  const rows = await proxiesRepository(ctx.tenant).ofEmployee(input.empid);
  return rows.length ? ((await describe(ctx, rows))[0] as VisitProxy) : null;
}

/** Whom this proxy stands in for today: the notification module sends a host's notices to these proxies too. */
export async function forProxy(ctx: AuthedContext, input: In<'getVisitProxyForProxy'>) {
  assertMayAct(ctx, input.proxyId);
  if ((await namesOf(ctx, [input.proxyId])).size === 0) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
  const rows = await proxiesRepository(ctx.tenant).runningForProxy(input.proxyId, today());
  return describe(ctx, rows);
}

/** The proxy standing in for this employee today, if any (the arrival notice goes to them too). */
export async function runningProxyOf(ctx: AuthedContext, empId: number): Promise<number | undefined> {
  return (await proxiesRepository(ctx.tenant).runningForEmployee(empId, today()))?.proxyId;
}
