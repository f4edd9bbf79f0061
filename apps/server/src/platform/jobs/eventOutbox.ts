import { randomBytes } from 'node:crypto';
import type { EventData, EventType } from '@openvisit/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { insertRow } from '../../db/client.js';
import { eventOutbox } from '../../db/schema/index.js';
import { type DbOrScope, dbFrom } from '../identity/tenancy.js';

/** An event of the catalogue (packages/contract/src/events.ts) with its data. */
export type OutgoingEvent = { [T in EventType]: { type: T; data: EventData<T>; endpointId?: number } }[EventType];

/** A Standard Webhooks message id: the same on every attempt of the event, so a receiver can drop a repeat. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Stores events for the outside world in the caller's transaction (hand it the transaction's scope): the change and
 * its events commit together or not at all. Written whether or not the company has endpoints, so an endpoint added
 * later can replay the days before it (the webhooks module keeps them 30 days).
 */
export async function emitEvents(on: DbOrScope, companyId: number, events: readonly OutgoingEvent[]): Promise<void> {
  const rows = events.map((e) => ({ companyId, msgId: newMessageId(), type: e.type, data: e.data, endpointId: e.endpointId ?? null }));
  const [one] = rows;
  // One event (a check-in's) as a prepared statement: it is on the kiosk's and the doors' hot paths.
  if (rows.length === 1 && one) await insertRow(dbFrom(on), 'event_outbox_insert', eventOutbox, one);
  else if (rows.length) await dbFrom(on).insert(eventOutbox).values(rows);
}

/** The records whose events an erasure or a retention rule forgets: visits, resident visitors, logistics bookings. */
export interface EventSubjects {
  vids?: readonly number[];
  residentIds?: readonly number[];
  bookingIds?: readonly number[];
  /** Only the events whose type starts so ('door.': the pass records' retention); all of theirs without it. */
  typePrefix?: string;
}

const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${String(id)}`),
    sql`, `,
  );

/**
 * A person's events are forgotten with their record or its contact details (an erasure, a retention sweep shorter than
 * the 30 days events are kept): deleted with their deliveries, a waiting one never sent. Events name the record by
 * `vid`, `residentId` or `bookingId` (a door or credential event a resident's by `person`).
 */
export async function forgetEventsOf(on: DbOrScope, companyId: number, of: EventSubjects): Promise<number> {
  const { vids = [], residentIds = [], bookingIds = [] } = of;
  const d = eventOutbox.data;
  const naming = [
    vids.length ? sql`${d}->>'vid' IN (${inList(vids)})` : null,
    residentIds.length
      ? sql`(${d}->>'residentId' IN (${inList(residentIds)}) OR (${d}->'person'->>'type' = 'resident' AND ${d}->'person'->>'id' IN (${inList(residentIds)})))`
      : null,
    bookingIds.length ? sql`${d}->>'bookingId' IN (${inList(bookingIds)})` : null,
  ].filter((c) => c !== null);
  if (!naming.length) return 0;
  const rows = await dbFrom(on)
    .delete(eventOutbox)
    .where(
      and(
        eq(eventOutbox.companyId, companyId),
        sql`${eventOutbox.type} <> 'webhook.test'`,
        of.typePrefix ? sql`starts_with(${eventOutbox.type}, ${of.typePrefix})` : undefined,
        or(...naming),
      ),
    )
    .returning({ id: eventOutbox.id });
  return rows.length;
}
