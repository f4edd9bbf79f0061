import { companySettings, type Lang, normalizePhone, Role, Status, type UserInfo, VaPerm } from '@openvisit/contract';
import { type CompanyRow, company, patchSettings, settingsOfRow, subCompanyRow, updateCompany } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { accountsRepository } from './accounts.repository.js';
import { accountsSystemRepository } from './accounts.system.repository.js';

function repoOf(ctx: AuthedContext) {
  return accountsRepository(ctx.tenant);
}

/** Is a sign-in name used by any account of any company (sign-in names are global)? */
export async function signInNameTaken(ctx: AuthedContext, name: string): Promise<boolean> {
  const repo = repoOf(ctx);
  if (await repo.staffByAccount(name)) return true;
  return (await company(ctx.tenant))?.email.toLowerCase() === name.trim().toLowerCase();
}

export function toUserInfo(c: CompanyRow, sType: number): UserInfo {
  return {
    ...settingsOfRow(c),
    // The head office's own employees always may invite and take appointments (subCompanies' mayInvite).
    vaPerm: VaPerm.INVITATION | VaPerm.APPOINTMENT,
    userid: c.id,
    username: c.username,
    email: c.email,
    phone: c.phone,
    company: c.name,
    shortName: c.shortName,
    remark: c.remark,
    userType: c.userType,
    regDate: c.createdAt.getTime(),
    loginDate: c.loginDate?.getTime() ?? null,
    expireDate: c.expireDate?.getTime() ?? null,
    lang: c.lang as Lang,
    guidePending: c.guideDone === 0,
    sType,
    closingDue: c.closingDue?.getTime() ?? null,
    dataExportedAt: c.dataExportedAt?.getTime() ?? null,
  };
}

export async function getUserInfo(ctx: AuthedContext): Promise<UserInfo> {
  const row = await company(ctx.tenant);
  if (!row) throw new AppError(Status.INVALID_USER);
  const grants = ctx.session.grants;
  const info = ctx.session.role === Role.SUB_COMPANY ? await subCompanyUserInfo(ctx, row) : toUserInfo(row, ctx.session.sType ?? -1);
  return { ...info, ...(grants && { modules: [...grants] }) };
}

/** The head office's settings a sub-company's portal reads (spec section 3); every other setting answers its default. */
const SUB_COMPANY_SETTINGS = ['permissionSwitch', 'subAccount', 'escapeClause'] as const;

/**
 * GetUserInfo of a sub-company session: the sub-company's own account (name, email, phone) and of the head office's
 * settings only those its portal applies (spec section 3) — not the head office's contact, notification channels,
 * kiosk or badge configuration, which are none of a tenant's business.
 */
async function subCompanyUserInfo(ctx: AuthedContext, c: CompanyRow): Promise<UserInfo> {
  const sub = ctx.session.subAccountId ? await subCompanyRow(ctx, ctx.session.subAccountId) : undefined;
  if (!sub) throw new AppError(Status.INVALID_USER);
  const settings = settingsOfRow(c);
  const kept = Object.fromEntries(SUB_COMPANY_SETTINGS.map((k) => [k, settings[k]]));
  return {
    ...companySettings.parse(kept),
    // Its own permissions (spec section 3: "vaPerm, sub-account permission"): bit 1 lets its employees invite.
    vaPerm: sub.vaPerm,
    userid: c.id,
    username: sub.contactName,
    email: sub.email,
    phone: sub.phone,
    company: sub.companyName,
    shortName: sub.shortName,
    remark: '',
    userType: 0,
    regDate: sub.createdAt.getTime(),
    loginDate: null,
    expireDate: null,
    lang: c.lang as Lang,
    guidePending: false,
    sType: -1,
  };
}

export async function modifyUserInfo(
  ctx: AuthedContext,
  input: {
    username?: string;
    phone?: string;
    company?: string;
    shortName?: string;
    remark?: string;
    lang?: Lang;
    country?: string;
    guideDone?: boolean;
  },
): Promise<UserInfo> {
  // The country is a setting (the settings JSON); the row is read back below with it.
  if (input.country !== undefined) await patchSettings(ctx, { country: input.country });
  const values = {
    ...(input.username !== undefined && { username: input.username }),
    ...(input.phone !== undefined && { phone: normalizePhone(input.phone) ?? input.phone }),
    ...(input.company !== undefined && { name: input.company }),
    ...(input.shortName !== undefined && { shortName: input.shortName }),
    ...(input.remark !== undefined && { remark: input.remark }),
    ...(input.lang !== undefined && { lang: input.lang }),
    ...(input.guideDone !== undefined && { guideDone: input.guideDone ? 1 : 0 }),
  };
  const updated = Object.keys(values).length ? await updateCompany(ctx.tenant, values) : await company(ctx.tenant);
  if (!updated) throw new AppError(Status.INVALID_USER);
  ctx.audit.objId = updated.id;
  ctx.audit.objName = updated.name;
  return toUserInfo(updated, ctx.session.sType ?? -1);
}

export async function relatedCompanies(ctx: AuthedContext) {
  const rows = await accountsSystemRepository(ctx.system).companiesOfSuper(ctx.session.accountId);
  return rows.map((c) => ({
    userid: c.id,
    company: c.name,
    email: c.email,
    username: c.username,
    status: c.status,
    regDate: c.createdAt.getTime(),
    loginDate: c.loginDate?.getTime() ?? null,
  }));
}
