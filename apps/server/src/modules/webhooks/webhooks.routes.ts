import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as webhooks from './webhooks.service.js';

export const webhooksRoutes = [
  bind(c.getWebhooks, (_input, ctx) => webhooks.list(ctx)),
  bind(c.addWebhook, (input, ctx) => webhooks.add(ctx, input)),
  bind(c.updateWebhook, (input, ctx) => webhooks.update(ctx, input)),
  bind(c.delWebhook, (input, ctx) => webhooks.remove(ctx, input)),
  bind(c.rotateWebhookSecret, (input, ctx) => webhooks.rotate(ctx, input)),
  bind(c.testWebhook, (input, ctx) => webhooks.test(ctx, input)),
  bind(c.getWebhookDeliveries, (input, ctx) => webhooks.deliveries(ctx, input)),
  bind(c.getWebhookDelivery, (input, ctx) => webhooks.delivery(ctx, input)),
  bind(c.resendWebhookDelivery, (input, ctx) => webhooks.resend(ctx, input)),
  bind(c.replayWebhookEvents, (input, ctx) => webhooks.replay(ctx, input)),
];
