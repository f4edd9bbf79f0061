import type { EventType, VisitEvent, VisitEventData, VisitKind } from '@openvisit/contract';
import type { OutgoingEvent } from '../../platform/jobs/eventOutbox.js';
import type { VisitRow } from './visits.repository.js';

/**
 * The catalogue's events (packages/contract/src/events.ts) a visit's change makes: the kernel writes them with the
 * change, in its transaction (platform/jobs/eventOutbox.ts).
 */
const OF_MOVE: Record<VisitEvent, EventType> = {
  view: 'invitation.viewed',
  accept: 'invitation.accepted',
  decline: 'invitation.declined',
  await: 'visit.awaiting_approval',
  approve: 'visit.approved',
  reject: 'visit.refused',
  checkIn: 'visit.checked_in',
  signOut: 'visit.checked_out',
  expire: 'visit.expired',
  cancel: 'visit.cancelled',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function visitEventData(r: VisitRow, previousStatus: string | null, actor: string): VisitEventData {
  return {
    vid: r.id,
    kind: r.kind as VisitKind,
    status: r.status,
    previousStatus,
    visitor: { name: r.name, phone: r.phone, email: r.email, company: r.company, peopleCount: 1 + r.followers.length },
    host: { id: r.empId, name: r.empName },
    subCompanyId: r.subAccountId,
    gateId: r.gid,
    visitType: r.visitType,
    reason: r.visitReason,
    expectedAt: iso(r.appointmentAt),
    checkedInAt: iso(r.visitAt),
    checkedOutAt: iso(r.signOutAt),
    actor,
  };
}

const visitEvent = (type: EventType, data: VisitEventData) => ({ type, data }) as OutgoingEvent;

/** A move's event (an approval decided without a move too: approve, reject). */
export function eventOfMove(event: VisitEvent, r: VisitRow, from: string, actor: string): OutgoingEvent {
  return visitEvent(OF_MOVE[event], visitEventData(r, from, actor));
}

/** A new record's events: created, and what its first status already says (an invitation out, a walk-in in, a wait). */
export function eventsOfCreate(r: VisitRow, actor: string): OutgoingEvent[] {
  const data = visitEventData(r, null, actor);
  const out = [visitEvent('visit.created', data)];
  if (r.kind === 'invite') out.push(visitEvent('invitation.sent', data));
  if (r.status === 'signedIn') out.push(visitEvent('visit.checked_in', data));
  if (r.status === 'unauthorized') out.push(visitEvent('visit.awaiting_approval', data));
  return out;
}
