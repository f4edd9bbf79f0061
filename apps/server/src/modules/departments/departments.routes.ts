import * as c from '@openvisit/contract';
import { departments } from '../../core/people/people.public.js';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { departmentTemplate, importDepartments } from './departments.import.js';
import { members } from './departments.members.js';

export const departmentsRoutes = [
  bind(c.getDeptList, (_input, ctx) => departments.tree(ctx)),
  bind(c.addDepartment, (input, ctx) => departments.add(ctx, input)),
  bind(c.updateDepartment, (input, ctx) => departments.update(ctx, input)),
  bind(c.delDepartment, (input, ctx) => departments.remove(ctx, input)),
  bind(c.getEmpDeptList, (input, ctx) => members(ctx, input)),
  bind(c.updateDeptEmpRelation, (input, ctx) => departments.relate(ctx, input)),
  bind(c.importDepartment, (input, ctx) => importDepartments(ctx, input)),
];

export const departmentsDownloads = [bindDownload(c.exportDepartmentTemplate, (input) => departmentTemplate(input))];
