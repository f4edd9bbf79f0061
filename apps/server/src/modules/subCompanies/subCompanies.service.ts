import { type FieldError, type In, logDesc, Status, type SubAccount } from '@openvisit/contract';
import { activeSubCompanies, subCompanyRow, today } from '../../core/company/company.public.js';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound, requireEvery } from '../../platform/http/errors.js';
import { hashPassword, randomToken } from '../../platform/identity/crypto.js';
import { revokeAccountSessions } from '../../platform/identity/sessions.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { mailSubAccountLink } from '../auth/auth.public.js';
import { forgetPasskeys, resetTwoStep, withSignInSecurity } from '../passkeys/passkeys.public.js';
import { type SubAccountRow, type SubAccountValues, subCompaniesRepository } from './subCompanies.repository.js';

const repoOf = (ctx: AuthedContext) => subCompaniesRepository(ctx.tenant);

export function toSubAccount(r: SubAccountRow, day = today()): SubAccount {
  return {
    id: r.id,
    companyName: r.companyName,
    shortName: r.shortName,
    logo: r.logo,
    contactName: r.contactName,
    email: r.email,
    phone: r.phone,
    floor: r.floor,
    roomNumbers: r.roomNumbers,
    gids: r.gids,
    egids: r.egids,
    vaPerm: r.vaPerm,
    adminType: r.adminType,
    modules: r.modules,
    isUse: r.isUse,
    startDate: r.startDate,
    endDate: r.endDate,
    archivedAt: r.archivedAt?.getTime() ?? null,
    expired: (!!r.endDate && r.endDate < day) || (!!r.startDate && r.startDate > day),
    createTime: r.createdAt.getTime(),
  };
}

/** A sub-company's own account is held to its own row (the scope's visibility: -1 when its session names none). */
const ownSub = (ctx: AuthedContext) => ctx.tenant.visibility.subCompany;

/** The sub-company a call is about: a sub-company's own (610 for another id); the head office names it (602 otherwise). */
export async function subAccountOf(ctx: AuthedContext, id: number | undefined): Promise<SubAccountRow> {
  const own = ownSub(ctx);
  if (own !== null) {
    if (id !== undefined && id !== own) throw new AppError(Status.NO_PERMISSION);
    id = own;
  }
  if (id === undefined) throw badParams([{ field: 'id', rule: 'required' }]);
  const row = await subCompanyRow(ctx, id);
  if (!row) throw notFound('sub-company');
  return row;
}

/** Gates and door groups must be this company's: 400 on the field naming one that is not. */
export async function checkReferences(ctx: AuthedContext, v: { gids?: number[]; egids?: number[] }): Promise<void> {
  const repo = repoOf(ctx);
  const errors: FieldError[] = [];
  const own = async (field: 'gids' | 'egids', ids: number[] | undefined, found: (ids: number[]) => Promise<number[]>) => {
    if (!ids?.length) return;
    const have = new Set(await found(ids));
    ids.forEach((id, i) => {
      if (!have.has(id)) errors.push({ field: `${field}.${i}`, rule: 'notFound' });
    });
  };
  await own('gids', v.gids, repo.ownGates);
  await own('egids', v.egids, repo.ownDeviceGroups);
  if (errors.length) throw badParams(errors);
}

const TAKEN = {
  companyName: [Status.COMPANY_NAME_TAKEN, 'A sub-company of this name exists'],
  email: [Status.EMAIL_TAKEN, 'A sub-company with this email exists'],
  shortName: [Status.ALREADY_EXISTS, 'A sub-company with this short name exists'],
} as const;

function takenError(field: keyof typeof TAKEN): AppError {
  const [status, reason] = TAKEN[field];
  return new AppError(status, reason, { errors: [{ field, rule: 'taken' }] });
}

/** 46 name, 4 email, 3 short name held by another sub-company of this company (any case). */
async function checkUnique(ctx: AuthedContext, v: { companyName?: string; shortName?: string; email?: string }, except?: number) {
  const taken = await repoOf(ctx).taken(v, except);
  for (const field of ['companyName', 'email', 'shortName'] as const) if (taken[field]) throw takenError(field);
}

/** Two writers at once: the unique indexes decide, answered as the check before them would have. */
function takenByIndex(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'sub_accounts_company_name_uq') throw takenError('companyName');
  if (index === 'sub_accounts_company_email_uq') throw takenError('email');
  if (index === 'sub_accounts_short_name_uq') throw takenError('shortName');
  throw err;
}

function audit(ctx: AuthedContext, row: Pick<SubAccountRow, 'id' | 'companyName'>) {
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.companyName;
}

export async function add(ctx: AuthedContext, input: In<'addSubAccount'>): Promise<SubAccount> {
  const { userid: _u, password, ...fields } = input;
  await checkUnique(ctx, fields);
  await checkReferences(ctx, fields);
  // Without a password the sub-company sets its own from the mailed link; until then nobody knows this one.
  const passwordHash = await hashPassword(password ?? randomToken(24));
  const row = await repoOf(ctx)
    .insert({ ...fields, passwordHash })
    .catch(takenByIndex);
  if (!password)
    await mailSubAccountLink(ctx, { companyId: ctx.session.companyId, id: row.id, email: row.email, name: row.contactName || row.companyName }, true);
  audit(ctx, row);
  return toSubAccount(row);
}

export async function update(ctx: AuthedContext, input: In<'updateSubAccount'>): Promise<SubAccount> {
  const { userid: _u, id, resetTwoStep: reset, ...changes } = input;
  const before = await subAccountOf(ctx, id);
  if (before.archivedAt) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'An archived sub-company cannot be changed');
  const start = changes.startDate !== undefined ? changes.startDate : before.startDate;
  const end = changes.endDate !== undefined ? changes.endDate : before.endDate;
  if (start && end && start > end) throw badParams([{ field: 'endDate', rule: 'beforeStart' }]);
  await checkUnique(ctx, changes, id);
  await checkReferences(ctx, changes);
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as SubAccountValues;
  const row = (await repoOf(ctx).update(id, values).catch(takenByIndex)) ?? before;
  // Stopped, or its sign-in address changed: whoever is signed in as it is signed out.
  if ((changes.isUse === 0 && before.isUse !== 0) || (changes.email && changes.email.toLowerCase() !== before.email.toLowerCase()))
    await revokeAccountSessions(ctx.system, 'sub', id);
  if (reset) ctx.audit.desc = logDesc('twoStepReset', { passkeys: await resetTwoStep(ctx.system, { kind: 'sub', id }) });
  audit(ctx, row);
  const [answer] = await withSecurity(ctx, [toSubAccount(row)]);
  return answer ?? toSubAccount(row);
}

/** The head office's view of sub-companies: with each one's passkeys and two-step sign-in (modules/passkeys). */
async function withSecurity(ctx: AuthedContext, list: SubAccount[]): Promise<SubAccount[]> {
  return ownSub(ctx) !== null ? list : withSignInSecurity(ctx.system, 'sub', list, (s) => s.id);
}

export async function getById(ctx: AuthedContext, input: In<'getSubAccountById'>): Promise<SubAccount> {
  const [one] = await withSecurity(ctx, [toSubAccount(await subAccountOf(ctx, input.id))]);
  if (!one) throw notFound('sub-company');
  return one;
}

export async function listAll(ctx: AuthedContext, input: In<'getSubAccountByUserid'>) {
  const own = ownSub(ctx);
  if (own !== null) {
    const row = await subCompanyRow(ctx, own);
    return row ? [toSubAccount(row)] : [];
  }
  const day = today();
  return (await activeSubCompanies(ctx, input.inUse ?? false)).map((r) => toSubAccount(r, day));
}

export async function page(ctx: AuthedContext, input: In<'getSubAccountPageByUserid'>) {
  const { rows, count } = await repoOf(ctx).page({ text: input.name, status: input.status }, input.startIndex, input.requestedCount);
  const day = today();
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count,
    list: await withSecurity(
      ctx,
      rows.map((r) => toSubAccount(r, day)),
    ),
  };
}

/**
 * Deletes sub-companies, all or nothing: one not this company's refuses the whole (602). One with employees, visits or
 * invitations on record refuses it (58, each one's counts) unless `archive`: those are stopped and archived, their
 * records kept; the rest are deleted. Their sessions end either way; their logos go with the deleted ones.
 */
export async function remove(ctx: AuthedContext, ids: number[], archive: boolean) {
  const outcome = await inTransaction(ctx.tenant, async (tx) => {
    const repo = subCompaniesRepository(tx);
    const rows = await repo.byIds(ids);
    requireEvery(
      ids,
      rows.map((r) => r.id),
      () => notFound('sub-company'),
    );
    const busy = (await repo.records(ids)).filter((r) => r.employees + r.visits + r.invitations > 0);
    if (busy.length && !archive)
      throw new AppError(Status.UPDATE_NOT_ALLOWED, 'These sub-companies have people or visits on record: archive them instead', {
        records: busy,
      });
    const kept = new Set(busy.map((r) => r.id));
    const gone = rows.filter((r) => !kept.has(r.id));
    if (kept.size) await repo.archive([...kept]);
    if (gone.length) await repo.remove(gone.map((r) => r.id));
    return { rows, gone, archived: kept.size };
  });
  for (const r of outcome.rows) await revokeAccountSessions(ctx.system, 'sub', r.id);
  for (const r of outcome.gone) await forgetPasskeys(ctx.system, { kind: 'sub', id: r.id });
  for (const r of outcome.gone) if (r.logo) await ctx.services.files.remove(r.logo);
  const [first] = outcome.rows;
  if (outcome.rows.length === 1 && first) audit(ctx, first);
  ctx.audit.desc =
    outcome.rows.length === 1 && outcome.archived
      ? logDesc('subCompanyArchived')
      : logDesc('subCompaniesDeleted', { deleted: outcome.gone.length, archived: outcome.archived });
  return { deleted: outcome.gone.length, archived: outcome.archived };
}
