import { type CallDef, grantAdmits, isWriteCall, Status } from '@openvisit/contract';
import type { AuthedContext } from '../http/calls.js';
import { AppError } from '../http/errors.js';

/**
 * An action on a row, as data (DESIGN 11): the call that does it, whose contract `access` (and a module-driven
 * account's grants, a read-only look's refusal) says who may, and the row states it starts from. A module keeps its
 * actions in one `<module>.policy.ts`; its services check a row against it before acting, and its list outputs answer
 * per row what the caller may do now, so the console draws a row's buttons from the row instead of guessing.
 *
 * The simple case names the statuses (`from`, the row's `status`); a state spread over several fields (a lorry
 * approved, arrived and not yet gone) adds `when`; the caller's own part in the row beyond the call's access (the
 * approver of this level) is `by`, which the service answers with its own status.
 */
export interface ActionRule<Row = { readonly status: number }> {
  readonly call: Pick<CallDef, 'name' | 'area' | 'access' | 'log' | 'upload'>;
  readonly from?: readonly StatusOf<Row>[];
  readonly when?: (row: Row) => boolean;
  readonly by?: (row: Row) => boolean;
}

type StatusOf<Row> = Row extends { readonly status: infer S } ? S : never;

export type Policy<Row = { readonly status: number }> = Readonly<Record<string, ActionRule<Row>>>;

/** Whether the session may make the call at all: the same three checks the call's route makes first. */
function mayCall(ctx: AuthedContext, call: ActionRule<never>['call']): boolean {
  const { session } = ctx;
  if (call.access === 'public' || call.access === 'device') return false;
  if (!(call.access as readonly number[]).includes(session.role)) return false;
  if (!grantAdmits(session.grants, call)) return false;
  return !(session.readOnly && isWriteCall(call));
}

/** Whether the row is in a state the action starts from (for flows that answer a refusal without throwing). */
export function startsFrom<Row>(rule: ActionRule<Row>, row: Row): boolean {
  if (rule.from && !rule.from.includes((row as { status: StatusOf<Row> }).status)) return false;
  return rule.when === undefined || rule.when(row);
}

/** Each action of the policy: may the caller do it to this row now? */
export function abilitiesOf<Row, P extends Policy<Row>>(policy: P, ctx: AuthedContext, row: Row): { [K in keyof P]: boolean } {
  const may = (rule: ActionRule<Row>) => startsFrom(rule, row) && (rule.by === undefined || rule.by(row)) && mayCall(ctx, rule.call);
  return Object.fromEntries(Object.entries(policy).map(([action, rule]) => [action, may(rule)])) as { [K in keyof P]: boolean };
}

/** How a service answers a refusal: the reason (and result) of its 58, and the status of a row that is not the caller's. */
export interface Refusal {
  readonly why?: string;
  readonly result?: unknown;
  readonly notYours?: number;
}

/**
 * UPDATE_NOT_ALLOWED when the row is not in a state the action starts from; then `notYours` (610 unless the service
 * says otherwise) when the rule's `by` does not hold. The caller's role was checked by the call's route.
 */
export function assertMay<Row>(rule: ActionRule<Row>, row: Row, refusal: Refusal = {}): void {
  if (!startsFrom(rule, row)) throw new AppError(Status.UPDATE_NOT_ALLOWED, refusal.why, refusal.result ?? null);
  if (rule.by && !rule.by(row)) throw new AppError(refusal.notYours ?? Status.NO_PERMISSION);
}
