import { type Lang, normalizeEmail, normalizePhone, Role, Status } from '@openvisit/contract';
import type { CallContext } from '../../platform/calls.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { sealedInMessage } from '../../platform/messages.js';
import { revokeAccountSessions } from '../../platform/sessions.js';
import { clearAccountFailures } from '../../platform/signinGuard.js';
import { requireCaptcha, sys } from './auth.credentials.js';
import { resetMail, welcomeMail } from './auth.mails.js';

const RESET_MINUTES = 60;

async function sendPasswordLink(
  ctx: CallContext,
  to: {
    purpose: 'reset' | 'empPassword';
    companyId: number;
    email: string;
    accountId?: number;
    name: string;
    lang: Lang;
    /** An employee without a password yet: welcomed, with the company's name, rather than told of a reset. */
    welcome?: { company: string };
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
  const mail = to.welcome
    ? welcomeMail(to.lang, { username: to.name, company: to.welcome.company, link, minutes: RESET_MINUTES })
    : resetMail(to.lang, { username: to.name, link, minutes: RESET_MINUTES });
  await ctx.services.mailer.send({ companyId: to.companyId, to: to.email, ...mail });
}

export async function retrievePassword(ctx: CallContext, input: { email: string; digest?: string; lang?: Lang }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  const company = await sys(ctx).findCompanyByEmail(normalizeEmail(input.email));
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
  await mailEmployeeLinks(ctx, await sys(ctx).findEmployeesByEmail(normalizeEmail(input.email)), input.lang);
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
  const byPhone = phone ? await sys(ctx).findEnabledEmployeesByPhone(phone) : [];
  const byEmail = input.email ? await sys(ctx).findEmployeesByEmail(normalizeEmail(input.email)) : [];
  const unique = new Map([...byPhone, ...byEmail].map((e) => [e.id, e]));
  await mailEmployeeLinks(ctx, [...unique.values()], input.lang);
  return null;
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

/** A password from a one-time link: the company administrator's (RetrievePassword) or an employee's (resetEmpPwd). */
export async function modifyPassword(ctx: CallContext, input: { token: string; password: string }): Promise<{ account: 'admin' | 'employee' }> {
  const hash = sha256(input.token);
  const pending = (await sys(ctx).findEmailToken(hash, 'reset')) ?? (await sys(ctx).findEmailToken(hash, 'empPassword'));
  if (!pending || pending.usedAt || pending.expiresAt.getTime() < Date.now())
    throw new AppError(Status.INVALID_LINK, 'This password-reset link is invalid, used or expired');
  const company = await sys(ctx).findCompany(pending.companyId);
  if (!company) throw new AppError(Status.INVALID_LINK);
  const purpose = pending.purpose === 'empPassword' ? 'empPassword' : 'reset';
  const emp = purpose === 'empPassword' ? await sys(ctx).findEmployee(pending.companyId, pending.accountId ?? 0) : undefined;
  if (purpose === 'empPassword' && emp?.status !== 0) throw new AppError(Status.INVALID_LINK);
  const currentHash = emp ? emp.passwordHash : company.passwordHash;
  if (currentHash && (await verifyPassword(currentHash, input.password)))
    throw new AppError(Status.BAD_PARAMS, 'The password cannot be the same as the old password', {
      errors: [{ field: 'password', rule: 'sameAsOld' }],
    });
  if (!(await sys(ctx).claimEmailToken(hash, purpose))) throw new AppError(Status.INVALID_LINK);
  const [kind, id] = emp ? (['employee', emp.id] as const) : (['admin', company.id] as const);
  await sys(ctx).setPasswordHash(kind, id, await hashPassword(input.password));
  // The owner proved the mailbox: no address stays locked out of the new password.
  await clearAccountFailures(ctx.system, kind, id);
  await revokeAccountSessions(ctx.system, kind, id);
  ctx.audit.actor = emp
    ? { companyId: company.id, account: emp.phone, name: emp.name, role: Role.EMPLOYEE }
    : { companyId: company.id, account: company.email, name: company.username, role: Role.ADMIN };
  ctx.audit.objId = id;
  ctx.audit.objName = emp ? emp.name : company.email;
  // Which sign-in the page then opens: the employee's or the administrator's.
  return { account: emp ? 'employee' : 'admin' };
}
