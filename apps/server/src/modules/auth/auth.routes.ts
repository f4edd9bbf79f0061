import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { checkCaptcha, createCaptcha } from '../../platform/identity/captcha.js';
import { revokeSession } from '../../platform/identity/sessions.js';
import * as credentials from './auth.credentials.js';
import * as workApps from './auth.im.js';
import * as passkeys from './auth.passkeys.js';
import * as recovery from './auth.recovery.js';
import * as signin from './auth.signin.js';
import * as signup from './auth.signup.js';
import * as sso from './auth.sso.js';

export const authRoutes = [
  bind(c.getValidationCode, (input, ctx) => createCaptcha(ctx.system, input.kind)),
  bind(c.validationCode, async (input, ctx) => {
    // Checked under CAPTCHA=off too: the invitation page's SMS code always needs a correctly answered picture.
    await checkCaptcha(ctx.system, input.digest, input.vcode);
    return null;
  }),
  bind(c.login, (input, ctx) => signin.login(ctx, input)),
  bind(c.empLogin, (input, ctx) => signin.empLogin(ctx, input)),
  bind(c.getImSignIn, (input, ctx) => workApps.options(ctx, input.companyId)),
  bind(c.imSignInStart, (input, ctx) => workApps.start(ctx, input)),
  bind(c.imSignInFinish, (input, ctx) => workApps.finish(ctx, input)),
  bind(c.empLoginByDDCode, (input, ctx) => workApps.withCode(ctx, 'dingtalk', input)),
  bind(c.empLoginByFeiShuCode, (input, ctx) => workApps.withCode(ctx, 'feishu', input)),
  bind(c.empLoginByWXChartCode, (input, ctx) => workApps.withCode(ctx, 'wecom', input)),
  bind(c.getSsoSignIn, (input, ctx) => sso.options(ctx, input.companyId)),
  bind(c.ssoSignInStart, (input, ctx) => sso.start(ctx, input)),
  bind(c.ssoSignInFinish, (input, ctx) => sso.finish(ctx, input)),
  bind(c.passkeySignInStart, (_input, ctx) => passkeys.start(ctx)),
  bind(c.passkeySignIn, (input, ctx) => passkeys.signIn(ctx, input)),
  bind(c.passkeySecondStep, (input, ctx) => passkeys.secondStep(ctx, input)),
  bind(c.subAccountLogin, (input, ctx) => signin.subAccountLogin(ctx, input)),
  bind(c.superAccountLogin, (input, ctx) => signin.superAccountLogin(ctx, input)),
  bind(c.logout, async (_input, ctx) => {
    await revokeSession(ctx.system, ctx.session.id);
    ctx.audit.objId = ctx.session.account;
    ctx.audit.objName = ctx.session.name;
    return null;
  }),
  bind(c.refreshToken, (input, ctx) => signin.refreshSession(ctx, input)),
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
  bind(c.verifyPassword, (input, ctx) => credentials.confirmPassword(ctx, input)),
  bind(c.register, (input, ctx) => signup.register(ctx, input)),
  bind(c.webActivateAccount, (input, ctx) => signup.activate(ctx, input)),
  bind(c.resendActivation, (input, ctx) => signup.resendActivation(ctx, input)),
  bind(c.retrievePassword, (input, ctx) => recovery.retrievePassword(ctx, input)),
  bind(c.resetEmpPwd, (input, ctx) => recovery.resetEmployeePassword(ctx, input)),
  bind(c.modifyPassword, (input, ctx) => recovery.modifyPassword(ctx, input)),
  bind(c.checkEmpInfo, (input, ctx) => recovery.checkEmployeeInfo(ctx, input)),
  // The employee's own password: the same change as every account's (old one checked, other sessions ended).
  bind(c.updateEmpPwd, (input, ctx) => credentials.updatePassword(ctx, input)),
];
