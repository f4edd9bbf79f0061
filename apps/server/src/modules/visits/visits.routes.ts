import * as c from '@openvisit/contract';
import { search } from '../../core/visits/visits.public.js';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as checkin from './visits.checkin.js';
import { facesOn, photoAsDataUrl, pictureAsDataUrl } from './visits.desk.js';
import { exportVisits } from './visits.export.js';
import * as files from './visits.files.js';
import { returningVisitor } from './visits.returning.js';
import { registerWalkIn } from './visits.walkin.js';

export const visitsRoutes = [
  bind(c.registerWalkIn, (input, ctx) => registerWalkIn(ctx, input)),
  bind(c.checkInByCode, (input, ctx) => checkin.checkIn(ctx, input)),
  bind(c.signOutVisitor, (input, ctx) => checkin.signOutAtKiosk(ctx, input)),
  bind(c.signOutByVid, (input, ctx) => checkin.signOutByVid(ctx, input)),
  bind(c.batchSignOut, (input, ctx) => checkin.batchSignOut(ctx, input)),
  bind(c.changeVisit, (input, ctx) => checkin.changeStatus(ctx, input)),
  bind(c.searchVisits, (input, ctx) => search.search(ctx, input)),
  // Residents have their own list, except among who is on site now (like getPeopleCounting): everyone is there.
  bind(c.searchVisitsPage, (input, ctx) => search.searchPage(ctx, input, input.onSite ? {} : { notKind: 'resident' })),
  bind(c.searchResidentVisits, (input, ctx) => search.searchPage(ctx, input, { kind: 'resident' })),
  bind(c.getVisit, (input, ctx) => search.byVid(ctx, input)),
  bind(c.getPeopleCounting, (_input, ctx) => search.peopleCounting(ctx)),
  bind(c.getVisitorStatistics, (input, ctx) => search.statistics(ctx, input)),
  bind(c.createPdfSign, (input, ctx) => files.signPdf(ctx, input)),
  bind(c.getCardInfo, (input, ctx) => files.cardInfo(ctx, input)),
  bind(c.uploadVisitorPhoto, async (_input, ctx) => ({ url: await photoAsDataUrl(ctx.file?.bytes ?? Buffer.alloc(0)) })),
  bind(c.uploadDeskPhoto, async (_input, ctx) => ({ url: await pictureAsDataUrl(ctx.file?.bytes ?? Buffer.alloc(0)) })),
  bind(c.checkVisitorPhoto, async (input) => ({ faces: await facesOn(input.photo) })),
  bind(c.updateVisitInfo, (input, ctx) => checkin.updateInfo(ctx, input)),
  bind(c.getReturningVisitor, (input, ctx) => returningVisitor(ctx, input)),
];

export const visitsDownloads = [
  bindDownload(c.visitPdf, (input, ctx) => files.pdfFile(ctx, input)),
  bindDownload(c.visitPhoto, (input, ctx) => files.photoFile(ctx, input)),
  bindDownload(c.exportVisitorList, (input, ctx) => exportVisits(ctx, input)),
];
