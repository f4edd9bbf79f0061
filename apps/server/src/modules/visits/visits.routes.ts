import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import { bindDownload } from '../../platform/downloads.js';
import { exportVisits } from './visits.export.js';
import { returningVisitor } from './visits.returning.js';
import * as visits from './visits.service.js';

export const visitsRoutes = [
  bind(c.registerWalkIn, (input, ctx) => visits.registerWalkIn(ctx, input)),
  bind(c.checkInByCode, (input, ctx) => visits.checkIn(ctx, input)),
  bind(c.signOutVisitor, (input, ctx) => visits.signOutAtKiosk(ctx, input)),
  bind(c.signOutByVid, (input, ctx) => visits.signOutByVid(ctx, input)),
  bind(c.batchSignOut, (input, ctx) => visits.batchSignOut(ctx, input)),
  bind(c.changeVisit, (input, ctx) => visits.changeStatus(ctx, input)),
  bind(c.searchVisits, (input, ctx) => visits.search(ctx, input)),
  // Residents have their own list, except among who is on site now (like getPeopleCounting): everyone is there.
  bind(c.searchVisitsPage, (input, ctx) => visits.searchPage(ctx, input, input.onSite ? {} : { notKind: 'resident' })),
  bind(c.searchResidentVisits, (input, ctx) => visits.searchPage(ctx, input, { kind: 'resident' })),
  bind(c.getVisit, (input, ctx) => visits.byVid(ctx, input)),
  bind(c.getPeopleCounting, (_input, ctx) => visits.peopleCounting(ctx)),
  bind(c.createPdfSign, (input, ctx) => visits.signPdf(ctx, input)),
  bind(c.getCardInfo, (input, ctx) => visits.cardInfo(ctx, input)),
  bind(c.updateVisitInfo, (input, ctx) => visits.updateInfo(ctx, input)),
  bind(c.getReturningVisitor, (input, ctx) => returningVisitor(ctx, input)),
];

export const visitsDownloads = [
  bindDownload(c.visitPdf, (input, ctx) => visits.pdfFile(ctx, input)),
  bindDownload(c.visitPhoto, (input, ctx) => visits.photoFile(ctx, input)),
  bindDownload(c.exportVisitorList, (input, ctx) => exportVisits(ctx, input)),
];
