import { InterimCardStatus } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { type SubjectHandler, subjectWaiting, submitSubjectForApproval } from '../approvals/approvals.public.js';
import { type InterimCardRow, interimCardsRepository } from './interimCards.repository.js';

const { APPLIED, REFUSED } = InterimCardStatus;

/**
 * Temporary card applications through the company's approval policies (docs/modules/approvals.md): with a policy of
 * steps, the desk lends or refuses only once its approvers have agreed (58 before); a refusal refuses the application.
 * The default leaves it to the desk as before.
 */
export async function submitApplication(ctx: AuthedContext, row: InterimCardRow): Promise<void> {
  await submitSubjectForApproval(ctx, {
    subjectKind: 'interimCard',
    subjectId: row.id,
    facts: {
      kind: 'interimCard',
      tid: null,
      gid: null,
      hostId: row.empId,
      start: row.createdAt.getTime(),
      end: null,
      companions: 0,
      idType: '',
      visitorName: row.name,
      fields: {},
    },
    summary: { name: row.name, phone: row.phone, company: row.office, host: '', at: row.createdAt.getTime(), reason: row.office, gate: '' },
    submitter: row.createdBy,
  });
}

export function waitingForApprovers(ctx: AuthedContext, cid: number): Promise<boolean> {
  return subjectWaiting(ctx, 'interimCard', cid);
}

/** A policy's refusal refuses the application with its reason; an approval leaves it to the desk to lend. */
export const cardApproval: SubjectHandler = {
  async apply(ctx, id, outcome, by) {
    if (outcome === 'refused') await interimCardsRepository(ctx.tenant).transition(id, [APPLIED], { status: REFUSED, refuseReason: by.remark });
  },
  async closed(ctx, id) {
    return (await interimCardsRepository(ctx.tenant).byId(id))?.status !== APPLIED;
  },
};
