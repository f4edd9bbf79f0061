import { nextStatus, type VisitorStatus } from '@openvisit/contract';
import { move, setPermission, type VisitRow, visitById } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { submit } from '../approvals/approvals.public.js';
import type { ReviewRow, ScreeningSubjectHandler } from '../blacklist/blacklist.public.js';
import type { HeldVisit } from './visits.desk.js';

/**
 * What a screening reviewer's decision does to a visit it held (registered with the blacklist module in app.ts).
 * Allowed at its registration, the visit goes on as it would have: through its approval policy when that asks anyone,
 * else authorised. Allowed at a check-in or a door, nothing moves: the next check-in goes through. Refused, the visit
 * is refused, the reviewer's reason its note.
 */

async function heldVisit(ctx: AuthedContext, review: ReviewRow): Promise<VisitRow | undefined> {
  const v = await visitById(ctx, review.subjectId);
  return v && v.permission === 0 ? v : undefined;
}

export const visitScreening: ScreeningSubjectHandler = {
  async allowed(ctx, review) {
    const resume = review.resume as Partial<HeldVisit>;
    if (!resume.kind) return;
    const v = await heldVisit(ctx, review);
    if (!v) return;
    if (resume.approval) await submit(ctx, v, resume.submitter ?? '', resume.kind);
    else if (nextStatus(v.status as VisitorStatus, 'approve')) await move(ctx, v, 'approve', { permission: 1 }, 'screening review');
    else await setPermission(ctx, v, 1, 'approve', 'screening review');
  },
  async refused(ctx, review) {
    const v = await visitById(ctx, review.subjectId);
    if (!v || v.permission === 2) return;
    if (nextStatus(v.status as VisitorStatus, 'reject')) await move(ctx, v, 'reject', { permission: 2 }, review.remark);
    else await setPermission(ctx, v, 2, 'reject', review.remark);
  },
};
