// The REST side of the WeCom simulator (qyapi.weixin.qq.com/cgi-bin/*): token, directory, OAuth identity. Messages and
// cards are in tools/wecom-sim.messages.ts. Every answer is HTTP 200 with { errcode, errmsg, ... } as WeCom answers,
// except injected faults with a status. docs/protocols/wecom.md lists each endpoint with its published document.
import { type Corp, ERR, type ErrName, errBody, randomId, subtree, type TokenRec, userJson, type WeComApp } from './wecom-sim.state.js';

export type Json = Record<string, unknown>;
export interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}
export interface ApiReq {
  method: string;
  path: string;
  query: URLSearchParams;
  json: Json | null;
  /** Set when the body was present but not JSON. */
  badJson: boolean;
}
/** What handlers reach: the simulator's stores (wecom-sim.ts owns them). */
export interface Ctx {
  corps: Map<string, Corp>;
  apps: WeComApp[];
  tokens: Map<string, TokenRec>;
  tokenTtlSec: number;
  now(): number;
}
export type Authed = { app: WeComApp; corp: Corp };

export const json = (body: Json, status = 200): Answer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=UTF-8' },
});
export const fail = (name: ErrName, extra: Json = {}): Answer => json({ ...errBody(ERR[name][0], ERR[name][1]), ...extra });
export const ok = (extra: Json = {}): Answer => json({ ...errBody(0, 'ok'), ...extra });

/** GET /cgi-bin/gettoken?corpid&corpsecret (document 91039): the same token while it lives, a new one after. */
export function getToken(ctx: Ctx, q: URLSearchParams): Answer {
  const corpid = q.get('corpid');
  const secret = q.get('corpsecret');
  if (!corpid) return fail('noCorpid');
  if (!secret) return fail('noSecret');
  if (!ctx.corps.has(corpid)) return fail('corpid');
  const app = ctx.apps.find((a) => a.corpId === corpid && a.secret === secret);
  if (!app) return fail('secret');
  const now = ctx.now();
  const live = [...ctx.tokens.values()].find((t) => t.corpId === corpid && t.agentId === app.agentId && !t.expired && t.expiresAt > now);
  const rec = live ?? { token: randomId(48), corpId: corpid, agentId: app.agentId, expiresAt: now + ctx.tokenTtlSec * 1000, expired: false };
  ctx.tokens.set(rec.token, rec);
  return ok({ access_token: rec.token, expires_in: Math.max(1, Math.round((rec.expiresAt - now) / 1000)) });
}

/** access_token from the query: 41001 missing, 40014 unknown, 42001 expired. */
export function authenticate(ctx: Ctx, q: URLSearchParams): Authed | Answer {
  const token = q.get('access_token');
  if (!token) return fail('noToken');
  const rec = ctx.tokens.get(token);
  if (!rec) return fail('token');
  if (rec.expired || rec.expiresAt <= ctx.now()) return fail('expired');
  const app = ctx.apps.find((a) => a.corpId === rec.corpId && a.agentId === rec.agentId);
  const corp = ctx.corps.get(rec.corpId);
  if (!app || !corp) return fail('token');
  return { app, corp };
}

/** GET /cgi-bin/department/list?id= (document 90208): the department and all below it; no id: the whole tree. */
export function departmentList({ corp }: Authed, q: URLSearchParams): Answer {
  const raw = q.get('id');
  const id = raw === null || raw === '' ? 1 : Number(raw);
  if (!Number.isInteger(id) || !corp.departments.has(id)) return fail('party');
  return ok({ department: subtree(corp, id).map((d) => ({ ...d, name_en: d.name_en ?? undefined })) });
}

/** GET /cgi-bin/department/get?id= (document 95351). */
export function departmentGet({ corp }: Authed, q: URLSearchParams): Answer {
  const d = corp.departments.get(Number(q.get('id')));
  return d ? ok({ department: d }) : fail('party');
}

function membersOf(corp: Corp, q: URLSearchParams): Answer | number[] {
  const id = Number(q.get('department_id'));
  if (!Number.isInteger(id) || !corp.departments.has(id)) return fail('party');
  return q.get('fetch_child') === '1' ? subtree(corp, id).map((d) => d.id) : [id];
}

/** GET /cgi-bin/user/list?department_id=[&fetch_child=1] (document 90201): full members, every status. */
export function userList({ corp, app }: Authed, q: URLSearchParams): Answer {
  const ids = membersOf(corp, q);
  if (!Array.isArray(ids)) return ids;
  const users = [...corp.users.values()].filter((u) => u.department.some((d) => ids.includes(d)));
  return ok({ userlist: users.map((u) => userJson(u, app)) });
}

/** GET /cgi-bin/user/simplelist?department_id= (document 90200): userid, name, department, open_userid. */
export function userSimpleList({ corp }: Authed, q: URLSearchParams): Answer {
  const ids = membersOf(corp, q);
  if (!Array.isArray(ids)) return ids;
  const users = [...corp.users.values()].filter((u) => u.department.some((d) => ids.includes(d)));
  return ok({ userlist: users.map((u) => ({ userid: u.userid, name: u.name, department: u.department, open_userid: u.open_userid })) });
}

/**
 * POST /cgi-bin/user/list_id {cursor, limit} (document 96067): one row per (user, department), paged by an opaque
 * cursor; limit 1..10000 (default 1000 here: the document gives none); next_cursor '' on the last page.
 */
export function userListId({ corp }: Authed, body: Json | null): Answer {
  const limit = body?.limit === undefined ? 1000 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10000) return fail('param');
  let start = 0;
  if (typeof body?.cursor === 'string' && body.cursor !== '') {
    start = Number(Buffer.from(body.cursor, 'base64url').toString().replace(/^c/, ''));
    if (!Number.isInteger(start) || start < 0) return fail('param');
  }
  const rows = [...corp.users.values()].flatMap((u) => u.department.map((department) => ({ userid: u.userid, department })));
  const page = rows.slice(start, start + limit);
  const next = start + limit < rows.length ? Buffer.from(`c${start + limit}`).toString('base64url') : '';
  return ok({ next_cursor: next, dept_user: page });
}

/** GET /cgi-bin/user/get?userid= (document 90196): 60111 for an unknown (or deleted) userid. */
export function userGet({ corp, app }: Authed, q: URLSearchParams): Answer {
  const u = corp.users.get(q.get('userid') ?? '');
  return u ? ok(userJson(u, app)) : fail('userNotFound');
}

/** POST /cgi-bin/user/getuserid {mobile} (document 95402): 46004 when no member has that mobile. */
export function userIdByMobile({ corp }: Authed, body: Json | null): Answer {
  const mobile = typeof body?.mobile === 'string' ? body.mobile : '';
  if (!mobile) return fail('param');
  const u = [...corp.users.values()].find((x) => x.mobile === mobile || x.mobile.replace(/^\+86\s*/, '') === mobile);
  return u ? ok({ userid: u.userid }) : fail('noUser');
}

/**
 * POST /cgi-bin/user/get_userid_by_email {email, email_type} (document 95895): email_type 1 (the default) is the
 * corporate mailbox (biz_mail), 2 the personal one (email); 46004 when none matches.
 */
export function userIdByEmail({ corp }: Authed, body: Json | null): Answer {
  const email = typeof body?.email === 'string' ? body.email.toLowerCase() : '';
  const type = body?.email_type === undefined ? 1 : Number(body.email_type);
  if (!email || (type !== 1 && type !== 2)) return fail('param');
  const u = [...corp.users.values()].find((x) => (type === 1 ? x.biz_mail : x.email).toLowerCase() === email);
  return u ? ok({ userid: u.userid }) : fail('noUser');
}
