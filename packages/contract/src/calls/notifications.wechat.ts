import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { NOTIFY_ADMINS, notifyLog, userid, zChecked, zSecret, zSwitch } from './notifications.js';
import { checkOpenid, checkWxAppId, checkWxTemplateId, WX_KINDS, wxConf, wxTestResult, zWxKind } from './notifications.wechatMessages.js';

/** The WeChat official account's calls: its settings, a test message, and employees' openids (wechat.ts). */

/** The WeChat fields a form sends, to save (UpdateWxConf) or to try (testWxConf). */
const wxFields = {
  appId: zChecked(checkWxAppId).optional(),
  appSecret: zSecret,
  /** Omitted kinds stay; an empty id clears that kind's template. */
  templates: z
    .object(Object.fromEntries(WX_KINDS.map((k) => [k, zChecked(checkWxTemplateId).optional()])))
    .partial()
    .optional(),
};

export const updateWxConf = defineCall({
  name: 'UpdateWxConf',
  area: 'notifications',
  module: 'notifications',
  summary:
    'WeChat official-account template messages: the switch, AppID, AppSecret (write-only) and the template id per kind of notice; omitted fields stay; a switched-on channel needs the AppID, the secret and the `notice` template. Employees receive them at their openid (setEmpOpenid)',
  access: NOTIFY_ADMINS,
  feature: 'notice',
  log: notifyLog,
  input: z.object({ userid, wxNotify: zSwitch.optional(), ...wxFields }),
  output: wxConf,
});

export const testWxConf = defineCall({
  name: 'testWxConf',
  area: 'notifications',
  module: 'notifications',
  summary:
    "Send a test template message now to an openid (`to`) or an employee's (`empId`) through the given settings (unsaved form values over the stored ones; an empty secret uses the stored one while the AppID is unchanged), with the template of `kind` filled with sample values. Answers whether it was sent, else the problem and the platform's errcode and errmsg; recorded in the delivery records. 55 for an unknown employee",
  access: NOTIFY_ADMINS,
  feature: 'notice',
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z
    .object({ userid, to: zChecked(checkOpenid).optional(), empId: z.int32().positive().optional(), kind: zWxKind.default('notice'), ...wxFields })
    .superRefine((v, ctx) => {
      if (!v.to && !v.empId) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
    }),
  output: wxTestResult,
});

export const setEmpOpenid = defineCall({
  name: 'setEmpOpenid',
  area: 'notifications',
  module: 'notifications',
  summary:
    "An employee's openid under the company's official account (where their WeChat notices go; the original's employee `openid`); empty removes it. 55 for an unknown employee, 3 when another employee has this openid",
  access: NOTIFY_ADMINS,
  feature: 'notice',
  log: notifyLog,
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.ALREADY_EXISTS],
  input: z.object({ userid, empId: z.int32().positive(), openid: zChecked(checkOpenid) }),
  output: z.object({ empId: z.int32(), openid: z.string() }),
});

export const getEmpOpenid = defineCall({
  name: 'getEmpOpenid',
  area: 'notifications',
  module: 'notifications',
  summary: "An employee's openid under the company's official account ('' when none). 55 for an unknown employee",
  access: NOTIFY_ADMINS,
  statuses: [Status.EMPLOYEE_NOT_EXIST],
  input: z.object({ userid, empId: z.int32().positive() }),
  output: z.object({ empId: z.int32(), openid: z.string() }),
});

export const wechatCalls = [updateWxConf, testWxConf, setEmpOpenid, getEmpOpenid] as const;
