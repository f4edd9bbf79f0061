import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import { uploadQrcode } from './doors.qr.js';
import { uploadVehicleInfo } from './doors.vehicles.js';

export const doorsRoutes = [
  bind(c.uploadQrcode, (input, ctx) => uploadQrcode(ctx, input)),
  bind(c.uploadVehicleInfo, (input, ctx) => uploadVehicleInfo(ctx, input)),
];
