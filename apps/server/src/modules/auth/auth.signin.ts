import {
  ADMIN_STYPE,
  isMachineAccount,
  type Lang,
  type LoginResult,
  normalizeEmail,
  normalizePhone,
  Role,
  type StaffType,
  Status,
} from '@openvisit/contract';
import { company } from '../../core/company/company.public.js';
import type { EmployeeRow } from '../../core/people/people.public.js';
import { gateNamesIn } from '../../core/sites/sites.public.js';
import type { AuthedContext, CallContext } from '../../platform/http/calls.js';
import { dialectToken } from '../../platform/http/dialect.js';
import { AppError } from '../../platform/http/errors.js';
import { renewSession } from '../../platform/identity/sessions.js';
import { scopeForCompany } from '../../platform/identity/tenancy.js';
import { signInOptions } from '../im/im.public.js';
import { type PasskeyAccount, type PasskeyDeps, secondStepNeeded } from '../passkeys/passkeys.public.js';
import { ssoRequired } from '../sso/sso.public.js';
import { activeCompany, captchaDue, checkCredentials, pickByPassword, requireCaptcha, startSession, sys, today } from './auth.credentials.js';

type CompanyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sys>['findCompanyByEmail']>>>;

/**
 * After a right password: an account that asks for two steps is answered 1421 with its passkey ceremony
 * (passkeySecondStep finishes it); otherwise the password alone signs in.
 */
export const askSecondStep = (ctx: CallContext, account: PasskeyAccount) => secondStepNeeded(passkeyDepsOf(ctx), account);

/** What a passkey ceremony needs of a call: the installation's address and the server's key. */
export const passkeyDepsOf = (ctx: CallContext): PasskeyDeps => ({ system: ctx.system, config: ctx.config, secrets: ctx.services.secrets });

/** The company administrator's half of /Login. */
async function adminLogin(ctx: CallContext, company: CompanyRow, password: string): Promise<LoginResult> {
  await checkCredentials(ctx, 'admin', company, company.email, password, async () => ({
    companyId: company.id,
    account: company.email,
    name: company.username,
    role: Role.ADMIN,
  }));
  await askSecondStep(ctx, { kind: 'admin', id: company.id, companyId: company.id });
  return adminSession(ctx, company.id);
}

/** The company administrator's session and login result, once it is known who signs in (a password, or a provider). */
export async function adminSession(ctx: CallContext, companyId: number): Promise<LoginResult> {
  const active = await activeCompany(ctx, companyId);
  await sys(ctx).markLoggedIn(active.id);
  const t = await startSession(
    ctx,
    {
      companyId: active.id,
      role: Role.ADMIN,
      accountKind: 'admin',
      accountId: active.id,
      account: active.email,
      name: active.username,
      companyName: active.name,
      sType: ADMIN_STYPE,
      subAccountId: null,
      gids: [],
    },
    true,
  );
  return {
    ...t,
    role: Role.ADMIN,
    sType: ADMIN_STYPE,
    userid: active.id,
    company: active.name,
    email: active.email,
    username: active.username,
    account: active.email,
    guidePending: active.guideDone === 0,
    lang: active.lang as Lang,
  };
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof sys>['findStaffByAccount']>>[number];

/**
 * Which account a /Login name means. A staff name is unique within its company, so other companies may hold it, and an
 * administrator's email may be another company's staff name: when several accounts answer to the name, the password
 * tells which one signs in (pickByPassword).
 */
async function loginAccount(
  ctx: CallContext,
  name: string,
  password: string,
  staff: StaffRow[],
): Promise<{ company?: CompanyRow; staff?: StaffRow }> {
  const company = name.includes('@') ? await sys(ctx).findCompanyByEmail(normalizeEmail(name)) : undefined;
  const candidates: ({ kind: 'admin'; account: CompanyRow } | { kind: 'staff'; account: StaffRow })[] = [
    ...(company ? [{ kind: 'admin' as const, account: company }] : []),
    ...staff.map((s) => ({ kind: 'staff' as const, account: s })),
  ];
  const picked = await pickByPassword(ctx, candidates, password);
  return picked?.kind === 'admin' ? { company: picked.account } : { staff: picked?.account };
}

/**
 * A fresh token for the calling session (the original front-desk app's `refreshToken {email, oldToken}`): the same
 * account, role and scope for a full term, the old token ended.
 */
export async function refreshSession(ctx: AuthedContext, input: { oldToken?: string; email?: string }) {
  const s = ctx.session;
  // The desk app sends the company's email as GetUserInfo gave it (the account name on other sign-ins); the old token,
  // which must be this session's own, is the proof: the email only has to name this account or its company.
  const email = input.email?.trim().toLowerCase();
  if (email && email !== s.account.toLowerCase() && email !== (await company(ctx.tenant))?.email.toLowerCase())
    throw new AppError(Status.TOKEN_INVALID);
  const hours = s.accountKind === 'admin' ? ctx.config.sessionHours.admin : ctx.config.sessionHours.other;
  const old = input.oldToken ? dialectToken(input.oldToken)?.token : undefined;
  const { token, session } = await renewSession(ctx.system, s, { hours, ip: ctx.ip, userAgent: ctx.userAgent, oldToken: old });
  return { token, tokenExpire: session.expiresAt.getTime() };
}

/** /Login: a company administrator by email, or a staff account by its account name. */
export async function login(ctx: CallContext, input: { email: string; password: string; digest?: string }): Promise<LoginResult> {
  const name = input.email.trim();
  const candidates = await sys(ctx).findStaffByAccount(name);
  // Machines (visitor machines, the Senseid desk) sign in unattended with their own credentials, as the original's
  // tablets and desk did, until their account or this address has failed a few times: then a captcha, so their
  // password is no cheaper to guess.
  const only = candidates.length === 1 ? candidates[0] : undefined;
  const machine = only && isMachineAccount(only.sType) && !name.includes('@') ? only : undefined;
  if (!machine || (await captchaDue(ctx, { kind: 'staff', id: machine.id }))) await requireCaptcha(ctx, input.digest);

  const { company, staff } = await loginAccount(ctx, name, input.password, candidates);
  if (company) return adminLogin(ctx, company, input.password);

  await checkCredentials(ctx, 'staff', staff, name, input.password, async () => ({
    companyId: staff?.companyId ?? 0,
    account: staff?.account ?? '',
    name: staff?.name ?? '',
    role: (staff?.sType ?? 0) as Role,
  }));
  if (!staff) throw new AppError(Status.WRONG_CREDENTIALS);
  await assertStaffMaySignInHere(ctx, staff);
  if (!isMachineAccount(staff.sType)) await askSecondStep(ctx, { kind: 'staff', id: staff.id, companyId: staff.companyId });
  return staffSession(ctx, staff);
}

/**
 * A staff account signing in with its password or a passkey: refused (1413) where the company requires its identity
 * provider. Machines keep their passwords: the desk app and tablets cannot go through a provider.
 */
export async function assertStaffMaySignInHere(ctx: CallContext, staff: Pick<StaffRow, 'sType' | 'companyId'>): Promise<void> {
  if (!isMachineAccount(staff.sType) && (await ssoRequired(scopeForCompany(ctx.system, staff.companyId)))) throw new AppError(Status.SSO_REQUIRED);
}

/** A staff account's session and login result, once it is known who signs in (a password, or a work app). */
export async function staffSession(ctx: CallContext, staff: StaffRow): Promise<LoginResult> {
  if (staff.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  const day = today();
  if ((staff.endDate && staff.endDate < day) || (staff.startDate && staff.startDate > day)) throw new AppError(Status.ACCOUNT_EXPIRED);
  const owner = await activeCompany(ctx, staff.companyId);
  const role = staff.sType as StaffType as Role;
  // Also for a machine's account given a password before machines were exempt (lookups.ts MACHINE_STAFF_TYPES).
  const mustChangePassword = staff.mustChangePassword === 1 && !isMachineAccount(staff.sType);
  const t = await startSession(
    ctx,
    {
      companyId: owner.id,
      role,
      accountKind: 'staff',
      accountId: staff.id,
      account: staff.account,
      name: staff.name,
      companyName: owner.name,
      sType: staff.sType,
      subAccountId: staff.subAccountId,
      // A server company's session carries its supplier company (0: none, it sees no worker), so its scope filters.
      supplierId: role === Role.SERVER_COMPANY ? (staff.supplierId ?? 0) : null,
      gids: staff.gids,
      mustChangePassword,
    },
    false,
  );
  return {
    ...t,
    role,
    sType: staff.sType,
    userid: owner.id,
    company: owner.name,
    account: staff.account,
    sName: staff.name,
    id: staff.id,
    gid: staff.gids.join(','),
    gname: await gateNamesIn(scopeForCompany(ctx.system, owner.id), staff.gids),
    modules: staff.modules,
    mustChangePassword,
    subaccountId: staff.subAccountId ?? undefined,
  };
}

export async function empLogin(ctx: CallContext, input: { phone: string; empPwd: string; digest?: string }): Promise<LoginResult> {
  await requireCaptcha(ctx, input.digest);
  const phone = normalizePhone(input.phone) ?? input.phone.trim();
  const candidates = await sys(ctx).findEmployeesByPhone(phone);
  // The same phone may belong to employees of several companies: the password tells which one signs in.
  const emp = (
    await pickByPassword(
      ctx,
      candidates.map((c) => ({ kind: 'employee' as const, account: c })),
      input.empPwd,
    )
  )?.account;
  await checkCredentials(ctx, 'employee', emp, phone, input.empPwd, async () => ({
    companyId: emp?.companyId ?? 0,
    account: emp?.phone ?? '',
    name: emp?.name ?? '',
    role: Role.EMPLOYEE,
  }));
  if (!emp) throw new AppError(Status.WRONG_CREDENTIALS);
  if (emp.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  await assertEmployeeMaySignInHere(ctx, emp.companyId);
  await askSecondStep(ctx, { kind: 'employee', id: emp.id, companyId: emp.companyId });
  return employeeSession(ctx, emp);
}

/** An employee signing in with a password or a passkey: refused where the company requires its work app (1138) or identity provider (1413). */
export async function assertEmployeeMaySignInHere(ctx: CallContext, companyId: number): Promise<void> {
  const deps = { tenant: scopeForCompany(ctx.system, companyId), config: ctx.config, services: ctx.services };
  if ((await signInOptions(deps)).required) throw new AppError(Status.IM_SIGNIN_REQUIRED);
  if (await ssoRequired(deps.tenant)) throw new AppError(Status.SSO_REQUIRED);
}

type EmployeeAccount = Pick<EmployeeRow, 'id' | 'companyId' | 'phone' | 'name' | 'email' | 'subAccountId' | 'status'>;

/** An employee's session and login result, once it is known who signs in (a password, or a work app). */
export async function employeeSession(ctx: CallContext, emp: EmployeeAccount): Promise<LoginResult> {
  if (emp.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  const owner = await activeCompany(ctx, emp.companyId);
  const t = await startSession(
    ctx,
    {
      companyId: owner.id,
      role: Role.EMPLOYEE,
      accountKind: 'employee',
      accountId: emp.id,
      account: emp.phone,
      name: emp.name,
      companyName: owner.name,
      sType: null,
      subAccountId: emp.subAccountId,
      gids: [],
    },
    false,
  );
  return {
    ...t,
    role: Role.EMPLOYEE,
    userid: owner.id,
    company: owner.name,
    empid: emp.id,
    empPhone: emp.phone,
    username: emp.name,
    email: emp.email,
    subaccountId: emp.subAccountId ?? undefined,
  };
}

export async function subAccountLogin(ctx: CallContext, input: { email: string; password: string; digest?: string }): Promise<LoginResult> {
  await requireCaptcha(ctx, input.digest);
  const candidates = await sys(ctx).findSubAccountsByEmail(input.email.trim());
  // Tenants of several head companies may share the address: the password tells which one signs in.
  const sub = (
    await pickByPassword(
      ctx,
      candidates.map((c) => ({ kind: 'sub' as const, account: c })),
      input.password,
    )
  )?.account;
  await checkCredentials(ctx, 'sub', sub, input.email, input.password, async () => ({
    companyId: sub?.companyId ?? 0,
    account: sub?.email ?? '',
    name: sub?.companyName ?? '',
    role: Role.SUB_COMPANY,
  }));
  if (!sub) throw new AppError(Status.WRONG_CREDENTIALS);
  await askSecondStep(ctx, { kind: 'sub', id: sub.id, companyId: sub.companyId });
  return subSession(ctx, sub);
}

type SubRow = Awaited<ReturnType<ReturnType<typeof sys>['findSubAccountsByEmail']>>[number];

/** A sub-company's session and login result, once it is known who signs in (a password, or a passkey). */
export async function subSession(ctx: CallContext, sub: SubRow): Promise<LoginResult> {
  if (sub.isUse !== 1 || sub.archivedAt) throw new AppError(Status.ACCOUNT_DISABLED);
  const day = today();
  if ((sub.endDate && sub.endDate < day) || (sub.startDate && sub.startDate > day)) throw new AppError(Status.ACCOUNT_EXPIRED);
  const owner = await activeCompany(ctx, sub.companyId);
  const t = await startSession(
    ctx,
    {
      companyId: owner.id,
      role: Role.SUB_COMPANY,
      accountKind: 'sub',
      accountId: sub.id,
      account: sub.email,
      name: sub.companyName,
      companyName: owner.name,
      sType: null,
      subAccountId: sub.id,
      gids: [],
    },
    false,
  );
  return {
    ...t,
    role: Role.SUB_COMPANY,
    userid: owner.id,
    company: sub.companyName,
    email: sub.email,
    subaccountId: sub.id,
    adminType: sub.adminType,
    modules: sub.modules,
    id: sub.id,
  };
}

export async function superAccountLogin(ctx: CallContext, input: { account: string; password: string; digest?: string }): Promise<LoginResult> {
  await requireCaptcha(ctx, input.digest);
  const sup = input.account.startsWith('LFT_') ? await sys(ctx).findSuperAccount(input.account) : undefined;
  await checkCredentials(ctx, 'super', sup, input.account, input.password);
  if (!sup) throw new AppError(Status.WRONG_CREDENTIALS);
  await askSecondStep(ctx, { kind: 'super', id: sup.id, companyId: null });
  return superSession(ctx, sup);
}

type SuperRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sys>['findSuperAccount']>>>;

/** A super account's session and login result, once it is known who signs in (a password, or a passkey). */
export async function superSession(ctx: CallContext, sup: SuperRow): Promise<LoginResult> {
  if (sup.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  const related = await sys(ctx).companyNames(sup.companyIds);
  const t = await startSession(
    ctx,
    {
      companyId: 0,
      role: Role.SUPER,
      accountKind: 'super',
      accountId: sup.id,
      account: sup.account,
      name: sup.name || sup.account,
      companyName: '',
      sType: null,
      subAccountId: null,
      gids: [],
    },
    true,
  );
  return { ...t, role: Role.SUPER, userid: 0, company: '', account: sup.account, username: sup.name || sup.account, id: sup.id, companies: related };
}
