import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as monitor from './monitor.service.js';

export const monitorRoutes = [
  bind(c.updateEqptMonitor, (input, ctx) => monitor.heartbeat(ctx, input)),
  bind(c.getEqptMonitor, (input, ctx) => monitor.list(ctx, input)),
  bind(c.delEqptMonitor, (input, ctx) => monitor.remove(ctx, input)),
  bind(c.clientUploadLog, (input, ctx) => monitor.uploadLog(ctx, input)),
  bind(c.searchEqptMonitorErrorLogByCondition, (input, ctx) => monitor.searchLog(ctx, input)),
  bind(c.updateEqptMonitorSetting, (input, ctx) => monitor.setOfflineMinutes(ctx, input)),
];
