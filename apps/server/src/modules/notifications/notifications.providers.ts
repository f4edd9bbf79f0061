import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { EndpointRefused } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { PermanentFailure } from '../../platform/messages/messages.js';
import { decodeRtx, fetchBounded, type HttpAnswer, type HttpLimits } from '../contacts/contacts.public.js';
import { ProviderRefusal } from './notifications.cloudSms.js';

/**
 * Notification provider clients, one per channel, each a request bounded in time and size (config.notify).
 *
 * The SMS relay and voice speak one JSON shape of ours to a configurable endpoint (a real provider needs a small adapter
 * in front, see docs/ARCHITECTURE.md):
 *   POST <endpoint>   content-type: application/json
 *     x-openvisit-timestamp: <epoch ms>
 *     x-openvisit-signature: hex HMAC-SHA256(secret, `${timestamp}.${body}`)   (secret: app secret or key)
 *   body: { id, channel: 'sms' | 'voice', to, subject, text, …channel fields }
 *     sms: appKey, signature · voice: nothing more
 *     `id` is our message id: the same id may come again when a lost answer is retried.
 *   answer: 2xx with {"code": 0} sent; {"code": n, "message": "…"} refused (not retried); 4xx refused;
 *           5xx, 408, 429, a timeout, no answer or an unreadable one: retried with the queue's backoff.
 * WeChat template messages use the official account's API (notifications.wechat.ts), DingTalk work notices DingTalk's own API (the directory sync's base URL), RTX notices the RTX SDK's sendnotify.cgi.
 *
 * Failures are a PermanentFailure (refused: retrying cannot help) or a plain Error (the provider is down or busy);
 * their text names the provider and what happened, never the URL or a credential.
 */

/** The request bounds, and whether company-supplied endpoints may be private addresses (ALLOW_PRIVATE_ENDPOINTS). */
export type ProviderLimits = HttpLimits & { allowPrivate?: boolean };

/** A provider's refusal, with its own words kept short (they go to the delivery record). */
const refused = (label: string, detail: string) => new PermanentFailure(`${label} refused the message: ${detail.replace(/\s+/g, ' ').slice(0, 200)}`);

/**
 * fetchBounded's failures (674) are transient here: the provider could not be reached or broke off. A company's own
 * endpoint (all but DingTalk's API base, which is the operator's) goes through platform/http/endpoints.ts: a private or
 * unresolvable target, checked on every resolution of its name, is refused for good.
 */
export async function request(label: string, url: string, init: RequestInit, limits: ProviderLimits, operatorsHost = false): Promise<HttpAnswer> {
  try {
    return await fetchBounded(label, url, init, limits, operatorsHost ? undefined : { allowPrivate: limits.allowPrivate ?? false });
  } catch (err) {
    if (err instanceof EndpointRefused) throw new PermanentFailure(`${label} cannot be used: ${err.message}`);
    // A company's own endpoint fails with one neutral reason (refused, timed out, unknown host, broken off): the
    // delivery records are the company's, and telling those apart would map which hosts and ports answer on the
    // server's network. The operator's own hosts (DingTalk's API base) keep the detail.
    if (err instanceof AppError) throw new Error(operatorsHost ? err.message : `${label} could not be reached or did not answer`);
    throw err;
  }
}

export function jsonOf(label: string, answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new Error(`${label} answered something that is not JSON (HTTP ${answer.status})`);
  }
}

const ourAnswer = z.object({ code: z.number(), message: z.string().optional() }).passthrough();

export function checkHttp(label: string, answer: HttpAnswer): void {
  if (answer.status >= 200 && answer.status < 300) return;
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429) throw new Error(`${label} answered HTTP ${answer.status}`);
  throw refused(label, `HTTP ${answer.status}`);
}

export function signBody(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** One request of our JSON shape. */
export async function postOurs(
  label: string,
  endpoint: string,
  secret: string,
  body: Record<string, unknown>,
  limits: ProviderLimits,
): Promise<void> {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const answer = await request(
    label,
    endpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-openvisit-timestamp': timestamp, 'x-openvisit-signature': signBody(secret, timestamp, raw) },
      body: raw,
    },
    limits,
  );
  checkHttp(label, answer);
  const parsed = ourAnswer.safeParse(jsonOf(label, answer));
  if (!parsed.success) throw new Error(`${label} answered without a code`);
  if (parsed.data.code !== 0) throw new ProviderRefusal(label, `code ${parsed.data.code}`, parsed.data.message ?? 'error');
}

export interface Outgoing {
  id: number;
  to: string;
  subject: string;
  text: string;
}

export function smsClient(c: { endpoint: string; appKey: string; appSecret: string; signature: string }, limits: ProviderLimits) {
  return {
    send: (m: Outgoing) =>
      postOurs(
        'The SMS provider',
        c.endpoint,
        c.appSecret,
        { id: m.id, channel: 'sms', to: m.to, subject: m.subject, text: m.text, appKey: c.appKey, signature: c.signature },
        limits,
      ),
  };
}

export function voiceClient(c: { endpoint: string; key: string }, limits: ProviderLimits) {
  return {
    send: (m: Outgoing) =>
      postOurs('The voice service', c.endpoint, c.key, { id: m.id, channel: 'voice', to: m.to, subject: m.subject, text: m.text }, limits),
  };
}

// ---------------------------------------------------------------------------------------------
// DingTalk work notice (open platform, internal app): gettoken, then corpconversation.asyncsend_v2 to a user id;
// a person known only by phone is found with user/getbymobile first.
// ---------------------------------------------------------------------------------------------

/** A DingTalk recipient addressed by phone rather than user id. */
export const DINGTALK_BY_PHONE = 'tel:';

const ddEnvelope = z.object({ errcode: z.number(), errmsg: z.string().optional().default('') }).passthrough();
/** errcodes of a busy platform or a rate limit: retried. */
const DD_BUSY = new Set([-1, 90002, 90005, 90006, 90018]);

export function dingTalkNotice(c: { baseUrl: string; appKey: string; appSecret: string; agentId: string }, limits: ProviderLimits) {
  const label = 'DingTalk';
  async function call(url: string, init: RequestInit): Promise<z.infer<typeof ddEnvelope>> {
    const answer = await request(label, url, init, limits, true);
    checkHttp(label, answer);
    const env = ddEnvelope.safeParse(jsonOf(label, answer));
    if (!env.success) throw new Error('DingTalk answered without errcode');
    if (env.data.errcode === 0) return env.data;
    const detail = `${env.data.errmsg || 'error'} (errcode ${env.data.errcode})`;
    if (DD_BUSY.has(env.data.errcode)) throw new Error(`DingTalk is busy: ${detail}`);
    throw refused(label, detail);
  }
  const post = (path: string, token: string, body: unknown) =>
    call(`${c.baseUrl}${path}?${new URLSearchParams({ access_token: token })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    async send(m: Outgoing): Promise<void> {
      const t = await call(`${c.baseUrl}/gettoken?${new URLSearchParams({ appkey: c.appKey, appsecret: c.appSecret })}`, { method: 'GET' });
      const token = typeof t.access_token === 'string' ? t.access_token : '';
      if (!token) throw new Error('DingTalk answered a token request without a token');
      let userid = m.to;
      if (m.to.startsWith(DINGTALK_BY_PHONE)) {
        const found = await post('/topapi/v2/user/getbymobile', token, { mobile: m.to.slice(DINGTALK_BY_PHONE.length) });
        const id = (found.result as { userid?: unknown } | undefined)?.userid;
        if (typeof id !== 'string' || !id) throw refused(label, 'no DingTalk user has this phone');
        userid = id;
      }
      await post('/topapi/message/corpconversation/asyncsend_v2', token, {
        agent_id: Number(c.agentId),
        userid_list: userid,
        msg: { msgtype: 'text', text: { content: m.subject ? `${m.subject}\n${m.text}` : m.text } },
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// RTX notice: the RTX SDK's sendnotify.cgi on the SDK port, texts in GBK.
//   GET /sendnotify.cgi?receiver=<account>&title=<title>&msg=<text>&delaytime=0
// The server answers a short GBK text; «IP受限» when our address is not allowed (SDKProperty.xml).
// ---------------------------------------------------------------------------------------------

let gbkTable: Map<string, number> | undefined;

/** GBK bytes of a string (Node decodes GBK but cannot encode it): a reverse table built once from the decoder. */
export function encodeGbk(s: string): Buffer {
  if (!gbkTable) {
    const table = new Map<string, number>();
    const decoder = new TextDecoder('gbk');
    for (let hi = 0x81; hi <= 0xfe; hi++)
      for (let lo = 0x40; lo <= 0xfe; lo++) {
        if (lo === 0x7f) continue;
        const ch = decoder.decode(Uint8Array.of(hi, lo));
        if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, (hi << 8) | lo);
      }
    gbkTable = table;
  }
  const bytes: number[] = [];
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (code < 0x80) bytes.push(code);
    else {
      const g = gbkTable.get(ch);
      if (g === undefined) bytes.push(0x3f);
      else bytes.push(g >> 8, g & 0xff);
    }
  }
  return Buffer.from(bytes);
}

const percent = (b: Buffer) =>
  [...b]
    .map((x) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(x)) ? String.fromCharCode(x) : `%${x.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

export function rtxNotice(c: { host: string; port: number }, limits: ProviderLimits) {
  const label = 'The RTX server';
  const base = `http://${c.host.includes(':') ? `[${c.host}]` : c.host}:${c.port}`;
  return {
    async send(m: Outgoing): Promise<void> {
      const query = [
        `receiver=${percent(encodeGbk(m.to))}`,
        `title=${percent(encodeGbk(m.subject))}`,
        `msg=${percent(encodeGbk(m.text))}`,
        'delaytime=0',
      ].join('&');
      const answer = await request(label, `${base}/sendnotify.cgi?${query}`, { method: 'GET' }, limits);
      const text = decodeRtx(answer.body, answer.contentType);
      if (answer.status === 403 || /IP\s*受限|IP\s*is\s*restricted/i.test(text))
        throw refused(label, "this server's address is not allowed (SDKProperty.xml)");
      checkHttp(label, answer);
      if (/失败|不存在|错误|fail|error/i.test(text)) throw refused(label, text.trim() || 'error');
    },
  };
}
