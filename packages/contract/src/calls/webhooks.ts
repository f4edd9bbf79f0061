import { z } from 'zod';
import { defineCall, epochMs, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { SUBSCRIBABLE_EVENTS } from '../events.js';
import { LogModule, Role } from '../lookups.js';

/**
 * Webhooks (docs/modules/webhooks.md): a company's endpoints, the events each subscribes to (the catalogue in
 * events.ts), the delivery log with re-send and replay. Company administrators and sub-administrators granted the
 * integrations area; a sub-company has none of its own.
 */
const WEBHOOK_MANAGERS = [Role.ADMIN, Role.SUBADMIN] as const;
export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints per company. */
export const WEBHOOKS_MAX = 20;
/** A replay resends at most this many events, from at most this many days back. */
export const REPLAY_MAX_EVENTS = 10_000;
export const REPLAY_MAX_DAYS = 30;

/**
 * An endpoint's address as typed: http(s), a host, no user or password in it (a secret in a URL ends up in logs). Where
 * it points (no private network) is checked by the server, which resolves it.
 */
export function checkWebhookUrl(s: string): 'required' | 'format' | 'scheme' | 'credentials' | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > WEBHOOK_URL_MAX) return 'format';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'format';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'scheme';
  if (u.username || u.password) return 'credentials';
  return u.hostname ? null : 'format';
}

const zUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .superRefine((s, ctx) => {
    const e = checkWebhookUrl(s);
    if (e) ctx.addIssue({ code: 'custom', message: `url: ${e}` });
  });
const subscribable = z.enum(SUBSCRIBABLE_EVENTS as [string, ...string[]]);
const zEvents = z
  .array(z.union([z.literal('*'), subscribable]))
  .min(1)
  .max(SUBSCRIBABLE_EVENTS.length + 1)
  .refine((list) => new Set(list).size === list.length, 'events: each at most once');

export const webhookEndpoint = z.object({
  id: z.int32(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the server switched it off ('' otherwise). */
  disabledReason: z.string(),
  failingSince: epochMs.nullable(),
  lastSuccessAt: epochMs.nullable(),
  /** Deliveries of the last 24 hours, by outcome so far. */
  day: z.object({ succeeded: z.int32(), failed: z.int32(), pending: z.int32() }),
  createTime: epochMs,
});

export const getWebhooks = defineCall({
  name: 'getWebhooks',
  area: 'integrations',
  module: 'webhooks',
  summary: "The company's webhook endpoints with the last day's deliveries",
  access: WEBHOOK_MANAGERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.array(webhookEndpoint),
});

export const addWebhook = defineCall({
  name: 'addWebhook',
  area: 'integrations',
  module: 'webhooks',
  summary: "Add an endpoint; answers its signing secret (whsec_…) this once. events: ['*'] for every event",
  access: WEBHOOK_MANAGERS,
  fieldStatuses: { [Status.WEBHOOK_URL_REFUSED]: 'url', [Status.WEBHOOK_LIMIT]: null },
  log: { module: LogModule.INTEGRATION, event: 'add' },
  input: z.object({
    userid: z.int32().optional(),
    url: zUrl,
    events: zEvents,
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  }),
  output: z.object({ id: z.int32(), secret: z.string() }),
});

export const updateWebhook = defineCall({
  name: 'updateWebhook',
  area: 'integrations',
  module: 'webhooks',
  summary: 'Change an endpoint: address, events, description, or switch it on or off (on again after the server switched it off)',
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  fieldStatuses: { [Status.WEBHOOK_URL_REFUSED]: 'url' },
  log: { module: LogModule.INTEGRATION, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    id: z.int32().positive(),
    url: zUrl.optional(),
    events: zEvents.optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    enabled: z.boolean().optional(),
  }),
  output: ok,
});

export const delWebhook = defineCall({
  name: 'delWebhook',
  area: 'integrations',
  module: 'webhooks',
  summary: 'Delete an endpoint with its delivery log; nothing more is sent to it',
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  log: { module: LogModule.INTEGRATION, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: ok,
});

export const rotateWebhookSecret = defineCall({
  name: 'rotateWebhookSecret',
  area: 'integrations',
  module: 'webhooks',
  summary: 'A new signing secret, answered this once; the old one signs nothing more',
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  log: { module: LogModule.INTEGRATION, event: 'update' },
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: z.object({ secret: z.string() }),
});

export const testWebhook = defineCall({
  name: 'testWebhook',
  area: 'integrations',
  module: 'webhooks',
  summary: 'Send a webhook.test event to this endpoint only; its delivery appears in the log',
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: z.object({ deliveryId: z.number().int() }),
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'succeeded', 'failed'] as const;

export const webhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string().describe('The webhook-id header of every attempt'),
  type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.int32(),
  lastStatus: z.int32().nullable(),
  lastError: z.string(),
  nextAt: epochMs.nullable(),
  requestedBy: z.string(),
  eventTime: epochMs,
  createTime: epochMs,
  doneTime: epochMs.nullable(),
});

export const getWebhookDeliveries = defineCall({
  name: 'getWebhookDeliveries',
  area: 'integrations',
  module: 'webhooks',
  summary: "An endpoint's deliveries, newest first",
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  input: z.object({
    userid: z.int32().optional(),
    id: z.int32().positive(),
    state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
    type: z.string().max(64).optional(),
    ...pageInput,
  }),
  output: pageOf(webhookDelivery),
});

export const webhookAttempt = z.object({
  at: epochMs,
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  httpStatus: z.int32().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: z.string(),
  durationMs: z.int32(),
  error: z.string(),
});

export const getWebhookDelivery = defineCall({
  name: 'getWebhookDelivery',
  area: 'integrations',
  module: 'webhooks',
  summary: 'One delivery: the body sent and every attempt with its request headers and the answer',
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  input: z.object({ userid: z.int32().optional(), deliveryId: z.number().int().positive() }),
  output: z.object({ delivery: webhookDelivery, endpointId: z.int32(), body: z.string(), attempts: z.array(webhookAttempt) }),
});

export const resendWebhookDelivery = defineCall({
  name: 'resendWebhookDelivery',
  area: 'integrations',
  module: 'webhooks',
  summary: "Send a delivery's event to its endpoint again, now, as a new delivery (same webhook-id)",
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  fieldStatuses: { [Status.WEBHOOK_DISABLED]: null },
  log: { module: LogModule.INTEGRATION, event: 'update' },
  input: z.object({ userid: z.int32().optional(), deliveryId: z.number().int().positive() }),
  output: z.object({ deliveryId: z.number().int() }),
});

export const replayWebhookEvents = defineCall({
  name: 'replayWebhookEvents',
  area: 'integrations',
  module: 'webhooks',
  summary: `Send again the events of a time range this endpoint subscribes to (all, or only those not delivered), at most ${REPLAY_MAX_EVENTS} from the last ${REPLAY_MAX_DAYS} days`,
  access: WEBHOOK_MANAGERS,
  statuses: [Status.WEBHOOK_UNKNOWN],
  fieldStatuses: { [Status.WEBHOOK_DISABLED]: null, [Status.REPLAY_TOO_LARGE]: null, [Status.BAD_TIME_RANGE]: 'from' },
  log: { module: LogModule.INTEGRATION, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    id: z.int32().positive(),
    from: epochMs,
    to: epochMs,
    onlyFailed: z.boolean().default(false),
  }),
  output: z.object({ queued: z.int32() }),
});

export const webhookCalls = [
  getWebhooks,
  addWebhook,
  updateWebhook,
  delWebhook,
  rotateWebhookSecret,
  testWebhook,
  getWebhookDeliveries,
  getWebhookDelivery,
  resendWebhookDelivery,
  replayWebhookEvents,
] as const;
