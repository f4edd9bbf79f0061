import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as roles from './roles.service.js';

export const rolesRoutes = [
  bind(c.getRARG, (_input, ctx) => roles.tree(ctx)),
  bind(c.addRARG, (input, ctx) => roles.add(ctx, input)),
  bind(c.updateRARG, (input, ctx) => roles.rename(ctx, input)),
  bind(c.delRARG, (input, ctx) => roles.remove(ctx, input)),
  bind(c.getEmpRoleList, (input, ctx) => roles.members(ctx, input)),
  bind(c.addEmpRole, (input, ctx) => roles.grant(ctx, input)),
  bind(c.delRoleEmp, (input, ctx) => roles.revoke(ctx, input)),
];
