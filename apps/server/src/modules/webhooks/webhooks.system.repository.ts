import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { eventOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** A delivery claimed for sending, with what the request is made of. */
export interface ClaimedDelivery {
  id: number;
  companyId: number;
  endpointId: number;
  attempts: number;
  url: string;
  secret: string;
  msgId: string;
  type: string;
  data: unknown;
  eventAt: Date;
}

export interface AttemptRecord {
  companyId: number;
  deliveryId: number;
  url: string;
  requestHeaders: Record<string, string>;
  httpStatus: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
  durationMs: number;
  error: string;
}

/**
 * Why across companies: the dispatcher and the sender work the outbox and the deliveries of every company, as the
 * jobs table is worked; each row they touch names its company, and each request goes to that company's endpoint.
 */
export function webhooksSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /**
     * Events not yet fanned out, oldest first: a delivery for each enabled endpoint of their company subscribed to
     * their type, and the events marked, in one statement (a second process skips the rows this one holds).
     */
    dispatch: (limit: number): Promise<{ events: number; deliveries: number }> =>
      selectRows<{ events: number; deliveries: number }>(
        db,
        sql`WITH waiting AS (
            SELECT id, company_id, type, endpoint_id FROM event_outbox WHERE NOT dispatched ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          ), marked AS (
            UPDATE event_outbox o SET dispatched = true FROM waiting w WHERE o.id = w.id RETURNING o.id
          ), made AS (
            INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id)
            SELECT w.company_id, e.id, w.id FROM waiting w
            JOIN webhook_endpoints e ON e.company_id = w.company_id AND e.enabled
              AND (w.endpoint_id = e.id OR (w.endpoint_id IS NULL AND (e.events @> '["*"]'::jsonb OR e.events @> jsonb_build_array(w.type))))
            RETURNING id
          )
          SELECT (SELECT count(*) FROM marked)::int AS events, (SELECT count(*) FROM made)::int AS deliveries`,
      ).then((r) => r[0] ?? { events: 0, deliveries: 0 }),
    /**
     * Due deliveries, and those whose sender died mid-request (lease passed), marked as sending: at most `perEndpoint`
     * of one endpoint, so a slow or flooded endpoint does not take every slot.
     */
    claim: async (limit: number, perEndpoint: number, leaseSeconds: number): Promise<ClaimedDelivery[]> => {
      const claimed = await selectRows<{ id: number }>(
        db,
        sql`WITH due AS (
            SELECT id FROM (
              SELECT id, next_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_at, id) AS nth FROM webhook_deliveries
              WHERE (state = 'pending' AND next_at <= now()) OR (state = 'sending' AND locked_until < now())
            ) ranked WHERE nth <= ${perEndpoint} ORDER BY next_at, id LIMIT ${limit}
          ), locked AS (
            SELECT id FROM webhook_deliveries WHERE id IN (SELECT id FROM due)
              AND ((state = 'pending' AND next_at <= now()) OR (state = 'sending' AND locked_until < now()))
            FOR UPDATE SKIP LOCKED
          )
          UPDATE webhook_deliveries d SET state = 'sending', attempts = d.attempts + 1,
            locked_until = now() + make_interval(secs => ${leaseSeconds})
          FROM locked WHERE d.id = locked.id
          RETURNING d.id`,
      );
      if (!claimed.length) return [];
      return db
        .select({
          id: webhookDeliveries.id,
          companyId: webhookDeliveries.companyId,
          endpointId: webhookDeliveries.endpointId,
          attempts: webhookDeliveries.attempts,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          msgId: eventOutbox.msgId,
          type: eventOutbox.type,
          data: eventOutbox.data,
          eventAt: eventOutbox.at,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(eventOutbox, eq(eventOutbox.id, webhookDeliveries.eventId))
        .where(
          inArray(
            webhookDeliveries.id,
            claimed.map((c) => Number(c.id)),
          ),
        );
    },
    recordAttempt: (a: AttemptRecord) => db.insert(webhookAttempts).values(a),
    succeeded: async (d: ClaimedDelivery, status: number) => {
      await db
        .update(webhookDeliveries)
        .set({ state: 'succeeded', lastStatus: status, lastError: '', doneAt: new Date(), lockedUntil: null })
        .where(eq(webhookDeliveries.id, d.id));
      await db.update(webhookEndpoints).set({ lastSuccessAt: new Date(), failingSince: null }).where(eq(webhookEndpoints.id, d.endpointId));
    },
    /**
     * A failed attempt: tried again at `retryAt`, or failed for good when null or when its endpoint was switched off
     * meanwhile. Answers when the endpoint began failing.
     */
    failed: async (d: ClaimedDelivery, status: number | null, error: string, retryAt: Date | null): Promise<Date | null> => {
      const [e] = await db
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
        .where(eq(webhookEndpoints.id, d.endpointId))
        .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
      await db
        .update(webhookDeliveries)
        .set(
          retryAt && e?.enabled
            ? { state: 'pending', lastStatus: status, lastError: error, nextAt: retryAt, lockedUntil: null }
            : { state: 'failed', lastStatus: status, lastError: error, doneAt: new Date(), lockedUntil: null },
        )
        .where(eq(webhookDeliveries.id, d.id));
      return e?.failingSince ?? null;
    },
    /** Switches an endpoint off that has failed since before `cutoff`; answers whether this call did (once per episode). */
    disableFailing: async (endpointId: number, cutoff: Date, reason: string): Promise<{ companyId: number; url: string } | undefined> => {
      const [e] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true), lt(webhookEndpoints.failingSince, cutoff)))
        .returning({ companyId: webhookEndpoints.companyId, url: webhookEndpoints.url });
      if (e)
        await db
          .update(webhookDeliveries)
          .set({ state: 'failed', lastError: reason, doneAt: new Date(), lockedUntil: null })
          .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')));
      return e;
    },
    /** Events, deliveries and attempts older than `before` are dropped (they carry visitors' names and phones). */
    prune: (before: Date) => db.delete(eventOutbox).where(and(lt(eventOutbox.at, before), eq(eventOutbox.dispatched, true))),
  };
}
