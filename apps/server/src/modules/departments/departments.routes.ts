import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import * as departments from './departments.service.js';

export const departmentsRoutes = [
  bind(c.getDeptList, (_input, ctx) => departments.tree(ctx)),
  bind(c.addDepartment, (input, ctx) => departments.add(ctx, input)),
  bind(c.updateDepartment, (input, ctx) => departments.update(ctx, input)),
  bind(c.delDepartment, (input, ctx) => departments.remove(ctx, input)),
  bind(c.getEmpDeptList, (input, ctx) => departments.members(ctx, input)),
  bind(c.updateDeptEmpRelation, (input, ctx) => departments.relate(ctx, input)),
];
