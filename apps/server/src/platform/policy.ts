import { type CallDef, grantAdmits, isWriteCall, Status } from '@openvisit/contract';
import type { AuthedContext } from './calls.js';
import { AppError } from './errors.js';

/**
 * An action on a row, as data (DESIGN 11): the call that does it, whose contract `access` (and a module-driven
 * account's grants, a read-only look's refusal) says who may, and the row states it starts from. A module keeps its
 * actions in one `<module>.policy.ts`; its services check a row against it before acting, and its list outputs answer
 * per row what the caller may do now, so the console draws a row's buttons from the row instead of guessing.
 */
export interface ActionRule {
  readonly call: Pick<CallDef, 'name' | 'area' | 'access' | 'log' | 'upload'>;
  readonly from: readonly number[];
}

export type Policy = Readonly<Record<string, ActionRule>>;

/** Whether the session may make the call at all: the same three checks the call's route makes first. */
function mayCall(ctx: AuthedContext, call: ActionRule['call']): boolean {
  const { session } = ctx;
  if (call.access === 'public' || call.access === 'device') return false;
  if (!(call.access as readonly number[]).includes(session.role)) return false;
  if (!grantAdmits(session.grants, call)) return false;
  return !(session.readOnly && isWriteCall(call));
}

/** Each action of the policy: may the caller do it to a row in this state now? */
export function abilitiesOf<P extends Policy>(policy: P, ctx: AuthedContext, state: number): { [K in keyof P]: boolean } {
  return Object.fromEntries(Object.entries(policy).map(([action, rule]) => [action, rule.from.includes(state) && mayCall(ctx, rule.call)])) as {
    [K in keyof P]: boolean;
  };
}

/** UPDATE_NOT_ALLOWED when the row is not in a state the action starts from (the caller's role was checked by the call's route). */
export function assertMay(rule: ActionRule, state: number): void {
  if (!rule.from.includes(state)) throw new AppError(Status.UPDATE_NOT_ALLOWED);
}
