import type { AuthedContext } from '../../platform/http/calls.js';

/** What approval is asked for, besides visits: a truck booking, a temporary card application, a resident or supplier worker. */
export type SubjectKind = 'truck' | 'interimCard' | 'resident';

/**
 * How a policy's outcome reaches a subject other than a visit: its own module moves it (inside the transaction that
 * settled the request). Modules that submit subjects depend on approvals, so they hand their handler in at start-up
 * (app.ts) rather than approvals importing them.
 */
export interface SubjectHandler {
  apply(ctx: AuthedContext, id: number, outcome: 'approved' | 'refused', by: { name: string; remark: string }): Promise<void>;
  /** Whether the subject can no longer be decided (withdrawn, ended): a deadline then closes its request quietly. */
  closed(ctx: AuthedContext, id: number): Promise<boolean>;
}

const handlers = new Map<SubjectKind, SubjectHandler>();

export function registerApprovalSubject(kind: SubjectKind, handler: SubjectHandler): void {
  handlers.set(kind, handler);
}

export function subjectHandler(kind: string): SubjectHandler | undefined {
  return handlers.get(kind as SubjectKind);
}
