import { type In, logDesc, READ_ONLY_SESSION_HOURS, Role, Status } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { createSession, revokeSession } from '../../platform/identity/sessions.js';
import { relatedCompany } from './superAccounts.service.js';

/**
 * A super account looks into one of its companies: a short-lived session of that company's administrator console,
 * marked read-only on its row (every write answers 610: contract readOnly.ts, platform/http/calls.ts). It keeps the super
 * account as who it is (account kind 'super', its id, account and name), so the company's operation log names the
 * super account, and a password reset or disabling of the super account ends it with the rest of its sessions.
 */
export async function enterCompany(ctx: AuthedContext, input: In<'superAccountEnterCompany'>) {
  const company = await relatedCompany(ctx, input.companyId);
  if (company.status === 2) throw new AppError(Status.ACCOUNT_DISABLED, 'The company is disabled');
  const { account, name, accountId } = ctx.session;
  const { token, session } = await createSession(ctx.system, {
    companyId: company.userid,
    role: Role.ADMIN,
    accountKind: 'super',
    accountId,
    account,
    name,
    companyName: company.company,
    sType: -1,
    subAccountId: null,
    gids: [],
    readOnly: true,
    hours: READ_ONLY_SESSION_HOURS,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  // Recorded in the company's own log (the super account's session has no company), as the super account.
  ctx.audit.actor = { companyId: company.userid, account, name, role: Role.SUPER };
  ctx.audit.objId = company.userid;
  ctx.audit.objName = company.company;
  ctx.audit.desc = logDesc('superReadOnlyEntered', { account });
  return {
    token,
    tokenExpire: session.expiresAt.getTime(),
    role: Role.ADMIN,
    sType: -1,
    userid: company.userid,
    company: company.company,
    account,
    username: name,
    readOnly: true as const,
  };
}

/** Ends a read-only session (the super account goes back to its own, which this leaves alone); 610 for any other. */
export async function leaveCompany(ctx: AuthedContext): Promise<null> {
  const { session } = ctx;
  if (!session.readOnly) throw new AppError(Status.NO_PERMISSION, 'Only a read-only session is left this way');
  await revokeSession(ctx.system, session.id);
  ctx.audit.actor = { companyId: session.companyId, account: session.account, name: session.name, role: Role.SUPER };
  ctx.audit.objId = session.companyId;
  ctx.audit.objName = session.companyName;
  ctx.audit.desc = logDesc('superReadOnlyLeft', { account: session.account });
  return null;
}
