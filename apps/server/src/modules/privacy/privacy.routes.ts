import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { getRules, toSweep, updateRules } from './privacy.rules.js';
import { sweepCompany } from './privacy.sweep.js';

export const privacyRoutes = [
  bind(c.getRetentionRules, (_input, ctx) => getRules(ctx)),
  bind(c.updateRetentionRules, (input, ctx) => updateRules(ctx, input)),
  bind(c.runRetentionSweep, async (_input, ctx) => {
    ctx.audit.objName = c.settingObject('retention');
    return toSweep(await sweepCompany(ctx, 'manual', new Date()));
  }),
];
