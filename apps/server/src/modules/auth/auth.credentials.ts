import { createHash } from 'node:crypto';
import { LogModule, logDesc, Status } from '@openvisit/contract';
import { writeLog } from '../../platform/http/audit.js';
import type { AuthedContext, CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { spendCaptcha } from '../../platform/identity/captcha.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/identity/crypto.js';
import { fromKnownDevice, knownDeviceCookie } from '../../platform/identity/knownDevices.js';
import {
  type AccountKind,
  createSession,
  type NewSession,
  releasePasswordChange,
  revokeAccountSessions,
  type Session,
} from '../../platform/identity/sessions.js';
import {
  clearAccountFailures,
  clearSignInFailures,
  recordSignInFailure,
  type SignInAccount,
  signInCounts,
  spreadDelayUntil,
} from '../../platform/identity/signinGuard.js';
import { authSystemRepository } from './auth.system.repository.js';

/** Everything auth reads runs before a session or across companies (see the repository): the system scope. */
export function sys(ctx: CallContext) {
  return authSystemRepository(ctx.system);
}

export interface Lockable {
  id: number;
  passwordHash: string | null;
}

/**
 * Checks a password against the failures counted for this account at this client address (platform/identity/signinGuard.ts):
 * warnings with the tries left after `warnAfter` failures (302), then that address alone locked (67) with a growing
 * back-off, so a stranger cannot lock the owner out. A name no account answers to (`name`, as typed) goes the same way
 * under a key of its own (`unknownAccount`): the same reads and writes, the same password hashing, and the same
 * answers, warning and lock included, so neither the answer nor its time tells whether the account exists.
 * Guesses spread over other addresses make the account (or the name) wait, except on a device it signed in from before.
 */
export async function checkCredentials(
  ctx: CallContext,
  kind: AccountKind,
  account: Lockable | undefined,
  name: string,
  password: string,
  actor?: () => Promise<Pick<Session, 'companyId' | 'account' | 'name' | 'role'>>,
): Promise<void> {
  const policy = ctx.config.lockout;
  const known = account?.passwordHash ? account : undefined;
  const key: SignInAccount = known ? { kind, id: known.id } : unknownAccount(kind, name);
  const counts = await signInCounts(ctx.system, key, ctx.ip);
  if (counts.lockedUntil) throw new AppError(Status.ACCOUNT_LOCKED, undefined, { lockedUntil: counts.lockedUntil.getTime() });
  const hash = known?.passwordHash ?? (await dummyPasswordHash());
  const wait = spreadDelayUntil(counts, policy);
  // A name no account answers to waits alike (its key counts the same way); no device was ever marked for it.
  if (wait && !(known && fromKnownDevice(ctx.services.secrets, ctx.headers, { kind, id: known.id }, hash))) {
    const seconds = Math.ceil((wait.getTime() - Date.now()) / 1000);
    throw new AppError(Status.ACCOUNT_LOCKED, `Too many failed sign-ins to this account from elsewhere; try again in ${seconds} s`, {
      lockedUntil: wait.getTime(),
    });
  }
  if ((await verifyPassword(hash, password)) && known) {
    await clearSignInFailures(ctx.system, { kind, id: known.id }, ctx.ip);
    ctx.setCookie?.(knownDeviceCookie(ctx.services.secrets, ctx.headers, { kind, id: known.id }, hash, ctx.config.publicUrl.startsWith('https://')));
    return;
  }
  const failed = await recordSignInFailure(ctx.system, key, ctx.ip, policy);
  if (failed.lockedUntil) {
    if (actor && known)
      await writeLog(
        ctx.system,
        ctx.services.secrets,
        await actor(),
        { module: LogModule.ACCOUNT, event: 'lock', desc: logDesc('lockedAfterFailures', { failures: failed.failures }) },
        ctx.ip,
      );
    throw new AppError(Status.ACCOUNT_LOCKED, undefined, { lockedUntil: failed.lockedUntil.getTime() });
  }
  if (failed.failures > policy.warnAfter) {
    const remaining = policy.lockAfter - failed.failures;
    throw new AppError(Status.LOGIN_TRIES_LEFT, `Invalid username or password; ${remaining} more failures will lock the account`, { remaining });
  }
  throw new AppError(Status.WRONG_CREDENTIALS);
}

/**
 * The failure-count key of a sign-in name that matches no account of this kind: the name as the look-ups compare it
 * (trimmed, case folded; a phone already normalised), hashed into the id column under the kind `unknown:<kind>`, which
 * no account has. A collision only shares a count between two names that both match nothing.
 */
export function unknownAccount(kind: AccountKind, name: string): SignInAccount {
  const digest = createHash('sha256').update(name.trim().toLowerCase()).digest();
  return { kind: `unknown:${kind}`, id: digest.readUInt32BE(0) & 0x7fffffff };
}

/**
 * Among accounts answering to one sign-in name (a staff name or an employee's phone is unique within a company only),
 * the one whose password matches. Each is tried as a sign-in would be: one locked out of this address is not tried,
 * and a miss counts for every one tried, so a look-alike account in the caller's own company gives no free guesses at
 * another company's password. With one candidate, checkCredentials does it all.
 */
export async function pickByPassword<C extends { kind: AccountKind; account: Lockable }>(
  ctx: CallContext,
  candidates: C[],
  password: string,
): Promise<C | undefined> {
  if (candidates.length <= 1) return candidates[0];
  const tried: C[] = [];
  for (const c of candidates) {
    const key = { kind: c.kind, id: c.account.id };
    if (!c.account.passwordHash || (await signInCounts(ctx.system, key, ctx.ip)).lockedUntil) continue;
    if (await verifyPassword(c.account.passwordHash, password)) return c;
    tried.push(c);
  }
  // None matched: checkCredentials checks and counts the first; the others are counted here.
  for (const c of tried.slice(1)) await recordSignInFailure(ctx.system, { kind: c.kind, id: c.account.id }, ctx.ip, ctx.config.lockout);
  return tried[0] ?? candidates[0];
}

/**
 * Whether an account exempt from the captcha (a visitor machine) must solve one now: its account failed a few times
 * from anywhere, or this address failed against many accounts. Only with the captcha switched on.
 */
export async function captchaDue(ctx: CallContext, account: { kind: AccountKind; id: number }): Promise<boolean> {
  if (!ctx.config.captcha) return false;
  const { captchaAfter, sourceCaptchaAfter } = ctx.config.lockout;
  const counts = await signInCounts(ctx.system, account, ctx.ip);
  return counts.accountFailures >= captchaAfter || counts.sourceFailures >= sourceCaptchaAfter;
}

/**
 * The signed-in account confirms its password (a kiosk before it is signed out, so a visitor cannot): the sign-in
 * check itself, so failures count toward the same lockout.
 */
export async function confirmPassword(ctx: AuthedContext, input: { password: string }): Promise<null> {
  const { accountKind, accountId } = ctx.session;
  const account = await sys(ctx).findLockable(accountKind, accountId);
  await checkCredentials(ctx, accountKind, account, ctx.session.account, input.password, async () => ctx.session);
  return null;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function requireCaptcha(ctx: CallContext, digest: string | undefined): Promise<void> {
  if (ctx.config.captcha) await spendCaptcha(ctx.system, digest);
}

export async function activeCompany(ctx: CallContext, companyId: number) {
  const company = await sys(ctx).findCompany(companyId);
  if (!company || company.status === 2) throw new AppError(Status.ACCOUNT_DISABLED);
  if (company.status === 0) throw new AppError(Status.ACCOUNT_NOT_ACTIVATED);
  if (company.expireDate && company.expireDate.getTime() < Date.now()) throw new AppError(Status.ACCOUNT_EXPIRED);
  return company;
}

export async function startSession(ctx: CallContext, s: Omit<NewSession, 'hours' | 'ip' | 'userAgent'>, admin: boolean) {
  const hours = admin ? ctx.config.sessionHours.admin : ctx.config.sessionHours.other;
  const { token, session } = await createSession(ctx.system, { ...s, hours, ip: ctx.ip, userAgent: ctx.userAgent });
  ctx.audit.actor = session;
  ctx.audit.objId = s.account;
  ctx.audit.objName = s.name;
  return { token, tokenExpire: session.expiresAt.getTime() };
}

/** Changes the caller's own password, whatever kind of account it is; its other sessions end (accounts' updatePassword). */
export async function changeOwnPassword(ctx: AuthedContext, input: { oldPassword: string; password: string }): Promise<void> {
  const { accountKind, accountId } = ctx.session;
  const current = await sys(ctx).getPasswordHash(accountKind, accountId);
  if (!current || !(await verifyPassword(current, input.oldPassword))) throw new AppError(Status.INVALID_PASSWORD, 'The old password is wrong');
  await sys(ctx).setPasswordHash(accountKind, accountId, await hashPassword(input.password));
  await clearAccountFailures(ctx.system, accountKind, accountId);
  await revokeAccountSessions(ctx.system, accountKind, accountId, ctx.session.id);
  // The password is changed: this session may now make every call its role allows.
  if (ctx.session.mustChangePassword) await releasePasswordChange(ctx.system, ctx.session.id);
}

/** updatePassword and updateEmpPwd: the caller's own password, whatever kind of account it is, in the operation log. */
export async function updatePassword(ctx: AuthedContext, input: { oldPassword: string; password: string }): Promise<null> {
  await changeOwnPassword(ctx, input);
  ctx.audit.objId = ctx.session.account;
  ctx.audit.objName = ctx.session.name;
  return null;
}
