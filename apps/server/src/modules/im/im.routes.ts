import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as im from './im.service.js';

export const imRoutes = [
  bind(c.getImApps, (_input, ctx) => im.list(ctx)),
  bind(c.updateImApp, (input, ctx) => im.update(ctx, input)),
  bind(c.testImApp, (input, ctx) => im.test(ctx, input)),
  bind(c.delImApp, (input, ctx) => im.remove(ctx, input)),
];
