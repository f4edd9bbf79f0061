import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as conf from './notifications.config.js';
import { sendRecords } from './notifications.records.js';
import { testSms, updateSms } from './notifications.sms.js';
import { checkCode, sendCode } from './notifications.smsCodes.js';
import * as wx from './notifications.wechatSettings.js';

export const notificationsRoutes = [
  bind(c.getNotifyConf, (_input, ctx) => conf.getConf(ctx)),
  bind(c.configureEmail, (input, ctx) => conf.configureEmail(ctx, input)),
  bind(c.testEmailConf, (input, ctx) => conf.testEmail(ctx, input)),
  bind(c.updateSMSConf, (input, ctx) => updateSms(ctx, input)),
  bind(c.testSmsConf, (input, ctx) => testSms(ctx, input)),
  bind(c.updateWxConf, (input, ctx) => wx.updateWx(ctx, input)),
  bind(c.testWxConf, (input, ctx) => wx.testWx(ctx, input)),
  bind(c.setEmpOpenid, (input, ctx) => wx.setEmpOpenid(ctx, input)),
  bind(c.getEmpOpenid, (input, ctx) => wx.getEmpOpenid(ctx, input)),
  bind(c.ivrNotifyConf, (input, ctx) => conf.updateIvr(ctx, input)),
  bind(c.getSendRecords, (input, ctx) => sendRecords(ctx, input)),
  bind(c.sendSmsCode, (input, ctx) => sendCode(ctx, ctx.session.companyId, input.phone, input.purpose)),
  bind(c.checkSmsCode, async (input, ctx) => {
    await checkCode(ctx.system, { phone: input.phone, purpose: input.purpose, code: input.code, spend: false });
    return null;
  }),
];
