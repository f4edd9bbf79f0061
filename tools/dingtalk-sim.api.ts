// The "new" API of tools/dingtalk-sim.ts (host api.dingtalk.com, /v1.0/…) for sign-in, and the OAuth authorize page
// (host login.dingtalk.com): docs/protocols/dingtalk.md, section "Sign-in".
import { type DtState, type DtToken, json, requestId, type SimAnswer, type SimRequest } from './dingtalk-sim.state.js';

/** The new API's error body: HTTP status, {code, message, requestid}. */
export const apiError = (status: number, code: string, message: string): SimAnswer => json({ code, message, requestid: requestId() }, status);
export const badClient = () => apiError(400, 'invalidClientIdOrSecret', '无效的clientId或者clientSecret');
export const badToken = () => apiError(400, 'InvalidAuthentication', '不合法的access_token');

const header = (req: SimRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The token of x-acs-dingtalk-access-token (the only place the new API reads it), or the refusal. */
export function headerToken(st: DtState, req: SimRequest, kind: 'app' | 'user'): DtToken | SimAnswer {
  const value = header(req, 'x-acs-dingtalk-access-token');
  if (!value) return apiError(400, 'AuthenticationFailed.MissingParameter', '缺少参数：x-acs-dingtalk-access-token');
  const t = st.checkToken(value, kind);
  return typeof t === 'string' ? badToken() : t;
}

/** POST /v1.0/oauth2/accessToken {appKey, appSecret} → {accessToken, expireIn}: the app token of the new API. */
function appAccessToken(st: DtState, b: Record<string, unknown>): SimAnswer {
  const app = st.apps.get(String(b.appKey ?? ''));
  if (!app || app.appSecret !== b.appSecret) return badClient();
  const t = st.appToken(app.appKey);
  return json({ accessToken: t.token, expireIn: Math.round((t.expiresAt - st.now()) / 1000) });
}

/** POST /v1.0/oauth2/userAccessToken {clientId, clientSecret, code | refreshToken, grantType}. */
function userAccessToken(st: DtState, b: Record<string, unknown>): SimAnswer {
  const app = st.apps.get(String(b.clientId ?? ''));
  if (!app || app.appSecret !== b.clientSecret) return badClient();
  let userId: string;
  if (b.grantType === 'authorization_code') {
    const taken = st.takeCode(b.code, app.appKey, 'oauth');
    if (taken === 'invalid' || taken === 'used' || taken === 'expired') return apiError(400, 'invalidAuthCode', `不合法的临时授权码 (${taken})`);
    userId = taken;
  } else if (b.grantType === 'refresh_token') {
    const old = [...st.tokens.values()].find(
      (t) => t.kind === 'user' && t.appKey === app.appKey && t.refreshToken && t.refreshToken === b.refreshToken,
    );
    if (!old?.userId) return apiError(400, 'invalidRefreshToken', '不合法的refreshToken');
    old.refreshToken = undefined;
    userId = old.userId;
  } else return apiError(400, 'invalidParameter', 'grantType 只能是 authorization_code 或 refresh_token');
  const t = st.userToken(app.appKey, userId);
  return json({ accessToken: t.token, refreshToken: t.refreshToken, expireIn: Math.round((t.expiresAt - st.now()) / 1000), corpId: app.corpId });
}

/** GET /v1.0/contact/users/me with the user's token: who signed in (no userid: getbyunionid gives it). */
function usersMe(st: DtState, req: SimRequest): SimAnswer {
  const t = headerToken(st, req, 'user');
  if (!('token' in t)) return t;
  if (!t.userId) return badToken();
  const corp = st.corpOfUser(t.userId);
  const u = corp?.users.get(t.userId);
  if (!u) return apiError(400, 'userNotExist', '用户不存在');
  return json({
    nick: u.name,
    avatarUrl: u.avatar ?? '',
    ...(u.mobile ? { mobile: u.mobile, stateCode: u.state_code ?? '86' } : {}),
    openId: `open${u.unionid}`,
    unionId: u.unionid,
    ...(u.email ? { email: u.email } : {}),
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * GET /oauth2/auth?redirect_uri&response_type=code&client_id&scope=openid&state&prompt=consent. With `login_as=<userid>`
 * (the simulator's own parameter) the user is signed in at once: 302 to redirect_uri?authCode=…&state=…. Without it, a
 * page lists the corp's members, each a link that adds login_as.
 */
function authorize(st: DtState, req: SimRequest): SimAnswer {
  const q = req.query;
  const page = (status: number, text: string) => ({ status, html: `<!doctype html><meta charset="utf-8"><title>钉钉</title><p>${esc(text)}</p>` });
  const app = st.apps.get(q.get('client_id') ?? '');
  if (!app) return page(400, 'client_id 无效');
  const redirect = q.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirect)) return page(400, 'redirect_uri 无效');
  if (q.get('response_type') !== 'code') return page(400, 'response_type 必须为 code');
  const scopes = (q.get('scope') ?? '').split(/[\s,+]+/);
  if (!scopes.includes('openid')) return page(400, 'scope 必须包含 openid');
  const corp = st.corp(app.corpId);
  const loginAs = q.get('login_as');
  if (loginAs) {
    if (!corp.users.has(loginAs)) return page(400, `没有成员 ${loginAs}`);
    const to = new URL(redirect);
    to.searchParams.set('authCode', st.newCode(app.appKey, loginAs, 'oauth'));
    if (q.has('state')) to.searchParams.set('state', q.get('state') ?? '');
    return { status: 302, location: to.toString() };
  }
  const links = [...corp.users.values()].map((u) => {
    const next = new URLSearchParams(q);
    next.set('login_as', u.userid);
    return `<li><a href="/oauth2/auth?${esc(next.toString())}">${esc(u.name)} (${esc(u.userid)})</a></li>`;
  });
  return { status: 200, html: `<!doctype html><meta charset="utf-8"><title>钉钉登录</title><h1>${esc(corp.name)}</h1><ul>${links.join('')}</ul>` };
}

/** Answers a sign-in request of the new API or the authorize page, or null. */
export function apiRoute(st: DtState, req: SimRequest): SimAnswer | null {
  if (req.path === '/oauth2/auth' && req.method === 'GET') return authorize(st, req);
  if (req.path === '/v1.0/contact/users/me' && req.method === 'GET') return usersMe(st, req);
  if (req.method !== 'POST') return null;
  if (req.path === '/v1.0/oauth2/accessToken')
    return req.body ? appAccessToken(st, req.body) : apiError(400, 'MissingBody', 'body is mandatory for this action.');
  if (req.path === '/v1.0/oauth2/userAccessToken')
    return req.body ? userAccessToken(st, req.body) : apiError(400, 'MissingBody', 'body is mandatory for this action.');
  return null;
}
