import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { uploadCard } from './doors.card.js';
import { uploadQrcode } from './doors.qr.js';
import { uploadVehicleInfo } from './doors.vehicles.js';

export const doorsRoutes = [
  bind(c.uploadQrcode, (input, ctx) => uploadQrcode(ctx, input)),
  bind(c.uploadCard, (input, ctx) => uploadCard(ctx, input)),
  bind(c.uploadVehicleInfo, (input, ctx) => uploadVehicleInfo(ctx, input)),
];
