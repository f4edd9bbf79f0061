import { type CompanySettings, logDesc } from '@openvisit/contract';
import { moveIn, type VisitRow, visitsRepository } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/calls.js';
import type { TenantScope } from '../../platform/tenancy.js';
import { notifyArrival } from '../notifications/notifications.public.js';
import { barred, leaveAtFrom } from './visits.desk.js';

/**
 * What the doors do to visits: find one by the code of its pass, and sign it in on entry and out on exit through the
 * state machine, where the company lets its doors do that (`doorSignIn`). The actor of the history row is the door.
 */

/** The visits not over whose plate is this one (upper case, no spaces), the most likely first. */
export function visitsByPlate(scope: TenantScope, plate: string): Promise<VisitRow[]> {
  return visitsRepository(scope).byPlate(plate, ['sent', 'viewed', 'accepted', 'reserved', 'authorized', 'unauthorized', 'refused', 'signedIn']);
}

export function visitByCode(scope: TenantScope, code: string): Promise<VisitRow | undefined> {
  return visitsRepository(scope).byCode(code);
}

/** The visit holding a card the desk handed out (stored upper case): on site first, else the last to hold it. */
export function visitByCard(scope: TenantScope, cardNo: string): Promise<VisitRow | undefined> {
  return visitsRepository(scope).byCard(cardNo.toUpperCase());
}

/**
 * Signs a visitor in at a door: the desk's blacklist screening, the company's protocol and the safety induction apply
 * (a visitor who has not accepted the one or passed the other must go to the kiosk); the host hears of the arrival as
 * from the kiosk. Answers what stopped it, if anything did.
 */
export async function signInAtDoor(
  ctx: AuthedContext,
  v: VisitRow,
  settings: CompanySettings,
  door: { name: string },
): Promise<VisitRow | 'protocol' | 'blacklisted' | 'induction'> {
  if (settings.secureProtocol.trim() && !v.protocolAccepted) return 'protocol';
  if (await barred(ctx, { name: v.name, phone: v.phone, idNumber: v.idNumber })) return 'blacklisted';
  if (await ctx.services.induction.pending(ctx.tenant, { tid: v.tid, vid: v.id, phone: v.phone, idNumber: v.idNumber, email: v.email }))
    return 'induction';
  const now = new Date();
  const row = await moveIn(
    ctx.tenant,
    v,
    'checkIn',
    { visitAt: now, leaveAt: v.leaveAt ?? leaveAtFrom(settings, now), signInOp: door.name },
    { actor: door.name, note: 'door' },
  );
  await notifyArrival(ctx, row);
  ctx.audit.desc = logDesc('visitCheckedIn', { host: row.empName });
  return row;
}

export function signOutAtDoor(ctx: AuthedContext, v: VisitRow, door: { name: string }): Promise<VisitRow> {
  return moveIn(ctx.tenant, v, 'signOut', { signOutAt: new Date(), signOutOp: door.name }, { actor: door.name, note: 'door' });
}
