import { type CompanySettings, logDesc } from '@openvisit/contract';
import { leaveAtFrom, moveIn, protocolCarried, type VisitRow } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { blacklist, holdForReview } from '../blacklist/blacklist.public.js';
import { notifyArrival } from '../notifications/notifications.public.js';

/**
 * What a door (a reader here, a face terminal in faceSync) does to a visit it lets through, where the company lets its
 * doors do that (`doorSignIn`): signs it in on entry and out on exit through the state machine, the door the actor of
 * the history row.
 */

/**
 * Signs a visitor in at a door: the desk's blacklist screening, the company's protocol and the safety induction apply
 * (a visitor who has not accepted the one, here or at an earlier visit, or passed the other must go to the kiosk); the host hears of the arrival as
 * from the kiosk. Answers what stopped it, if anything did.
 */
export async function signInAtDoor(
  ctx: AuthedContext,
  v: VisitRow,
  settings: CompanySettings,
  door: { name: string },
): Promise<VisitRow | 'protocol' | 'blacklisted' | 'induction'> {
  // A returning visitor who accepted the current terms at an earlier visit is not sent to the kiosk for them.
  const terms = await protocolCarried(ctx.tenant, settings, v);
  if (!terms) return 'protocol';
  const screened = await blacklist.screenSubject(ctx, { name: v.name, phone: v.phone, idNumber: v.idNumber }, { kind: 'visit', id: v.id });
  if (screened.decision === 'refuse') return 'blacklisted';
  if (screened.decision === 'review') {
    // A door cannot wait: the visitor is turned away and reception reviews the match; allowed, the next pass opens.
    const held = {
      subject: 'visit',
      subjectId: v.id,
      visitId: v.id,
      name: v.name,
      phone: v.phone,
      channel: 'door',
      matches: screened.matches,
    } as const;
    await holdForReview(ctx, held);
    return 'blacklisted';
  }
  if (await ctx.services.induction.pending(ctx.tenant, { tid: v.tid, vid: v.id, phone: v.phone, idNumber: v.idNumber, email: v.email }))
    return 'induction';
  const now = new Date();
  const row = await moveIn(
    ctx.tenant,
    v,
    'checkIn',
    { visitAt: now, leaveAt: v.leaveAt ?? leaveAtFrom(settings, now), signInOp: door.name, ...terms },
    { actor: door.name, note: 'door' },
  );
  await notifyArrival(ctx, row);
  ctx.audit.desc = logDesc('visitCheckedIn', { host: row.empName });
  return row;
}

export function signOutAtDoor(ctx: AuthedContext, v: VisitRow, door: { name: string }): Promise<VisitRow> {
  return moveIn(ctx.tenant, v, 'signOut', { signOutAt: new Date(), signOutOp: door.name }, { actor: door.name, note: 'door' });
}
