import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import * as invitations from './invitations.service.js';
import * as templates from './invitations.templates.js';

export const invitationsRoutes = [
  bind(c.addAppointment, (input, ctx) => invitations.invite(ctx, input)),
  bind(c.getInvitation, (input, ctx) => invitations.invitationPage(ctx, input)),
  bind(c.previewInvitation, (input, ctx) => invitations.preview(ctx, input)),
  bind(c.replyInvitation, (input, ctx) => invitations.reply(ctx, input)),
  bind(c.searchInvites, (input, ctx) => invitations.searchInvites(ctx, input)),
  bind(c.cancelInvite, (input, ctx) => invitations.cancel(ctx, input)),
  // templates
  bind(c.getAllTemplateType, async () => c.templateTypeList()),
  bind(c.getUserTemplate, (input, ctx) => templates.listCompanyTemplates(ctx, input)),
  bind(c.addUserTemplate, (input, ctx) => templates.addCompanyTemplate(ctx, input)),
  bind(c.updateUserTemplate, (input, ctx) => templates.updateCompanyTemplate(ctx, input)),
  bind(c.delUserTemplate, (input, ctx) => templates.deleteCompanyTemplate(ctx, input)),
  bind(c.getEmpTemplateByType, (input, ctx) => templates.ownTemplate(ctx, input)),
  bind(c.addEmpTemplate, (input, ctx) => templates.saveOwnTemplate(ctx, input)),
  bind(c.delEmpTemplate, (input, ctx) => templates.deleteOwnTemplate(ctx, input)),
  bind(c.getEmpTempByPost, (input, ctx) => templates.applicableTemplate(ctx, input)),
];
