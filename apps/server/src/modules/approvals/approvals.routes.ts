import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as areas from './approvals.areas.js';
import { dryRun } from './approvals.dryRun.js';
import * as flow from './approvals.flow.js';
import * as leaves from './approvals.leaves.js';
import { byLink, decideByLink } from './approvals.links.js';
import * as policies from './approvals.policies.js';

export const approvalsRoutes = [
  bind(c.getProcessArea, (_input, ctx) => areas.areas(ctx)),
  bind(c.addProcessArea, (input, ctx) => areas.addArea(ctx, input)),
  bind(c.updateProcessArea, (input, ctx) => areas.updateArea(ctx, input)),
  bind(c.addProcessRule, (input, ctx) => areas.setRules(ctx, input)),
  bind(c.delProcessArea, (input, ctx) => areas.removeArea(ctx, input)),
  bind(c.updateProcessSwitch, (input, ctx) => areas.setSwitch(ctx, input)),
  bind(c.getApprovalPolicies, (_input, ctx) => policies.list(ctx)),
  bind(c.addApprovalPolicy, (input, ctx) => policies.add(ctx, input)),
  bind(c.updateApprovalPolicy, (input, ctx) => policies.update(ctx, input)),
  bind(c.delApprovalPolicy, (input, ctx) => policies.remove(ctx, input)),
  bind(c.orderApprovalPolicies, (input, ctx) => policies.order(ctx, input)),
  bind(c.dryRunApproval, (input, ctx) => dryRun(ctx, input)),
  bind(c.getApproverLeaves, (_input, ctx) => leaves.list(ctx)),
  bind(c.addApproverLeave, (input, ctx) => leaves.add(ctx, input)),
  bind(c.delApproverLeave, (input, ctx) => leaves.remove(ctx, input)),
  bind(c.getApprovalByLink, (input, ctx) => byLink(ctx, input)),
  bind(c.decideApprovalByLink, (input, ctx) => decideByLink(ctx, input)),
  bind(c.getNoApproveRecords, (input, ctx) => flow.waitingQueue(ctx, input)),
  bind(c.getApproveRecords, (input, ctx) => flow.decidedList(ctx, input)),
  bind(c.getProcessRecords, (input, ctx) => flow.history(ctx, input)),
  bind(c.completeProcessRecord, (input, ctx) => flow.decide(ctx, input)),
  bind(c.resubmitProcess, (input, ctx) => flow.resubmit(ctx, input)),
];
