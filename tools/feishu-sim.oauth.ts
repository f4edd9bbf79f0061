// Web sign-in (OAuth 2.0 authorization code) and the in-app code of the Feishu simulator (docs/protocols/feishu.md,
// "Sign-in"): the authorize page, the v2 token endpoint (authorization_code, refresh_token) and user_info.
import { hex, type OAuthCode, openIdOf, type SimState, unionIdOf } from './feishu-sim.model.js';
import { fail, issueToken, ok, type Req, type Res } from './feishu-sim.rest.js';

const REFRESH_TTL_SEC = 7 * 24 * 3600;

/** A one-time code for a user of an app: what the authorize page redirects with, and what tt.requestAccess yields. */
export function newCode(s: SimState, appId: string, userId: string, redirectUri: string | null, scope = ''): string {
  const code = hex(16);
  const c: OAuthCode = { code, appId, userId, redirectUri, scope, expiresAt: Date.now() + s.codeTtlSec * 1000, used: false };
  s.codes.set(code, c);
  return code;
}

const esc = (v: string): string => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (status: number, title: string, body: string): Res => ({
  status,
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1>${body}</body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});
const redirect = (to: URL): Res => ({ status: 302, body: '', headers: { location: to.toString() } });

/**
 * GET /open-apis/authen/v1/authorize (also the older /open-apis/authen/v1/index with app_id). A test signs a user in
 * with `login_as=<user_id>` (no form), or refuses with `deny=1`; without either, a page lists the users as links.
 */
export function authorize(s: SimState, req: Req): Res {
  const q = req.query;
  const appId = q.get('client_id') ?? q.get('app_id') ?? '';
  const app = s.apps.get(appId);
  if (!app) return page(400, 'Feishu: invalid client_id', `<p>error 20029: app ${esc(appId)} not found</p>`);
  const redirectUri = q.get('redirect_uri') ?? '';
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return page(400, 'Feishu: invalid redirect_uri', '<p>redirect_uri must be an absolute URL</p>');
  }
  const state = q.get('state');
  if (state !== null) target.searchParams.set('state', state);
  if (q.get('deny') === '1') {
    target.searchParams.set('error', 'access_denied');
    return redirect(target);
  }
  const loginAs = q.get('login_as');
  if (loginAs === null) {
    const links = [...s.users.values()]
      .filter((u) => !u.status.is_resigned)
      .map((u) => {
        const next = new URL(`${req.baseUrl}${req.path}`);
        for (const [k, v] of q) next.searchParams.set(k, v);
        next.searchParams.set('login_as', u.userId);
        return `<li><a href="${esc(next.toString())}">${esc(u.name)} (${esc(u.userId)})</a></li>`;
      });
    return page(200, `Sign in to ${app.name}`, `<ul>${links.join('')}</ul>`);
  }
  const user = s.users.get(loginAs);
  if (!user || user.status.is_resigned) return page(400, 'Feishu: no such user', `<p>${esc(loginAs)} cannot sign in</p>`);
  target.searchParams.set('code', newCode(s, app.appId, user.userId, redirectUri, q.get('scope') ?? ''));
  return redirect(target);
}

const oauthError = (code: number, error: string, description: string): Res => ({
  status: 400,
  body: { code, error, error_description: description },
});

function tokenAnswer(s: SimState, appId: string, userId: string, scope: string): Res {
  const t = issueToken(s, 'user', appId, userId, scope);
  const body: Record<string, unknown> = { code: 0, access_token: t.token, expires_in: s.tokenTtlSec, token_type: 'Bearer', scope };
  // A refresh token only when the scope asked for offline_access (the v2 token document).
  if (scope.split(/\s+/).includes('offline_access')) {
    const r = `ur-${hex(20)}`;
    s.refreshTokens.set(r, { appId, userId, scope, expiresAt: Date.now() + REFRESH_TTL_SEC * 1000 });
    body.refresh_token = r;
    body.refresh_token_expires_in = REFRESH_TTL_SEC;
  }
  return { status: 200, body };
}

/** POST /open-apis/authen/v2/oauth/token (JSON or form body). */
export function oauthToken(s: SimState, req: Req): Res {
  const b = req.body;
  const str = (k: string): string => (typeof b[k] === 'string' ? (b[k] as string) : '');
  const grant = str('grant_type');
  if (!grant || !str('client_id') || !str('client_secret'))
    return oauthError(20001, 'invalid_request', 'grant_type, client_id and client_secret are required');
  const app = s.apps.get(str('client_id'));
  if (!app || app.appSecret !== str('client_secret')) return oauthError(20002, 'invalid_client', 'client_id or client_secret is invalid');
  if (grant === 'refresh_token') {
    const r = s.refreshTokens.get(str('refresh_token'));
    if (!r || r.appId !== app.appId) return oauthError(20026, 'invalid_grant', 'refresh_token is invalid');
    s.refreshTokens.delete(str('refresh_token'));
    if (r.expiresAt <= Date.now()) return oauthError(20037, 'invalid_grant', 'refresh_token has expired');
    return tokenAnswer(s, app.appId, r.userId, r.scope);
  }
  if (grant !== 'authorization_code') return oauthError(20001, 'unsupported_grant_type', `grant_type ${grant} is not supported`);
  const c = s.codes.get(str('code'));
  if (!c || c.appId !== app.appId) return oauthError(20003, 'invalid_grant', 'authorization code not found');
  if (c.used) return oauthError(20003, 'invalid_grant', 'authorization code has been used');
  c.used = true;
  if (c.expiresAt <= Date.now()) return oauthError(20004, 'invalid_grant', 'authorization code has expired');
  if (c.redirectUri !== null && str('redirect_uri') && str('redirect_uri') !== c.redirectUri) {
    return oauthError(20071, 'invalid_grant', 'redirect_uri does not match the authorize request');
  }
  return tokenAnswer(s, app.appId, c.userId, str('scope') || c.scope);
}

/** GET /open-apis/authen/v1/user_info with `Authorization: Bearer <user_access_token>`. */
export function userInfo(s: SimState, req: Req): Res {
  const m = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
  if (!m?.[1]) return fail(99991661);
  const t = s.tokens.get(m[1]);
  if (t?.kind !== 'user' || !t.userId) return fail(99991668);
  if (t.expiresAt <= Date.now()) return fail(99991677);
  const u = s.users.get(t.userId);
  if (!u) return fail(99991668);
  const avatar = `https://sim.feishu.invalid/avatar/${u.userId}`;
  return ok({
    name: u.name,
    en_name: u.enName,
    avatar_url: avatar,
    avatar_thumb: avatar,
    avatar_middle: avatar,
    avatar_big: avatar,
    open_id: openIdOf(t.appId, u.userId),
    union_id: unionIdOf(u.userId),
    email: u.email,
    enterprise_email: u.enterpriseEmail,
    user_id: u.userId,
    mobile: u.mobile,
    tenant_key: s.tenantKey,
    employee_no: u.employeeNo,
  });
}
