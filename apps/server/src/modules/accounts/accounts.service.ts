import { type CompanySettings, companySettings, type Lang, normalizePhone, Status, type UserInfo } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/calls.js';
import { AppError } from '../../platform/errors.js';
import { cacheKey, readOnce } from '../../platform/requestCache.js';
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

/** A company's settings, defaults filled in, by scope: for code without a call context (notification jobs). */
export function settingsIn(scope: TenantScope): Promise<CompanySettings> {
  return readOnce(cacheKey.settings(scope.companyId), async () => companySettings.parse((await company(scope))?.settings ?? {}));
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
  const settings = companySettings.parse(c.settings ?? {});
  return {
    ...settings,
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
  };
}

export async function getUserInfo(ctx: AuthedContext): Promise<UserInfo> {
  const company = await repoOf(ctx).company();
  if (!company) throw new AppError(Status.INVALID_USER);
  return toUserInfo(company, ctx.session.sType ?? -1);
}

export async function modifyUserInfo(
  ctx: AuthedContext,
  input: { username?: string; phone?: string; company?: string; shortName?: string; remark?: string; lang?: Lang; guideDone?: boolean },
): Promise<UserInfo> {
  const repo = repoOf(ctx);
  const updated = await repo.updateCompany({
    ...(input.username !== undefined && { username: input.username }),
    ...(input.phone !== undefined && { phone: normalizePhone(input.phone) ?? input.phone }),
    ...(input.company !== undefined && { name: input.company }),
    ...(input.shortName !== undefined && { shortName: input.shortName }),
    ...(input.remark !== undefined && { remark: input.remark }),
    ...(input.lang !== undefined && { lang: input.lang }),
    ...(input.guideDone !== undefined && { guideDone: input.guideDone ? 1 : 0 }),
  });
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
