import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import * as residents from './residents.service.js';

export const residentsRoutes = [
  bind(c.getProject, (input, ctx) => residents.projects(ctx, input)),
  bind(c.addProject, (input, ctx) => residents.addProject(ctx, input)),
  bind(c.updateProject, (input, ctx) => residents.updateProject(ctx, input)),
  bind(c.delProject, (input, ctx) => residents.deleteProject(ctx, input)),
  bind(c.getResidentVisitor, (input, ctx) => residents.page(ctx, input)),
  bind(c.addResidentVisitor, (input, ctx) => residents.add(ctx, input)),
  bind(c.updateResidentVisitor, (input, ctx) => residents.update(ctx, input)),
  bind(c.delResidentVisitor, (input, ctx) => residents.remove(ctx, input)),
  bind(c.updateRvPermission, (input, ctx) => residents.setPermission(ctx, input)),
  bind(c.getAllResidentCompany, (_input, ctx) => residents.companies(ctx)),
  bind(c.getResidentVisitorByCompany, (input, ctx) => residents.list(ctx, { companyIs: input.company })),
  bind(c.getAllResidentVisitor, (_input, ctx) => residents.list(ctx, {})),
  bind(c.getResidentVisitorByName, (input, ctx) => residents.list(ctx, { name: input.name }, 50)),
  bind(c.residentSignIn, (input, ctx) => residents.signIn(ctx, input)),
];
