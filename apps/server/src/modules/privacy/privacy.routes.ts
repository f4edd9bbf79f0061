import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { erasePerson, findPerson } from './privacy.person.js';
import { exportPersonData } from './privacy.personExport.js';
import { getRules, toSweep, updateRules } from './privacy.rules.js';
import { sweepCompany } from './privacy.sweep.js';

export const privacyRoutes = [
  bind(c.getRetentionRules, (_input, ctx) => getRules(ctx)),
  bind(c.updateRetentionRules, (input, ctx) => updateRules(ctx, input)),
  bind(c.runRetentionSweep, async (_input, ctx) => {
    ctx.audit.objName = c.settingObject('retention');
    return toSweep(await sweepCompany(ctx, 'manual', new Date()));
  }),
  bind(c.findPerson, (input, ctx) => findPerson(ctx, input)),
  bind(c.erasePerson, (input, ctx) => erasePerson(ctx, input)),
];

export const privacyDownloads = [bindDownload(c.exportPersonData, (input, ctx) => exportPersonData(ctx, input))];
