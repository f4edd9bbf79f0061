import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { type SubjectHandler, subjectsWaiting, submitSubjectForApproval } from '../approvals/approvals.public.js';
import { type ResidentWithProject, residentsRepository } from './residents.repository.js';

/**
 * Resident and supplier workers through the company's approval policies (docs/modules/approvals.md): a worker added,
 * or changed in who they are or when they may come, waits for the policy's approvers; the console's own approve and
 * refuse (`updateRvPermission`) answer 58 meanwhile. The default leaves them to it as before.
 */
export async function submitResident(ctx: AuthedContext, r: ResidentWithProject): Promise<void> {
  await submitSubjectForApproval(ctx, {
    subjectKind: 'resident',
    subjectId: r.id,
    facts: {
      kind: 'resident',
      tid: null,
      gid: null,
      hostId: null,
      start: r.startAt.getTime(),
      end: r.endAt.getTime(),
      companions: 0,
      idType: r.certificateType,
      visitorName: r.name,
      fields: {},
    },
    summary: { name: r.name, phone: r.phone, company: r.company, host: r.projectName, at: r.startAt.getTime(), reason: r.job, gate: '' },
    submitter: ctx.session.name,
  });
}

export async function anyWaiting(ctx: AuthedContext, rids: number[]): Promise<boolean> {
  return (await subjectsWaiting(ctx, 'resident', rids)).length > 0;
}

/** A policy's outcome on a worker; an approval of a worker whose certificate has expired meanwhile refuses them instead. */
export const residentApproval: SubjectHandler = {
  async apply(ctx, id, outcome, by) {
    const repo = residentsRepository(ctx.tenant);
    const expired = outcome === 'approved' && (await repo.withExpiredCertificate([id], dayOf(new Date()))).length > 0;
    const approved = outcome === 'approved' && !expired;
    await repo.setStatus([id], {
      rstatus: approved ? 1 : 2,
      refuseCause: approved ? '' : expired ? 'certificate expired' : by.remark,
      approver: by.name,
    });
  },
  async closed(ctx, id) {
    return (await residentsRepository(ctx.tenant).byId(id))?.rstatus !== 0;
  },
};
