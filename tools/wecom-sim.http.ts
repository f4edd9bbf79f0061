// The simulator's HTTP front: routes qyapi's /cgi-bin/* paths (token check, method check, injected faults, latency)
// and the two sign-in pages to the handlers in wecom-sim.api.ts, wecom-sim.messages.ts and wecom-sim.oauth.ts.
import http from 'node:http';
import {
  type Answer,
  type ApiReq,
  type Authed,
  authenticate,
  type Ctx,
  departmentGet,
  departmentList,
  fail,
  getToken,
  type Json,
  json,
  userGet,
  userIdByEmail,
  userIdByMobile,
  userList,
  userListId,
  userSimpleList,
} from './wecom-sim.api.js';
import type { DirCtx } from './wecom-sim.directory.js';
import { type MsgCtx, messageSend, updateTemplateCard } from './wecom-sim.messages.js';
import { authGetUserDetail, authGetUserInfo, authorizePage, legacyGetUserInfo, type OAuthCtx } from './wecom-sim.oauth.js';
import { ERR, errBody, type Fault } from './wecom-sim.state.js';

export type SimCtx = Ctx &
  MsgCtx &
  OAuthCtx &
  DirCtx & {
    faults: Fault[];
    latencyMs: number;
    /** The test-control endpoint under /__sim/ (wecom-sim.control.ts), set once the controls exist. */
    control?: (r: ApiReq) => Promise<Answer>;
  };
type Route = { method: 'GET' | 'POST'; run: (ctx: SimCtx, r: ApiReq, a: Authed) => Answer };

const ROUTES: Record<string, Route> = {
  'department/list': { method: 'GET', run: (_ctx, r, a) => departmentList(a, r.query) },
  'department/get': { method: 'GET', run: (_ctx, r, a) => departmentGet(a, r.query) },
  'user/list': { method: 'GET', run: (_ctx, r, a) => userList(a, r.query) },
  'user/simplelist': { method: 'GET', run: (_ctx, r, a) => userSimpleList(a, r.query) },
  'user/get': { method: 'GET', run: (_ctx, r, a) => userGet(a, r.query) },
  'user/list_id': { method: 'POST', run: (_ctx, r, a) => userListId(a, r.json) },
  'user/getuserid': { method: 'POST', run: (_ctx, r, a) => userIdByMobile(a, r.json) },
  'user/get_userid_by_email': { method: 'POST', run: (_ctx, r, a) => userIdByEmail(a, r.json) },
  'message/send': { method: 'POST', run: (ctx, r, a) => messageSend(ctx, a, r.json) },
  'message/update_template_card': { method: 'POST', run: (ctx, r, a) => updateTemplateCard(ctx, a, r.json) },
  'auth/getuserinfo': { method: 'GET', run: (ctx, r, a) => authGetUserInfo(ctx, a, r.query) },
  'user/getuserinfo': { method: 'GET', run: (ctx, r, a) => legacyGetUserInfo(ctx, a, r.query) },
  'auth/getuserdetail': { method: 'POST', run: (ctx, r, a) => authGetUserDetail(ctx, a, r.json) },
};

function takeFault(ctx: SimCtx, kind: string): Fault | undefined {
  const f = ctx.faults.find((x) => x.kind === kind || x.kind === '*');
  if (f && --f.times <= 0) ctx.faults.splice(ctx.faults.indexOf(f), 1);
  return f;
}

function answer(ctx: SimCtx, r: ApiReq): Answer {
  if (r.path === '/connect/oauth2/authorize') return authorizePage(ctx, r.query, false);
  if (r.path === '/wwlogin/sso/login') return authorizePage(ctx, r.query, true);
  if (!r.path.startsWith('/cgi-bin/')) return { status: 404, body: 'not found' };
  const kind = r.path.slice('/cgi-bin/'.length);
  const fault = takeFault(ctx, kind);
  if (fault) {
    // An injected 40014/42001 really invalidates the caller's token, so its renewal gets a new one.
    if (fault.errcode === 40014 || fault.errcode === 42001) {
      const t = ctx.tokens.get(r.query.get('access_token') ?? '');
      if (t) t.expired = true;
    }
    if (fault.status) return { status: fault.status, body: fault.errcode ? JSON.stringify(errBody(fault.errcode, fault.errmsg ?? 'error')) : '' };
    return json(errBody(fault.errcode ?? ERR.busy[0], fault.errmsg ?? (fault.errcode ? 'error' : ERR.busy[1])));
  }
  if (kind === 'gettoken') return r.method === 'GET' ? getToken(ctx, r.query) : fail('needGet');
  const route = ROUTES[kind];
  if (!route) return { status: 404, body: 'not found' };
  const auth = authenticate(ctx, r.query);
  if ('status' in auth) return auth;
  if (route.method !== r.method) return fail(route.method === 'GET' ? 'needGet' : 'needPost');
  if (r.badJson) return fail('json');
  return route.run(ctx, r, auth);
}

async function handle(ctx: SimCtx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const u = new URL(req.url ?? '/', 'http://sim');
  let body: Json | null = null;
  let badJson = false;
  if (raw.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
      else badJson = true;
    } catch {
      badJson = true;
    }
  }
  const r: ApiReq = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, json: body, badJson };
  const a = r.path.startsWith('/__sim/') && ctx.control ? await ctx.control(r) : answer(ctx, r);
  if (ctx.latencyMs > 0) await new Promise((r) => setTimeout(r, ctx.latencyMs));
  res.writeHead(a.status, a.headers ?? { 'content-type': 'text/plain; charset=utf-8' });
  res.end(a.body);
}

export function createSimServer(ctx: SimCtx): http.Server {
  return http.createServer((req, res) => {
    handle(ctx, req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    });
  });
}
