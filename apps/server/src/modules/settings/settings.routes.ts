import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as settings from './settings.service.js';

export const settingsRoutes = [
  bind(c.updatePermissionSwitch, (input, ctx) => settings.setSwitch(ctx, 'permissionSwitch', input.permissionSwitch)),
  bind(c.updateTempEditSwitch, (input, ctx) => settings.setSwitch(ctx, 'tempEditSwitch', input.tempEditSwitch)),
  bind(c.updateScanerSwitch, (input, ctx) => settings.setSwitch(ctx, 'scaner', input.scaner)),
  bind(c.updateExtendTime, (input, ctx) => settings.setExtendTime(ctx, input)),
  bind(c.updateLeaveExpiryTime, (input, ctx) => settings.setLeaveExpiryTime(ctx, input)),
  bind(c.updateOffDutyTime, (input, ctx) => settings.setDutyTime(ctx, input)),
  bind(c.updateQrcodeConf, (input, ctx) => settings.setQrcodeConf(ctx, input)),
  bind(c.updateCryptoperiod, (input, ctx) => settings.setCryptoperiod(ctx, input)),
  bind(c.updateDoorSignInSwitch, (input, ctx) => settings.setSwitch(ctx, 'doorSignIn', input.doorSignIn)),
  bind(c.updateOriginalCompatSwitch, (input, ctx) => settings.setSwitch(ctx, 'originalCompat', input.originalCompat)),
];
