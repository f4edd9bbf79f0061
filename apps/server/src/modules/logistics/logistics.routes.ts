import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as bookings from './logistics.bookings.js';
import { exportBookings } from './logistics.export.js';
import * as gate from './logistics.gate.js';
import * as link from './logistics.link.js';
import * as photos from './logistics.photos.js';
import * as settings from './logistics.settings.js';

export const logisticsRoutes = [
  bind(c.addExtendType, (input, ctx) => settings.addType(ctx, input)),
  bind(c.updateExtendType, (input, ctx) => settings.updateType(ctx, input)),
  bind(c.getExtendType, (_input, ctx) => settings.listTypes(ctx)),
  bind(c.delExtendType, (input, ctx) => settings.removeType(ctx, input)),
  bind(c.logisticsCompanyCreate, (input, ctx) => settings.addCarrier(ctx, input)),
  bind(c.logisticsCompanyUpdate, (input, ctx) => settings.updateCarrier(ctx, input)),
  bind(c.logisticsCompanyDelete, (input, ctx) => settings.removeCarrier(ctx, input)),
  bind(c.logisticsCompanyPage, (input, ctx) => settings.carrierPage(ctx, input)),
  bind(c.getLogisticsLink, (_input, ctx) => link.getLink(ctx)),
  bind(c.resetLogisticsLink, (_input, ctx) => link.resetLink(ctx)),
  bind(c.getExtendTypeInfo, (input, ctx) => link.bookingPage(ctx, input)),
  bind(c.addLogisticsBooking, (input, ctx) => link.publicBooking(ctx, input)),
  bind(c.addLogisticsInfo, (input, ctx) => bookings.addBooking(ctx, input)),
  bind(c.updateLogisticsInfo, (input, ctx) => bookings.updateBooking(ctx, input)),
  bind(c.getLogisticsInfo, (input, ctx) => bookings.listBookings(ctx, input)),
  bind(c.approveLogistics, (input, ctx) => gate.approve(ctx, input)),
  bind(c.logisticsArrive, (input, ctx) => gate.arrive(ctx, input)),
  bind(c.logisticsRelease, (input, ctx) => gate.release(ctx, input)),
  bind(c.logisticsLeave, (input, ctx) => gate.leave(ctx, input)),
  bind(c.uploadLogisticsPhoto, (_input, ctx) => photos.uploadPhoto(ctx)),
  bind(c.uploadLogisticsBookingPhoto, (input, ctx) => link.linkPhoto(ctx, input)),
];

export const logisticsDownloads = [
  bindDownload(c.exportLogisticsList, (input, ctx) => exportBookings(ctx, input)),
  bindDownload(c.logisticsPhoto, (input, ctx) => photos.photoFile(ctx, input)),
];
