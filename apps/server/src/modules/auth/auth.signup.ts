import { type Lang, LogModule, normalizeEmail, normalizePhone, Role, Status } from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import { writeLog } from '../../platform/http/audit.js';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { hashPassword, randomToken, sha256 } from '../../platform/identity/crypto.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { sealedInMessage } from '../../platform/messages/messages.js';
import { requireCaptcha, sys } from './auth.credentials.js';
import { activationMail, alreadyRegisteredMail } from './auth.mails.js';
import { authSystemRepository } from './auth.system.repository.js';

const ACTIVATION_HOURS = 48;

/**
 * Registers a company. A taken email is never said to the form (that would let anyone list the addresses of other
 * companies): the answer is the same as for a new company, and the address's owner learns by mail that it is already
 * registered. Company names need not be unique, so none is refused. The password is hashed on every path so the time
 * taken tells nothing either.
 */
export async function register(
  ctx: CallContext,
  input: { email: string; password: string; company: string; username: string; phone: string; shortName?: string; digest?: string; lang: Lang },
): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  if (await sys(ctx).findCompanyByEmail(email)) return alreadyRegistered(ctx, email, input.lang);
  const token = randomToken(32);
  const userid = await inTransaction(ctx.system, async (tx) => {
    const row = await authSystemRepository(tx).insertCompany({
      name: input.company,
      shortName: input.shortName ?? '',
      email,
      username: input.username,
      phone: normalizePhone(input.phone) ?? input.phone,
      passwordHash,
      lang: input.lang,
      status: 0,
      // A new company's employees may invite their own visitors (the wizard offers to turn it off); the schema's
      // default stays off, so companies that never chose keep what they had.
      settings: { permissionSwitch: 1 },
    });
    if (!row) throw new Error('company insert returned nothing');
    await authSystemRepository(tx).insertEmailToken({
      tokenHash: sha256(token),
      purpose: 'activate',
      companyId: row.id,
      email,
      expiresAt: new Date(Date.now() + ACTIVATION_HOURS * 3600_000),
    });
    return row.id;
  }).catch((err: unknown) => {
    // Two registrations racing for the same email: the unique index decides, and the loser is told by mail.
    if (uniqueViolation(err) === 'companies_email_uq') return 'email' as const;
    throw err;
  });
  if (userid === 'email') return alreadyRegistered(ctx, email, input.lang);
  const mail = activationMail(input.lang, {
    company: input.company,
    username: input.username,
    link: `${ctx.config.publicUrl}/active?token=${sealedInMessage(ctx.services.secrets, token)}`,
    hours: ACTIVATION_HOURS,
  });
  await ctx.services.mailer.send({ companyId: userid, to: email, ...mail });
  await writeLog(
    ctx.system,
    ctx.services.secrets,
    { companyId: userid, account: email, name: input.username, role: Role.ADMIN },
    { module: LogModule.ACCOUNT, event: 'register', objId: userid, objName: input.company },
    ctx.ip,
  );
  return null;
}

async function alreadyRegistered(ctx: CallContext, email: string, lang: Lang): Promise<null> {
  const mail = alreadyRegisteredMail(lang, { signInLink: `${ctx.config.publicUrl}/signin`, forgotLink: `${ctx.config.publicUrl}/forgot` });
  await ctx.services.mailer.send({ companyId: null, to: email, ...mail });
  return null;
}

export async function activate(ctx: CallContext, input: { token: string }): Promise<{ email: string }> {
  const hash = sha256(input.token);
  const claimed = await sys(ctx).claimEmailToken(hash, 'activate');
  if (!claimed) {
    const known = await sys(ctx).findEmailToken(hash, 'activate');
    if (known) {
      const company = await sys(ctx).findCompany(known.companyId);
      if (company && company.status !== 0) throw new AppError(Status.ACCOUNT_ALREADY_ACTIVATED);
    }
    throw new AppError(Status.INVALID_LINK, 'This activation link is invalid or has expired');
  }
  const company = await sys(ctx).findCompany(claimed.companyId);
  if (!company) throw new AppError(Status.INVALID_LINK);
  if (company.status !== 0) throw new AppError(Status.ACCOUNT_ALREADY_ACTIVATED);
  await sys(ctx).activateCompany(company.id);
  ctx.audit.actor = { companyId: company.id, account: company.email, name: company.username, role: Role.ADMIN };
  ctx.audit.objId = company.id;
  ctx.audit.objName = company.name;
  return { email: company.email };
}

export async function resendActivation(ctx: CallContext, input: { email: string; digest?: string }): Promise<null> {
  await requireCaptcha(ctx, input.digest);
  const company = await sys(ctx).findCompanyByEmail(normalizeEmail(input.email));
  if (company && company.status === 0) {
    const token = randomToken(32);
    await sys(ctx).insertEmailToken({
      tokenHash: sha256(token),
      purpose: 'activate',
      companyId: company.id,
      email: company.email,
      expiresAt: new Date(Date.now() + ACTIVATION_HOURS * 3600_000),
    });
    const mail = activationMail(company.lang as Lang, {
      company: company.name,
      username: company.username,
      link: `${ctx.config.publicUrl}/active?token=${sealedInMessage(ctx.services.secrets, token)}`,
      hours: ACTIVATION_HOURS,
    });
    await ctx.services.mailer.send({ companyId: company.id, to: company.email, ...mail });
  }
  return null;
}
