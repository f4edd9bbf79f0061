import { type Employee, type In, logDesc } from '@openvisit/contract';
import { employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { forgetPasskeys, resetTwoStep, withSignInSecurity } from '../passkeys/passkeys.public.js';

/*
 * Employees' sign-in security on the administrator's side (modules/passkeys): the list and the edit answer say each
 * one's passkeys and two-step sign-in, an edit may reset them, and a deleted employee's passkeys go with them. Here,
 * not in core/people, because core never reads the modules above it.
 */

const withSecurity = <T extends { empid: number }>(ctx: AuthedContext, list: T[]) => withSignInSecurity(ctx.system, 'employee', list, (e) => e.empid);

/** The edit, then (the employee being one the caller may edit) the reset it asks for. */
export async function update(ctx: AuthedContext, input: In<'updateEmployee'>): Promise<Employee> {
  const { resetTwoStep: reset, ...changes } = input;
  const saved = await employees.update(ctx, changes);
  if (reset) ctx.audit.desc = logDesc('twoStepReset', { passkeys: await resetTwoStep(ctx.system, { kind: 'employee', id: saved.empid }) });
  const [answer] = await withSecurity(ctx, [saved]);
  return answer ?? saved;
}

export async function page(ctx: AuthedContext, input: In<'getEmpListPages'>) {
  const found = await employees.page(ctx, input);
  return { ...found, list: await withSecurity(ctx, found.list) };
}

/** Every id was the company's and is gone (the core refuses the whole otherwise): their passkeys go too. */
export async function removeMany(ctx: AuthedContext, input: In<'batchDelEmployee'>) {
  const done = await employees.removeMany(ctx, input);
  for (const id of input.empids) await forgetPasskeys(ctx.system, { kind: 'employee', id });
  return done;
}
