import { type Employee, type EmployeeFields, type In, normalizeEmail, normalizePhone, Role, Status } from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, requireEvery } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { settingsOf, visitable } from '../company/company.public.js';
import * as departments from './departments.service.js';
import { type EmployeeFilter, type EmployeeInsert, type EmployeeRow, employeesRepository } from './employees.repository.js';

export function repoOf(ctx: AuthedContext) {
  return employeesRepository(ctx.tenant);
}

export const notFound = () => new AppError(Status.EMPLOYEE_NOT_EXIST);

function toEmployee(r: EmployeeRow, depts: { deptid: number; deptName: string }[] = []): Employee {
  return {
    empid: r.id,
    empName: r.name,
    empNo: r.empNo,
    empPhone: r.phone,
    empEmail: r.email,
    empPosition: r.position,
    deptIds: depts.map((d) => d.deptid),
    deptNames: depts.map((d) => d.deptName),
    cardNo: r.cardNo,
    telephone: r.telephone,
    workbay: r.workbay,
    remark: r.remark,
    superiorNo: r.superiorNo,
    superiorName: r.superiorName,
    domainAccount: r.domainAccount,
    visitType: r.visitType,
    defaultNotify: r.defaultNotify,
    defaultReceiver: r.defaultReceiver,
    isLeader: r.isLeader,
    defaultContact: r.defaultContact,
    forbidAppointment: r.forbidAppointment,
    forbidInvite: r.forbidInvite,
    hideFromPad: r.hideFromPad,
    status: r.status,
    face: r.face,
    avatar: r.avatar,
    acEnabled: r.acEnabled,
    acStart: r.acStart,
    acEnd: r.acEnd,
    subaccountId: r.subAccountId,
    createTime: r.createdAt.getTime(),
  };
}

export async function withDepartments(ctx: AuthedContext, rows: EmployeeRow[]): Promise<Employee[]> {
  const depts = await repoOf(ctx).departmentsOf(rows.map((r) => r.id));
  return rows.map((r) => toEmployee(r, depts.get(r.id)));
}

/** Contract fields → columns; only the fields present. */
function columns(f: Partial<EmployeeFields>): Partial<EmployeeInsert> {
  const out: Partial<EmployeeInsert> = {};
  if (f.employee_name !== undefined) out.name = f.employee_name;
  if (f.empNo !== undefined) out.empNo = f.empNo;
  if (f.phone !== undefined) out.phone = normalizePhone(f.phone) ?? f.phone;
  if (f.email !== undefined) out.email = f.email ? normalizeEmail(f.email) : '';
  if (f.empPosition !== undefined) out.position = f.empPosition;
  const same = [
    'cardNo',
    'telephone',
    'workbay',
    'remark',
    'superiorNo',
    'superiorName',
    'domainAccount',
    'visitType',
    'defaultNotify',
    'defaultReceiver',
    'isLeader',
    'defaultContact',
    'forbidAppointment',
    'forbidInvite',
    'hideFromPad',
    'status',
  ] as const;
  for (const k of same) if (f[k] !== undefined) (out as Record<string, unknown>)[k] = f[k];
  return out;
}

/** Spec section 6: once the company has an exemption clause, whoever adds or edits an employee accepts it. */
export async function checkClause(ctx: AuthedContext, accepted: boolean | undefined): Promise<void> {
  if ((await settingsOf(ctx)).escapeClause.trim() && !accepted) throw badParams([{ field: 'acceptClause', rule: 'required' }]);
}

async function checkUnique(ctx: AuthedContext, v: Partial<EmployeeInsert>, exceptId?: number): Promise<void> {
  const repo = repoOf(ctx);
  if (v.empNo && (await repo.clash('empNo', v.empNo, exceptId))) throw new AppError(Status.WORK_NUMBER_NOT_UNIQUE);
  if (v.phone && (await repo.clash('phone', v.phone, exceptId))) throw new AppError(Status.PHONE_NOT_UNIQUE);
  if (v.cardNo && (await repo.clash('cardNo', v.cardNo, exceptId))) throw cardTaken();
}

/** A card opens doors: two employees never share one. */
export const cardTaken = () => badParams([{ field: 'cardNo', rule: 'taken' }]);

async function checkDepartments(ctx: AuthedContext, deptIds: number[] | undefined): Promise<void> {
  if (!deptIds?.length) return;
  const found = await departments.existingIds(ctx, deptIds);
  if (found.length !== new Set(deptIds).size) throw new AppError(Status.NO_SUCH_RECORD, 'No such department');
}

/** Unique indexes are the final word when two writes race. */
export function takenByIndex(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'employees_emp_no_uq') throw new AppError(Status.WORK_NUMBER_NOT_UNIQUE);
  if (index === 'employees_card_no_uq') throw cardTaken();
  throw err;
}

/** The sub-company a signed-in sub-company administrator acts for; undefined for everyone else. */
export function actingSubCompany(ctx: AuthedContext): number | undefined {
  const own = ctx.tenant.visibility.subCompany;
  if (own === null) return undefined;
  if (own <= 0) throw new AppError(Status.NO_PERMISSION);
  return own;
}

/**
 * A sub-company administrator keeps to the fields that are its own: departments and access cards are the head
 * office's (its organisation, its doors), so naming them is refused rather than silently dropped.
 */
function checkSubCompanyFields(ctx: AuthedContext, input: Partial<EmployeeFields>): void {
  if (actingSubCompany(ctx) === undefined) return;
  const refused = (['deptIds', 'cardNo'] as const).filter((f) => input[f] !== undefined);
  if (refused.length) throw badParams(refused.map((field) => ({ field, rule: 'notAllowed' })));
}

/** An employee the caller may change: the company's, and for a sub-company only its own (55 for any other). */
async function editable(ctx: AuthedContext, empid: number): Promise<EmployeeRow> {
  const row = await repoOf(ctx).byId(empid);
  const sub = actingSubCompany(ctx);
  if (!row || (sub !== undefined && row.subAccountId !== sub)) throw notFound();
  return row;
}

export async function add(ctx: AuthedContext, input: Partial<EmployeeFields> & { employee_name: string; phone: string; acceptClause?: boolean }) {
  checkSubCompanyFields(ctx, input);
  await checkClause(ctx, input.acceptClause);
  // A sub-company's new employee is its own, whatever the body says.
  const sub = actingSubCompany(ctx);
  const values = { ...columns(input), ...(sub !== undefined && { subAccountId: sub }) } as EmployeeInsert;
  await checkUnique(ctx, values);
  await checkDepartments(ctx, input.deptIds);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = employeesRepository(tx);
    const created = await repo.insert(values);
    await repo.setDepartments(created.id, input.deptIds ?? []);
    return created;
  }).catch(takenByIndex);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return (await withDepartments(ctx, [row]))[0] as Employee;
}

export async function update(ctx: AuthedContext, input: Partial<EmployeeFields> & { empid: number; acceptClause?: boolean }) {
  const existing = await editable(ctx, input.empid);
  checkSubCompanyFields(ctx, input);
  await checkClause(ctx, input.acceptClause);
  const values = columns(input);
  await checkUnique(ctx, values, existing.id);
  await checkDepartments(ctx, input.deptIds);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = employeesRepository(tx);
    const updated = Object.keys(values).length ? await repo.update(existing.id, values) : existing;
    if (input.deptIds) await repo.setDepartments(existing.id, input.deptIds);
    return updated;
  }).catch(takenByIndex);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return (await withDepartments(ctx, [row]))[0] as Employee;
}

export async function removeMany(ctx: AuthedContext, input: In<'batchDelEmployee'>) {
  const deleted = await inTransaction(ctx.tenant, async (tx) => {
    const removed = await employeesRepository(tx).deleteMany(input.empids);
    requireEvery(
      input.empids,
      removed.map((r) => r.id),
      notFound,
    );
    await departments.clearManager(
      { ...ctx, tenant: tx },
      removed.map((r) => r.id),
    );
    return removed;
  });
  ctx.audit.objId = deleted.map((d) => d.id).join(',');
  ctx.audit.objName = deleted
    .map((d) => d.name)
    .join(', ')
    .slice(0, 200);
  return { deleted: deleted.length };
}

export async function page(
  ctx: AuthedContext,
  input: {
    startIndex: number;
    requestedCount: number;
    name?: string;
    empNo?: string;
    phone?: string;
    deptid?: number;
    deptIds?: number[];
    ids?: number[];
    status?: number;
    sortBy?: 'empName' | 'empNo' | 'createTime';
    sortOrder?: 'asc' | 'desc';
  },
  /** Further conditions set by the calling service, never by the request. */
  extra: EmployeeFilter = {},
) {
  const deptIds = input.deptIds ?? (input.deptid ? await departments.subtree(ctx, input.deptid) : undefined);
  const { rows, count } = await repoOf(ctx).page(
    { ...extra, text: input.name, empNo: input.empNo, phone: input.phone, deptIds, ids: input.ids, status: input.status },
    input.startIndex,
    input.requestedCount,
    input.sortBy,
    input.sortOrder,
  );
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count,
    list: await withDepartments(ctx, rows),
  };
}

export async function pickerList(ctx: AuthedContext) {
  return withDepartments(ctx, await repoOf(ctx).list({ status: 0 }));
}

export async function counts(ctx: AuthedContext) {
  return repoOf(ctx).counts();
}

/**
 * Visitor machines never see employees hidden from pad search; a sub-company finds only its own employees; a walk-in
 * who picked a company finds only its hosts (one in use, or 0 the head office's own).
 */
export async function search(ctx: AuthedContext, input: In<'getEmpByName'>) {
  let subAccountId: EmployeeFilter['subAccountId'];
  // A sub-company's own are all it sees (the repository's visibility): the company it names is not asked.
  if (ctx.tenant.visibility.subCompany !== null) subAccountId = undefined;
  else if (input.subaccountId === 0) subAccountId = 'none';
  else if (input.subaccountId !== undefined) subAccountId = (await visitable(ctx, input.subaccountId)).id;
  const rows = await repoOf(ctx).list(
    { text: input.name, status: 0, hideFromPad: ctx.session.role === Role.MACHINE ? false : undefined, subAccountId },
    20,
  );
  return withDepartments(ctx, rows);
}

export async function byEmpNo(ctx: AuthedContext, input: In<'getEmployeeByEmpNo'>) {
  const row = await repoOf(ctx).byEmpNo(input.empNo);
  if (!row) throw notFound();
  return (await withDepartments(ctx, [row]))[0] as Employee;
}

export async function departmentsOf(ctx: AuthedContext, input: In<'getDeptByEmpid'>) {
  const repo = repoOf(ctx);
  if (!(await repo.byId(input.empid))) throw notFound();
  return (await repo.departmentsOf([input.empid])).get(input.empid) ?? [];
}

/** For other modules: employee ids by work number, in the caller's company. */
export async function idsByWorkNumber(ctx: AuthedContext): Promise<Map<string, number>> {
  const rows = await repoOf(ctx).workNumbers();
  return new Map(rows.map((r) => [r.empNo, r.id]));
}

/**
 * For the visits module: the host of a visit, an enabled employee of the caller's company. 55 when there is no
 * such employee, 1119 when the employee is forbidden or stopped.
 */
export async function hostOf(
  ctx: AuthedContext,
  empid: number,
): Promise<{ id: number; name: string; phone: string; subAccountId: number | null; forbidInvite: boolean }> {
  const row = await repoOf(ctx).byId(empid);
  if (!row) throw notFound();
  if (row.status !== 0) throw new AppError(Status.INVALID_EMPLOYEE);
  return { id: row.id, name: row.name, phone: row.phone, subAccountId: row.subAccountId, forbidInvite: row.forbidInvite };
}

/**
 * The host of a booking made by the company's booking app, by id or phone: 55 when no such employee, 1119 when stopped,
 * forbidden or not taking bookings (forbidAppointment).
 */
export async function bookingHostOf(ctx: AuthedContext, by: { empid?: number; phone?: string }) {
  const repo = repoOf(ctx);
  const row = by.empid ? await repo.byId(by.empid) : by.phone ? await repo.byPhone(normalizePhone(by.phone) ?? by.phone) : undefined;
  if (!row) throw notFound();
  if (row.status !== 0 || row.forbidAppointment) throw new AppError(Status.INVALID_EMPLOYEE);
  return { id: row.id, name: row.name, phone: row.phone, subAccountId: row.subAccountId };
}

/** For the visits module: a host a kiosk may offer (enabled, not hidden from kiosks), or undefined. */
export async function kioskHostOf(ctx: AuthedContext, empid: number): Promise<{ id: number; name: string } | undefined> {
  const row = await repoOf(ctx).byId(empid);
  return row && row.status === 0 && !row.hideFromPad ? { id: row.id, name: row.name } : undefined;
}

/** For other modules: the names of these employees of the caller's company. */
export async function namesOf(ctx: AuthedContext, ids: number[]): Promise<Map<number, string>> {
  const rows = await repoOf(ctx).byIds(ids);
  return new Map(rows.map((r) => [r.id, r.name]));
}
// ---------------------------------------------------------------------------------------------
// For the directory sync (contacts module): it matches provider records itself, then writes here.
// ---------------------------------------------------------------------------------------------

/** Every employee of the company as stored, to match a provider's directory against. */
export async function directoryOf(ctx: AuthedContext): Promise<EmployeeRow[]> {
  return repoOf(ctx).list({}, 1_000_000);
}

/** The fields a directory sync writes. */
export type DirectoryFields = Pick<EmployeeInsert, 'name' | 'phone' | 'email' | 'empNo' | 'position' | 'telephone' | 'status'>;

/**
 * Adds (`empid` null) or changes an employee from a directory record. The caller has checked the phone and
 * work number against `directoryOf`; the unique index still answers 241 when another write raced it.
 */
export async function saveFromDirectory(ctx: AuthedContext, empid: number | null, values: Partial<DirectoryFields>): Promise<EmployeeRow> {
  const repo = repoOf(ctx);
  const row = await (empid === null ? repo.insert(values as EmployeeInsert) : repo.update(empid, values)).catch(takenByIndex);
  if (!row) throw notFound();
  return row;
}

/** The department ids of these employees. */
export async function departmentIdsOf(ctx: AuthedContext, empIds: number[]): Promise<Map<number, number[]>> {
  const repo = repoOf(ctx);
  const out = new Map<number, number[]>();
  for (let i = 0; i < empIds.length; i += 5000) {
    for (const [id, list] of await repo.departmentsOf(empIds.slice(i, i + 5000)))
      out.set(
        id,
        list.map((d) => d.deptid),
      );
  }
  return out;
}

/** Sets an employee's departments to exactly these (ids the caller took from the departments module). */
export async function setDepartmentIds(ctx: AuthedContext, empid: number, deptIds: number[]): Promise<void> {
  await inTransaction(ctx.tenant, (tx) => employeesRepository(tx).setDepartments(empid, deptIds));
}

/**
 * For the notifier (no call context: it also runs in jobs): an employee's name, addresses, chosen channels and status.
 * Takes a scope so the notifier can build one for the company it tells.
 */
/** The employee holding an access card, as a door's card reader reports it (letters in either case), with their access. */
export async function cardHolder(scope: TenantScope, cardNo: string) {
  const e = await employeesRepository(scope).byCard([...new Set([cardNo, cardNo.toUpperCase(), cardNo.toLowerCase()])]);
  return e && { id: e.id, name: e.name, phone: e.phone, status: e.status, acEnabled: e.acEnabled, acStart: e.acStart, acEnd: e.acEnd };
}

/** For the door readers: the employee a temporary card was lent to, in the shape `cardHolder` answers. */
export async function holderById(scope: TenantScope, empId: number) {
  const e = await employeesRepository(scope).byId(empId);
  return e && { id: e.id, name: e.name, phone: e.phone, status: e.status, acEnabled: e.acEnabled, acStart: e.acStart, acEnd: e.acEnd };
}

export function contactOf(scope: TenantScope, empId: number) {
  return employeesRepository(scope).contactOf(empId);
}

/** For other modules (approval rules): which of these ids are this company's enabled employees. (Added by server-visits.) */
export async function enabledIdsOf(ctx: AuthedContext, ids: number[]): Promise<Set<number>> {
  const rows = ids.length ? await repoOf(ctx).byIds(ids) : [];
  return new Set(rows.filter((r) => r.status === 0).map((r) => r.id));
}

/** For the temporary cards: an employee of the caller's company with their departments, or undefined. */
export async function profileOf(ctx: AuthedContext, empid: number): Promise<Employee | undefined> {
  const row = await repoOf(ctx).byId(empid);
  return row && (await withDepartments(ctx, [row]))[0];
}
