import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { batchInvite, batchTemplate } from './invitations.batch.js';
import * as booking from './invitations.booking.js';
import * as list from './invitations.list.js';
import * as page from './invitations.page.js';
import * as invitations from './invitations.service.js';
import { sendCodeFromInvitation } from './invitations.smsCode.js';
import * as templates from './invitations.templates.js';
import * as visitor from './invitations.visitor.js';

export const invitationsRoutes = [
  bind(c.addAppointment, (input, ctx) => invitations.invite(ctx, input)),
  bind(c.getInviteAccess, (_input, ctx) => invitations.inviteAccess(ctx)),
  bind(c.getInvitation, (input, ctx) => page.invitationPage(ctx, input)),
  bind(c.previewInvitation, (input, ctx) => page.preview(ctx, input)),
  bind(c.replyInvitation, (input, ctx) => page.reply(ctx, input)),
  bind(c.searchInvites, (input, ctx) => invitations.searchInvites(ctx, input)),
  bind(c.cancelInvite, (input, ctx) => invitations.cancel(ctx, input)),
  bind(c.sendPicSmsCode, (input, ctx) => sendCodeFromInvitation(ctx, input)),
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
  bind(c.getInviteTemplate, (input, ctx) => templates.inviteTemplate(ctx, input)),
  bind(c.uploadAppointment, (input, ctx) => batchInvite(ctx, input)),
  bind(c.resendInvitation, (input, ctx) => list.resend(ctx, input)),
  bind(c.searchAppointments, (input, ctx) => list.searchAppointments(ctx, input)),
  bind(c.searchRecordsByPhone, (input, ctx) => list.recordsByPhone(ctx, input)),
  bind(c.updateSupplementAppointment, (input, ctx) => visitor.setCompanions(ctx, input)),
  bind(c.uploadAppointmentPhoto, (input, ctx) => visitor.uploadPhoto(ctx, input)),
  // the booking app
  bind(c.getBookingApp, (_input, ctx) => booking.getApp(ctx)),
  bind(c.resetBookingApp, (_input, ctx) => booking.resetApp(ctx)),
  bind(c.delBookingApp, (_input, ctx) => booking.removeApp(ctx)),
  bind(c.getTimestamp, () => booking.serverTime()),
  bind(c.signCheck, (_input, ctx) => booking.checkSignature(ctx)),
  bind(c.addVisitorApponintmnet, (input, ctx) => booking.book(ctx, input)),
  bind(c.addDeskAppointment, (input, ctx) => booking.deskBook(ctx, input)),
];

export const invitationsDownloads = [bindDownload(c.exportAppointmentTemplate, (input) => batchTemplate(input))];
