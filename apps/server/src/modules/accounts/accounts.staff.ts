import { type In, isMachineAccount, logDesc, MANAGED_STAFF_TYPES, type Manager, normalizePhone, Role, Status } from '@openvisit/contract';
import { supplierById } from '../../core/people/people.public.js';
import { assertGates } from '../../core/sites/sites.public.js';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { hashPassword } from '../../platform/identity/crypto.js';
import { revokeAccountSessions } from '../../platform/identity/sessions.js';
import { clearAccountFailures, lockedAccountIds } from '../../platform/identity/signinGuard.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { forgetPasskeys, resetTwoStep, type SignInSecurity, signInSecurityOf } from '../passkeys/passkeys.public.js';
import { accountsRepository, type StaffRow } from './accounts.repository.js';
import { signInNameTaken } from './accounts.service.js';

/*
 * The company's staff accounts (the manager list). Apart from accounts.service because a staff account names gates,
 * which the registration module owns and checks, while registration itself reads accounts.service: this file sits
 * above both, so neither imports the other in a circle.
 */

/** A person's account changes the password someone else set at first sign-in; a machine's keeps it (lookups.ts). */
const firstPasswordChange = (sType: number): 0 | 1 => (isMachineAccount(sType) ? 0 : 1);

function repoOf(ctx: AuthedContext) {
  return accountsRepository(ctx.tenant);
}

/** Which staff kinds a role may see and manage (the contract's MANAGED_STAFF_TYPES); undefined: every kind. */
function manageableTypes(role: number): number[] | undefined {
  const types = MANAGED_STAFF_TYPES[role];
  return types ? [...types] : undefined;
}

function assertManageable(ctx: AuthedContext, sType: number): void {
  const allowed = manageableTypes(ctx.session.role);
  if (allowed && !allowed.includes(sType)) throw new AppError(Status.NO_PERMISSION);
}

/**
 * `locked`: some client address is locked out of the account now (platform/identity/signinGuard.ts); `security`: its
 * passkeys and two-step sign-in (modules/passkeys).
 */
export function toManager(s: StaffRow, locked = false, security: SignInSecurity = { passkeys: 0, twoStep: false }): Manager {
  return {
    id: s.id,
    account: s.account,
    sName: s.name,
    phone: s.phone,
    sType: s.sType,
    supplierId: s.supplierId,
    gids: s.gids,
    startDate: s.startDate,
    endDate: s.endDate,
    remark: s.remark,
    status: s.status,
    locked,
    ...security,
    modules: s.modules,
    createTime: s.createdAt.getTime(),
  };
}

export async function listManagers(ctx: AuthedContext, input: In<'GetManagerByUser'>): Promise<Manager[]> {
  const allowed = manageableTypes(ctx.session.role);
  const types = input.sType !== undefined ? (allowed && !allowed.includes(input.sType) ? [] : [input.sType]) : allowed;
  if (types && types.length === 0) return [];
  const rows = await repoOf(ctx).listStaff(types);
  const ids = rows.map((r) => r.id);
  const [locked, security] = await Promise.all([lockedAccountIds(ctx.tenant, 'staff', ids), signInSecurityOf(ctx.system, 'staff', ids)]);
  return rows.map((r) => toManager(r, locked.has(r.id), security(r.id)));
}

/**
 * A server-company account (sType 1) acts for one supplier company of this company (602 when not found, 400 when
 * none is named); other kinds name none.
 */
async function supplierFor(ctx: AuthedContext, sType: number, supplierId: number | null): Promise<number | null> {
  if (sType !== Role.SERVER_COMPANY) return null;
  if (!supplierId) throw badParams([{ field: 'supplierId', rule: 'required' }]);
  return (await supplierById(ctx, supplierId)).id;
}

interface ManagerInput {
  account: string;
  password?: string;
  sName: string;
  phone: string;
  sType: number;
  supplierId?: number | null;
  gids: number[];
  startDate: string | null;
  endDate: string | null;
  remark: string;
  modules?: string[];
}

export async function addManager(ctx: AuthedContext, input: ManagerInput & { password: string }): Promise<Manager> {
  assertManageable(ctx, input.sType);
  await assertGates(ctx, input.gids, 'gids');
  const supplierId = await supplierFor(ctx, input.sType, input.supplierId ?? null);
  // Taken within the company only: other companies may hold the name (sign-in tells them apart by password), so
  // the answer never reveals another company's accounts.
  if (await signInNameTaken(ctx, input.account)) throw new AppError(Status.ALREADY_EXISTS, 'This account name is already in use');
  const row = await repoOf(ctx)
    .insertStaff({
      account: input.account,
      name: input.sName,
      phone: input.phone ? (normalizePhone(input.phone) ?? input.phone) : '',
      sType: input.sType,
      supplierId,
      gids: input.gids,
      startDate: input.startDate,
      endDate: input.endDate,
      remark: input.remark,
      // The contract requires them of a sub-administrator and refuses them of any other kind.
      modules: input.sType === Role.SUBADMIN ? (input.modules ?? []) : [],
      passwordHash: await hashPassword(input.password),
      mustChangePassword: firstPasswordChange(input.sType),
    })
    .catch((err: unknown) => {
      if (uniqueViolation(err) === 'staff_accounts_company_account_uq')
        throw new AppError(Status.ALREADY_EXISTS, 'This account name is already in use');
      throw err;
    });
  ctx.audit.objId = row.account;
  ctx.audit.objName = row.name;
  return toManager(row);
}

export async function updateManager(
  ctx: AuthedContext,
  input: Partial<Omit<ManagerInput, 'account'>> & { account: string; status?: 0 | 1; unlock?: boolean; resetTwoStep?: true },
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
  const sType = input.sType ?? existing.sType;
  const modules = grantsAfterUpdate(sType, existing.modules, input.modules);
  const supplierId = await supplierFor(ctx, sType, input.supplierId !== undefined ? input.supplierId : existing.supplierId);
  const row = await repo.updateStaff(existing.id, {
    ...(input.sName !== undefined && { name: input.sName }),
    ...(input.phone !== undefined && { phone: input.phone ? (normalizePhone(input.phone) ?? input.phone) : '' }),
    ...(input.sType !== undefined && { sType: input.sType }),
    supplierId,
    ...(input.gids !== undefined && { gids: input.gids }),
    ...(input.startDate !== undefined && { startDate: input.startDate }),
    ...(input.endDate !== undefined && { endDate: input.endDate }),
    ...(input.remark !== undefined && { remark: input.remark }),
    modules,
    ...(input.status !== undefined && { status: input.status }),
    ...(input.password && { passwordHash: await hashPassword(input.password), mustChangePassword: firstPasswordChange(sType) }),
  });
  if (input.unlock || input.password) await clearAccountFailures(ctx.tenant, 'staff', existing.id);
  if (input.resetTwoStep) ctx.audit.desc = logDesc('twoStepReset', { passkeys: await resetTwoStep(ctx.system, { kind: 'staff', id: existing.id }) });
  // A disabled account, a new password or a new role must not keep old sessions alive.
  // The session carries the supplier company too.
  if (input.status === 1 || input.password || sType !== existing.sType || supplierId !== existing.supplierId)
    await revokeAccountSessions(ctx.tenant, 'staff', existing.id);
  ctx.audit.objId = row.account;
  ctx.audit.objName = row.name;
  const locked = !(input.unlock || input.password) && (await lockedAccountIds(ctx.tenant, 'staff', [row.id])).has(row.id);
  return toManager(row, locked, (await signInSecurityOf(ctx.system, 'staff', [row.id]))(row.id));
}

/**
 * The grants after an update: a sub-administrator keeps at least one module (400 on modules when it would have none,
 * e.g. another kind made a sub-administrator without naming them); another kind names none (400), and an account
 * leaving kind 5 loses its grants. Its sessions read them on every call (platform/identity/sessions.ts), so none is revoked.
 */
function grantsAfterUpdate(sType: number, stored: string[], given: string[] | undefined): string[] {
  if (sType !== Role.SUBADMIN) {
    if (given?.length) throw badParams([{ field: 'modules', rule: 'notForKind' }]);
    return [];
  }
  const modules = given ?? stored;
  if (modules.length === 0) throw badParams([{ field: 'modules', rule: 'required' }]);
  return modules;
}

export async function deleteManager(ctx: AuthedContext, input: In<'DeleteManager'>): Promise<null> {
  const repo = repoOf(ctx);
  const existing = await repo.staffByAccount(input.account);
  if (!existing) throw new AppError(Status.NO_SUCH_RECORD, 'No such staff account');
  assertManageable(ctx, existing.sType);
  await inTransaction(ctx.tenant, async (tx) => {
    await accountsRepository(tx).deleteStaff(existing.id);
    await revokeAccountSessions(tx, 'staff', existing.id);
  });
  // Passkeys are keyed by the account's id, which no later account takes; they go with it all the same.
  await forgetPasskeys(ctx.system, { kind: 'staff', id: existing.id });
  ctx.audit.objId = existing.account;
  ctx.audit.objName = existing.name;
  return null;
}
