import { WX_KIND_PARAMS, WX_KINDS, type WxKind, type WxTemplates } from '@openvisit/contract';
import { z } from 'zod';
import { ProviderRefusal } from './notifications.cloudSms.js';
import { checkHttp, jsonOf, type ProviderLimits, request } from './notifications.providers.js';

/**
 * WeChat official-account template messages (docs/modules/notifications.md), against WECHAT_API_URL:
 *
 *   GET  /cgi-bin/token?grant_type=client_credential&appid=…&secret=…   → {access_token, expires_in} | {errcode, errmsg}
 *   POST /cgi-bin/message/template/send?access_token=…
 *        {touser: openid, template_id, url?, data: {first, keyword1…n, remark: {value}}} → {errcode: 0, errmsg: 'ok', msgid}
 *
 * The token is kept per AppID until a minute before it expires; an answer that it is invalid or expired (40001, 42001,
 * 40014: another process may have taken a new one) takes a new token and tries once more. A non-zero errcode is a
 * refusal with the platform's errcode and errmsg (43004 not a follower, 40037 invalid template_id…), except -1 and
 * 45009 (busy, over the daily limit), which the outbox retries.
 */

const LABEL = 'WeChat';
const TOKEN_STALE = new Set([40001, 40014, 42001]);
const BUSY = new Set([-1, 45009, 45011]);
/** Each value at most this long: the platform refuses longer ones. */
const VALUE_MAX = 200;

const envelope = z.object({ errcode: z.number().optional(), errmsg: z.string().optional() }).passthrough();
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number() });

export interface WxAccount {
  appId: string;
  secret: string;
}

/** Access tokens by AppID (and the secret they were taken with), shared by every send of this process. */
export class WxTokens {
  private readonly kept = new Map<string, { token: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private key(a: WxAccount): string {
    return `${a.appId}\n${a.secret}`;
  }

  get(a: WxAccount): string | null {
    const k = this.kept.get(this.key(a));
    return k && k.until > this.now() ? k.token : null;
  }

  keep(a: WxAccount, token: string, expiresIn: number): void {
    // A minute's margin: a token about to expire would fail in flight.
    this.kept.set(this.key(a), { token, until: this.now() + Math.max(0, expiresIn - 60) * 1000 });
  }

  forget(a: WxAccount): void {
    this.kept.delete(this.key(a));
  }
}

/** A message to send: the openid, the notice's subject and text, and its kind and values when it has them. */
export interface WxOutgoing {
  to: string;
  subject: string;
  text: string;
  template: { kind: string; params: Record<string, string> } | null;
}

const cut = (s: string) => (s.length > VALUE_MAX ? `${s.slice(0, VALUE_MAX - 1)}…` : s);

/** The template and body: the kind's own template with its values, else the `notice` one with the text as `content`. */
export function wxBody(templates: WxTemplates, m: WxOutgoing): Record<string, unknown> {
  const given = (WX_KINDS as readonly string[]).includes(m.template?.kind ?? '') ? (m.template?.kind as WxKind) : 'notice';
  const own = given !== 'notice' && templates[given] && m.template;
  const kind: WxKind = own ? given : 'notice';
  const templateId = templates[kind];
  if (!templateId) throw new ProviderRefusal('The WeChat settings', 'NoTemplate', `no template is set for ${given} messages`);
  const params = own ? (m.template?.params ?? {}) : { content: m.template?.params.content || m.text };
  const data: Record<string, { value: string }> = { first: { value: cut(m.subject) } };
  WX_KIND_PARAMS[kind].forEach((name, i) => {
    data[`keyword${i + 1}`] = { value: cut(params[name] ?? '') };
  });
  data.remark = { value: cut(kind === 'notice' ? '' : m.text) };
  const link = m.template?.params.link;
  return { touser: m.to, template_id: templateId, ...(link && { url: link }), data };
}

export function wechatTemplateClient(c: WxAccount & { apiUrl: string; templates: WxTemplates }, tokens: WxTokens, limits: ProviderLimits) {
  async function call(url: string, init: RequestInit): Promise<z.infer<typeof envelope>> {
    const answer = await request(LABEL, url, init, limits, true);
    checkHttp(LABEL, answer);
    const env = envelope.safeParse(jsonOf(LABEL, answer));
    if (!env.success) throw new Error('WeChat answered something unreadable');
    return env.data;
  }
  const failure = (errcode: number, errmsg: string | undefined) =>
    BUSY.has(errcode)
      ? new Error(`WeChat is busy: ${errmsg || 'error'} (errcode ${errcode})`)
      : new ProviderRefusal(LABEL, String(errcode), errmsg || 'error');

  async function token(): Promise<string> {
    const kept = tokens.get(c);
    if (kept) return kept;
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: c.appId, secret: c.secret });
    const env = await call(`${c.apiUrl}/cgi-bin/token?${q}`, { method: 'GET' });
    const t = tokenAnswer.safeParse(env);
    if (!t.success) throw failure(env.errcode ?? -1, env.errmsg ?? 'no access_token in the answer');
    tokens.keep(c, t.data.access_token, t.data.expires_in);
    return t.data.access_token;
  }

  const post = async (body: Record<string, unknown>) =>
    call(`${c.apiUrl}/cgi-bin/message/template/send?${new URLSearchParams({ access_token: await token() })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    async send(m: WxOutgoing): Promise<void> {
      const body = wxBody(c.templates, m);
      let env = await post(body);
      if (env.errcode && TOKEN_STALE.has(env.errcode)) {
        tokens.forget(c);
        env = await post(body);
      }
      if (env.errcode) throw failure(env.errcode, env.errmsg);
    },
  };
}
