import { type CompanySettings, companySettings, type Lang, normalizePhone, Role, Status, type UserInfo, VaPerm } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/calls.js';
import { AppError } from '../../platform/errors.js';
import { inTransaction, type TenantScope } from '../../platform/tenancy.js';
import * as auth from '../auth/auth.service.js';
import { accountsRepository, type CompanyRow } from './accounts.repository.js';
import { accountsSystemRepository } from './accounts.system.repository.js';

function repoOf(ctx: AuthedContext) {
  return accountsRepository(ctx.tenant);
}

/**
 * The way in for other modules to the company's own row (name, settings, mail details): they call this, never the
 * accounts repository. Takes a scope, so jobs and link pages (`scopeForCompany`) use it as well as calls (`ctx.tenant`).
 */
export function company(scope: TenantScope): Promise<CompanyRow | undefined> {
  return accountsRepository(scope).company();
}

/** Is a sign-in name used by any account of any company (sign-in names are global)? */
export async function signInNameTaken(ctx: AuthedContext, name: string): Promise<boolean> {
  const repo = repoOf(ctx);
  if (await repo.staffByAccount(name)) return true;
  return (await repo.company())?.email.toLowerCase() === name.trim().toLowerCase();
}

/** Two JSON values alike (the settings as stored): cheaper than checking and filling them in again. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** The settings last parsed per company, the stored JSON beside them: a call whose row holds the same JSON reuses them. */
const parsedSettings = new Map<number, { stored: unknown; settings: CompanySettings }>();
/** Companies whose parsed settings are kept (the least recently parsed go first). */
const PARSED_SETTINGS_KEPT = 1000;

/** A company row's settings, defaults filled in; parsed again only when the stored JSON changed. */
export function settingsOfRow(c: Pick<CompanyRow, 'id' | 'settings'>): CompanySettings {
  const stored = c.settings ?? {};
  const kept = parsedSettings.get(c.id);
  if (kept && sameJson(kept.stored, stored)) return kept.settings;
  const settings = Object.freeze(companySettings.parse(stored)) as CompanySettings;
  parsedSettings.delete(c.id);
  parsedSettings.set(c.id, { stored, settings });
  if (parsedSettings.size > PARSED_SETTINGS_KEPT) parsedSettings.delete(parsedSettings.keys().next().value as number);
  return settings;
}

/** A company's settings, defaults filled in, by scope: for code without a call context (notification jobs). */
export async function settingsIn(scope: TenantScope): Promise<CompanySettings> {
  const row = await company(scope);
  return row ? settingsOfRow(row) : companySettings.parse({});
}

/** The company's settings (spec section 3 per-account settings), defaults filled in. */
export function settingsOf(ctx: AuthedContext): Promise<CompanySettings> {
  return settingsIn(ctx.tenant);
}

/**
 * Changes some settings, keeping the others: the row is locked so two switches flipped at once both stick.
 * Settings other modules own (e.g. the blacklist switch) go through here too, so the JSON is merged in one place.
 */
export async function patchSettings(ctx: AuthedContext, patch: Partial<CompanySettings>): Promise<void> {
  await inTransaction(ctx.tenant, async (tx) => {
    const repo = accountsRepository(tx);
    await repo.setSettings({ ...((await repo.lockSettings()) ?? {}), ...patch });
  });
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
  const company = await repoOf(ctx).company();
  if (!company) throw new AppError(Status.INVALID_USER);
  const grants = ctx.session.grants;
  const info = ctx.session.role === Role.SUB_COMPANY ? await subCompanyUserInfo(ctx, company) : toUserInfo(company, ctx.session.sType ?? -1);
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
  const sub = ctx.session.subAccountId ? await repoOf(ctx).subAccount(ctx.session.subAccountId) : undefined;
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
  const repo = repoOf(ctx);
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
  const updated = Object.keys(values).length ? await repo.updateCompany(values) : await repo.company();
  if (!updated) throw new AppError(Status.INVALID_USER);
  ctx.audit.objId = updated.id;
  ctx.audit.objName = updated.name;
  return toUserInfo(updated, ctx.session.sType ?? -1);
}

/** Changes the caller's own password, whatever kind of account it is; its other sessions end. */
export async function updatePassword(ctx: AuthedContext, input: { oldPassword: string; password: string }): Promise<null> {
  await auth.changeOwnPassword(ctx, input);
  ctx.audit.objId = ctx.session.account;
  ctx.audit.objName = ctx.session.name;
  return null;
}

/** How many staff accounts name each gate (the registration module keeps a gate in use from being deleted). */
export async function staffPerGate(ctx: AuthedContext): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const s of await repoOf(ctx).listStaff()) for (const g of new Set(s.gids)) counts.set(g, (counts.get(g) ?? 0) + 1);
  return counts;
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

/** How many server-company accounts act for each supplier company (the residents module keeps such a company from being deleted). */
export async function staffPerSupplier(ctx: AuthedContext): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const s of await repoOf(ctx).listStaff([1])) if (s.supplierId) counts.set(s.supplierId, (counts.get(s.supplierId) ?? 0) + 1);
  return counts;
}
