import { type ImPlatform, isMachineAccount, type LoginResult, Status } from '@openvisit/contract';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { scopeForCompany } from '../../platform/identity/tenancy.js';
import { type AppDeps, signedInEmployee, signInOptions, signInState, signInUrl } from '../im/im.public.js';
import { sys, today } from './auth.credentials.js';
import { employeeSession, staffSession } from './auth.signin.js';

/** A public call names its company; the work app is read in that company's scope. */
const depsOf = (ctx: CallContext, companyId: number): AppDeps => ({
  tenant: scopeForCompany(ctx.system, companyId),
  config: ctx.config,
  services: ctx.services,
});

/** A company that does not exist offers nothing, as one that offers nothing: the answer tells no company apart. */
export async function options(ctx: CallContext, companyId: number) {
  if (!(await sys(ctx).findCompany(companyId))) return { platforms: [], required: null };
  return signInOptions(depsOf(ctx, companyId));
}

export async function start(ctx: CallContext, input: { companyId: number; platform: ImPlatform; target: 'employee' | 'staff'; nonce: string }) {
  if (!(await sys(ctx).findCompany(input.companyId))) throw new AppError(Status.IM_SIGNIN_OFF);
  return { url: await signInUrl(depsOf(ctx, input.companyId), input, ctx.userAgent ?? '') };
}

/**
 * The console account (never the administrator's, nor a machine's) of the employee who signed in: the single enabled
 * staff account of the company with the employee's phone, within its dates.
 */
async function staffOf(ctx: CallContext, companyId: number, phone: string): Promise<LoginResult> {
  const day = today();
  const found = phone
    ? (await sys(ctx).findStaffByPhone(companyId, phone)).filter(
        (s) => !isMachineAccount(s.sType) && !(s.endDate && s.endDate < day) && !(s.startDate && s.startDate > day),
      )
    : [];
  const [only] = found;
  if (!only || found.length > 1) throw new AppError(Status.IM_NO_ACCOUNT);
  return staffSession(ctx, only);
}

/** The browser came back from the platform with a code: the state must be this browser's, for this platform, unexpired. */
export async function finish(ctx: CallContext, input: { platform: ImPlatform; code: string; state: string; nonce: string }): Promise<LoginResult> {
  const state = signInState(ctx.services.secrets, input.state, input.platform, input.nonce);
  if (!state) throw new AppError(Status.IM_SIGNIN_FAILED);
  const emp = await signedInEmployee(depsOf(ctx, state.companyId), input.platform, input.code, true);
  ctx.audit.objName = emp.name;
  return state.target === 'staff' ? staffOf(ctx, state.companyId, emp.phone) : employeeSession(ctx, emp);
}

/** The original's in-app code sign-ins: an employee, with the code the app's client gave the page inside it. */
export async function withCode(ctx: CallContext, platform: ImPlatform, input: { companyId: number; code: string }): Promise<LoginResult> {
  if (!(await sys(ctx).findCompany(input.companyId))) throw new AppError(Status.IM_SIGNIN_OFF);
  const emp = await signedInEmployee(depsOf(ctx, input.companyId), platform, input.code, false);
  ctx.audit.objName = emp.name;
  return employeeSession(ctx, emp);
}
