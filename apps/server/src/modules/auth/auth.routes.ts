import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import { checkCaptcha, createCaptcha } from '../../platform/captcha.js';
import { revokeSession } from '../../platform/sessions.js';
import * as auth from './auth.service.js';

export const authRoutes = [
  bind(c.getValidationCode, (input, ctx) => createCaptcha(ctx.system, input.kind)),
  bind(c.validationCode, async (input, ctx) => {
    await checkCaptcha(ctx.system, input.digest, input.vcode);
    return null;
  }),
  bind(c.login, (input, ctx) => auth.login(ctx, input)),
  bind(c.empLogin, (input, ctx) => auth.empLogin(ctx, input)),
  bind(c.subAccountLogin, (input, ctx) => auth.subAccountLogin(ctx, input)),
  bind(c.superAccountLogin, (input, ctx) => auth.superAccountLogin(ctx, input)),
  bind(c.logout, async (_input, ctx) => {
    await revokeSession(ctx.system, ctx.session.id);
    ctx.audit.objId = ctx.session.account;
    ctx.audit.objName = ctx.session.name;
    return null;
  }),
  bind(c.refreshToken, (input, ctx) => auth.refreshSession(ctx, input)),
  bind(c.userInfoByToken, async (_input, { session: s }) => ({
    role: s.role,
    userid: s.companyId,
    company: s.companyName,
    accountId: s.accountId,
    account: s.account,
    name: s.name,
    sType: s.sType ?? undefined,
    subaccountId: s.subAccountId ?? undefined,
    gids: s.gids,
    expiresAt: s.expiresAt.getTime(),
  })),
  bind(c.verifyPassword, (input, ctx) => auth.confirmPassword(ctx, input)),
  bind(c.register, (input, ctx) => auth.register(ctx, input)),
  bind(c.webActivateAccount, (input, ctx) => auth.activate(ctx, input)),
  bind(c.resendActivation, (input, ctx) => auth.resendActivation(ctx, input)),
  bind(c.retrievePassword, (input, ctx) => auth.retrievePassword(ctx, input)),
  bind(c.resetEmpPwd, (input, ctx) => auth.resetEmployeePassword(ctx, input)),
  bind(c.modifyPassword, (input, ctx) => auth.modifyPassword(ctx, input)),
  bind(c.checkEmpInfo, (input, ctx) => auth.checkEmployeeInfo(ctx, input)),
  // The employee's own password: the same change as every account's (old one checked, other sessions ended).
  bind(c.updateEmpPwd, (input, ctx) => auth.updatePassword(ctx, input)),
];
