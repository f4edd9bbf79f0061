import { and, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { eventOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { newMessageId } from '../../platform/jobs/eventOutbox.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointInsert = Pick<typeof webhookEndpoints.$inferInsert, 'url' | 'description' | 'events' | 'secret' | 'createdBy'>;

/** A delivery as the log lists it, with its event. */
export interface DeliveryRow {
  id: number;
  endpointId: number;
  eventId: number;
  msgId: string;
  type: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string;
  nextAt: Date;
  requestedBy: string;
  eventAt: Date;
  createdAt: Date;
  doneAt: Date | null;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  msgId: eventOutbox.msgId,
  type: eventOutbox.type,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
  nextAt: webhookDeliveries.nextAt,
  requestedBy: webhookDeliveries.requestedBy,
  eventAt: eventOutbox.at,
  createdAt: webhookDeliveries.createdAt,
  doneAt: webhookDeliveries.doneAt,
};

/** Whether an event of this type goes to an endpoint subscribed to `events` (SQL over event_outbox and webhook_endpoints). */
const subscribed = sql`(${webhookEndpoints.events} @> '["*"]'::jsonb OR ${webhookEndpoints.events} @> jsonb_build_array(${eventOutbox.type}))`;

/** One company's webhook endpoints, their deliveries and attempts. */
export const webhooksRepository = scoped(function webhooksRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(webhookEndpoints.companyId, scope.companyId);
  return {
    endpoints: (): Promise<EndpointRow[]> => db.select().from(webhookEndpoints).where(mine).orderBy(webhookEndpoints.id),
    endpoint: (id: number): Promise<EndpointRow | undefined> =>
      db
        .select()
        .from(webhookEndpoints)
        .where(and(mine, eq(webhookEndpoints.id, id)))
        .then((r) => r[0]),
    count: (): Promise<number> =>
      db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(mine)
        .then((r) => r[0]?.n ?? 0),
    /** Deliveries made since `since`, per endpoint and state. */
    dayCounts: (since: Date): Promise<{ endpointId: number; state: string; n: number }[]> =>
      db
        .select({ endpointId: webhookDeliveries.endpointId, state: webhookDeliveries.state, n: count() })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.companyId, scope.companyId), gte(webhookDeliveries.createdAt, since)))
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.state),
    insert: (v: EndpointInsert): Promise<number> =>
      db
        .insert(webhookEndpoints)
        .values({ ...v, companyId: scope.companyId })
        .returning({ id: webhookEndpoints.id })
        .then((r) => (r[0] as { id: number }).id),
    update: (
      id: number,
      set: Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'secret' | 'enabled' | 'disabledReason' | 'failingSince'>>,
    ) =>
      db
        .update(webhookEndpoints)
        .set(set)
        .where(and(mine, eq(webhookEndpoints.id, id))),
    remove: (id: number) => db.delete(webhookEndpoints).where(and(mine, eq(webhookEndpoints.id, id))),
    /** An endpoint switched off: what waited for it is failed, not sent later. */
    failWaiting: (endpointId: number, why: string) =>
      db
        .update(webhookDeliveries)
        .set({ state: 'failed', lastError: why, doneAt: new Date(), lockedUntil: null })
        .where(
          and(eq(webhookDeliveries.companyId, scope.companyId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')),
        ),
  };
});

/** One company's deliveries: the log, one delivery with its attempts, re-sends, test events and replays. */
export const deliveriesRepository = scoped(function deliveriesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    deliveries: async (endpointId: number, f: { state?: string; type?: string; offset: number; limit: number }) => {
      const where = and(
        eq(webhookDeliveries.companyId, scope.companyId),
        eq(webhookDeliveries.endpointId, endpointId),
        f.state ? eq(webhookDeliveries.state, f.state) : undefined,
        f.type ? eq(eventOutbox.type, f.type) : undefined,
      ) as SQL;
      const [rows, total] = await Promise.all([
        db
          .select(deliveryColumns)
          .from(webhookDeliveries)
          .innerJoin(eventOutbox, eq(eventOutbox.id, webhookDeliveries.eventId))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .offset(f.offset)
          .limit(f.limit),
        db.select({ n: count() }).from(webhookDeliveries).innerJoin(eventOutbox, eq(eventOutbox.id, webhookDeliveries.eventId)).where(where),
      ]);
      return { rows: rows as DeliveryRow[], total: total[0]?.n ?? 0 };
    },
    delivery: (id: number): Promise<(DeliveryRow & { data: unknown }) | undefined> =>
      db
        .select({ ...deliveryColumns, data: eventOutbox.data })
        .from(webhookDeliveries)
        .innerJoin(eventOutbox, eq(eventOutbox.id, webhookDeliveries.eventId))
        .where(and(eq(webhookDeliveries.companyId, scope.companyId), eq(webhookDeliveries.id, id)))
        .then((r) => r[0] as (DeliveryRow & { data: unknown }) | undefined),
    attempts: (deliveryId: number) =>
      db
        .select()
        .from(webhookAttempts)
        .where(and(eq(webhookAttempts.companyId, scope.companyId), eq(webhookAttempts.deliveryId, deliveryId)))
        .orderBy(webhookAttempts.id),
    /** A new delivery of an event already stored (a re-send): sent at the runner's next look. */
    addDelivery: (endpointId: number, eventId: number, requestedBy: string): Promise<number> =>
      db
        .insert(webhookDeliveries)
        .values({ companyId: scope.companyId, endpointId, eventId, requestedBy })
        .returning({ id: webhookDeliveries.id })
        .then((r) => (r[0] as { id: number }).id),
    /** A test event for one endpoint, stored with its delivery (no fan-out: it concerns only this endpoint). */
    addTestEvent: async (endpointId: number, data: unknown, requestedBy: string): Promise<number> => {
      const [event] = await db
        .insert(eventOutbox)
        .values({ companyId: scope.companyId, msgId: newMessageId(), type: 'webhook.test', data, endpointId, dispatched: true })
        .returning({ id: eventOutbox.id });
      return deliveriesRepository(scope).addDelivery(endpointId, (event as { id: number }).id, requestedBy);
    },
    /** The company's events in [from, to] this endpoint subscribes to; `onlyFailed`: none of its deliveries to it succeeded. */
    replayable: (e: EndpointRow, from: Date, to: Date, onlyFailed: boolean, limit: number): Promise<number[]> =>
      selectRows<{ id: number }>(
        db,
        sql`SELECT ${eventOutbox.id} AS id FROM ${eventOutbox}, ${webhookEndpoints}
          WHERE ${webhookEndpoints.id} = ${e.id} AND ${eventOutbox.companyId} = ${scope.companyId}
            AND ${eventOutbox.at} >= ${from} AND ${eventOutbox.at} <= ${to} AND ${eventOutbox.endpointId} IS NULL AND ${subscribed}
            ${
              onlyFailed
                ? sql`AND NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} d WHERE d.event_id = ${eventOutbox.id} AND d.endpoint_id = ${e.id}
                    AND d.state IN ('succeeded', 'pending', 'sending'))`
                : sql``
            }
          ORDER BY ${eventOutbox.id} LIMIT ${limit}`,
      ).then((rows) => rows.map((r) => Number(r.id))),
    addDeliveries: (endpointId: number, eventIds: number[], requestedBy: string) =>
      eventIds.length
        ? db.insert(webhookDeliveries).values(eventIds.map((eventId) => ({ companyId: scope.companyId, endpointId, eventId, requestedBy })))
        : Promise.resolve(),
  };
});
