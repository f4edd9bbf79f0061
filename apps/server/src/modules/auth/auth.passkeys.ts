import { type In, isMachineAccount, type LoginResult, Status } from '@openvisit/contract';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { type PasskeyAccount, secondStepAccount, signInAccount, signInStart } from '../passkeys/passkeys.public.js';
import { sys } from './auth.credentials.js';
import {
  adminSession,
  assertEmployeeMaySignInHere,
  assertStaffMaySignInHere,
  employeeSession,
  passkeyDepsOf,
  staffSession,
  subSession,
  superSession,
} from './auth.signin.js';

export const start = (ctx: CallContext) => signInStart(passkeyDepsOf(ctx));

/**
 * The session of the account a passkey is, with the checks of its password sign-in: a company that requires its
 * identity provider or work app signs its employees and staff in through it (a passkey does not stand in for it).
 */
async function sessionOf(ctx: CallContext, a: PasskeyAccount): Promise<LoginResult> {
  const gone = () => new AppError(Status.PASSKEY_FAILED, 'The account of this passkey no longer exists');
  switch (a.kind) {
    case 'admin':
      return adminSession(ctx, a.id);
    case 'staff': {
      const staff = await sys(ctx).findStaff(a.id);
      if (!staff || isMachineAccount(staff.sType)) throw gone();
      await assertStaffMaySignInHere(ctx, staff);
      return staffSession(ctx, staff);
    }
    case 'employee': {
      const emp = a.companyId === null ? undefined : await sys(ctx).findEmployee(a.companyId, a.id);
      if (!emp) throw gone();
      await assertEmployeeMaySignInHere(ctx, emp.companyId);
      return employeeSession(ctx, emp);
    }
    case 'sub': {
      const sub = a.companyId === null ? undefined : await sys(ctx).findSubAccount(a.companyId, a.id);
      if (!sub) throw gone();
      return subSession(ctx, sub);
    }
    case 'super': {
      const sup = await sys(ctx).findSuperAccountById(a.id);
      if (!sup) throw gone();
      return superSession(ctx, sup);
    }
  }
}

/** passkeySignIn: a passkey instead of the password. */
export async function signIn(ctx: CallContext, input: In<'passkeySignIn'>): Promise<LoginResult> {
  return sessionOf(ctx, await signInAccount(passkeyDepsOf(ctx), input));
}

/** passkeySecondStep: after a password sign-in answered 1421; the account is checked again as it may have changed meanwhile. */
export async function secondStep(ctx: CallContext, input: In<'passkeySecondStep'>): Promise<LoginResult> {
  return sessionOf(ctx, await secondStepAccount(passkeyDepsOf(ctx), input));
}
