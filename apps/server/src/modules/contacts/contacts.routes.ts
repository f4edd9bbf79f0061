import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as contacts from './contacts.service.js';

export const contactsRoutes = [
  bind(c.getEmpRexAccountInFo, (input, ctx) => contacts.employeeAccounts(ctx, input)),
  bind(c.getContactSync, (_input, ctx) => contacts.getState(ctx)),
  bind(c.updateDDNotify, (input, ctx) => contacts.updateDingTalk(ctx, input)),
  bind(c.updateRtxConf, (input, ctx) => contacts.updateRtx(ctx, input)),
  bind(c.updateAppDirectory, (input, ctx) => contacts.updateAppDirectory(ctx, input)),
  bind(c.autoGetDeptFromCT, (input, ctx) => contacts.runStep(ctx, 'departments', input)),
  bind(c.autoGetEmployeeFromCT, (input, ctx) => contacts.runStep(ctx, 'employees', input)),
  bind(c.autoGetEmpDeptRelation, (input, ctx) => contacts.runStep(ctx, 'relations', input)),
];
