import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as logs from './logs.service.js';

export const logsRoutes = [
  bind(c.addLog, (input, ctx) =>
    logs.addLog(ctx, {
      module: input.optModule,
      event: input.optEvent,
      client: input.optClient,
      objId: input.objId,
      objName: input.objName,
      text: input.optDesc,
    }),
  ),
  bind(c.getLogList, (input, ctx) => logs.listLogs(ctx, input)),
  bind(c.getBlacklistAlerts, (_input, ctx) => logs.blacklistAlerts(ctx)),
  bind(c.verifyLogChain, (_input, ctx) => logs.verifyLogChain(ctx)),
];

export const logsDownloads = [bindDownload(c.exportLogList, (input, ctx) => logs.exportLogs(ctx, input))];
