import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import * as invitations from './invitations.service.js';

export const invitationsRoutes = [
  bind(c.addAppointment, (input, ctx) => invitations.invite(ctx, input)),
  bind(c.getInvitation, (input, ctx) => invitations.invitationPage(ctx, input)),
  bind(c.previewInvitation, (input, ctx) => invitations.preview(ctx, input)),
  bind(c.replyInvitation, (input, ctx) => invitations.reply(ctx, input)),
  bind(c.searchInvites, (input, ctx) => invitations.searchInvites(ctx, input)),
  bind(c.cancelInvite, (input, ctx) => invitations.cancel(ctx, input)),
];
