import {
  ADMIN_STYPE,
  type Lang,
  type LoginResult,
  LogModule,
  logDesc,
  normalizeEmail,
  normalizePhone,
  Role,
  type StaffType,
  Status,
} from '@openvisit/contract';
import { eq, inArray } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import { writeLog } from '../../platform/audit.js';
import type { AuthedContext, CallContext } from '../../platform/calls.js';
import { spendCaptcha } from '../../platform/captcha.js';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { type AccountKind, createSession, revokeAccountSessions, type Session } from '../../platform/sessions.js';
import { activationMail, resetMail } from './auth.mails.js';
import * as repo from './auth.repository.js';

const ACTIVATION_HOURS = 48;
const RESET_MINUTES = 60;

interface Lockable {
  id: number;
  passwordHash: string | null;
  lockedUntil: Date | null;
}

/**
 * Checks a password with the original's lockout: warnings with the tries left after `warnAfter`
 * failures (302), locked for `lockMinutes` at `lockAfter` (67). Unknown accounts cost the same time.
 */
async function checkCredentials(
  ctx: CallContext,
  kind: AccountKind,
  account: Lockable | undefined,
  password: string,
  actor?: () => Promise<Pick<Session, 'companyId' | 'account' | 'name' | 'role'>>,
): Promise<void> {
  const { lockAfter, warnAfter, lockMinutes } = ctx.config.lockout;
  if (!account?.passwordHash) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError(Status.WRONG_CREDENTIALS);
  }
  if (account.lockedUntil && account.lockedUntil.getTime() > Date.now())
    throw new AppError(Status.ACCOUNT_LOCKED, undefined, { lockedUntil: account.lockedUntil.getTime() });
  if (await verifyPassword(account.passwordHash, password)) {
    await repo.clearFailures(ctx.db, kind, account.id);
    return;
  }
  const failures = await repo.recordFailure(ctx.db, kind, account.id, lockAfter, lockMinutes);
  if (failures >= lockAfter) {
    if (actor)
      await writeLog(ctx.db, await actor(), { module: LogModule.ACCOUNT, event: 'lock', desc: logDesc('lockedAfterFailures', { failures }) }, ctx.ip);
    throw new AppError(Status.ACCOUNT_LOCKED, undefined, { lockedUntil: Date.now() + lockMinutes * 60_000 });
  }
  if (failures > warnAfter) {
    const remaining = lockAfter - failures;
    throw new AppError(Status.LOGIN_TRIES_LEFT, `Invalid username or password; ${remaining} more failures will lock the account`, { remaining });
  }
  throw new AppError(Status.WRONG_CREDENTIALS);
}

/**
 * The signed-in account confirms its password (a kiosk before it is signed out, so a visitor cannot): the sign-in
 * check itself, so failures count toward the same lockout.
 */
export async function confirmPassword(ctx: AuthedContext, input: { password: string }): Promise<null> {
  const { accountKind, accountId } = ctx.session;
  const account = await repo.findLockable(ctx.db, accountKind, accountId);
  await checkCredentials(ctx, accountKind, account, input.password, async () => ctx.session);
  return null;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function requireCaptcha(ctx: CallContext, digest: string | undefined): Promise<void> {
  if (ctx.config.captcha) await spendCaptcha(ctx.db, digest);
}

async function activeCompany(ctx: CallContext, companyId: number) {
  const company = await repo.findCompany(ctx.db, companyId);
  if (!company || company.status === 2) throw new AppError(Status.ACCOUNT_DISABLED);
  if (company.status === 0) throw new AppError(Status.ACCOUNT_NOT_ACTIVATED);
  if (company.expireDate && company.expireDate.getTime() < Date.now()) throw new AppError(Status.ACCOUNT_EXPIRED);
  return company;
}

async function startSession(ctx: CallContext, s: Omit<Session, 'id' | 'expiresAt'>, admin: boolean) {
  const hours = admin ? ctx.config.sessionHours.admin : ctx.config.sessionHours.other;
  const { token, session } = await createSession(ctx.db, { ...s, hours, ip: ctx.ip, userAgent: ctx.userAgent });
  ctx.audit.actor = session;
  ctx.audit.objId = s.account;
  ctx.audit.objName = s.name;
  return { token, tokenExpire: session.expiresAt.getTime() };
}

/** /Login: a company administrator by email, or a staff account by its account name. */
export async function login(ctx: CallContext, input: { email: string; password: string; digest?: string }): Promise<LoginResult> {
  const name = input.email.trim();
  const company = name.includes('@') ? await repo.findCompanyByEmail(ctx.db, normalizeEmail(name)) : undefined;
  const staff = company ? undefined : await repo.findStaffByAccount(ctx.db, name);
  // Visitor machines sign in unattended with their own credentials, as the original's tablets did.
  if (!(staff && staff.sType === Role.MACHINE)) await requireCaptcha(ctx, input.digest);

  if (company) {
    await checkCredentials(ctx, 'admin', company, input.password, async () => ({
      companyId: company.id,
      account: company.email,
      name: company.username,
      role: Role.ADMIN,
    }));
    const active = await activeCompany(ctx, company.id);
    await repo.markLoggedIn(ctx.db, company.id);
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

  await checkCredentials(ctx, 'staff', staff, input.password, async () => ({
    companyId: staff?.companyId ?? 0,
    account: staff?.account ?? '',
    name: staff?.name ?? '',
    role: (staff?.sType ?? 0) as Role,
  }));
  if (!staff) throw new AppError(Status.WRONG_CREDENTIALS);
  if (staff.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  const day = today();
  if ((staff.endDate && staff.endDate < day) || (staff.startDate && staff.startDate > day)) throw new AppError(Status.ACCOUNT_EXPIRED);
  const owner = await activeCompany(ctx, staff.companyId);
  const role = staff.sType as StaffType as Role;
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
      gids: staff.gids,
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
    modules: staff.modules,
    mustChangePassword: staff.mustChangePassword === 1,
    subaccountId: staff.subAccountId ?? undefined,
  };
}

export async function empLogin(ctx: CallContext, input: { phone: string; empPwd: string; digest?: string }): Promise<LoginResult> {
  await requireCaptcha(ctx, input.digest);
  const phone = normalizePhone(input.phone) ?? input.phone.trim();
  const candidates = await repo.findEmployeesByPhone(ctx.db, phone);
  // The same phone may belong to employees of several companies: the password tells which one signs in.
  let emp = candidates[0];
  if (candidates.length > 1) {
    for (const c of candidates) if (c.passwordHash && (await verifyPassword(c.passwordHash, input.empPwd))) emp = c;
  }
  await checkCredentials(ctx, 'employee', emp, input.empPwd, async () => ({
    companyId: emp?.companyId ?? 0,
    account: emp?.phone ?? '',
    name: emp?.name ?? '',
    role: Role.EMPLOYEE,
  }));
  if (!emp) throw new AppError(Status.WRONG_CREDENTIALS);
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
  const sub = await repo.findSubAccountByEmail(ctx.db, input.email.trim());
  await checkCredentials(ctx, 'sub', sub, input.password, async () => ({
    companyId: sub?.companyId ?? 0,
    account: sub?.email ?? '',
    name: sub?.companyName ?? '',
    role: Role.SUB_COMPANY,
  }));
  if (!sub) throw new AppError(Status.WRONG_CREDENTIALS);
  if (sub.isUse !== 1) throw new AppError(Status.ACCOUNT_DISABLED);
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
  const sup = input.account.startsWith('LFT_') ? await repo.findSuperAccount(ctx.db, input.account) : undefined;
  await checkCredentials(ctx, 'super', sup, input.password);
  if (!sup) throw new AppError(Status.WRONG_CREDENTIALS);
  if (sup.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  const related = sup.companyIds.length
    ? await ctx.db.select({ userid: companies.id, company: companies.name }).from(companies).where(inArray(companies.id, sup.companyIds))
    : [];
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

export async function register(
  ctx: CallContext,
  input: { email: string; password: string; company: string; username: string; phone: string; shortName?: string; digest?: string; lang: Lang },
): Promise<{ userid: number }> {
  await requireCaptcha(ctx, input.digest);
  const email = normalizeEmail(input.email);
  if (await repo.findCompanyByEmail(ctx.db, email)) throw new AppError(Status.EMAIL_TAKEN);
  if (await repo.findStaffByAccount(ctx.db, email)) throw new AppError(Status.EMAIL_TAKEN);
  if (await repo.findCompanyByName(ctx.db, input.company)) throw new AppError(Status.COMPANY_NAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const token = randomToken(32);
  const userid = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({
          name: input.company,
          shortName: input.shortName ?? '',
          email,
          username: input.username,
          phone: normalizePhone(input.phone) ?? input.phone,
          passwordHash,
          lang: input.lang,
          status: 0,
        })
        .returning({ id: companies.id });
      if (!row) throw new Error('company insert returned nothing');
      await repo.insertEmailToken(tx, {
        tokenHash: sha256(token),
        purpose: 'activate',
        companyId: row.id,
        email,
        expiresAt: new Date(Date.now() + ACTIVATION_HOURS * 3600_000),
      });
      return row.id;
    })
    .catch((err: unknown) => {
      // Two registrations racing for the same email or name: the unique index decides.
      const msg = String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message);
      if (msg.includes('companies_email_uq')) throw new AppError(Status.EMAIL_TAKEN);
      if (msg.includes('companies_name_uq')) throw new AppError(Status.COMPANY_NAME_TAKEN);
      throw err;
    });
  const mail = activationMail(input.lang, {
    company: input.company,
    username: input.username,
    link: `${ctx.config.publicUrl}/active?token=${token}`,
    hours: ACTIVATION_HOURS,
  });
  await ctx.services.mailer.send({ companyId: userid, to: email, ...mail });
  await writeLog(
    ctx.db,
    { companyId: userid, account: email, name: input.username, role: Role.ADMIN },
    { module: LogModule.ACCOUNT, event: 'register', objId: userid, objName: input.company },
    ctx.ip,
  );
  return { userid };
}

export async function activate(ctx: CallContext, input: { token: string }): Promise<{ email: string }> {
  const hash = sha256(input.token);
  const claimed = await repo.claimEmailToken(ctx.db, hash, 'activate');
  if (!claimed) {
    const known = await repo.findEmailToken(ctx.db, hash, 'activate');
    if (known) {
      const company = await repo.findCompany(ctx.db, known.companyId);
      if (company && company.status !== 0) throw new AppError(Status.ACCOUNT_ALREADY_ACTIVATED);
    }
    throw new AppError(Status.INVALID_LINK, 'This activation link is invalid or has expired');
  }
  const company = await repo.findCompany(ctx.db, claimed.companyId);
  if (!company) throw new AppError(Status.INVALID_LINK);
  if (company.status !== 0) throw new AppError(Status.ACCOUNT_ALREADY_ACTIVATED);
  await ctx.db.update(companies).set({ status: 1 }).where(eq(companies.id, company.id));
  ctx.audit.actor = { companyId: company.id, account: company.email, name: company.username, role: Role.ADMIN };
  ctx.audit.objId = company.id;
  ctx.audit.objName = company.name;
  return { email: company.email };
}

export async function resendActivation(ctx: CallContext, input: { email: string; digest?: string }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  const company = await repo.findCompanyByEmail(ctx.db, normalizeEmail(input.email));
  if (company && company.status === 0) {
    const token = randomToken(32);
    await repo.insertEmailToken(ctx.db, {
      tokenHash: sha256(token),
      purpose: 'activate',
      companyId: company.id,
      email: company.email,
      expiresAt: new Date(Date.now() + ACTIVATION_HOURS * 3600_000),
    });
    const mail = activationMail(company.lang as Lang, {
      company: company.name,
      username: company.username,
      link: `${ctx.config.publicUrl}/active?token=${token}`,
      hours: ACTIVATION_HOURS,
    });
    await ctx.services.mailer.send({ companyId: company.id, to: company.email, ...mail });
  }
  return null;
}

/** A one-time link to set a password, mailed (the administrator's: `reset`; an employee's: `empPassword`). */
async function sendPasswordLink(
  ctx: CallContext,
  to: { purpose: 'reset' | 'empPassword'; companyId: number; email: string; accountId?: number; name: string; lang: Lang },
): Promise<void> {
  const token = randomToken(32);
  await repo.insertEmailToken(ctx.db, {
    tokenHash: sha256(token),
    purpose: to.purpose,
    companyId: to.companyId,
    email: to.email,
    accountId: to.accountId,
    expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
  });
  const mail = resetMail(to.lang, { username: to.name, link: `${ctx.config.publicUrl}/reset?token=${token}`, minutes: RESET_MINUTES });
  await ctx.services.mailer.send({ companyId: to.companyId, to: to.email, ...mail });
}

export async function retrievePassword(ctx: CallContext, input: { email: string; digest?: string; lang?: Lang }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  const company = await repo.findCompanyByEmail(ctx.db, normalizeEmail(input.email));
  // Same answer either way, so the form cannot be used to find out who has an account.
  if (company && company.status !== 2)
    await sendPasswordLink(ctx, {
      purpose: 'reset',
      companyId: company.id,
      email: company.email,
      name: company.username,
      lang: input.lang ?? (company.lang as Lang),
    });
  return null;
}

/** An employee's password link: to their email, once per company where they are an enabled employee. */
export async function resetEmployeePassword(ctx: CallContext, input: { email: string; digest?: string; lang?: Lang }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  // Same answer either way, so the form cannot be used to find out who is an employee where.
  await mailEmployeeLinks(ctx, await repo.findEmployeesByEmail(ctx.db, normalizeEmail(input.email)), input.lang);
  return null;
}

/**
 * `checkEmpInfo`: an employee who cannot sign in gives the phone they sign in with (or an email). The original answered
 * whether and where such an employee exists; here every match (enabled, in an active company, with an email on file)
 * gets a password link at that email, and the answer is the same whether anyone matched or not, like `empLogin`'s
 * refusal, which does not tell an unknown phone from a wrong password either.
 */
export async function checkEmployeeInfo(ctx: CallContext, input: { phone: string; email: string; digest?: string; lang?: Lang }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  const phone = input.phone ? normalizePhone(input.phone) : null;
  const byPhone = phone ? await repo.findEnabledEmployeesByPhone(ctx.db, phone) : [];
  const byEmail = input.email ? await repo.findEmployeesByEmail(ctx.db, normalizeEmail(input.email)) : [];
  const unique = new Map([...byPhone, ...byEmail].map((e) => [e.id, e]));
  await mailEmployeeLinks(ctx, [...unique.values()], input.lang);
  return null;
}

async function mailEmployeeLinks(
  ctx: CallContext,
  emps: { id: number; companyId: number; email: string; name: string; status: number }[],
  lang: Lang | undefined,
): Promise<void> {
  for (const emp of emps) {
    if (emp.status !== 0 || !emp.email) continue;
    const company = await repo.findCompany(ctx.db, emp.companyId);
    if (company?.status !== 1) continue;
    await sendPasswordLink(ctx, {
      purpose: 'empPassword',
      companyId: company.id,
      email: emp.email,
      accountId: emp.id,
      name: emp.name,
      lang: lang ?? (company.lang as Lang),
    });
  }
}

/** A password from a one-time link: the company administrator's (RetrievePassword) or an employee's (resetEmpPwd). */
export async function modifyPassword(ctx: CallContext, input: { token: string; password: string }): Promise<null> {
  const hash = sha256(input.token);
  const pending = (await repo.findEmailToken(ctx.db, hash, 'reset')) ?? (await repo.findEmailToken(ctx.db, hash, 'empPassword'));
  if (!pending || pending.usedAt || pending.expiresAt.getTime() < Date.now())
    throw new AppError(Status.INVALID_LINK, 'This password-reset link is invalid, used or expired');
  const company = await repo.findCompany(ctx.db, pending.companyId);
  if (!company) throw new AppError(Status.INVALID_LINK);
  const purpose = pending.purpose === 'empPassword' ? 'empPassword' : 'reset';
  const emp = purpose === 'empPassword' ? await repo.findEmployee(ctx.db, pending.companyId, pending.accountId ?? 0) : undefined;
  if (purpose === 'empPassword' && emp?.status !== 0) throw new AppError(Status.INVALID_LINK);
  const currentHash = emp ? emp.passwordHash : company.passwordHash;
  if (currentHash && (await verifyPassword(currentHash, input.password)))
    throw new AppError(Status.BAD_PARAMS, 'The password cannot be the same as the old password', {
      errors: [{ field: 'password', rule: 'sameAsOld' }],
    });
  if (!(await repo.claimEmailToken(ctx.db, hash, purpose))) throw new AppError(Status.INVALID_LINK);
  const [kind, id] = emp ? (['employee', emp.id] as const) : (['admin', company.id] as const);
  await repo.setPasswordHash(ctx.db, kind, id, await hashPassword(input.password));
  await revokeAccountSessions(ctx.db, kind, id);
  ctx.audit.actor = emp
    ? { companyId: company.id, account: emp.phone, name: emp.name, role: Role.EMPLOYEE }
    : { companyId: company.id, account: company.email, name: company.username, role: Role.ADMIN };
  ctx.audit.objId = id;
  ctx.audit.objName = emp ? emp.name : company.email;
  return null;
}
