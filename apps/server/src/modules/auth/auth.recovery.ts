import { type Lang, normalizeEmail, normalizePhone, Role, Status } from '@openvisit/contract';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/identity/crypto.js';
import { revokeAccountSessions } from '../../platform/identity/sessions.js';
import { clearAccountFailures } from '../../platform/identity/signinGuard.js';
import { sealedInMessage } from '../../platform/messages/messages.js';
import { requireCaptcha, sys } from './auth.credentials.js';
import { resetMail, subWelcomeMail, welcomeMail } from './auth.mails.js';

const RESET_MINUTES = 60;

async function sendPasswordLink(
  ctx: CallContext,
  to: {
    purpose: 'reset' | 'empPassword' | 'subPassword';
    companyId: number;
    email: string;
    accountId?: number;
    name: string;
    lang: Lang;
    /** An employee without a password yet: welcomed, with the company's name, rather than told of a reset. */
    welcome?: { company: string };
    /** A new sub-company: welcomed by its head company. */
    subWelcome?: { company: string };
  },
): Promise<void> {
  const token = randomToken(32);
  await sys(ctx).insertEmailToken({
    tokenHash: sha256(token),
    purpose: to.purpose,
    companyId: to.companyId,
    email: to.email,
    accountId: to.accountId,
    expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
  });
  const link = `${ctx.config.publicUrl}/reset?token=${sealedInMessage(ctx.services.secrets, token)}`;
  const mail = to.subWelcome
    ? subWelcomeMail(to.lang, { name: to.name, company: to.subWelcome.company, link, minutes: RESET_MINUTES })
    : to.welcome
      ? welcomeMail(to.lang, { username: to.name, company: to.welcome.company, link, minutes: RESET_MINUTES })
      : resetMail(to.lang, { username: to.name, link, minutes: RESET_MINUTES });
  await ctx.services.mailer.send({ companyId: to.companyId, to: to.email, ...mail });
}

/**
 * The recovery forms answer before anyone is looked up: each request queues one job (`RECOVERY_JOB`) with what was
 * typed, and the job finds the accounts and mails their links. So a known address and an unknown one are answered the
 * same, byte for byte, after the same work (the captcha, one insert), and the time of the answer tells nothing either.
 */
export const RECOVERY_JOB = 'auth.passwordLinks';

type RecoveryRequest = { kind: 'admin'; email: string; lang?: Lang } | { kind: 'employee'; email: string; phone: string | null; lang?: Lang };

async function queueRecovery(ctx: CallContext, request: RecoveryRequest): Promise<null> {
  await ctx.services.jobs.enqueue(RECOVERY_JOB, request, { maxAttempts: 3 });
  return null;
}

export async function retrievePassword(ctx: CallContext, input: { email: string; digest?: string; lang?: Lang }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  return queueRecovery(ctx, { kind: 'admin', email: normalizeEmail(input.email), lang: input.lang });
}

/** An employee's password link: to their email, once per company where they are an enabled employee. */
export async function resetEmployeePassword(ctx: CallContext, input: { email: string; digest?: string; lang?: Lang }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  return queueRecovery(ctx, { kind: 'employee', email: normalizeEmail(input.email), phone: null, lang: input.lang });
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
  return queueRecovery(ctx, { kind: 'employee', email: input.email ? normalizeEmail(input.email) : '', phone, lang: input.lang });
}

/** The job's half: who the request names, and their links mailed. */
async function mailRecoveryLinks(ctx: CallContext, request: RecoveryRequest): Promise<void> {
  if (request.kind === 'admin') {
    const company = request.email ? await sys(ctx).findCompanyByEmail(request.email) : undefined;
    if (company && company.status !== 2)
      await sendPasswordLink(ctx, {
        purpose: 'reset',
        companyId: company.id,
        email: company.email,
        name: company.username,
        lang: request.lang ?? (company.lang as Lang),
      });
    return;
  }
  const byPhone = request.phone ? await sys(ctx).findEnabledEmployeesByPhone(request.phone) : [];
  const byEmail = request.email ? await sys(ctx).findEmployeesByEmail(request.email) : [];
  const unique = new Map([...byPhone, ...byEmail].map((e) => [e.id, e]));
  await mailEmployeeLinks(ctx, [...unique.values()], request.lang);
}

export function registerRecoveryJobs(deps: Pick<CallContext, 'system' | 'config' | 'services' | 'log'>): void {
  // The payload is an address or phone as typed, perhaps nobody's: not kept once the links are mailed.
  deps.services.jobs.register(
    RECOVERY_JOB,
    async (payload) => {
      const ctx: CallContext = { ...deps, session: null, ip: '', userAgent: `openvisit-${RECOVERY_JOB}`, audit: {} };
      await mailRecoveryLinks(ctx, payload as RecoveryRequest);
    },
    { forgetPayloadWhenDone: true },
  );
}

async function mailEmployeeLinks(
  ctx: CallContext,
  emps: { id: number; companyId: number; email: string; name: string; status: number; passwordHash: string | null }[],
  lang: Lang | undefined,
): Promise<void> {
  for (const emp of emps) {
    if (emp.status !== 0 || !emp.email) continue;
    const company = await sys(ctx).findCompany(emp.companyId);
    if (company?.status !== 1) continue;
    await sendPasswordLink(ctx, {
      purpose: 'empPassword',
      companyId: company.id,
      email: emp.email,
      accountId: emp.id,
      name: emp.name,
      lang: lang ?? (company.lang as Lang),
      welcome: emp.passwordHash ? undefined : { company: company.shortName || company.name },
    });
  }
}

/**
 * A sub-company's password link, asked by its head office (resetSubAccountPwd), or its welcome when it was created
 * without a password (addSubAccount); in the head company's language. ModifyPassword takes it.
 */
export async function mailSubAccountLink(ctx: CallContext, sub: { companyId: number; id: number; email: string; name: string }, welcome: boolean) {
  const company = await sys(ctx).findCompany(sub.companyId);
  if (!company) return;
  await sendPasswordLink(ctx, {
    purpose: 'subPassword',
    companyId: company.id,
    email: sub.email,
    accountId: sub.id,
    name: sub.name,
    lang: company.lang as Lang,
    subWelcome: welcome ? { company: company.shortName || company.name } : undefined,
  });
}

/** The token's account: the company administrator, an employee or a sub-company; 39 when it is gone or disabled. */
async function linkAccount(ctx: CallContext, pending: { purpose: string; companyId: number; accountId: number | null }) {
  const company = await sys(ctx).findCompany(pending.companyId);
  if (!company) throw new AppError(Status.INVALID_LINK);
  const admin = {
    kind: 'admin' as const,
    id: company.id,
    hash: company.passwordHash,
    account: company.email,
    name: company.username,
    role: Role.ADMIN,
  };
  if (pending.purpose === 'empPassword') {
    const emp = await sys(ctx).findEmployee(pending.companyId, pending.accountId ?? 0);
    if (emp?.status !== 0) throw new AppError(Status.INVALID_LINK);
    return { company, kind: 'employee' as const, id: emp.id, hash: emp.passwordHash, account: emp.phone, name: emp.name, role: Role.EMPLOYEE };
  }
  if (pending.purpose === 'subPassword') {
    const sub = await sys(ctx).findSubAccount(pending.companyId, pending.accountId ?? 0);
    if (!sub || sub.archivedAt) throw new AppError(Status.INVALID_LINK);
    return { company, kind: 'sub' as const, id: sub.id, hash: sub.passwordHash, account: sub.email, name: sub.companyName, role: Role.SUB_COMPANY };
  }
  return { company, ...admin };
}

const LINK_PURPOSES = ['reset', 'empPassword', 'subPassword'] as const;

/** A password from a one-time link: the company administrator's (RetrievePassword), an employee's (resetEmpPwd) or a sub-company's. */
export async function modifyPassword(
  ctx: CallContext,
  input: { token: string; password: string },
): Promise<{ account: 'admin' | 'employee' | 'sub' }> {
  const hash = sha256(input.token);
  let pending: Awaited<ReturnType<ReturnType<typeof sys>['findEmailToken']>>;
  for (const purpose of LINK_PURPOSES) pending ??= await sys(ctx).findEmailToken(hash, purpose);
  if (!pending || pending.usedAt || pending.expiresAt.getTime() < Date.now())
    throw new AppError(Status.INVALID_LINK, 'This password-reset link is invalid, used or expired');
  const who = await linkAccount(ctx, pending);
  if (who.hash && (await verifyPassword(who.hash, input.password)))
    throw new AppError(Status.BAD_PARAMS, 'The password cannot be the same as the old password', {
      errors: [{ field: 'password', rule: 'sameAsOld' }],
    });
  if (!(await sys(ctx).claimEmailToken(hash, pending.purpose as (typeof LINK_PURPOSES)[number]))) throw new AppError(Status.INVALID_LINK);
  await sys(ctx).setPasswordHash(who.kind, who.id, await hashPassword(input.password));
  // The owner proved the mailbox: no address stays locked out of the new password.
  await clearAccountFailures(ctx.system, who.kind, who.id);
  await revokeAccountSessions(ctx.system, who.kind, who.id);
  ctx.audit.actor = { companyId: who.company.id, account: who.account, name: who.name, role: who.role };
  ctx.audit.objId = who.id;
  ctx.audit.objName = who.kind === 'employee' ? who.name : who.account;
  // Which sign-in the page then opens: the employee's, the sub-company's or the administrator's.
  return { account: who.kind === 'admin' ? 'admin' : who.kind };
}
