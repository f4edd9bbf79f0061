import { type In, logDesc, type Out, REPLAY_MAX_DAYS, REPLAY_MAX_EVENTS, Status, WEBHOOKS_MAX } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { checkedAddress, EndpointRefused } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { type DeliveryRow, deliveriesRepository, type EndpointRow, webhooksRepository } from './webhooks.repository.js';
import { newSecret } from './webhooks.signing.js';

const DAY_MS = 24 * 3600_000;
const noSuchEndpoint = () => new AppError(Status.WEBHOOK_UNKNOWN);
const ms = (d: Date | null) => (d ? d.getTime() : null);

/** Where the address points must be public (no private network unless the operator allows it), checked now. */
async function checkAddress(ctx: AuthedContext, url: string): Promise<void> {
  try {
    await checkedAddress(new URL(url).hostname, ctx.config.allowPrivateEndpoints);
  } catch (err) {
    // `why` for the console's own words; the reason in English for other clients.
    if (err instanceof EndpointRefused)
      throw new AppError(Status.WEBHOOK_URL_REFUSED, `${url}: ${err.message}`, { why: /resolve/.test(err.message) ? 'unresolvable' : 'private' });
    throw err;
  }
}

async function endpointOf(ctx: AuthedContext, id: number): Promise<EndpointRow> {
  const e = await webhooksRepository(ctx.tenant).endpoint(id);
  if (!e) throw noSuchEndpoint();
  return e;
}

/** '*' alone when it is there: every event, now and later. */
const normalised = (events: string[]) => (events.includes('*') ? ['*'] : events);

export async function list(ctx: AuthedContext): Promise<Out<'getWebhooks'>> {
  const repo = webhooksRepository(ctx.tenant);
  const [rows, counts] = await Promise.all([repo.endpoints(), repo.dayCounts(new Date(Date.now() - DAY_MS))]);
  return rows.map((e) => {
    const of = (state: string) => counts.filter((c) => c.endpointId === e.id && c.state === state).reduce((n, c) => n + c.n, 0);
    return {
      id: e.id,
      url: e.url,
      description: e.description,
      events: e.events,
      enabled: e.enabled,
      disabledReason: e.disabledReason,
      failingSince: ms(e.failingSince),
      lastSuccessAt: ms(e.lastSuccessAt),
      day: { succeeded: of('succeeded'), failed: of('failed'), pending: of('pending') + of('sending') },
      createTime: e.createdAt.getTime(),
    };
  });
}

export async function add(ctx: AuthedContext, input: In<'addWebhook'>): Promise<Out<'addWebhook'>> {
  const repo = webhooksRepository(ctx.tenant);
  if ((await repo.count()) >= WEBHOOKS_MAX) throw new AppError(Status.WEBHOOK_LIMIT);
  await checkAddress(ctx, input.url);
  const secret = newSecret();
  const id = await repo.insert({
    url: input.url,
    description: input.description,
    events: normalised(input.events),
    secret: ctx.services.secrets.seal(secret),
    createdBy: ctx.session.name,
  });
  ctx.audit.objId = id;
  ctx.audit.objName = input.url;
  return { id, secret };
}

export async function update(ctx: AuthedContext, input: In<'updateWebhook'>): Promise<null> {
  const e = await endpointOf(ctx, input.id);
  if (input.url !== undefined && input.url !== e.url) await checkAddress(ctx, input.url);
  const switchedOff = input.enabled === false && e.enabled;
  await inTransaction(ctx.tenant, async (tx) => {
    const repo = webhooksRepository(tx);
    await repo.update(e.id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: normalised(input.events) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      // On again: its failing episode starts afresh.
      ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: '', ...(input.enabled ? { failingSince: null } : {}) } : {}),
    });
    if (switchedOff) await repo.failWaiting(e.id, 'switched off by an administrator');
  });
  ctx.audit.objId = e.id;
  ctx.audit.objName = input.url ?? e.url;
  if (input.enabled !== undefined && input.enabled !== e.enabled) ctx.audit.desc = logDesc(input.enabled ? 'webhookOn' : 'webhookOff');
  return null;
}

export async function remove(ctx: AuthedContext, input: In<'delWebhook'>): Promise<null> {
  const e = await endpointOf(ctx, input.id);
  await webhooksRepository(ctx.tenant).remove(e.id);
  ctx.audit.objId = e.id;
  ctx.audit.objName = e.url;
  return null;
}

export async function rotate(ctx: AuthedContext, input: In<'rotateWebhookSecret'>): Promise<Out<'rotateWebhookSecret'>> {
  const e = await endpointOf(ctx, input.id);
  const secret = newSecret();
  await webhooksRepository(ctx.tenant).update(e.id, { secret: ctx.services.secrets.seal(secret) });
  ctx.audit.objId = e.id;
  ctx.audit.objName = e.url;
  ctx.audit.desc = logDesc('webhookSecretRotated');
  return { secret };
}

export async function test(ctx: AuthedContext, input: In<'testWebhook'>): Promise<Out<'testWebhook'>> {
  const e = await endpointOf(ctx, input.id);
  const data = { endpointId: e.id, message: `A test event from OpenVisit, sent by ${ctx.session.name}` };
  const deliveryId = await inTransaction(ctx.tenant, (tx) => deliveriesRepository(tx).addTestEvent(e.id, data, ctx.session.name));
  return { deliveryId };
}

function toDelivery(d: DeliveryRow): Out<'getWebhookDeliveries'>['list'][number] {
  const waiting = d.state === 'pending' || d.state === 'sending';
  return {
    id: Number(d.id),
    eventId: d.msgId,
    type: d.type,
    state: d.state as 'pending',
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    nextAt: waiting ? d.nextAt.getTime() : null,
    requestedBy: d.requestedBy,
    eventTime: d.eventAt.getTime(),
    createTime: d.createdAt.getTime(),
    doneTime: ms(d.doneAt),
  };
}

export async function deliveries(ctx: AuthedContext, input: In<'getWebhookDeliveries'>): Promise<Out<'getWebhookDeliveries'>> {
  const e = await endpointOf(ctx, input.id);
  const { rows, total } = await deliveriesRepository(ctx.tenant).deliveries(e.id, {
    state: input.state,
    type: input.type,
    offset: input.startIndex,
    limit: input.requestedCount,
  });
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: total,
    list: rows.map(toDelivery),
  };
}

export async function delivery(ctx: AuthedContext, input: In<'getWebhookDelivery'>): Promise<Out<'getWebhookDelivery'>> {
  const repo = deliveriesRepository(ctx.tenant);
  const d = await repo.delivery(input.deliveryId);
  if (!d) throw noSuchEndpoint();
  const attempts = await repo.attempts(Number(d.id));
  return {
    delivery: toDelivery(d),
    endpointId: d.endpointId,
    body: JSON.stringify({ type: d.type, timestamp: d.eventAt.toISOString(), data: d.data }),
    attempts: attempts.map((a) => ({
      at: a.at.getTime(),
      url: a.url,
      requestHeaders: a.requestHeaders,
      httpStatus: a.httpStatus,
      responseHeaders: a.responseHeaders,
      responseBody: a.responseBody,
      durationMs: a.durationMs,
      error: a.error,
    })),
  };
}

export async function resend(ctx: AuthedContext, input: In<'resendWebhookDelivery'>): Promise<Out<'resendWebhookDelivery'>> {
  const repo = deliveriesRepository(ctx.tenant);
  const d = await repo.delivery(input.deliveryId);
  if (!d) throw noSuchEndpoint();
  const e = await endpointOf(ctx, d.endpointId);
  if (!e.enabled) throw new AppError(Status.WEBHOOK_DISABLED);
  const deliveryId = await repo.addDelivery(e.id, Number(d.eventId), ctx.session.name);
  ctx.audit.objId = e.id;
  ctx.audit.objName = e.url;
  ctx.audit.desc = logDesc('webhookResent', { event: d.msgId });
  return { deliveryId };
}

export async function replay(ctx: AuthedContext, input: In<'replayWebhookEvents'>): Promise<Out<'replayWebhookEvents'>> {
  const e = await endpointOf(ctx, input.id);
  if (!e.enabled) throw new AppError(Status.WEBHOOK_DISABLED);
  const oldest = Date.now() - REPLAY_MAX_DAYS * DAY_MS;
  if (input.from > input.to || input.to < oldest) throw new AppError(Status.BAD_TIME_RANGE);
  const from = new Date(Math.max(input.from, oldest));
  const ids = await deliveriesRepository(ctx.tenant).replayable(e, from, new Date(input.to), input.onlyFailed, REPLAY_MAX_EVENTS + 1);
  if (ids.length > REPLAY_MAX_EVENTS) throw new AppError(Status.REPLAY_TOO_LARGE);
  await deliveriesRepository(ctx.tenant).addDeliveries(e.id, ids, ctx.session.name);
  ctx.audit.objId = e.id;
  ctx.audit.objName = e.url;
  ctx.audit.desc = logDesc('webhookReplayed', { count: ids.length, from: from.toISOString(), to: new Date(input.to).toISOString() });
  return { queued: ids.length };
}
