import {
  formatDateTime,
  type In,
  type Lang,
  logDesc,
  SMS_KIND_PARAMS,
  SMS_KINDS,
  type SmsConf,
  type SmsKind,
  type SmsTestResult,
  settingObject,
  smsConfigErrors,
  smsVendorErrors,
} from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { badParams } from '../../platform/http/errors.js';
import { smsService } from './notifications.channels.js';
import { channelLog, secretChange } from './notifications.config.js';
import { notifyRepository, smsOf, templateKey } from './notifications.repository.js';
import { sendTest, testSecret } from './notifications.testSend.js';

/** The SMS settings: which service carries the company's SMS, its keys and templates, and a test through them. */

type SmsInput = Omit<In<'updateSMSConf'>, 'userid' | 'smsNotify' | 'smsQuota'> & { smsNotify?: 0 | 1 };

/** The settings after `input` (omitted fields stay). */
function mergeSms(cur: SmsConf, input: SmsInput): Omit<SmsConf, 'smsQuota' | 'smsSent' | 'hasSecret'> {
  const templates = { ...cur.templates };
  for (const k of SMS_KINDS) {
    const given = input.templates?.[k];
    if (given !== undefined) templates[k] = given;
  }
  return {
    smsNotify: input.smsNotify ?? cur.smsNotify,
    vendor: input.vendor ?? cur.vendor,
    provider: input.provider ?? cur.provider,
    endpoint: input.endpoint ?? cur.endpoint,
    appKey: input.appKey ?? cur.appKey,
    signature: input.signature ?? cur.signature,
    sdkAppId: input.sdkAppId ?? cur.sdkAppId,
    region: input.region ?? cur.region,
    templates,
  };
}

/**
 * Whether the stored secret may go with these settings: only to the service and key it was saved for (and, for the
 * relay, the same endpoint), so no one who may edit the form can send it to a listener of their own.
 */
function storedSecretFits(cur: SmsConf, next: Pick<SmsConf, 'vendor' | 'appKey' | 'endpoint'>): boolean {
  return next.vendor === cur.vendor && next.appKey === cur.appKey && (next.vendor !== 'relay' || next.endpoint === cur.endpoint);
}

export async function updateSms(ctx: AuthedContext, input: SmsInput & { smsQuota?: number }): Promise<SmsConf> {
  const repo = notifyRepository(ctx.tenant);
  const cur = smsOf(await repo.get('sms'));
  const merged = mergeSms(cur, input);
  // Another key (or service) cannot use the secret of the old one.
  const keyChanged = cur.hasSecret && !input.appSecret && (merged.vendor !== cur.vendor || merged.appKey !== cur.appKey);
  const next = { ...merged, hasSecret: !!input.appSecret || (cur.hasSecret && !keyChanged) };
  const errors = smsConfigErrors(next);
  if (errors.length) throw badParams(errors);
  const saved = await repo.save('sms', {
    enabled: next.smsNotify,
    conf: {
      vendor: next.vendor,
      provider: next.provider,
      endpoint: next.endpoint,
      appKey: next.appKey,
      signature: next.signature,
      sdkAppId: next.sdkAppId,
      region: next.region,
      ...Object.fromEntries(SMS_KINDS.map((k) => [templateKey(k), next.templates[k]])),
    },
    secret: secretChange(ctx, input.appSecret, keyChanged),
    quota: input.smsQuota,
  });
  if (input.smsQuota !== undefined) {
    ctx.audit.objName = settingObject('SMS');
    ctx.audit.desc = logDesc(next.smsNotify ? 'smsOnQuota' : 'smsOffQuota', { quota: input.smsQuota });
  } else channelLog(ctx, 'SMS', next.smsNotify === 1, !!input.appSecret);
  return smsOf(saved);
}

/** A kind's template filled with sample values, and the same words as text (the relay sends the text). */
function sample(kind: SmsKind, lang: Lang, company: string, publicUrl: string): { text: string; params: Record<string, string> } {
  const zh = lang === 'zh';
  const values: Record<string, string> = {
    visitor: zh ? '张三' : 'Alex Chen',
    host: zh ? '李四' : 'Sam Lee',
    company,
    time: formatDateTime(new Date(), lang),
    code: '123456',
    link: publicUrl,
    gate: zh ? '前台' : 'Reception',
    content: zh
      ? `这是一条测试短信，${company} 的访客系统可以发送短信通知。`
      : `This is a test SMS: ${company}'s visitor system can send SMS notices.`,
  };
  const params = Object.fromEntries(SMS_KIND_PARAMS[kind].map((p) => [p, values[p] ?? '']));
  const text = kind === 'notice' ? (values.content ?? '') : `${zh ? '测试短信' : 'Test SMS'}: ${Object.values(params).join(' ')}`;
  return { text, params };
}

const result = (problem: SmsTestResult['problem'], code = '', detail = ''): SmsTestResult => ({ sent: problem === null, problem, code, detail });

/** A test SMS now through the form's values over the stored ones; recorded, not counted against the quota. */
export async function testSms(ctx: AuthedContext, input: SmsInput & { to: string; kind: SmsKind }): Promise<SmsTestResult> {
  const row = await notifyRepository(ctx.tenant).get('sms');
  const cur = smsOf(row);
  const next = mergeSms(cur, input);
  const useStored = !input.appSecret && cur.hasSecret && storedSecretFits(cur, next);
  const errors = smsVendorErrors({ ...next, hasSecret: !!input.appSecret || useStored });
  if (errors.length) throw badParams(errors);
  const secret = testSecret(ctx, input.appSecret, row, 'SMS app secret');
  if (secret === null) return result('secret');
  const service = smsService(ctx, { ...cur, ...next, hasSecret: true }, secret);
  const company = await companyRow(ctx.tenant);
  const lang: Lang = company?.lang === 'zh' ? 'zh' : 'en';
  const { text, params } = sample(input.kind, lang, company?.name ?? '', ctx.config.publicUrl);
  const { problem, code, detail } = await sendTest(
    ctx,
    {
      companyId: ctx.session.companyId,
      channel: 'sms',
      to: input.to,
      subject: lang === 'zh' ? '测试短信' : 'Test SMS',
      text,
      template: { kind: input.kind, params },
    },
    (m) => service.send(m),
  );
  return result(problem, code, detail);
}
