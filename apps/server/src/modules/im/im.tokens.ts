import type { ImPlatform } from '@openvisit/contract';
import { EndpointRefused } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { fetchBounded, type HttpLimits } from '../contacts/contacts.public.js';

/** Where and as whom a platform is asked: the base URL (the company's, checked as a company endpoint, or the installation's). */
export interface PlatformTarget {
  platform: ImPlatform;
  base: string;
  /** Set when the base is the company's own: reached only through the endpoint checks (platform/http/endpoints.ts). */
  company?: { allowPrivate: boolean };
  /** DingTalk AppKey, Feishu App ID, WeCom CorpID. */
  appId: string;
  secret: string;
  /** DingTalk's and WeCom's AgentId (whose messages come from that app); Feishu has none. */
  agentId?: string;
}

export type TokenResult = { ok: true; token: string; expiresIn: number } | { ok: false; reason: string; code: string };

const LABEL: Record<ImPlatform, string> = { dingtalk: 'DingTalk', feishu: 'Feishu', wecom: 'WeCom' };

/** The platform's words for a refusal (they never echo credentials), kept short and on one line. */
const words = (msg: unknown) =>
  String(msg ?? '')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 160);

function request(t: PlatformTarget): { url: string; init: RequestInit } {
  switch (t.platform) {
    case 'dingtalk':
      return { url: `${t.base}/gettoken?${new URLSearchParams({ appkey: t.appId, appsecret: t.secret })}`, init: { method: 'GET' } };
    case 'wecom':
      return { url: `${t.base}/cgi-bin/gettoken?${new URLSearchParams({ corpid: t.appId, corpsecret: t.secret })}`, init: { method: 'GET' } };
    case 'feishu':
      return {
        url: `${t.base}/open-apis/auth/v3/tenant_access_token/internal`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ app_id: t.appId, app_secret: t.secret }),
        },
      };
  }
}

/** Reads a token answer: DingTalk and WeCom `{errcode, errmsg, access_token, expires_in}`, Feishu `{code, msg, tenant_access_token, expire}`. */
function readToken(t: PlatformTarget, body: Record<string, unknown>): TokenResult {
  const code = t.platform === 'feishu' ? body.code : body.errcode;
  const msg = t.platform === 'feishu' ? body.msg : body.errmsg;
  const token = t.platform === 'feishu' ? body.tenant_access_token : body.access_token;
  const expires = t.platform === 'feishu' ? body.expire : body.expires_in;
  if (typeof code !== 'number') return { ok: false, reason: `${LABEL[t.platform]} answered without a result code`, code: '' };
  if (code !== 0) return { ok: false, reason: `${LABEL[t.platform]} refused the credentials: ${words(msg) || 'error'}`, code: String(code) };
  if (typeof token !== 'string' || !token) return { ok: false, reason: `${LABEL[t.platform]} answered a token request without a token`, code: '' };
  return { ok: true, token, expiresIn: typeof expires === 'number' ? expires : 7200 };
}

/** Asks the platform for an access token with these credentials: the "test connection" and the check before saving. */
export async function fetchToken(t: PlatformTarget, limits: HttpLimits): Promise<TokenResult> {
  const { url, init } = request(t);
  try {
    const answer = await fetchBounded(LABEL[t.platform], url, init, limits, t.company);
    // Feishu answers a refusal with HTTP 400 and its JSON result code: the code is read whatever the status.
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      body = null;
    }
    if (body && typeof body === 'object') return readToken(t, body as Record<string, unknown>);
    return {
      ok: false,
      reason:
        answer.status !== 200 ? `${LABEL[t.platform]} answered HTTP ${answer.status}` : `${LABEL[t.platform]} answered something that is not JSON`,
      code: '',
    };
  } catch (err) {
    if (err instanceof EndpointRefused)
      return { ok: false, reason: 'The API address is not allowed (a private network, or a name that does not resolve)', code: '' };
    if (err instanceof AppError) return { ok: false, reason: err.message, code: '' };
    throw err;
  }
}
