import { type Employee, type In, type LogDescription, logDesc, Status } from '@openvisit/contract';
import { assertGroups, employeesGranted, groupIdsOfEmployees, setEmployeesGroups } from '../../core/entitlements/entitlements.public.js';
import {
  cardTaken,
  departments,
  type EmployeeFilter,
  type EmployeeInsert,
  employeesRepository,
  notFound,
  page,
  repoOf,
  takenByIndex,
  withDepartments,
} from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, requireEvery } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { canSee } from '../../platform/identity/visibility.js';

/** Batch changes to employee attributes and the lists built on them (contract: calls/employees.attributes.ts). */

/** Sets attributes of these employees (every one the company's, else 55) in one transaction, with `also` inside it. */
async function setMany(
  ctx: AuthedContext,
  empids: number[],
  values: Partial<EmployeeInsert>,
  what: LogDescription,
  also?: (tx: TenantScope) => Promise<void>,
) {
  const changed = await inTransaction(ctx.tenant, async (tx) => {
    const repo = employeesRepository(tx);
    const rows = Object.keys(values).length ? await repo.updateMany(empids, values) : await repo.list({ ids: empids });
    requireEvery(
      empids,
      rows.map((r) => r.id),
      notFound,
    );
    await also?.(tx);
    return rows;
  });
  ctx.audit.objId = changed.map((c) => c.id).join(',');
  ctx.audit.objName = changed
    .map((c) => c.name)
    .join(', ')
    .slice(0, 200);
  ctx.audit.desc = what;
  return { updated: changed.length };
}

export async function updateCardNo(ctx: AuthedContext, input: In<'updateCardNo'>): Promise<Employee> {
  const repo = repoOf(ctx);
  const existing = await repo.byId(input.empid);
  if (!existing) throw notFound();
  if (input.cardNo && (await repo.clash('cardNo', input.cardNo, existing.id))) throw cardTaken();
  const row = await repo.update(existing.id, { cardNo: input.cardNo }).catch(takenByIndex);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = input.cardNo ? logDesc('cardSet', { cardNo: input.cardNo }) : logDesc('cardCleared');
  return (await withDepartments(ctx, [row]))[0] as Employee;
}

/**
 * Card numbers by work number. Rows are checked against the file itself (a card or work number twice) and
 * against the employees it leaves untouched; all valid rows then apply in one transaction, cards moving
 * between employees included (cleared first, so the unique index never sees a half-moved card).
 */
export async function synchronCards(ctx: AuthedContext, input: In<'SynchronCardNo'>) {
  const all = await repoOf(ctx).identities();
  const byEmpNo = new Map(all.filter((e) => e.empNo).map((e) => [e.empNo, e]));
  const errors: { row: number; field: 'empNo' | 'cardNo'; rule: string }[] = [];
  const seenEmp = new Set<string>();
  const seenCard = new Set<string>();
  const wanted = new Map<number, string>();
  for (const [i, c] of input.cards.entries()) {
    const row = i + 1;
    const emp = byEmpNo.get(c.empNo);
    if (!emp) errors.push({ row, field: 'empNo', rule: 'notFound' });
    else if (seenEmp.has(c.empNo)) errors.push({ row, field: 'empNo', rule: 'duplicate' });
    else if (seenCard.has(c.cardNo)) errors.push({ row, field: 'cardNo', rule: 'duplicate' });
    else {
      seenEmp.add(c.empNo);
      seenCard.add(c.cardNo);
      wanted.set(emp.id, c.cardNo);
    }
  }
  // A card kept by an employee this batch does not touch (and, with replace, nobody keeps any) is taken.
  if (!input.replace) {
    const keptBy = new Map(all.filter((e) => e.cardNo && !wanted.has(e.id)).map((e) => [e.cardNo, e.id]));
    input.cards.forEach((c, i) => {
      const emp = byEmpNo.get(c.empNo);
      if (emp && wanted.get(emp.id) === c.cardNo && keptBy.has(c.cardNo)) {
        wanted.delete(emp.id);
        errors.push({ row: i + 1, field: 'cardNo', rule: 'taken' });
      }
    });
  }
  const current = new Map(all.map((e) => [e.id, e.cardNo]));
  const changes = [...wanted].filter(([id, card]) => current.get(id) !== card);
  const clear = input.replace ? all.filter((e) => e.cardNo && !wanted.has(e.id)).map((e) => e.id) : [];
  await inTransaction(ctx.tenant, (tx) => employeesRepository(tx).applyCards(changes, clear));
  errors.sort((x, y) => x.row - y.row);
  ctx.audit.desc = logDesc('cardsSynced', { issued: changes.length, cleared: clear.length, refused: errors.length });
  return { updated: changes.length, unchanged: wanted.size - changes.length, cleared: clear.length, errors };
}

export function updateVisitType(ctx: AuthedContext, input: In<'updateEmpVisitType'>) {
  const visitType = splitTypes(input.visitType).join(',');
  return setMany(ctx, input.empids, { visitType }, logDesc('visitTypesSet', { types: visitType }));
}

function splitTypes(s: string): string[] {
  return [...new Set(s.split(/[,，]/).map((t) => t.trim()))].filter(Boolean);
}

/** Signed-in employees only ever read their own (the scope's visibility). */
export async function visitTypes(ctx: AuthedContext, input: In<'GetVisitType'>) {
  const empid = ctx.tenant.visibility.employee ?? input.empid;
  if (!empid) throw notFound();
  const row = await repoOf(ctx).byId(empid);
  if (!row) throw notFound();
  return { empid: row.id, visitTypes: splitTypes(row.visitType) };
}

export async function updateDefaultNotify(ctx: AuthedContext, input: In<'updateDefaultNotify'>) {
  if (input.empids.some((id) => !canSee(ctx.tenant, { employee: id }))) throw new AppError(Status.NO_PERMISSION);
  return setMany(ctx, input.empids, { defaultNotify: input.defaultNotify }, logDesc('notifySet', { notify: input.defaultNotify }));
}

async function checkSubAccount(ctx: AuthedContext, id: number): Promise<void> {
  if (!(await repoOf(ctx).subAccountExists(id))) throw new AppError(Status.SUB_ACCOUNT_INVALID);
}

export async function updateSubAccount(ctx: AuthedContext, input: In<'updateEmpSubAccount'>) {
  if (input.subaccountId) await checkSubAccount(ctx, input.subaccountId);
  return setMany(ctx, input.empids, { subAccountId: input.subaccountId || null }, logDesc('subCompanySet', { subaccountId: input.subaccountId }));
}

/** A sub-company signed in is held to its own employees, whatever id it sends. */
async function subAccountScope(ctx: AuthedContext, asked: number | undefined): Promise<number | 'any'> {
  const own = ctx.tenant.visibility.subCompany;
  if (own !== null) {
    if (own <= 0) throw new AppError(Status.SUB_ACCOUNT_INVALID);
    return own;
  }
  if (asked) await checkSubAccount(ctx, asked);
  return asked ?? 'any';
}

export async function subAccountEmployees(ctx: AuthedContext, input: In<'getSubAccountEmpList'>) {
  const scope = await subAccountScope(ctx, input.subaccountId);
  // No sub-company named: the company's own people (a single-company site's desk picks its hosts from them).
  return withDepartments(ctx, await repoOf(ctx).list({ subAccountId: scope === 'any' ? 'none' : scope, status: 0 }));
}

export async function subAccountPage(
  ctx: AuthedContext,
  input: { startIndex: number; requestedCount: number; name?: string; subaccountId?: number },
) {
  return page(ctx, input, { subAccountId: await subAccountScope(ctx, input.subaccountId) });
}

function toRights(e: Employee, egids: number[]) {
  return {
    empid: e.empid,
    empName: e.empName,
    empNo: e.empNo,
    deptNames: e.deptNames,
    cardNo: e.cardNo,
    face: e.face,
    acEnabled: e.acEnabled,
    acStart: e.acStart,
    acEnd: e.acEnd,
    egids,
  };
}

/** A page of employees as access rights, with the device groups each is granted (read from the devices module). */
async function rightsPage(ctx: AuthedContext, p: Awaited<ReturnType<typeof page>>) {
  const groups = await groupIdsOfEmployees(
    ctx.tenant,
    p.list.map((e) => e.empid),
  );
  return { ...p, list: p.list.map((e) => toRights(e, groups.get(e.empid) ?? [])) };
}

export async function accessList(ctx: AuthedContext, input: In<'getAcList'>) {
  const deptIds = input.deptid ? await departments.subtree(ctx, input.deptid) : undefined;
  const ids = input.egid ? await employeesGranted(ctx.tenant, input.egid) : undefined;
  return rightsPage(ctx, await page(ctx, { ...input, deptIds, ids, sortBy: 'empName', sortOrder: 'asc' }, { acEnabled: input.acEnabled }));
}

/** The allowed flag and dates when `acEnabled` is sent; the groups, exactly, when `egids` is: in one transaction. */
export async function updateAccess(ctx: AuthedContext, input: In<'updateAccessControl'>) {
  const egids = input.egids && (await assertGroups(ctx.tenant, input.egids));
  const values = input.acEnabled === undefined ? {} : { acEnabled: input.acEnabled, acStart: input.acStart, acEnd: input.acEnd };
  const what =
    input.acEnabled === undefined
      ? logDesc('employeeGroupsSet', { groups: egids?.length ?? 0 })
      : input.acEnabled
        ? logDesc('accessGranted', { from: input.acStart ?? '…', to: input.acEnd ?? '…' })
        : logDesc('accessWithdrawn');
  return setMany(ctx, input.empids, values, what, egids && ((tx) => setEmployeesGroups(tx, input.empids, egids)));
}

/** Allowed, enabled, granted a group and without a card: the queue of cards to issue. */
export async function pendingCards(ctx: AuthedContext, input: In<'getPendingCard'>) {
  const ids = await employeesGranted(ctx.tenant);
  const pending: EmployeeFilter = { acEnabled: true, noCard: true };
  return rightsPage(ctx, await page(ctx, { ...input, ids, status: 0, sortBy: 'createTime', sortOrder: 'asc' }, pending));
}

/** Who may invite visitors (spec section 6), for the administrator's invitation-permission list. */
export async function invitePersons(
  ctx: AuthedContext,
  input: { startIndex: number; requestedCount: number; name?: string; deptid?: number; forbidInvite?: boolean },
) {
  const p = await page(ctx, { ...input, sortBy: 'empName', sortOrder: 'asc' }, { forbidInvite: input.forbidInvite });
  return {
    ...p,
    list: p.list.map((e) => ({
      empid: e.empid,
      empName: e.empName,
      empNo: e.empNo,
      empPhone: e.empPhone,
      deptNames: e.deptNames,
      status: e.status,
      forbidInvite: e.forbidInvite,
    })),
  };
}

export function updateInviteStatus(ctx: AuthedContext, input: In<'updateInviteStatus'>) {
  return setMany(ctx, input.empids, { forbidInvite: input.forbidInvite }, logDesc(input.forbidInvite ? 'inviteForbidden' : 'inviteAllowed'));
}
