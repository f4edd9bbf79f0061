import { type CompanySettings, companySettings, type Lang, type Manager, normalizePhone, Role, Status, type UserInfo } from '@openvisit/contract';
import { eq, inArray } from 'drizzle-orm';
import { companies, superAccounts } from '../../db/schema/index.js';
import type { AuthedContext } from '../../platform/calls.js';
import { hashPassword, verifyPassword } from '../../platform/crypto.js';
import { AppError, badParams } from '../../platform/errors.js';
import { revokeAccountSessions } from '../../platform/sessions.js';
import { dbOf, type TenantScope } from '../../platform/tenancy.js';
import * as authRepo from '../auth/auth.repository.js';
import { assertGates } from '../registration/registration.gates.js';
import { accountsRepository, type CompanyRow, type StaffRow, signInNameTaken } from './accounts.repository.js';

function repoOf(ctx: AuthedContext) {
  return accountsRepository(ctx.db, { companyId: ctx.session.companyId });
}

/** The company's settings (spec section 3 per-account settings), defaults filled in. */
export async function settingsOf(ctx: AuthedContext): Promise<CompanySettings> {
  const company = await repoOf(ctx).company();
  return companySettings.parse(company?.settings ?? {});
}

/**
 * Changes some settings, keeping the others: the row is locked so two switches flipped at once both stick.
 * Settings other modules own (e.g. the blacklist switch) go through here too, so the JSON is merged in one place.
 */
export async function patchSettings(ctx: AuthedContext, patch: Partial<CompanySettings>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: companies.settings }).from(companies).where(eq(companies.id, ctx.session.companyId)).for('update');
    const settings = { ...((row?.settings as Record<string, unknown>) ?? {}), ...patch };
    await tx.update(companies).set({ settings }).where(eq(companies.id, ctx.session.companyId));
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
  if (input.company && (await repo.companyNameTaken(input.company))) throw new AppError(Status.COMPANY_NAME_TAKEN);
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
  const { accountKind, accountId } = ctx.session;
  const current = await authRepo.getPasswordHash(ctx.db, accountKind, accountId);
  if (!current || !(await verifyPassword(current, input.oldPassword))) throw new AppError(Status.INVALID_PASSWORD, 'The old password is wrong');
  await authRepo.setPasswordHash(ctx.db, accountKind, accountId, await hashPassword(input.password));
  await revokeAccountSessions(ctx.db, accountKind, accountId, ctx.session.id);
  ctx.audit.objId = ctx.session.account;
  ctx.audit.objName = ctx.session.name;
  return null;
}

/** Which staff kinds a role may see and manage: HSE only server-company accounts, sub-admins not other sub-admins. */
function manageableTypes(role: number): number[] | undefined {
  if (role === Role.HSE) return [Role.SERVER_COMPANY];
  if (role === Role.SUBADMIN) return [0, 1, 2, 3, 4, 12];
  return undefined;
}

function assertManageable(ctx: AuthedContext, sType: number): void {
  const allowed = manageableTypes(ctx.session.role);
  if (allowed && !allowed.includes(sType)) throw new AppError(Status.NO_PERMISSION);
}

export function toManager(s: StaffRow): Manager {
  return {
    id: s.id,
    account: s.account,
    sName: s.name,
    phone: s.phone,
    sType: s.sType,
    gids: s.gids,
    startDate: s.startDate,
    endDate: s.endDate,
    remark: s.remark,
    status: s.status,
    locked: !!s.lockedUntil && s.lockedUntil.getTime() > Date.now(),
    createTime: s.createdAt.getTime(),
  };
}

export async function listManagers(ctx: AuthedContext, input: { sType?: number }): Promise<Manager[]> {
  const allowed = manageableTypes(ctx.session.role);
  const types = input.sType !== undefined ? (allowed && !allowed.includes(input.sType) ? [] : [input.sType]) : allowed;
  if (types && types.length === 0) return [];
  return (await repoOf(ctx).listStaff(types)).map(toManager);
}

interface ManagerInput {
  account: string;
  password?: string;
  sName: string;
  phone: string;
  sType: number;
  gids: number[];
  startDate: string | null;
  endDate: string | null;
  remark: string;
}

/** How many staff accounts name each gate (the registration module keeps a gate in use from being deleted). */
export async function staffPerGate(ctx: AuthedContext): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const s of await repoOf(ctx).listStaff()) for (const g of new Set(s.gids)) counts.set(g, (counts.get(g) ?? 0) + 1);
  return counts;
}

export async function addManager(ctx: AuthedContext, input: ManagerInput & { password: string }): Promise<Manager> {
  assertManageable(ctx, input.sType);
  await assertGates(ctx, input.gids, 'gids');
  if (await signInNameTaken(ctx.db, input.account)) throw new AppError(Status.ALREADY_EXISTS, 'This account name is already in use');
  const row = await repoOf(ctx)
    .insertStaff({
      account: input.account,
      name: input.sName,
      phone: input.phone ? (normalizePhone(input.phone) ?? input.phone) : '',
      sType: input.sType,
      gids: input.gids,
      startDate: input.startDate,
      endDate: input.endDate,
      remark: input.remark,
      passwordHash: await hashPassword(input.password),
      mustChangePassword: 1,
    })
    .catch((err: unknown) => {
      if (String((err as { cause?: { message?: string } }).cause?.message ?? err).includes('staff_accounts_account_uq'))
        throw new AppError(Status.ALREADY_EXISTS, 'This account name is already in use');
      throw err;
    });
  ctx.audit.objId = row.account;
  ctx.audit.objName = row.name;
  return toManager(row);
}

export async function updateManager(
  ctx: AuthedContext,
  input: Partial<Omit<ManagerInput, 'account'>> & { account: string; status?: 0 | 1; unlock?: boolean },
): Promise<Manager> {
  const repo = repoOf(ctx);
  const existing = await repo.staffByAccount(input.account);
  if (!existing) throw new AppError(Status.NO_SUCH_RECORD, 'No such staff account');
  assertManageable(ctx, existing.sType);
  if (input.sType !== undefined) assertManageable(ctx, input.sType);
  const startDate = input.startDate !== undefined ? input.startDate : existing.startDate;
  const endDate = input.endDate !== undefined ? input.endDate : existing.endDate;
  if (startDate && endDate && startDate > endDate) throw badParams([{ field: 'endDate', rule: 'beforeStart' }]);
  // Gates it already names pass as they are; new ones must be gates of the company.
  const newGates = input.gids?.filter((g) => !existing.gids.includes(g)) ?? [];
  await assertGates(ctx, newGates, 'gids');
  const row = await repo.updateStaff(existing.id, {
    ...(input.sName !== undefined && { name: input.sName }),
    ...(input.phone !== undefined && { phone: input.phone ? (normalizePhone(input.phone) ?? input.phone) : '' }),
    ...(input.sType !== undefined && { sType: input.sType }),
    ...(input.gids !== undefined && { gids: input.gids }),
    ...(input.startDate !== undefined && { startDate: input.startDate }),
    ...(input.endDate !== undefined && { endDate: input.endDate }),
    ...(input.remark !== undefined && { remark: input.remark }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.unlock && { failedLogins: 0, lockedUntil: null }),
    ...(input.password && { passwordHash: await hashPassword(input.password), mustChangePassword: 1, failedLogins: 0, lockedUntil: null }),
  });
  // A disabled account, a new password or a new role must not keep old sessions alive.
  if (input.status === 1 || input.password || (input.sType !== undefined && input.sType !== existing.sType))
    await revokeAccountSessions(ctx.db, 'staff', existing.id);
  ctx.audit.objId = row.account;
  ctx.audit.objName = row.name;
  return toManager(row);
}

export async function deleteManager(ctx: AuthedContext, input: { account: string }): Promise<null> {
  const repo = repoOf(ctx);
  const existing = await repo.staffByAccount(input.account);
  if (!existing) throw new AppError(Status.NO_SUCH_RECORD, 'No such staff account');
  assertManageable(ctx, existing.sType);
  await ctx.db.transaction(async (tx) => {
    await accountsRepository(tx, { companyId: ctx.session.companyId }).deleteStaff(existing.id);
    await revokeAccountSessions(tx, 'staff', existing.id);
  });
  ctx.audit.objId = existing.account;
  ctx.audit.objName = existing.name;
  return null;
}

export async function relatedCompanies(ctx: AuthedContext) {
  const [sup] = await ctx.db.select().from(superAccounts).where(eq(superAccounts.id, ctx.session.accountId)).limit(1);
  if (!sup || sup.companyIds.length === 0) return [];
  const rows = await ctx.db.select().from(companies).where(inArray(companies.id, sup.companyIds)).orderBy(companies.name);
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

/**
 * For other modules (mails on the company's behalf, invitation pages, jobs): the company's row, by scope.
 * (Added by server-visits; becomes `accountsRepository(scope)` once that repository takes a scope.)
 */
export function companyOf(scope: TenantScope): Promise<CompanyRow | undefined> {
  return accountsRepository(dbOf(scope), scope).company();
}
