import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { updatePassword } from '../auth/auth.public.js';
import * as closing from './accounts.closing.js';
import * as accounts from './accounts.service.js';
import * as staff from './accounts.staff.js';

export const accountsRoutes = [
  bind(c.getUserInfo, (_input, ctx) => accounts.getUserInfo(ctx)),
  bind(c.modifyUserInfo, (input, ctx) => accounts.modifyUserInfo(ctx, input)),
  bind(c.updatePassword, (input, ctx) => updatePassword(ctx, input)),
  bind(c.getManagerByUser, (input, ctx) => staff.listManagers(ctx, input)),
  bind(c.addManager, (input, ctx) => staff.addManager(ctx, input)),
  bind(c.updateManager, (input, ctx) => staff.updateManager(ctx, input)),
  bind(c.deleteManager, (input, ctx) => staff.deleteManager(ctx, input)),
  bind(c.getRelatedAccount, (_input, ctx) => accounts.relatedCompanies(ctx)),
  bind(c.updateCardText, (input, ctx) => closing.setCardText(ctx, input)),
  bind(c.updateUnSubscribe, (input, ctx) => closing.unsubscribe(ctx, input)),
];
