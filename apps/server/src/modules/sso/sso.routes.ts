import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as sso from './sso.service.js';

export const ssoRoutes = [
  bind(c.getSsoConnections, (_input, ctx) => sso.list(ctx)),
  bind(c.addSsoConnection, (input, ctx) => sso.add(ctx, input)),
  bind(c.updateSsoConnection, (input, ctx) => sso.update(ctx, input)),
  bind(c.delSsoConnection, (input, ctx) => sso.remove(ctx, input)),
  bind(c.testSsoConnection, (input, ctx) => sso.test(ctx, input)),
];
