import { type ImPlatform, type ImSignInTarget, Status } from '@openvisit/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { fetchBounded } from '../contacts/contacts.public.js';
import { fetchToken, type PlatformTarget } from './im.tokens.js';

/**
 * Who a platform says signed in: its user id in the company's organisation (DingTalk userid, Feishu user_id, WeCom
 * UserID) and what its directory or the sign-in gave of mobile and e-mail ('' when the app may not read them).
 */
export interface PlatformUser {
  userId: string;
  mobile: string;
  email: string;
  name: string;
}

/** What the browser carries through the platform's page, sealed with the server's key (platform/identity/crypto.ts). */
interface SignInState {
  /** company */
  c: number;
  p: ImPlatform;
  t: ImSignInTarget;
  /** the browser's nonce: the page that comes back must hold it, so a link started elsewhere signs nobody in */
  n: string;
  /** expires, epoch ms */
  e: number;
}

const STATE_MS = 10 * 60_000;

export function sealState(box: SecretBox, s: Omit<SignInState, 'e'>, now = Date.now()): string {
  return box.seal(JSON.stringify({ ...s, e: now + STATE_MS }));
}

/** The state if it is ours, unexpired, for this platform and this browser; null otherwise. */
export function openState(box: SecretBox, raw: string, platform: ImPlatform, nonce: string, now = Date.now()): SignInState | null {
  try {
    const s = JSON.parse(box.open(raw)) as SignInState;
    if (s.p !== platform || s.n !== nonce || !(s.e > now) || !Number.isInteger(s.c)) return null;
    return s;
  } catch {
    return null;
  }
}

/** The console's page the platform sends the browser back to. */
export const redirectUriOf = (config: Pick<Config, 'publicUrl'>, platform: ImPlatform) => `${config.publicUrl}/signin/im/${platform}`;

/** The platform's sign-in page. WeCom's client (its user agent names `wxwork`) gets the in-app page, which signs in silently. */
export function authorizeUrl(
  config: Pick<Config, 'im'>,
  app: { platform: ImPlatform; appId: string; agentId: string },
  redirectUri: string,
  state: string,
  userAgent: string,
): string {
  const login = config.im.login;
  switch (app.platform) {
    case 'dingtalk':
      return `${login.dingtalk}/oauth2/auth?${new URLSearchParams({
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: app.appId,
        scope: 'openid',
        state,
        prompt: 'consent',
      })}`;
    case 'feishu':
      return `${login.feishu}/open-apis/authen/v1/authorize?${new URLSearchParams({ client_id: app.appId, redirect_uri: redirectUri, state })}`;
    case 'wecom':
      if (/wxwork/i.test(userAgent))
        return `${login.wecomInApp}/connect/oauth2/authorize?${new URLSearchParams({
          appid: app.appId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'snsapi_privateinfo',
          state,
          agentid: app.agentId,
        })}#wechat_redirect`;
      return `${login.wecom}/wwlogin/sso/login?${new URLSearchParams({
        login_type: 'CorpApp',
        appid: app.appId,
        agentid: app.agentId,
        redirect_uri: redirectUri,
        state,
      })}`;
  }
}

const LABEL: Record<ImPlatform, string> = { dingtalk: 'DingTalk', feishu: 'Feishu', wecom: 'WeCom' };

/** A refusal of the code (unknown, spent, expired, another app's): the person tries again. Never the code itself. */
const refused = (platform: ImPlatform, words: unknown) =>
  new AppError(
    Status.IM_SIGNIN_FAILED,
    `${LABEL[platform]}: ${String(words ?? 'refused')
      .replace(/[\r\n]+/g, ' ')
      .slice(0, 120)}`,
  );

export interface SignInTarget extends PlatformTarget {
  /** DingTalk's new API (OAuth); the others have one API base. */
  newBase: string;
}

type Json = Record<string, unknown>;

async function call(t: SignInTarget, limits: Config['contacts'], url: string, init: RequestInit = { method: 'GET' }): Promise<Json> {
  const answer = await fetchBounded(LABEL[t.platform], url, init, limits, t.company);
  try {
    const body: unknown = JSON.parse(answer.body.toString('utf8'));
    if (body && typeof body === 'object') return body as Json;
  } catch {
    // below
  }
  throw new AppError(Status.DIRECTORY_UNREACHABLE, `${LABEL[t.platform]} answered HTTP ${answer.status} without JSON`);
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

async function appToken(t: SignInTarget, limits: Config['contacts']): Promise<string> {
  const r = await fetchToken(t, limits);
  if (!r.ok) throw new AppError(r.code ? Status.IM_SIGNIN_FAILED : Status.DIRECTORY_UNREACHABLE, r.reason);
  return r.token;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** DingTalk's directory entry of a member (`topapi/v2/user/get`): left or unknown members cannot sign in. */
async function dingTalkMember(t: SignInTarget, limits: Config['contacts'], token: string, userId: string): Promise<PlatformUser> {
  const u = await call(t, limits, `${t.base}/topapi/v2/user/get?access_token=${encodeURIComponent(token)}`, post({ userid: userId }));
  if (u.errcode !== 0) throw new AppError(Status.IM_NO_EMPLOYEE, `DingTalk: ${str(u.errmsg) || 'not a member'}`);
  const r = (u.result ?? {}) as Json;
  if (r.active === false) throw new AppError(Status.ACCOUNT_DISABLED, 'DingTalk: the account is not active');
  return { userId, mobile: str(r.mobile), email: str(r.org_email) || str(r.email), name: str(r.name) };
}

/**
 * Exchanges a code for the person. `redirectUri` given: the web sign-in's code (OAuth); absent: the code the app's
 * client gave a page inside it (DingTalk's free-login code, Feishu's requestAccess code, WeCom's in-app code).
 */
export async function identify(t: SignInTarget, limits: Config['contacts'], code: string, redirectUri?: string): Promise<PlatformUser> {
  switch (t.platform) {
    case 'dingtalk': {
      const token = await appToken(t, limits);
      if (!redirectUri) {
        const r = await call(t, limits, `${t.base}/topapi/v2/user/getuserinfo?access_token=${encodeURIComponent(token)}`, post({ code }));
        if (r.errcode !== 0) throw refused(t.platform, r.errmsg);
        return dingTalkMember(t, limits, token, str((r.result as Json | undefined)?.userid));
      }
      const ut = await call(
        t,
        limits,
        `${t.newBase}/v1.0/oauth2/userAccessToken`,
        post({ clientId: t.appId, clientSecret: t.secret, code, grantType: 'authorization_code' }),
      );
      if (typeof ut.accessToken !== 'string') throw refused(t.platform, ut.message ?? ut.code);
      const me = await call(t, limits, `${t.newBase}/v1.0/contact/users/me`, {
        method: 'GET',
        headers: { 'x-acs-dingtalk-access-token': ut.accessToken },
      });
      if (typeof me.unionId !== 'string') throw refused(t.platform, me.message ?? me.code);
      const byUnion = await call(
        t,
        limits,
        `${t.base}/topapi/user/getbyunionid?access_token=${encodeURIComponent(token)}`,
        post({ unionid: me.unionId }),
      );
      if (byUnion.errcode !== 0) throw new AppError(Status.IM_NO_EMPLOYEE, 'DingTalk: the account is not a member of the organisation');
      return dingTalkMember(t, limits, token, str((byUnion.result as Json | undefined)?.userid));
    }
    case 'feishu': {
      const tok = await call(
        t,
        limits,
        `${t.base}/open-apis/authen/v2/oauth/token`,
        post({
          grant_type: 'authorization_code',
          client_id: t.appId,
          client_secret: t.secret,
          code,
          ...(redirectUri ? { redirect_uri: redirectUri } : {}),
        }),
      );
      if (typeof tok.access_token !== 'string') throw refused(t.platform, tok.error_description ?? tok.msg ?? tok.code);
      const info = await call(t, limits, `${t.base}/open-apis/authen/v1/user_info`, {
        method: 'GET',
        headers: { authorization: `Bearer ${tok.access_token}` },
      });
      const d = (info.data ?? {}) as Json;
      if (info.code !== 0) throw refused(t.platform, info.msg);
      return { userId: str(d.user_id), mobile: str(d.mobile), email: str(d.enterprise_email) || str(d.email), name: str(d.name) };
    }
    case 'wecom': {
      const token = encodeURIComponent(await appToken(t, limits));
      const info = await call(t, limits, `${t.base}/cgi-bin/auth/getuserinfo?access_token=${token}&code=${encodeURIComponent(code)}`);
      if (info.errcode !== 0) throw refused(t.platform, info.errmsg);
      const userId = str(info.userid);
      if (!userId) throw new AppError(Status.IM_NO_EMPLOYEE, 'WeCom: the account is not a member of the organisation');
      const u = await call(t, limits, `${t.base}/cgi-bin/user/get?access_token=${token}&userid=${encodeURIComponent(userId)}`);
      if (u.errcode !== 0) throw new AppError(Status.IM_NO_EMPLOYEE, `WeCom: ${str(u.errmsg) || 'not a member'}`);
      if (typeof u.status === 'number' && u.status !== 1) throw new AppError(Status.ACCOUNT_DISABLED, 'WeCom: the account is not active');
      const member = { userId, mobile: str(u.mobile), email: str(u.biz_mail) || str(u.email), name: str(u.name) };
      // In the app (snsapi_privateinfo) the ticket reads mobile and e-mail, which user/get no longer gives most apps.
      if (typeof info.user_ticket !== 'string') return member;
      const d = await call(t, limits, `${t.base}/cgi-bin/auth/getuserdetail?access_token=${token}`, post({ user_ticket: info.user_ticket }));
      if (d.errcode !== 0) return member;
      return { ...member, mobile: str(d.mobile) || member.mobile, email: str(d.biz_mail) || str(d.email) || member.email };
    }
  }
}
