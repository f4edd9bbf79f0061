// WeCom sign-in: the in-app OAuth page (open.weixin.qq.com/connect/oauth2/authorize), the web QR login page
// (login.work.weixin.qq.com/wwlogin/sso/login), both redirecting with code and state, and the code's exchange
// (cgi-bin/auth/getuserinfo, and the older cgi-bin/user/getuserinfo). For tests the pages sign a chosen member in
// without a form: `&login_as=<userid>` (a member) or `&login_openid=<openid>` (a non-member). Codes live 5 minutes and
// are single-use (document 91023); a code is bound to the app (agentid) that asked for it.
import { type Answer, type Authed, type Ctx, fail, json, ok } from './wecom-sim.api.js';
import { type CodeRec, randomId } from './wecom-sim.state.js';

export const CODE_TTL_MS = 5 * 60_000;
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (status: number, text: string): Answer => ({
  status,
  body: `<!doctype html><meta charset="utf-8"><title>WeCom simulator</title><body>${text}</body>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

export interface OAuthCtx extends Ctx {
  codes: Map<string, CodeRec>;
  /** user_ticket → member, 1800 s (snsapi_privateinfo). */
  tickets: Map<string, { userId: string; corpId: string; expiresAt: number }>;
}

/** A fresh one-time code for a member (or, with openId, a non-member) of the app's corp. */
export function issueCode(ctx: OAuthCtx, r: { corpId: string; agentId: number; userId?: string; openId?: string; scope?: string }): string {
  const code = randomId(24);
  ctx.codes.set(code, { code, ...r, scope: r.scope ?? 'snsapi_base', expiresAt: ctx.now() + CODE_TTL_MS, used: false });
  return code;
}

/**
 * Both pages. In-app: appid is the corpid, scope snsapi_base or snsapi_privateinfo (which needs agentid), agentid
 * optional for snsapi_base (then the code is bound to no app and any app of the corp may exchange it). Web login:
 * login_type=CorpApp, appid the corpid, agentid required. Without login_as the page lists the active members as links.
 */
export function authorizePage(ctx: OAuthCtx, q: URLSearchParams, web: boolean): Answer {
  const corpId = q.get('appid') ?? '';
  const redirect = q.get('redirect_uri') ?? '';
  const scope = web ? 'snsapi_base' : (q.get('scope') ?? '');
  const agentRaw = q.get('agentid');
  const agentId = agentRaw ? Number(agentRaw) : 0;
  const corp = ctx.corps.get(corpId);
  if (!corp) return page(400, 'appid 参数错误 (unknown corpid)');
  if (!/^https?:\/\//.test(redirect)) return page(400, 'redirect_uri 参数错误');
  if (web && q.get('login_type') !== 'CorpApp') return page(400, 'login_type 参数错误 (only CorpApp is simulated)');
  if (!web && (q.get('response_type') !== 'code' || !['snsapi_base', 'snsapi_privateinfo'].includes(scope)))
    return page(400, 'response_type/scope 参数错误');
  if ((web || scope === 'snsapi_privateinfo') && !agentRaw) return page(400, 'agentid 参数错误');
  if (agentRaw && !ctx.apps.some((a) => a.corpId === corpId && a.agentId === agentId)) return page(400, 'agentid 参数错误');
  const userId = q.get('login_as');
  const openId = q.get('login_openid');
  if (!userId && !openId) {
    const links = [...corp.users.values()]
      .filter((u) => u.status === 1)
      .map((u) => `<li><a href="?${esc(withParam(q, 'login_as', u.userid))}">${esc(u.name)} (${esc(u.userid)})</a></li>`);
    return page(200, `<p>Sign in to ${esc(corpId)} as:</p><ul>${links.join('')}</ul>`);
  }
  if (userId) {
    const u = corp.users.get(userId);
    if (!u) return page(403, '该成员不在企业通讯录中');
    if (u.status !== 1) return page(403, `该成员状态为 ${u.status}, 无法登录`);
  }
  const code = issueCode(ctx, { corpId, agentId, userId: userId ?? undefined, openId: userId ? undefined : (openId ?? undefined), scope });
  const target = new URL(redirect);
  target.searchParams.set('code', code);
  target.searchParams.set('state', q.get('state') ?? '');
  return { status: 302, body: '', headers: { location: target.toString() } };
}

function withParam(q: URLSearchParams, k: string, v: string): string {
  const copy = new URLSearchParams(q);
  copy.set(k, v);
  return copy.toString();
}

/** Consumes a code for an app: 40029 when unknown, used, expired, of another corp or bound to another app. */
function consume(ctx: OAuthCtx, { app }: Authed, code: string): CodeRec | null {
  const rec = ctx.codes.get(code);
  if (!rec || rec.used || rec.expiresAt <= ctx.now() || rec.corpId !== app.corpId) return null;
  if (rec.agentId && rec.agentId !== app.agentId) return null;
  rec.used = true;
  return rec;
}

/** GET /cgi-bin/auth/getuserinfo?code= (document 91023): {userid[, user_ticket, expires_in]} or {openid}. */
export function authGetUserInfo(ctx: OAuthCtx, a: Authed, q: URLSearchParams): Answer {
  const rec = consume(ctx, a, q.get('code') ?? '');
  if (!rec) return fail('code');
  if (rec.openId) return ok({ openid: rec.openId });
  if (rec.scope !== 'snsapi_privateinfo') return ok({ userid: rec.userId });
  const ticket = randomId(32);
  ctx.tickets.set(ticket, { userId: rec.userId ?? '', corpId: rec.corpId, expiresAt: ctx.now() + 1800_000 });
  return ok({ userid: rec.userId, user_ticket: ticket, expires_in: 1800 });
}

/** The retired GET /cgi-bin/user/getuserinfo?code=: {UserId, DeviceId} or {OpenId}, capitalised as it was. */
export function legacyGetUserInfo(ctx: OAuthCtx, a: Authed, q: URLSearchParams): Answer {
  const rec = consume(ctx, a, q.get('code') ?? '');
  if (!rec) return fail('code');
  return rec.openId ? ok({ OpenId: rec.openId, DeviceId: '' }) : ok({ UserId: rec.userId, DeviceId: '' });
}

/** POST /cgi-bin/auth/getuserdetail {user_ticket} (document 95833): the member's private fields, authorised by them. */
export function authGetUserDetail(ctx: OAuthCtx, { corp }: Authed, body: Record<string, unknown> | null): Answer {
  const t = ctx.tickets.get(String(body?.user_ticket ?? ''));
  if (!t || t.corpId !== corp.corpId || t.expiresAt <= ctx.now()) return json({ errcode: 40029, errmsg: 'invalid user_ticket' });
  const u = corp.users.get(t.userId);
  if (!u) return fail('userNotFound');
  const { userid, gender, avatar, mobile, email, biz_mail, address } = u;
  return ok({ userid, gender, avatar, qr_code: '', mobile, email, biz_mail, address });
}
