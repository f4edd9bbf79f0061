import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { exportPasses, exportVehicles } from './passRecords.export.js';
import * as records from './passRecords.service.js';

export const passRecordsRoutes = [
  bind(c.getOpendoorInfo, (input, ctx) => records.passPage(ctx, input)),
  bind(c.getVehicleRecord, (input, ctx) => records.vehiclePage(ctx, input)),
  bind(c.getVehicleRecordByVid, (input, ctx) => records.vehiclesOfVisit(ctx, input)),
];

export const passRecordsDownloads = [
  bindDownload(c.exportRfidRecordsList, (input, ctx) => Promise.resolve(exportPasses(ctx, input))),
  bindDownload(c.exportVehicleInfoList, (input, ctx) => Promise.resolve(exportVehicles(ctx, input))),
  bindDownload(c.passRecordPhoto, (input, ctx) => records.recordPhoto(ctx, 'pass', input.id)),
  bindDownload(c.vehicleRecordPhoto, (input, ctx) => records.recordPhoto(ctx, 'vehicle', input.id)),
];
