import {
  type CompanySettings,
  type In,
  type InvitationTemplateRecord,
  type Lang,
  logDesc,
  Status,
  settingObject,
  TempEdit,
  type TemplateSource,
  type TemplateTexts,
  type TemplateType,
} from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { gatesNamed } from '../../core/sites/sites.public.js';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { canSee } from '../../platform/identity/visibility.js';
import { invitationsRepository, type TemplateRow, type TemplateValues } from './invitations.repository.js';

const noSuchTemplate = () => new AppError(Status.TEMPLATE_NOT_FOUND, 'No such invitation template');
const taken = () => new AppError(Status.ALREADY_EXISTS, 'There is already a template of this type for this gate; edit that one');
const editingOff = () =>
  new AppError(Status.NO_PERMISSION, 'The company does not let employees edit invitation templates (tempEditSwitch); its own templates apply');

function repoOf(ctx: AuthedContext) {
  return invitationsRepository(ctx.tenant);
}

/**
 * Whose templates the caller manages: a sub-company's administrator its sub-company's (never the head office's), the
 * company's administrators the head office's (null).
 */
function templateOwner(ctx: AuthedContext): number | null {
  const own = ctx.tenant.visibility.subCompany;
  if (own !== null && own <= 0) throw new AppError(Status.NO_PERMISSION);
  return own;
}

/** A sub-company's templates have no gate (the gates are the head office's to set): a gate named is not one of its. */
function checkOwnerGate(owner: number | null, gid: number | null): void {
  if (owner !== null && gid !== null) throw new AppError(Status.GATE_NOT_FOUND);
}

export function toTemplate(r: TemplateRow): InvitationTemplateRecord {
  return {
    id: r.id,
    templateType: r.templateType as TemplateType,
    gid: r.gid,
    gname: r.gname,
    empid: r.empId,
    subaccountId: r.subAccountId,
    inviteContent: r.inviteContent,
    address: r.address,
    traffic: r.traffic,
    companyProfile: r.companyProfile,
    inviteContentEn: r.inviteContentEn,
    addressEn: r.addressEn,
    trafficEn: r.trafficEn,
    companyProfileEn: r.companyProfileEn,
    longitude: r.longitude,
    latitude: r.latitude,
    updateTime: r.updatedAt.getTime(),
  };
}

function valuesOf(templateType: number, t: TemplateTexts): TemplateValues {
  return {
    templateType,
    inviteContent: t.inviteContent,
    address: t.address,
    traffic: t.traffic,
    companyProfile: t.companyProfile,
    inviteContentEn: t.inviteContentEn,
    addressEn: t.addressEn,
    trafficEn: t.trafficEn,
    companyProfileEn: t.companyProfileEn,
    longitude: t.longitude,
    latitude: t.latitude,
  };
}

/** The log row: the template by id, the details saying which type and scope (a key each, as the words translate). */
function audit(ctx: AuthedContext, r: { id: number; templateType: number; gid: number | null; empId: number | null; gname: string }) {
  ctx.audit.objId = r.id;
  ctx.audit.objName = settingObject('invitationTemplate');
  const business = r.templateType === 1;
  if (r.empId !== null) ctx.audit.desc = logDesc(business ? 'templateBusinessOwn' : 'templateInterviewOwn');
  else if (r.gid === null) ctx.audit.desc = logDesc(business ? 'templateBusinessDefault' : 'templateInterviewDefault');
  else ctx.audit.desc = logDesc(business ? 'templateBusinessGate' : 'templateInterviewGate', { gate: r.gname || String(r.gid) });
}

async function gateOf(ctx: AuthedContext, gid: number | null): Promise<string> {
  if (gid === null) return '';
  const [gate] = await gatesNamed(ctx, [gid]);
  if (!gate) throw new AppError(Status.GATE_NOT_FOUND);
  return gate.gname;
}

async function reread(ctx: AuthedContext, id: number): Promise<TemplateRow> {
  const row = await repoOf(ctx).templateById(id);
  if (!row) throw noSuchTemplate();
  return row;
}

// ---------------------------------------------------------------------------------------------
// The company's templates (administrators)
// ---------------------------------------------------------------------------------------------

export async function listCompanyTemplates(ctx: AuthedContext, filter: { templateType?: number; gid?: number | null }) {
  return (await repoOf(ctx).companyTemplates(filter, templateOwner(ctx))).map(toTemplate);
}

export async function addCompanyTemplate(ctx: AuthedContext, input: TemplateTexts & { templateType: number; gid: number | null }) {
  const owner = templateOwner(ctx);
  checkOwnerGate(owner, input.gid);
  await gateOf(ctx, input.gid);
  const repo = repoOf(ctx);
  if (await repo.companyTemplateFor(input.templateType, input.gid, undefined, owner)) throw taken();
  const values = { ...valuesOf(input.templateType, input), gid: input.gid, subAccountId: owner };
  const id = await repo.insertTemplate(values).catch((err: unknown) => {
    if (uniqueViolation(err) !== undefined) throw taken();
    throw err;
  });
  const row = await reread(ctx, id);
  audit(ctx, row);
  return toTemplate(row);
}

export async function updateCompanyTemplate(ctx: AuthedContext, input: TemplateTexts & { id: number; templateType: number; gid: number | null }) {
  const repo = repoOf(ctx);
  const owner = templateOwner(ctx);
  if (!(await repo.companyTemplate(input.id, owner))) throw noSuchTemplate();
  checkOwnerGate(owner, input.gid);
  await gateOf(ctx, input.gid);
  if (await repo.companyTemplateFor(input.templateType, input.gid, input.id, owner)) throw taken();
  const id = await repo.updateTemplate(input.id, { ...valuesOf(input.templateType, input), gid: input.gid }).catch((err: unknown) => {
    if (uniqueViolation(err) !== undefined) throw taken();
    throw err;
  });
  if (!id) throw noSuchTemplate();
  const row = await reread(ctx, id);
  audit(ctx, row);
  return toTemplate(row);
}

export async function deleteCompanyTemplate(ctx: AuthedContext, input: In<'delUsertemplate'>): Promise<null> {
  const repo = repoOf(ctx);
  const row = await repo.companyTemplate(input.id, templateOwner(ctx));
  if (!row || !(await repo.deleteTemplate(row.id))) throw noSuchTemplate();
  audit(ctx, row);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Employees' own templates
// ---------------------------------------------------------------------------------------------

function employeesMayEdit(settings: CompanySettings): boolean {
  return settings.tempEditSwitch !== TempEdit.COMPANY_ONLY;
}

export async function ownTemplate(ctx: AuthedContext, input: In<'getEmptemplateByType'>) {
  const row = await repoOf(ctx).employeeTemplate(ctx.session.accountId, input.templateType);
  return { template: row ? toTemplate(row) : null, editable: employeesMayEdit(await settingsOf(ctx)) };
}

export async function saveOwnTemplate(ctx: AuthedContext, input: TemplateTexts & { templateType: number }) {
  if (!employeesMayEdit(await settingsOf(ctx))) throw editingOff();
  const id = await repoOf(ctx).upsertEmployeeTemplate({ ...valuesOf(input.templateType, input), empId: ctx.session.accountId });
  const row = await reread(ctx, id);
  audit(ctx, row);
  return toTemplate(row);
}

export async function deleteOwnTemplate(ctx: AuthedContext, input: In<'delEmptemplate'>): Promise<null> {
  if (!employeesMayEdit(await settingsOf(ctx))) throw editingOff();
  const repo = repoOf(ctx);
  const row = await repo.employeeTemplate(ctx.session.accountId, input.templateType);
  if (!row || !(await repo.deleteTemplate(row.id))) throw noSuchTemplate();
  audit(ctx, row);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Which template an invitation is sent with
// ---------------------------------------------------------------------------------------------

/**
 * The template that applies to an invitation of this type at this gate with this host: the host's own (unless the
 * company keeps templates to itself, tempEditSwitch 1), else the host's sub-company's, else the company's for the gate,
 * else the company's default.
 */
export async function resolveTemplate(
  scope: TenantScope,
  settings: CompanySettings,
  q: { empId: number | null; subAccountId: number | null; templateType: number; gid: number | null },
): Promise<{ row: TemplateRow; source: TemplateSource } | null> {
  const repo = invitationsRepository(scope);
  if (q.empId !== null && employeesMayEdit(settings)) {
    const own = await repo.employeeTemplate(q.empId, q.templateType);
    if (own) return { row: own, source: 'employee' };
  }
  if (q.subAccountId !== null) {
    const theirs = await repo.companyTemplateFor(q.templateType, null, undefined, q.subAccountId);
    if (theirs) return { row: theirs, source: 'subCompany' };
  }
  if (q.gid !== null) {
    const atGate = await repo.companyTemplateFor(q.templateType, q.gid);
    if (atGate) return { row: atGate, source: 'gate' };
  }
  const fallback = await repo.companyTemplateFor(q.templateType, null);
  return fallback ? { row: fallback, source: 'company' } : null;
}

/** The host a template is resolved for: an employee themselves, else the named one (a sub-company: one of its own). */
async function templateHost(ctx: AuthedContext, empid: number | undefined): Promise<{ id: number | null; subAccountId: number | null }> {
  const self = ctx.tenant.visibility.employee;
  if (self !== null) return { id: self, subAccountId: ctx.session.subAccountId };
  if (empid) {
    const host = await employees.hostOf(ctx, empid);
    if (!canSee(ctx.tenant, { subCompany: host.subAccountId })) throw employees.notFound();
    return host;
  }
  return { id: null, subAccountId: templateOwner(ctx) };
}

/** getInviteTemplate: an employee asks for themselves; administrators may name the host. Null when no template applies. */
export async function inviteTemplate(ctx: AuthedContext, input: In<'getInviteTemplate'>) {
  const host = await templateHost(ctx, input.empid);
  if (input.gid !== null) await gateOf(ctx, input.gid);
  const found = await resolveTemplate(ctx.tenant, await settingsOf(ctx), {
    empId: host.id,
    subAccountId: host.subAccountId,
    templateType: input.templateType,
    gid: input.gid,
  });
  return { template: found ? { ...toTemplate(found.row), source: found.source } : null };
}

/** getEmptempByPost: the same, answering 56 when no template applies (as the original does). */
export async function applicableTemplate(ctx: AuthedContext, input: In<'getEmptempByPost'>) {
  const { template } = await inviteTemplate(ctx, input);
  if (!template) throw new AppError(Status.NO_INVITE_TEMPLATE);
  return template;
}

/** A template's texts in one language; a field left empty in English falls back to the Chinese text, and back. */
export function textsIn(r: TemplateRow, lang: Lang) {
  const pick = (zh: string, en: string) => (lang === 'en' ? en.trim() || zh : zh.trim() || en);
  return {
    inviteContent: pick(r.inviteContent, r.inviteContentEn),
    address: pick(r.address, r.addressEn),
    traffic: pick(r.traffic, r.trafficEn),
    companyProfile: pick(r.companyProfile, r.companyProfileEn),
    longitude: r.longitude,
    latitude: r.latitude,
  };
}
