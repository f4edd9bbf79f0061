import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as passkeys from './passkeys.service.js';

export const passkeysRoutes = [
  bind(c.getPasskeys, (_input, ctx) => passkeys.list(ctx)),
  bind(c.addPasskeyStart, (_input, ctx) => passkeys.addStart(ctx)),
  bind(c.addPasskey, (input, ctx) => passkeys.add(ctx, input)),
  bind(c.renamePasskey, (input, ctx) => passkeys.rename(ctx, input)),
  bind(c.removePasskey, (input, ctx) => passkeys.remove(ctx, input)),
  bind(c.setTwoStep, (input, ctx) => passkeys.setTwoStep(ctx, input)),
  bind(c.newRecoveryCodes, (_input, ctx) => passkeys.newCodes(ctx)),
];
