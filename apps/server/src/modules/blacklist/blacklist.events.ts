import type { ScreeningChannel, ScreeningMatch, ScreeningSubject, WatchlistEventData } from '@openvisit/contract';
import type { OutgoingEvent } from '../../platform/jobs/eventOutbox.js';

/** What was held, for the event: the subject's record, and the visit it came with. */
export interface HeldSubject {
  subject: ScreeningSubject;
  subjectId: number;
  visitId?: number;
  channel: ScreeningChannel;
}

/**
 * `watchlist.matched` (packages/contract/src/events.site.ts): a person refused by a watchlist entry, or held for a
 * reviewer. The record's keys (`vid`, `residentId`, `bookingId`) let an erasure find the event.
 */
export function watchlistEvent(
  outcome: 'refused' | 'held',
  person: { name: string; phone: string },
  matches: readonly ScreeningMatch[],
  held?: HeldSubject,
): OutgoingEvent {
  const of = (kind: ScreeningSubject) => (held?.subject === kind ? held.subjectId : null);
  const data: WatchlistEventData = {
    outcome,
    subject: held?.subject ?? null,
    vid: of('visit') ?? held?.visitId ?? null,
    residentId: of('resident'),
    bookingId: of('truck'),
    channel: held?.channel ?? null,
    person: { name: person.name, phone: person.phone },
    matches: matches.filter((m) => m.level !== 'note').map((m) => ({ bid: m.bid, list: m.list, name: m.name, level: m.level, strength: m.strength })),
  };
  return { type: 'watchlist.matched', data };
}
