import { z } from 'zod';
import type { FieldError } from '../call.js';

/**
 * Which service carries a company's SMS: our signed JSON to an endpoint of its choosing ('relay', an adapter in front
 * of any provider), or Aliyun's or Tencent Cloud's SMS API spoken directly through their SDKs. The cloud providers
 * send only approved templates: each kind of message names its template, filled with the kind's variables.
 */
export const SMS_VENDORS = ['relay', 'aliyun', 'tencent'] as const;
export type SmsVendor = (typeof SMS_VENDORS)[number];
export const zSmsVendor = z.enum(SMS_VENDORS);

/** The kinds of SMS the product sends; a kind without a template of its own goes out by the `notice` one. */
export const SMS_KINDS = ['code', 'invitation', 'cancellation', 'arrival', 'notice'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
export const zSmsKind = z.enum(SMS_KINDS);

/**
 * Each kind's variables, in this order: Aliyun's templates name them (`${visitor}`), Tencent's number them in this
 * order (`{1}`, `{2}`…). `notice` carries the message's own text as `content`.
 */
export const SMS_KIND_PARAMS = {
  code: ['code'],
  invitation: ['visitor', 'host', 'company', 'time', 'code', 'link'],
  cancellation: ['visitor', 'host', 'company', 'time'],
  arrival: ['visitor', 'company', 'time', 'gate'],
  notice: ['content'],
} as const satisfies Record<SmsKind, readonly string[]>;

/** What a message of a kind fills its template with (values are plain text; a link's token may be sealed until sent). */
export interface SmsTemplate {
  kind: SmsKind;
  params: Record<string, string>;
}

/** Tencent Cloud's SMS regions (the API's `X-TC-Region`). */
export const TENCENT_SMS_REGIONS = ['ap-guangzhou', 'ap-beijing', 'ap-nanjing'] as const;
export const zTencentRegion = z.enum(TENCENT_SMS_REGIONS);

/** Template codes per kind: Aliyun's `SMS_123456789`, Tencent's numeric ids. */
export type SmsTemplates = Record<SmsKind, string>;
export const EMPTY_SMS_TEMPLATES: SmsTemplates = { code: '', invitation: '', cancellation: '', arrival: '', notice: '' };
export const zSmsTemplates = z.object({
  code: z.string(),
  invitation: z.string(),
  cancellation: z.string(),
  arrival: z.string(),
  notice: z.string(),
});

const TEMPLATE_CODE = /^[A-Za-z0-9_-]{1,64}$/;
/** A template code: letters, digits, '_' and '-' (Aliyun `SMS_1234`, Tencent `1234567`). */
export const checkSmsTemplateCode = (s: string): 'format' | null => (TEMPLATE_CODE.test(s.trim()) ? null : 'format');
/** Tencent's SmsSdkAppId: the digits of the SMS application (1400…). */
export const checkSdkAppId = (s: string): 'format' | 'required' | null =>
  s.trim() === '' ? 'required' : /^\d{6,20}$/.test(s.trim()) ? null : 'format';

/** The fields a vendor needs beyond the switch (the relay's are the endpoint's; the cloud's their keys and templates). */
export function smsVendorErrors(next: {
  vendor: SmsVendor;
  endpoint: string;
  appKey: string;
  hasSecret: boolean;
  signature: string;
  sdkAppId: string;
  templates: SmsTemplates;
}): FieldError[] {
  const errors: FieldError[] = [];
  if (next.vendor === 'relay' && !next.endpoint) errors.push({ field: 'endpoint', rule: 'required' });
  if (!next.appKey) errors.push({ field: 'appKey', rule: 'required' });
  if (!next.hasSecret) errors.push({ field: 'appSecret', rule: 'required' });
  if (!next.signature) errors.push({ field: 'signature', rule: 'required' });
  if (next.vendor === 'tencent' && !next.sdkAppId) errors.push({ field: 'sdkAppId', rule: 'required' });
  if (next.vendor !== 'relay' && !next.templates.notice) errors.push({ field: 'templates.notice', rule: 'required' });
  return errors;
}

/** A test SMS's outcome: sent, or why not, for the form to word in the reader's language. */
export const SMS_TEST_PROBLEMS = ['refused', 'unreachable', 'secret', 'noTemplate'] as const;
export const smsTestResult = z.object({
  sent: z.boolean(),
  /** refused: the provider said no (its `code` and `detail`); unreachable: no answer; secret: the stored one cannot be opened. */
  problem: z.enum(SMS_TEST_PROBLEMS).nullable(),
  /** The provider's own error code (e.g. isv.BUSINESS_LIMIT_CONTROL, FailedOperation.ContainSensitiveWord). */
  code: z.string(),
  /** The provider's own words. */
  detail: z.string(),
});
export type SmsTestResult = z.infer<typeof smsTestResult>;
