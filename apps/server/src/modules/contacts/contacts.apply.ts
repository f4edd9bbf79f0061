import {
  CODE_PATTERN,
  type ContactChannel,
  checkEmail,
  checkPersonName,
  DEPT_NAME_MAX,
  type DepartmentNode,
  normalizeEmail,
  normalizePhone,
  Status,
  SYNC_LIST_MAX,
  type SyncFailure,
  type SyncReport,
  type SyncStep,
  WORK_NUMBER_MAX,
} from '@openvisit/contract';
import { departments, employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { ExtDepartment, ExtUser } from './contacts.providers.js';
import type { contactsRepository, EmployeeLink } from './contacts.repository.js';

type Repo = ReturnType<typeof contactsRepository>;

/** Employee status codes (contract: 0 enabled, 1 forbidden, 2 stopped). */
const ENABLED = 0;
const STOPPED = 2;

export function newReport(channel: ContactChannel, step: SyncStep, auto: boolean): SyncReport {
  const now = Date.now();
  return {
    channel,
    step,
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    vanishedCount: 0,
    failures: [],
    vanished: [],
    startedAt: now,
    finishedAt: now,
    auto,
  };
}

function fail(report: SyncReport, f: SyncFailure): void {
  report.failed++;
  if (report.failures.length < SYNC_LIST_MAX) report.failures.push(f);
}

/** A refusal of the departments or employees module as a failure rule: the field rule of a 400, else a name for the status. */
function ruleOf(err: AppError): string {
  const errors = (err.result as { errors?: { rule?: unknown }[] } | null)?.errors;
  if (err.status === Status.BAD_PARAMS && typeof errors?.[0]?.rule === 'string') return errors[0].rule;
  switch (err.status) {
    case Status.DEPARTMENT_EXISTS:
      return 'exists';
    case Status.WORK_NUMBER_NOT_UNIQUE:
    case Status.PHONE_NOT_UNIQUE:
      return 'taken';
    case Status.NO_SUCH_RECORD:
    case Status.EMPLOYEE_NOT_EXIST:
      return 'gone';
    default:
      return 'refused';
  }
}

function flatten(nodes: readonly DepartmentNode[], out: DepartmentNode[] = []): DepartmentNode[] {
  for (const n of nodes) {
    out.push(n);
    flatten(n.childDeptList, out);
  }
  return out;
}

const deptKey = (parentId: number, name: string) => `${parentId}\u0000${name.toLowerCase()}`;

/**
 * Departments: matched by the provider's id (our link), else adopted when one of ours of the same name sits
 * under the same parent, else created; renamed and moved to follow the provider. Ours that the provider no
 * longer lists are reported, never deleted (they may hold people or sub-departments of our own).
 */
export async function applyDepartments(ctx: AuthedContext, repo: Repo, channel: ContactChannel, ext: readonly ExtDepartment[], report: SyncReport) {
  const links = await repo.departmentLinks(channel);
  const local = flatten(await departments.tree(ctx)).map((d) => ({ id: d.deptid, name: d.deptName, parentId: d.parentId }));
  const byId = new Map(local.map((d) => [d.id, d]));
  const byKey = new Map(local.map((d) => [deptKey(d.parentId, d.name), d.id]));
  const linkedIds = new Set(links.values());
  const resolved = new Map<string, number>();
  const failed = new Set<string>();
  report.total = ext.length;

  for (const d of ext) {
    const name = d.name.trim();
    const failure = (field: string, rule: string, status: number | null = null) => {
      fail(report, { externalId: d.id, name, field, rule, status });
      failed.add(d.id);
    };
    if (d.parentId !== null && failed.has(d.parentId)) {
      failure('parentId', 'parentFailed');
      continue;
    }
    const parentId = d.parentId === null ? 0 : resolved.get(d.parentId);
    if (parentId === undefined) {
      failure('parentId', 'parentMissing');
      continue;
    }
    if (!name) {
      failure('deptName', 'required');
      continue;
    }
    if (name.length > DEPT_NAME_MAX) {
      failure('deptName', 'tooLong');
      continue;
    }
    const linkedId = links.get(d.id);
    const linked = linkedId === undefined ? undefined : byId.get(linkedId);
    try {
      if (linked) {
        if (linked.name !== name || linked.parentId !== parentId) {
          await departments.update(ctx, { deptid: linked.id, deptName: name, parentId });
          byKey.delete(deptKey(linked.parentId, linked.name));
          linked.name = name;
          linked.parentId = parentId;
          byKey.set(deptKey(parentId, name), linked.id);
          report.updated++;
        } else report.unchanged++;
        resolved.set(d.id, linked.id);
        continue;
      }
      const same = byKey.get(deptKey(parentId, name));
      if (same !== undefined && !linkedIds.has(same)) {
        await repo.linkDepartment(channel, d.id, same);
        linkedIds.add(same);
        resolved.set(d.id, same);
        report.updated++;
        continue;
      }
      const { deptid } = await departments.add(ctx, { deptName: name, deptNo: '', parentId, deptManagerEmpid: null });
      await repo.linkDepartment(channel, d.id, deptid);
      const row = { id: deptid, name, parentId };
      byId.set(deptid, row);
      byKey.set(deptKey(parentId, name), deptid);
      linkedIds.add(deptid);
      resolved.set(d.id, deptid);
      report.created++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failure('deptName', ruleOf(err), err.status);
    }
  }

  const listed = new Set(ext.map((d) => d.id));
  for (const [externalId, deptId] of links) {
    const dept = byId.get(deptId);
    if (listed.has(externalId) || !dept) continue;
    report.vanishedCount++;
    if (report.vanished.length < SYNC_LIST_MAX) report.vanished.push({ id: deptId, name: dept.name, externalId, stopped: false });
  }
}

interface Cleaned {
  name: string;
  phone: string;
  email: string;
  empNo: string;
  position: string;
  telephone: string;
}

/** A provider record in our formats; the failure when it cannot be one of our employees. */
function clean(u: ExtUser): Cleaned | { field: string; rule: string } {
  const name = u.name.trim();
  const nameFailure = checkPersonName(name);
  if (nameFailure) return { field: 'name', rule: nameFailure };
  let phone = '';
  if (u.mobile.trim()) {
    const normal = normalizePhone(u.mobile.trim());
    if (!normal) return { field: 'phone', rule: 'format' };
    phone = normal;
  }
  const email = u.email.trim() && !checkEmail(u.email.trim()) ? normalizeEmail(u.email.trim()) : '';
  const empNo = u.jobNumber.trim();
  return {
    name,
    phone,
    email,
    // A work number we could not store is left out rather than failing the person.
    empNo: empNo.length <= WORK_NUMBER_MAX && CODE_PATTERN.test(empNo) ? empNo : '',
    position: u.title.trim().slice(0, 64),
    telephone: u.telephone.trim().slice(0, 32),
  };
}

/**
 * Employees: matched by the provider's id (our link), else by phone, else by work number — only among
 * employees not linked to another record of this channel — so re-runs never duplicate. Provider fields that are
 * empty (hidden by the provider's permissions) leave ours as they are. A phone (24) or work number (241) of
 * another employee fails that record only. Employees the provider no longer lists are set to stopped (never
 * deleted) and enabled again if they come back; a provider listing nobody stops nobody.
 */
export async function applyEmployees(ctx: AuthedContext, repo: Repo, channel: ContactChannel, users: readonly ExtUser[], report: SyncReport) {
  const links = await repo.employeeLinks(channel);
  const index = indexEmployees(await employees.directoryOf(ctx), links);
  report.total = users.length;
  for (const u of users) await applyEmployee(ctx, repo, channel, u, index, report);
  await stopVanished(ctx, repo, channel, users, links, index, report);
}

type DirectoryRow = Awaited<ReturnType<typeof employees.directoryOf>>[number];

/** The company's employees as a sync sees them, kept up to date as it saves. */
interface EmployeeIndex {
  byId: Map<number, DirectoryRow>;
  /** This channel's links to employees that exist, by provider id. */
  linkOf: Map<string, EmployeeLink>;
  /** Employees linked to some record of this channel. */
  linkedEmp: Set<number>;
  byPhone: Map<string, number>;
  byEmpNo: Map<string, number>;
}

function indexEmployees(rows: DirectoryRow[], links: EmployeeLink[]): EmployeeIndex {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const index: EmployeeIndex = {
    byId,
    linkOf: new Map(links.filter((l) => byId.has(l.empId)).map((l) => [l.externalId, l])),
    linkedEmp: new Set(links.map((l) => l.empId)),
    byPhone: new Map(),
    byEmpNo: new Map(),
  };
  for (const r of rows) {
    if (r.phone) index.byPhone.set(r.phone, r.id);
    if (r.empNo) index.byEmpNo.set(r.empNo, r.id);
  }
  return index;
}

/** The employee a provider record updates: its link, else an unlinked employee with its phone, else with its work number. */
function targetOf(index: EmployeeIndex, link: EmployeeLink | undefined, c: Cleaned): DirectoryRow | undefined {
  let target = link ? index.byId.get(link.empId) : undefined;
  if (!target && c.phone) {
    const id = index.byPhone.get(c.phone);
    if (id !== undefined && !index.linkedEmp.has(id)) target = index.byId.get(id);
  }
  if (!target && c.empNo) {
    const id = index.byEmpNo.get(c.empNo);
    if (id !== undefined && !index.linkedEmp.has(id)) target = index.byId.get(id);
  }
  return target;
}

/** Syncs one provider record into the company's employees, counting it in the report. */
async function applyEmployee(ctx: AuthedContext, repo: Repo, channel: ContactChannel, u: ExtUser, index: EmployeeIndex, report: SyncReport) {
  const c = clean(u);
  if ('rule' in c) {
    fail(report, { externalId: u.id, name: u.name.trim(), field: c.field, rule: c.rule, status: null });
    return;
  }
  const failure = (field: string, rule: string, status: number | null) => fail(report, { externalId: u.id, name: c.name, field, rule, status });
  const link = index.linkOf.get(u.id);
  const target = targetOf(index, link, c);
  const phoneOwner = c.phone ? index.byPhone.get(c.phone) : undefined;
  if (phoneOwner !== undefined && phoneOwner !== target?.id) {
    failure('phone', 'taken', Status.PHONE_NOT_UNIQUE);
    return;
  }
  const empNoOwner = c.empNo ? index.byEmpNo.get(c.empNo) : undefined;
  if (empNoOwner !== undefined && empNoOwner !== target?.id) {
    failure('empNo', 'taken', Status.WORK_NUMBER_NOT_UNIQUE);
    return;
  }

  const values: Partial<employees.DirectoryFields> = { name: c.name };
  if (c.phone) values.phone = c.phone;
  if (c.email) values.email = c.email;
  if (c.empNo) values.empNo = c.empNo;
  if (c.position) values.position = c.position;
  if (c.telephone) values.telephone = c.telephone;
  try {
    if (target) await updateLinked(ctx, repo, channel, u, target, link, values, index, report);
    else {
      const saved = await employees.saveFromDirectory(ctx, null, { ...values, status: ENABLED });
      await repo.linkEmployee(channel, u.id, saved.id);
      index.byId.set(saved.id, saved);
      index.linkedEmp.add(saved.id);
      if (saved.phone) index.byPhone.set(saved.phone, saved.id);
      if (saved.empNo) index.byEmpNo.set(saved.empNo, saved.id);
      report.created++;
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    failure(err.status === Status.WORK_NUMBER_NOT_UNIQUE ? 'empNo' : 'name', ruleOf(err), err.status);
  }
}

/** Updates an existing employee with the provider's non-empty fields (enabling it again if the sync stopped it) and links it. */
async function updateLinked(
  ctx: AuthedContext,
  repo: Repo,
  channel: ContactChannel,
  u: ExtUser,
  current: DirectoryRow,
  link: EmployeeLink | undefined,
  values: Partial<employees.DirectoryFields>,
  index: EmployeeIndex,
  report: SyncReport,
) {
  if (link?.stoppedBySync && current.status === STOPPED) values.status = ENABLED;
  const changes = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => current[k as keyof typeof current] !== v),
  ) as Partial<employees.DirectoryFields>;
  if (Object.keys(changes).length) {
    const saved = await employees.saveFromDirectory(ctx, current.id, changes);
    if (current.phone !== saved.phone) {
      if (index.byPhone.get(current.phone) === current.id) index.byPhone.delete(current.phone);
      if (saved.phone) index.byPhone.set(saved.phone, saved.id);
    }
    if (current.empNo !== saved.empNo) {
      if (index.byEmpNo.get(current.empNo) === current.id) index.byEmpNo.delete(current.empNo);
      if (saved.empNo) index.byEmpNo.set(saved.empNo, saved.id);
    }
    index.byId.set(saved.id, saved);
  }
  if (!link) await repo.linkEmployee(channel, u.id, current.id);
  else if (link.stoppedBySync) await repo.markStopped(channel, [u.id], null);
  index.linkedEmp.add(current.id);
  if (Object.keys(changes).length || !link) report.updated++;
  else report.unchanged++;
}

/** Stops the linked employees the provider no longer lists (unless it lists nobody) and reports them. */
async function stopVanished(
  ctx: AuthedContext,
  repo: Repo,
  channel: ContactChannel,
  users: readonly ExtUser[],
  links: EmployeeLink[],
  index: EmployeeIndex,
  report: SyncReport,
) {
  const listed = new Set(users.map((u) => u.id));
  const gone = links.filter((l) => !listed.has(l.externalId) && index.byId.has(l.empId));
  report.vanishedCount = gone.length;
  const now = new Date();
  for (const l of gone) {
    const emp = index.byId.get(l.empId);
    if (!emp) continue;
    let stopped = !!l.stoppedBySync && emp.status === STOPPED;
    if (users.length > 0 && emp.status === ENABLED) {
      await employees.saveFromDirectory(ctx, emp.id, { status: STOPPED });
      await repo.markStopped(channel, [l.externalId], now);
      stopped = true;
    }
    if (report.vanished.length < SYNC_LIST_MAX) report.vanished.push({ id: emp.id, name: emp.name, externalId: l.externalId, stopped });
  }
}

/**
 * Memberships of synced employees: in the departments synced from this channel they follow the provider;
 * memberships in departments of our own are kept. A person whose provider department is not synced (yet) gets
 * the others and is reported.
 */
export async function applyRelations(ctx: AuthedContext, repo: Repo, channel: ContactChannel, users: readonly ExtUser[], report: SyncReport) {
  const deptLinks = await repo.departmentLinks(channel);
  const synced = new Set(deptLinks.values());
  const empOf = new Map((await repo.employeeLinks(channel)).map((l) => [l.externalId, l.empId]));
  const current = await employees.departmentIdsOf(
    ctx,
    users.map((u) => empOf.get(u.id)).filter((id): id is number => id !== undefined),
  );
  report.total = users.length;

  for (const u of users) {
    const name = u.name.trim();
    const empid = empOf.get(u.id);
    if (empid === undefined) {
      fail(report, { externalId: u.id, name, field: 'empid', rule: 'notSynced', status: null });
      continue;
    }
    const wanted = u.deptIds.map((d) => deptLinks.get(d));
    const mapped = wanted.filter((id): id is number => id !== undefined);
    const now = current.get(empid) ?? [];
    const next = [...new Set([...now.filter((d) => !synced.has(d)), ...mapped])];
    const same = next.length === now.length && next.every((d) => now.includes(d));
    try {
      if (!same) await employees.setDepartmentIds(ctx, empid, next);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      fail(report, { externalId: u.id, name, field: 'deptIds', rule: ruleOf(err), status: err.status });
      continue;
    }
    if (mapped.length < wanted.length) fail(report, { externalId: u.id, name, field: 'deptIds', rule: 'departmentNotSynced', status: null });
    else if (same) report.unchanged++;
    else report.updated++;
  }
}
