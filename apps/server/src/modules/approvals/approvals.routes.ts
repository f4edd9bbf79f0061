import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import * as approvals from './approvals.service.js';

export const approvalsRoutes = [
  bind(c.getProcessArea, (_input, ctx) => approvals.areas(ctx)),
  bind(c.addProcessArea, (input, ctx) => approvals.addArea(ctx, input)),
  bind(c.updateProcessArea, (input, ctx) => approvals.updateArea(ctx, input)),
  bind(c.addProcessRule, (input, ctx) => approvals.setRules(ctx, input)),
  bind(c.delProcessArea, (input, ctx) => approvals.removeArea(ctx, input)),
  bind(c.updateProcessSwitch, (input, ctx) => approvals.setSwitch(ctx, input)),
  bind(c.getNoApproveRecords, (input, ctx) => approvals.waitingQueue(ctx, input)),
  bind(c.getApproveRecords, (input, ctx) => approvals.decidedList(ctx, input)),
  bind(c.getProcessRecords, (input, ctx) => approvals.history(ctx, input)),
  bind(c.completeProcessRecord, (input, ctx) => approvals.decide(ctx, input)),
  bind(c.resubmitProcess, (input, ctx) => approvals.resubmit(ctx, input)),
];
