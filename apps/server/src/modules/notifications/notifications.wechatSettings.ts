import {
  formatDateTime,
  type In,
  type Lang,
  Status,
  WX_KIND_PARAMS,
  WX_KINDS,
  type WxConf,
  type WxKind,
  type WxTestResult,
  wxConfigErrors,
  wxVendorErrors,
} from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { contacts } from '../contacts/contacts.public.js';
import { wechatService } from './notifications.channels.js';
import { channelLog, secretChange } from './notifications.config.js';
import { notifyRepository, templateKey, wxOf } from './notifications.repository.js';
import { sendTest, testSecret } from './notifications.testSend.js';
import { WxTokens } from './notifications.wechat.js';

/** The WeChat official account's settings, a test message through them, and employees' openids. */

type WxInput = Omit<In<'UpdateWxConf'>, 'userid'>;

function mergeWx(cur: WxConf, input: WxInput): Omit<WxConf, 'hasSecret'> {
  const templates = { ...cur.templates };
  for (const k of WX_KINDS) {
    const given = input.templates?.[k];
    if (given !== undefined) templates[k] = given;
  }
  return { wxNotify: input.wxNotify ?? cur.wxNotify, appId: input.appId ?? cur.appId, templates };
}

export async function updateWx(ctx: AuthedContext, input: WxInput): Promise<WxConf> {
  const repo = notifyRepository(ctx.tenant);
  const cur = wxOf(await repo.get('wechat'));
  const merged = mergeWx(cur, input);
  // The secret belongs to its AppID: another AppID (or none) forgets it.
  const keyChanged = cur.hasSecret && !input.appSecret && merged.appId !== cur.appId;
  const next: WxConf = { ...merged, hasSecret: !!input.appSecret || (cur.hasSecret && !keyChanged) };
  const errors = wxConfigErrors(next);
  if (errors.length) throw badParams(errors);
  const saved = await repo.save('wechat', {
    enabled: next.wxNotify,
    conf: { appId: next.appId, ...Object.fromEntries(WX_KINDS.map((k) => [templateKey(k), next.templates[k]])) },
    secret: secretChange(ctx, input.appSecret, keyChanged),
  });
  channelLog(ctx, 'WeChat', next.wxNotify === 1, !!input.appSecret);
  return wxOf(saved);
}

async function employeeName(ctx: AuthedContext, empId: number): Promise<string> {
  const name = (await employees.namesOf(ctx, [empId])).get(empId);
  if (name === undefined) throw new AppError(Status.EMPLOYEE_NOT_EXIST, 'No such employee', { errors: [{ field: 'empId', rule: 'exists' }] });
  return name;
}

export async function getEmpOpenid(ctx: AuthedContext, input: { empId: number }): Promise<{ empId: number; openid: string }> {
  await employeeName(ctx, input.empId);
  return { empId: input.empId, openid: (await contacts.linksOfEmployee(ctx.tenant, input.empId)).wechat ?? '' };
}

export async function setEmpOpenid(ctx: AuthedContext, input: { empId: number; openid: string }): Promise<{ empId: number; openid: string }> {
  const name = await employeeName(ctx, input.empId);
  if (!(await contacts.setWechatOpenid(ctx.tenant, input.empId, input.openid)))
    throw new AppError(Status.ALREADY_EXISTS, 'Another employee has this openid', { errors: [{ field: 'openid', rule: 'taken' }] });
  ctx.audit.objId = input.empId;
  ctx.audit.objName = name;
  return { empId: input.empId, openid: input.openid };
}

/** A kind's sample values, in the company's language. */
function sample(kind: WxKind, lang: Lang, company: string): { subject: string; text: string; params: Record<string, string> } {
  const zh = lang === 'zh';
  const values: Record<string, string> = {
    visitor: zh ? '张三' : 'Alex Chen',
    company,
    time: formatDateTime(new Date(), lang),
    gate: zh ? '前台' : 'Reception',
    content: zh
      ? `这是一条测试消息，${company} 的访客系统可以发送微信通知。`
      : `This is a test message: ${company}'s visitor system can send WeChat notices.`,
  };
  const params = Object.fromEntries(WX_KIND_PARAMS[kind].map((p) => [p, values[p] ?? '']));
  return { subject: zh ? '测试消息' : 'Test message', text: values.content ?? '', params };
}

const result = (problem: WxTestResult['problem'], code = '', detail = ''): WxTestResult => ({ sent: problem === null, problem, code, detail });

/** A test message now through the form's values over the stored ones, to an openid or an employee's; recorded. */
export async function testWx(ctx: AuthedContext, input: WxInput & { to?: string; empId?: number; kind: WxKind }): Promise<WxTestResult> {
  const row = await notifyRepository(ctx.tenant).get('wechat');
  const cur = wxOf(row);
  const next = mergeWx(cur, input);
  const useStored = !input.appSecret && cur.hasSecret && next.appId === cur.appId;
  const errors = wxVendorErrors({ ...next, hasSecret: !!input.appSecret || useStored });
  if (errors.length) throw badParams(errors);
  let to = input.to ?? '';
  let toName = '';
  if (!to && input.empId) {
    toName = await employeeName(ctx, input.empId);
    to = (await contacts.linksOfEmployee(ctx.tenant, input.empId)).wechat ?? '';
    if (!to) return result('noOpenid');
  }
  const secret = testSecret(ctx, input.appSecret, row, 'WeChat app secret');
  if (secret === null) return result('secret');
  const service = wechatService(ctx, { ...next, hasSecret: true }, secret, new WxTokens());
  const company = await companyRow(ctx.tenant);
  const lang: Lang = company?.lang === 'zh' ? 'zh' : 'en';
  const { subject, text, params } = sample(input.kind, lang, company?.name ?? '');
  const { problem, code, detail } = await sendTest(
    ctx,
    { companyId: ctx.session.companyId, channel: 'wechat', to, toName, subject, text, template: { kind: input.kind, params } },
    (m) => service.send(m),
  );
  return result(problem, code, detail);
}
