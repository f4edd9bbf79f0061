import {
  CERTIFICATE_WARNING_DAYS,
  type CertStatus,
  type In,
  logDesc,
  maskIdNumber,
  normalizePhone,
  RESIDENT_LIST_MAX,
  type ResidentInput,
  type ResidentProject,
  type ResidentVisitor,
  Status,
} from '@openvisit/contract';
import { supplierById, supplierNamed, suppliersOf } from '../../core/people/people.public.js';
import { uniqueViolation } from '../../db/sql.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound, requireEvery } from '../../platform/http/errors.js';
import { keptIdNumber } from '../../platform/identity/idNumbers.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { anyWaiting, submitResident } from './residents.approval.js';
import { fileKeysOf } from './residents.files.js';
import {
  type CertStatusFilter,
  type ProjectRow,
  type ResidentFilter,
  type ResidentWithProject,
  residentsRepository,
} from './residents.repository.js';

function repoOf(ctx: AuthedContext) {
  return residentsRepository(ctx.tenant);
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

function toProject(p: ProjectRow, residents: number): ResidentProject {
  return {
    pid: p.id,
    pName: p.name,
    leader: p.leader,
    phone: p.phone,
    area: p.area,
    content: p.content,
    startDate: ms(p.startAt),
    endDate: ms(p.endAt),
    remark: p.remark,
    residents,
    createTime: p.createdAt.getTime(),
  };
}

/** Today and the last day of the warning period (yyyy-mm-dd, server time zone). */
export function certificateDays(now = new Date()) {
  const today = dayOf(now);
  return { today, warnUntil: dayOf(dayStart(today, CERTIFICATE_WARNING_DAYS)) };
}

function certStatusOf(expiry: string | null, days = certificateDays()): CertStatus {
  if (!expiry) return 'none';
  if (expiry < days.today) return 'expired';
  return expiry <= days.warnUntil ? 'expiring' : 'valid';
}

export function toResident(r: ResidentWithProject): ResidentVisitor {
  return {
    rid: r.id,
    pid: r.projectId,
    pName: r.projectName,
    supplierId: r.supplierId,
    company: r.company,
    name: r.name,
    phone: r.phone,
    certificateType: r.certificateType,
    cardid: maskIdNumber(r.idNumber),
    sex: r.sex,
    age: r.age,
    job: r.job,
    department: r.department,
    area: r.area,
    leader: r.leader,
    plateNum: r.plateNum,
    startDate: r.startAt.getTime(),
    endDate: r.endAt.getTime(),
    rstatus: r.rstatus,
    refuseCause: r.refuseCause,
    approver: r.approver,
    face: r.face !== '',
    remark: r.remark,
    certExpiry: r.certExpiry,
    certStatus: certStatusOf(r.certExpiry),
    createTime: r.createdAt.getTime(),
  };
}

/** Phones are stored normalised, like visits' (so a resident's visits and the blacklist compare alike). */
const storedPhone = (phone: string) => (phone ? (normalizePhone(phone) ?? phone) : '');

// ---------------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------------

export async function projects(ctx: AuthedContext, input: In<'getProject'>): Promise<ResidentProject[]> {
  const rows = await repoOf(ctx).projects(input.pName);
  return rows.map((r) => toProject(r.project, r.residents));
}

interface ProjectInput {
  pName: string;
  leader: string;
  phone: string;
  area: string;
  content: string;
  startDate: number;
  endDate: number;
  remark: string;
}

function projectValues(input: ProjectInput) {
  return {
    name: input.pName,
    leader: input.leader,
    phone: storedPhone(input.phone),
    area: input.area,
    content: input.content,
    startAt: new Date(input.startDate),
    endAt: new Date(input.endDate),
    remark: input.remark,
  };
}

/** A unique-index refusal on the project name (two adds racing past the check) is the same 33. */
function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'resident_projects_name_uq') throw new AppError(Status.DUPLICATE_PROJECT);
  throw err;
}

export async function addProject(ctx: AuthedContext, input: ProjectInput): Promise<ResidentProject> {
  const repo = repoOf(ctx);
  if (await repo.projectNamed(input.pName)) throw new AppError(Status.DUPLICATE_PROJECT);
  const row = await repo.insertProject(projectValues(input)).catch(nameTaken);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('residentProject');
  return toProject(row, 0);
}

export async function updateProject(ctx: AuthedContext, input: ProjectInput & { pid: number }): Promise<ResidentProject> {
  const repo = repoOf(ctx);
  if (!(await repo.projectById(input.pid))) throw notFound('project');
  if (await repo.projectNamed(input.pName, input.pid)) throw new AppError(Status.DUPLICATE_PROJECT);
  const row = await repo.updateProject(input.pid, projectValues(input)).catch(nameTaken);
  if (!row) throw notFound('project');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('residentProject');
  return toProject(row, await repo.residentsOfProject(row.id));
}

/** A project with resident visitors is kept (58 with the count): deleting it would orphan them. */
export async function deleteProject(ctx: AuthedContext, input: In<'delProject'>) {
  const repo = repoOf(ctx);
  const project = await repo.projectById(input.pid);
  if (!project) throw notFound('project');
  const residents = await repo.residentsOfProject(project.id);
  if (residents > 0)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `${residents} resident visitors belong to this project; move or delete them first`, { residents });
  const deleted = await repo.deleteProject(project.id);
  ctx.audit.objId = project.id;
  ctx.audit.objName = project.name;
  ctx.audit.desc = logDesc('residentProject');
  return { deleted: deleted.length };
}

// ---------------------------------------------------------------------------------------------
// Resident visitors
// ---------------------------------------------------------------------------------------------

export async function page(
  ctx: AuthedContext,
  input: Omit<ResidentFilter, 'cert'> & { startIndex: number; requestedCount: number; pid?: number; certStatus?: CertStatusFilter },
) {
  const { certStatus, ...f } = input;
  const cert = certStatus ? { status: certStatus, ...certificateDays() } : undefined;
  const { rows, count } = await repoOf(ctx).page({ ...f, projectId: input.pid, cert }, input.startIndex, input.requestedCount);
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count,
    list: rows.map(toResident),
  };
}

/**
 * The supplier company: a server company's own (whatever the body says: another answers 602), else the one named by
 * id (602 when not the company's), else a registered one of the given name, else the name alone.
 */
async function supplierOf(ctx: AuthedContext, input: ResidentInput): Promise<{ supplierId: number | null; company: string }> {
  const own = ctx.tenant.supplierId;
  if (own !== null && input.supplierId && input.supplierId !== own) throw notFound('supplier company');
  const id = own ?? input.supplierId;
  if (id) {
    const s = await supplierById(ctx, id);
    return { supplierId: s.id, company: s.name };
  }
  if (!input.company) throw badParams([{ field: 'company', rule: 'required' }]);
  const named = await supplierNamed(ctx, input.company);
  return named ? { supplierId: named.id, company: named.name } : { supplierId: null, company: input.company };
}

/** The project must be this company's (602); phone (24) and certificate number (3) belong to one resident each. */
async function checkResident(ctx: AuthedContext, input: ResidentInput, rid = 0) {
  const repo = repoOf(ctx);
  const project = await repo.projectById(input.pid);
  if (!project) throw notFound('project');
  const supplier = await supplierOf(ctx, input);
  const phone = storedPhone(input.phone);
  if (phone && (await repo.holderOf('phone', phone, rid)))
    throw new AppError(Status.PHONE_NOT_UNIQUE, 'Another resident visitor has this phone number');
  if (input.cardid && (await repo.holderOf('idNumber', input.cardid, rid)))
    throw new AppError(Status.ALREADY_EXISTS, 'Another resident visitor has this certificate number');
  return {
    project,
    values: {
      projectId: project.id,
      ...supplier,
      name: input.name,
      phone,
      certificateType: input.certificateType,
      idNumber: input.cardid,
      sex: input.sex,
      age: input.age,
      job: input.job,
      department: input.department,
      area: input.area,
      leader: input.leader,
      plateNum: input.plateNum.toUpperCase(),
      startAt: new Date(input.startDate),
      endAt: new Date(input.endDate),
      remark: input.remark,
    },
  };
}

/** Two writes racing past the checks meet the unique indexes: the same answers. */
function identityTaken(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'resident_visitors_phone_uq') throw new AppError(Status.PHONE_NOT_UNIQUE);
  if (index === 'resident_visitors_id_number_uq') throw new AppError(Status.ALREADY_EXISTS);
  throw err;
}

async function residentById(ctx: AuthedContext, rid: number): Promise<ResidentWithProject> {
  const row = await repoOf(ctx).byId(rid);
  if (!row) throw notFound('resident visitor');
  return row;
}

export async function add(ctx: AuthedContext, input: ResidentInput): Promise<ResidentVisitor> {
  const { project, values } = await checkResident(ctx, input);
  const rid = await repoOf(ctx)
    .insert({ ...values, rstatus: 0 })
    .catch(identityTaken);
  ctx.audit.objId = rid;
  ctx.audit.objName = values.name;
  ctx.audit.desc = logDesc('residentVisitor', { project: project.name });
  const row = await residentById(ctx, rid);
  await submitResident(ctx, row);
  return toResident(row);
}

/**
 * A change of who the person is or when they may come must be approved again: an approved or refused resident
 * goes back to waiting (rstatus 0). Other details change without a new approval.
 */
export async function update(ctx: AuthedContext, input: ResidentInput & { rid: number }): Promise<ResidentVisitor> {
  const before = await residentById(ctx, input.rid);
  const cardid = keptIdNumber(before.idNumber, input.cardid, 'cardid');
  const { project, values } = await checkResident(ctx, { ...input, cardid }, before.id);
  const reapprove =
    before.rstatus !== 0 &&
    (values.name !== before.name ||
      values.phone !== before.phone ||
      values.idNumber !== before.idNumber ||
      values.certificateType !== before.certificateType ||
      values.supplierId !== before.supplierId ||
      values.startAt.getTime() !== before.startAt.getTime() ||
      values.endAt.getTime() !== before.endAt.getTime());
  await repoOf(ctx)
    .update(before.id, reapprove ? { ...values, rstatus: 0, refuseCause: '', approver: '' } : values)
    .catch(identityTaken);
  ctx.audit.objId = before.id;
  ctx.audit.objName = values.name;
  ctx.audit.desc = logDesc(reapprove ? 'residentVisitorReapproval' : 'residentVisitor', { project: project.name });
  const row = await residentById(ctx, before.id);
  if (reapprove) await submitResident(ctx, row);
  return toResident(row);
}

export async function remove(ctx: AuthedContext, input: In<'delResidentVisitor'>) {
  const files = await fileKeysOf(ctx, [...new Set(input.rids)]);
  const deleted = await inTransaction(ctx.tenant, async (tx) => {
    const rows = await residentsRepository(tx).deleteMany([...new Set(input.rids)]);
    requireEvery(
      input.rids,
      rows.map((r) => r.id),
      () => notFound('resident visitor'),
    );
    return rows;
  });
  ctx.audit.objId = deleted.map((d) => d.id).join(',');
  ctx.audit.objName = deleted
    .map((d) => d.name)
    .join(', ')
    .slice(0, 200);
  // Their file rows went with them (foreign key); the bytes go now, their face photos too.
  for (const key of [...files, ...deleted.map((d) => d.face).filter((f) => f !== '')]) await ctx.services.files.remove(key);
  ctx.audit.desc = logDesc('residentVisitorsDeleted', { count: deleted.length });
  return { deleted: deleted.length };
}

/** Approve or refuse (with the reason); the approver is the session's account. */
export async function setPermission(ctx: AuthedContext, input: In<'updateRvPermission'>) {
  // Decided: a worker whose certificate has expired is not approved (750, naming them); one expiring soon is, and the
  // lists flag it (certStatus 'expiring').
  if (await anyWaiting(ctx, [...new Set(input.rids)]))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'A worker waits for the approvers the approval policy names');
  if (input.rstatus === 1) {
    const expired = await repoOf(ctx).withExpiredCertificate([...new Set(input.rids)], certificateDays().today);
    if (expired.length)
      throw new AppError(Status.CERTIFICATE_EXPIRED, `A certificate has expired: ${expired.map((e) => e.name).join(', ')}`, {
        rids: expired.map((e) => e.id),
        names: expired.map((e) => e.name),
      });
  }
  const changed = await inTransaction(ctx.tenant, async (tx) => {
    const rows = await residentsRepository(tx).setStatus([...new Set(input.rids)], {
      rstatus: input.rstatus,
      refuseCause: input.rstatus === 2 ? input.refuseCause : '',
      approver: ctx.session.name,
    });
    requireEvery(
      input.rids,
      rows.map((r) => r.id),
      () => notFound('resident visitor'),
    );
    return rows;
  });
  ctx.audit.objId = changed.map((d) => d.id).join(',');
  ctx.audit.objName = changed
    .map((d) => d.name)
    .join(', ')
    .slice(0, 200);
  ctx.audit.desc = logDesc(input.rstatus === 1 ? 'residentsApproved' : 'residentsRefused', { count: changed.length });
  return { updated: changed.length };
}

/** Registered supplier companies (with none, a count of 0) and the free names residents carry without one. */
export async function companies(ctx: AuthedContext) {
  const [rows, registered] = await Promise.all([repoOf(ctx).companies(), suppliersOf(ctx)]);
  const counts = new Map<number, number>();
  for (const r of rows) if (r.supplierId !== null) counts.set(r.supplierId, (counts.get(r.supplierId) ?? 0) + r.count);
  return [
    ...registered.map((s) => ({ supplierId: s.id, company: s.name, count: counts.get(s.id) ?? 0 })),
    ...rows.filter((r) => r.supplierId === null).map((r) => ({ supplierId: null, company: r.company, count: r.count })),
  ].sort((x, y) => x.company.localeCompare(y.company));
}

export async function list(ctx: AuthedContext, f: ResidentFilter, limit = RESIDENT_LIST_MAX): Promise<ResidentVisitor[]> {
  return (await repoOf(ctx).list(f, limit)).map(toResident);
}

/** One resident visitor of the company (a server company's own only); 1117 otherwise. */
export async function byRid(ctx: AuthedContext, rid: number): Promise<ResidentVisitor> {
  const [found] = await list(ctx, { ids: [rid] }, 1);
  if (!found) throw new AppError(Status.INVALID_VISITOR);
  return found;
}

/** Resident visitors by id for other modules (the devices module grants them doors); 602 unless every one is the company's. */
export async function residentsNamed(ctx: AuthedContext, rids: number[]): Promise<{ rid: number; name: string }[]> {
  const ids = [...new Set(rids)];
  const rows = await repoOf(ctx).list({ ids }, ids.length);
  requireEvery(
    ids,
    rows.map((r) => r.id),
    () => notFound('resident visitor'),
  );
  return rows.map((r) => ({ rid: r.id, name: r.name }));
}

/** For the door devices' credentials (modules/credentials): approved residents. */
export function faceCandidateResidents(scope: TenantScope) {
  return residentsRepository(scope).faceCandidates();
}

/** A resident visitor's name and whole ID number (revealIdNumber). */
export async function residentIdNumber(ctx: AuthedContext, rid: number) {
  const r = await repoOf(ctx).byId(rid);
  return r && { name: r.name, certificateType: r.certificateType, idNumber: r.idNumber };
}
