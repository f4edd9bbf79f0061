import { SMS_KIND_PARAMS, SMS_KINDS, type SmsKind, type SmsTemplates } from '@openvisit/contract';
import { PermanentFailure } from '../../platform/messages/messages.js';

/**
 * Aliyun's and Tencent Cloud's SMS APIs through their official SDKs (docs/modules/notifications.md). Both send only
 * approved templates: a message names its kind and values (`MessageRow.template`), or goes out by the `notice` template
 * with its text as `content`; a kind without a template of its own uses the `notice` one the same way.
 *
 *   Aliyun  SendSms (RPC, 2017-05-25): PhoneNumbers, SignName, TemplateCode, TemplateParam (JSON of named values);
 *           answer {Code: 'OK' | 'isv.…', Message, BizId, RequestId}.
 *   Tencent SendSms (2021-01-11, TC3-HMAC-SHA256): PhoneNumberSet (+86…), SmsSdkAppId, SignName, TemplateId,
 *           TemplateParamSet (the values in SMS_KIND_PARAMS order); answer {Response: {SendStatusSet: [{Code: 'Ok'…}]}}.
 *
 * A provider's "no" is a `ProviderRefusal` (its code and words, not retried); no answer, HTTP 5xx or a throttled API is
 * a plain Error (retried by the outbox). Each SDK is loaded when its first message is sent: loaded with the server,
 * the two took some 200 ms of every start, on sites that use neither.
 */

/** The provider refused: its own error code and words, kept for the delivery record and the settings' test. */
export class ProviderRefusal extends PermanentFailure {
  constructor(
    label: string,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${label} refused the message: ${detail.replace(/\s+/g, ' ').slice(0, 200)} (${code})`);
  }
}

/** A template message to send: the phone, the message's own text, and its kind and values when it has them. */
export interface CloudOutgoing {
  to: string;
  text: string;
  template: { kind: string; params: Record<string, string> } | null;
}

export interface CloudSmsConf {
  apiUrl: string;
  accessKey: string;
  secret: string;
  signName: string;
  templates: SmsTemplates;
  timeoutMs: number;
}

/** Which template and values carry a message: its kind's own, else the `notice` template with the text as `content`. */
export function templateFor(c: Pick<CloudSmsConf, 'templates'>, m: CloudOutgoing): { code: string; kind: SmsKind; params: Record<string, string> } {
  const kind = (SMS_KINDS as readonly string[]).includes(m.template?.kind ?? '') ? (m.template?.kind as SmsKind) : 'notice';
  if (kind !== 'notice' && c.templates[kind] && m.template) return { code: c.templates[kind], kind, params: m.template.params };
  if (!c.templates.notice) throw new ProviderRefusal('The SMS settings', 'NoTemplate', `no template is set for ${kind} messages`);
  return {
    code: c.templates.notice,
    kind: 'notice',
    params: { content: kind === 'notice' && m.template?.params.content ? m.template.params.content : m.text },
  };
}

/** Values in the kind's order (Tencent numbers its variables): each declared name, '' when the message has none. */
export function orderedParams(kind: SmsKind, params: Record<string, string>): string[] {
  return SMS_KIND_PARAMS[kind].map((name) => params[name] ?? '');
}

const digits = (phone: string) => phone.replace(/[\s-]/g, '');

/** Aliyun: mainland numbers as they are; others with their country code and no '+' (e.g. 85212345678). */
export function aliyunPhone(phone: string): string {
  return digits(phone).replace(/^\+/, '').replace(/^00/, '');
}

/** Tencent: E.164, a mainland mobile without a country code being +86. */
export function tencentPhone(phone: string): string {
  const p = digits(phone);
  if (p.startsWith('+')) return p;
  if (p.startsWith('00')) return `+${p.slice(2)}`;
  return /^1\d{10}$/.test(p) ? `+86${p}` : `+${p}`;
}

/** CommonJS packages seen from ESM: Node hands `module.exports` as the default, a bundler its `default`. */
function cjsDefault<T>(m: T): T {
  return ((m as { default?: T }).default ?? m) as T;
}

/** What `make` answers, made on the first call only. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** An SDK error's fields (their classes are CommonJS: read by shape, not instanceof). */
type SdkError = { name?: string; code?: string; message?: string; statusCode?: number; httpCode?: number; data?: { Message?: string } };
const asSdkError = (err: unknown): SdkError => (err && typeof err === 'object' ? (err as SdkError) : {});

export function aliyunSms(c: CloudSmsConf) {
  const label = 'Aliyun SMS';
  const url = new URL(c.apiUrl);
  const sdk = once(async () => {
    const [aliyun, { $OpenApiUtil }] = await Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')]);
    const Client = cjsDefault(aliyun.default);
    const client = new Client(
      new $OpenApiUtil.Config({
        accessKeyId: c.accessKey,
        accessKeySecret: c.secret,
        endpoint: url.host,
        protocol: url.protocol.replace(':', ''),
        readTimeout: c.timeoutMs,
        connectTimeout: c.timeoutMs,
      }),
    );
    return { client, SendSmsRequest: aliyun.SendSmsRequest };
  });
  return {
    async send(m: CloudOutgoing): Promise<void> {
      const t = templateFor(c, m);
      const { client, SendSmsRequest } = await sdk();
      const request = new SendSmsRequest({
        phoneNumbers: aliyunPhone(m.to),
        signName: c.signName,
        templateCode: t.code,
        templateParam: JSON.stringify(t.params),
      });
      let body: { code?: string; message?: string } | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (err) {
        const e = asSdkError(err);
        const status = e.statusCode ?? 0;
        if (e.name === 'ClientError' || (status >= 400 && status < 500 && status !== 429))
          throw new ProviderRefusal(label, e.code ?? `HTTP ${status}`, e.data?.Message ?? e.message ?? 'error');
        throw new Error(status ? `${label} answered HTTP ${status}` : `${label} could not be reached or did not answer`);
      }
      if (body?.code !== 'OK') throw new ProviderRefusal(label, body?.code ?? 'unknown', body?.message ?? 'error');
    },
  };
}

/** Tencent's error codes of a busy or throttled API: retried. */
const TENCENT_BUSY = /^(InternalError|RequestLimitExceeded|ResourceUnavailable)/;

export function tencentSmsClient(c: CloudSmsConf & { sdkAppId: string; region: string }) {
  const label = 'Tencent Cloud SMS';
  const url = new URL(c.apiUrl);
  const sdk = once(async () => {
    const Client = cjsDefault(await import('tencentcloud-sdk-nodejs-sms')).sms.v20210111.Client;
    return new Client({
      credential: { secretId: c.accessKey, secretKey: c.secret },
      region: c.region,
      profile: { httpProfile: { endpoint: url.host, protocol: `${url.protocol}//`, reqTimeout: Math.ceil(c.timeoutMs / 1000) } },
    });
  });
  return {
    async send(m: CloudOutgoing): Promise<void> {
      const t = templateFor(c, m);
      const client = await sdk();
      let answer: Awaited<ReturnType<typeof client.SendSms>>;
      try {
        answer = await client.SendSms({
          PhoneNumberSet: [tencentPhone(m.to)],
          SmsSdkAppId: c.sdkAppId,
          SignName: c.signName,
          TemplateId: t.code,
          TemplateParamSet: orderedParams(t.kind, t.params),
        });
      } catch (err) {
        const e = asSdkError(err);
        if (e.code && !TENCENT_BUSY.test(e.code)) throw new ProviderRefusal(label, e.code, e.message ?? 'error');
        if (e.code) throw new Error(`${label} is busy: ${e.message ?? ''} (${e.code})`);
        throw new Error(e.httpCode ? `${label} answered HTTP ${e.httpCode}` : `${label} could not be reached or did not answer`);
      }
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') throw new ProviderRefusal(label, status?.Code ?? 'unknown', status?.Message ?? 'no send status');
    },
  };
}
