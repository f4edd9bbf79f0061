import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, json, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/**
 * Events for the outside world (the catalogue: packages/contract/src/events.ts), written by `emitEvents`
 * (platform/jobs/eventOutbox.ts) in the transaction of the change they tell of, so a change is never committed without
 * its event nor an event sent for a change rolled back. A trigger NOTIFYs 'event_outbox' at commit (migration 0078);
 * the webhooks module fans each event out to the endpoints subscribed (`dispatched`) and delivers.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks `webhook-id`: the same on every delivery and retry of the event. */
    msgId: text('msg_id').notNull(),
    type: text('type').notNull(),
    /** json, not jsonb: the body a receiver gets keeps the catalogue's order of fields. */
    data: json('data').notNull(),
    /** For one endpoint only (a test event); null: every endpoint subscribed to the type. */
    endpointId: integer('endpoint_id'),
    dispatched: boolean('dispatched').notNull().default(false),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_outbox_msg_uq').on(t.msgId),
    index('event_outbox_waiting_idx').on(t.id).where(sql`NOT ${t.dispatched}`),
    index('event_outbox_company_at_idx').on(t.companyId, t.at),
  ],
);

/** A company's webhook endpoints. The signing secret is sealed with the server's key: it signs, so it cannot be a hash. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types, or ['*'] for every one. */
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the server switched it off ('' when enabled or switched off by a person). */
    disabledReason: text('disabled_reason').notNull().default(''),
    /** The first failure since the last success; null while it answers. */
    failingSince: tstz('failing_since'),
    lastSuccessAt: tstz('last_success_at'),
    createdBy: text('created_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** One event for one endpoint: pending until answered 2xx, retried on a schedule of about 27 hours, then failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => eventOutbox.id, { onDelete: 'cascade' }),
    /** pending | sending | succeeded | failed */
    state: text('state').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: tstz('next_at').notNull().defaultNow(),
    /** While sending: a process that died mid-request leaves it to be sent again after this (at least once). */
    lockedUntil: tstz('locked_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error').notNull().default(''),
    /** Who asked for it again ('' for the first delivery): a re-send or a replay, by account name. */
    requestedBy: text('requested_by').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
    doneAt: tstz('done_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAt).where(sql`${t.state} IN ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Each request a delivery made and what came back (the delivery log). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull().defaultNow(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    /** null: no answer (refused address, timeout, connection error: `error` says which). */
    httpStatus: integer('http_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>().notNull().default({}),
    /** The first 4 KB of the answer. */
    responseBody: text('response_body').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    error: text('error').notNull().default(''),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
