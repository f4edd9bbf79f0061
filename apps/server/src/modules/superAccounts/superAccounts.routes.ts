import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as readOnly from './superAccounts.readOnly.js';
import * as figures from './superAccounts.service.js';

export const superAccountsRoutes = [
  bind(c.getAllSuperAccountVCount, (input, ctx) => figures.allFigures(ctx, input)),
  bind(c.getSupAccVCount, (input, ctx) => figures.oneFigures(ctx, input)),
  bind(c.superAccountEnterCompany, (input, ctx) => readOnly.enterCompany(ctx, input)),
  bind(c.superAccountLeaveCompany, (_input, ctx) => readOnly.leaveCompany(ctx)),
];
