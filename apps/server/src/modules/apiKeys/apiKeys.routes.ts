import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as keys from './apiKeys.service.js';

export const apiKeysRoutes = [
  bind(c.getApiKeys, (_input, ctx) => keys.list(ctx)),
  bind(c.addApiKey, (input, ctx) => keys.add(ctx, input)),
  bind(c.revokeApiKey, (input, ctx) => keys.revoke(ctx, input)),
];
