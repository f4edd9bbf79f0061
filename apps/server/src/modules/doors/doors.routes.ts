import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import { uploadQrcode } from './doors.qr.js';

export const doorsRoutes = [bind(c.uploadQrcode, (input, ctx) => uploadQrcode(ctx, input))];
