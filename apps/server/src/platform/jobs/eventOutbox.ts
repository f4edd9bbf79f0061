import { randomBytes } from 'node:crypto';
import type { EventData, EventType } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
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

/**
 * A visit's events are forgotten with its record or its contact details (an erasure, a retention sweep shorter than
 * the 30 days events are kept): deleted with their deliveries, a waiting one never sent.
 */
export async function forgetVisitEvents(on: DbOrScope, companyId: number, visitIds: readonly number[]): Promise<number> {
  if (!visitIds.length) return 0;
  const ids = sql.join(
    visitIds.map((id) => sql`${String(id)}`),
    sql`, `,
  );
  const rows = await dbFrom(on)
    .delete(eventOutbox)
    .where(and(eq(eventOutbox.companyId, companyId), sql`${eventOutbox.type} <> 'webhook.test'`, sql`${eventOutbox.data}->>'vid' IN (${ids})`))
    .returning({ id: eventOutbox.id });
  return rows.length;
}
