import { isMachineAccount, type LoginResult, normalizeEmail, Status } from '@openvisit/contract';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { scopeForCompany } from '../../platform/identity/tenancy.js';
import { type SsoDeps, type SsoPerson, ssoFinish, ssoOptions, ssoStart } from '../sso/sso.public.js';
import { sys, today } from './auth.credentials.js';
import { adminSession, employeeSession, staffSession } from './auth.signin.js';

const depsOf = (ctx: CallContext): SsoDeps => ({ system: ctx.system, config: ctx.config, secrets: ctx.services.secrets });

/** A company that does not exist offers nothing, as one that offers nothing: the answer tells no company apart. */
export async function options(ctx: CallContext, companyId: number) {
  if (!(await sys(ctx).findCompany(companyId))) return { connections: [], required: false };
  return ssoOptions(scopeForCompany(ctx.system, companyId));
}

export async function start(ctx: CallContext, input: Parameters<typeof ssoStart>[1]) {
  if (!(await sys(ctx).findCompany(input.companyId))) throw new AppError(Status.SSO_OFF);
  return { url: await ssoStart(depsOf(ctx), input) };
}

/**
 * The console account of the person a provider vouches for: the company's administrator by the verified e-mail, else
 * the staff account named by that e-mail or the provider's user name, else the one with the employee's phone; never a
 * machine's, and only one.
 */
async function consoleAccount(ctx: CallContext, p: SsoPerson): Promise<LoginResult> {
  const company = await sys(ctx).findCompany(p.companyId);
  if (company && p.email && normalizeEmail(company.email) === normalizeEmail(p.email)) return adminSession(ctx, company.id);
  const day = today();
  const usable = (s: { sType: number; startDate: string | null; endDate: string | null }) =>
    !isMachineAccount(s.sType) && !(s.endDate && s.endDate < day) && !(s.startDate && s.startDate > day);
  const names = [...new Set([p.email, p.username].filter(Boolean))];
  let found = (await Promise.all(names.map((n) => sys(ctx).findCompanyStaffByAccount(p.companyId, n)))).flat().filter(usable);
  if (!found.length && p.employee?.phone) found = (await sys(ctx).findStaffByPhone(p.companyId, p.employee.phone)).filter(usable);
  const ids = new Set(found.map((s) => s.id));
  const [only] = found;
  if (!only || ids.size > 1) throw new AppError(Status.SSO_NO_PERSON);
  return staffSession(ctx, only);
}

export async function finish(ctx: CallContext, input: { query: string; nonce: string }): Promise<LoginResult> {
  const p = await ssoFinish(depsOf(ctx), input);
  ctx.audit.objName = p.employee?.name || p.name || p.email || p.subject;
  if (p.target === 'staff') return consoleAccount(ctx, p);
  if (!p.employee) throw new AppError(Status.SSO_NO_PERSON);
  return employeeSession(ctx, p.employee);
}
