// WeCom (企业微信) in software, for tests and e2e: one local HTTP server playing qyapi.weixin.qq.com (token,
// directory, messages, template cards, OAuth identity), open.weixin.qq.com and login.work.weixin.qq.com (the sign-in
// pages), and WeCom's own calls to an app's callback URL (URL verification, encrypted template_card_event and
// change_contact POSTs with WeCom's 5 s limit and three retries). Written from the published documents
// (docs/protocols/wecom.md names each), apart from the server's client on purpose: a shared misreading would pass.
// CLI: node --import tsx tools/wecom-sim.ts [--port 9310] [--callback URL --token T --aeskey K]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import process from 'node:process';
import { type Answer, type ApiReq, type Authed, authenticate, type Ctx, departmentGet, departmentList, fail, getToken, type Json, json, userGet, userIdByEmail, userIdByMobile, userList, userListId, userSimpleList } from './wecom-sim.api.js';
import { type CallbackOptions, type Delivery, type Verification, verifyUrl } from './wecom-sim.callback.js';
import { newEncodingAESKey } from './wecom-sim.crypto.js';
import * as dir from './wecom-sim.directory.js';
import { findCard, type MsgCtx, messageSend, type PressInput, type PressResult, press, updateTemplateCard } from './wecom-sim.messages.js';
import { authGetUserDetail, authGetUserInfo, authorizePage, issueCode, legacyGetUserInfo, type OAuthCtx } from './wecom-sim.oauth.js';
import { type Corp, ERR, errBody, type Fault, newCorp, type WeComApp, type WeComAppInput, type WeComCard, type WeComDepartment, type WeComSent, type WeComUser, type WeComUserInput } from './wecom-sim.state.js';

export type { PressInput, PressResult } from './wecom-sim.messages.js';
export type { Delivery, Verification } from './wecom-sim.callback.js';
export type { WeComApp, WeComAppInput, WeComCard, WeComDepartment, WeComSent, WeComUser, WeComUserInput } from './wecom-sim.state.js';
export { decryptMsg, encryptMsg, msgSignature, parseXml, buildXml } from './wecom-sim.crypto.js';

export interface WeComSimOptions {
  port?: number;
  host?: string;
  /** The app created at start (false: none). Default: corp `wwsim00000000001`, agent 1000002, secret `sim-secret-1000002`. */
  seed?: WeComAppInput | false;
  /** Added to every REST answer. */
  latencyMs?: number;
  /** access_token lifetime, 7200 s (document 91039). */
  tokenTtlSec?: number;
  /** Per callback attempt, 5000 ms; retries after the first, 3; pause before each retry, 1000 ms (a choice). */
  callbackTimeoutMs?: number;
  callbackRetries?: number;
  callbackRetryDelayMs?: number;
  /** The URL verification's limit, 1000 ms (document 90930: "1秒内响应"). */
  verifyTimeoutMs?: number;
  now?: () => number;
}

/** The test-control surface; docs/protocols/wecom.md, "Test control", describes each member. */
export interface WeComSim {
  url: string;
  /** The seeded app's credentials (empty when seed is false). */
  corpId: string;
  agentId: number;
  secret: string;
  apps(): WeComApp[];
  addApp(input: WeComAppInput): WeComApp;
  /** Sets (or clears, null) an app's callback; with verify (default true) it first runs the URL verification and refuses to save on failure, as the console does. */
  setCallback(agentId: number, cb: { url: string; token?: string; encodingAESKey?: string } | null, opts?: { corpId?: string; verify?: boolean }): Promise<Verification | null>;
  addDepartment(d: dir.DepartmentInput, corpId?: string): WeComDepartment;
  updateDepartment(id: number, patch: Partial<dir.DepartmentInput>, corpId?: string): WeComDepartment;
  removeDepartment(id: number, corpId?: string): void;
  addUser(u: WeComUserInput, corpId?: string): WeComUser;
  updateUser(userid: string, patch: Partial<WeComUserInput>, corpId?: string): WeComUser;
  removeUser(userid: string, corpId?: string): void;
  user(userid: string, corpId?: string): WeComUser | undefined;
  /** Every message message/send accepted, in order. */
  sent: WeComSent[];
  waitForSent(pred: (m: WeComSent) => boolean, timeoutMs?: number): Promise<WeComSent>;
  /** A template card by msgid or task_id: recipients and each one's view. */
  card(id: string): WeComCard | undefined;
  press(input: PressInput): Promise<PressResult>;
  /** Every callback POST made (presses and change_contact), with its attempts and answer. */
  deliveries: Delivery[];
  /** Resolves when the change_contact deliveries under way are done. */
  settled(): Promise<void>;
  codeFor(userId: string, opts?: { agentId?: number; corpId?: string; scope?: 'snsapi_base' | 'snsapi_privateinfo' }): string;
  codeForOpenId(openId: string, opts?: { agentId?: number; corpId?: string }): string;
  /** The next `times` (default 1) calls of `kind` ('gettoken', 'user/get', 'message/send'… or '*') answer this. */
  fail(kind: string, f?: { status?: number; errcode?: number; errmsg?: string; times?: number }): void;
  setLatency(ms: number): void;
  /** Every token issued so far answers 42001 from now on; gettoken then issues a new one. */
  expireTokens(): void;
  close(): Promise<void>;
}

type Route = { method: 'GET' | 'POST'; run: (r: ApiReq, a: Authed) => Answer };
const DEFAULT_SEED: WeComAppInput = { corpId: 'wwsim00000000001', agentId: 1000002, secret: 'sim-secret-1000002', name: 'OpenVisit' };

export async function startWeComSim(opts: WeComSimOptions = {}): Promise<WeComSim> {
  const now = opts.now ?? Date.now;
  let latency = opts.latencyMs ?? 0;
  const faults: Fault[] = [];
  const sent: WeComSent[] = [];
  const waiters = new Set<() => void>();
  const callbackOptions = (): CallbackOptions => ({
    timeoutMs: opts.callbackTimeoutMs ?? 5000,
    retries: opts.callbackRetries ?? 3,
    retryDelayMs: opts.callbackRetryDelayMs ?? 1000,
  });
  const ctx: Ctx & MsgCtx & OAuthCtx & dir.DirCtx = {
    corps: new Map(),
    apps: [],
    tokens: new Map(),
    tokenTtlSec: opts.tokenTtlSec ?? 7200,
    now,
    sent,
    cards: new Map(),
    responseCodes: new Map(),
    deliveries: [],
    pending: new Set(),
    codes: new Map(),
    tickets: new Map(),
    callbackOptions,
    onSent: () => {
      for (const w of waiters) w();
    },
  };
  const routes: Record<string, Route> = {
    'department/list': { method: 'GET', run: (r, a) => departmentList(a, r.query) },
    'department/get': { method: 'GET', run: (r, a) => departmentGet(a, r.query) },
    'user/list': { method: 'GET', run: (r, a) => userList(a, r.query) },
    'user/simplelist': { method: 'GET', run: (r, a) => userSimpleList(a, r.query) },
    'user/get': { method: 'GET', run: (r, a) => userGet(a, r.query) },
    'user/list_id': { method: 'POST', run: (r, a) => userListId(a, r.json) },
    'user/getuserid': { method: 'POST', run: (r, a) => userIdByMobile(a, r.json) },
    'user/get_userid_by_email': { method: 'POST', run: (r, a) => userIdByEmail(a, r.json) },
    'message/send': { method: 'POST', run: (r, a) => messageSend(ctx, a, r.json) },
    'message/update_template_card': { method: 'POST', run: (r, a) => updateTemplateCard(ctx, a, r.json) },
    'auth/getuserinfo': { method: 'GET', run: (r, a) => authGetUserInfo(ctx, a, r.query) },
    'user/getuserinfo': { method: 'GET', run: (r, a) => legacyGetUserInfo(ctx, a, r.query) },
    'auth/getuserdetail': { method: 'POST', run: (r, a) => authGetUserDetail(ctx, a, r.json) },
  };

  function takeFault(kind: string): Fault | undefined {
    const f = faults.find((x) => x.kind === kind || x.kind === '*');
    if (f && --f.times <= 0) faults.splice(faults.indexOf(f), 1);
    return f;
  }

  function answer(r: ApiReq): Answer {
    if (r.path === '/connect/oauth2/authorize') return authorizePage(ctx, r.query, false);
    if (r.path === '/wwlogin/sso/login') return authorizePage(ctx, r.query, true);
    if (!r.path.startsWith('/cgi-bin/')) return { status: 404, body: 'not found' };
    const kind = r.path.slice('/cgi-bin/'.length);
    const fault = takeFault(kind);
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
    const route = routes[kind];
    if (!route) return { status: 404, body: 'not found' };
    const auth = authenticate(ctx, r.query);
    if ('status' in auth) return auth;
    if (route.method !== r.method) return fail(route.method === 'GET' ? 'needGet' : 'needPost');
    if (r.badJson) return fail('json');
    return route.run(r, auth);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
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
    const a = answer({ method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, json: body, badJson });
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    res.writeHead(a.status, a.headers ?? { 'content-type': 'text/plain; charset=utf-8' });
    res.end(a.body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  const corpOf = (corpId?: string): Corp => {
    const corp = ctx.corps.get(corpId ?? ctx.apps[0]?.corpId ?? '');
    if (!corp) throw new Error(`no corp ${corpId ?? '(none seeded)'}`);
    return corp;
  };
  const appOf = (agentId?: number, corpId?: string): WeComApp => {
    const app = ctx.apps.find((a) => (agentId === undefined || a.agentId === agentId) && (corpId === undefined || a.corpId === corpId));
    if (!app) throw new Error(`no app ${agentId ?? ''}`);
    return app;
  };
  function addApp(input: WeComAppInput): WeComApp {
    if (ctx.apps.some((a) => a.corpId === input.corpId && a.agentId === input.agentId)) throw new Error(`app ${input.agentId} exists`);
    const app: WeComApp = { name: `app-${input.agentId}`, privateFields: false, contactEvents: true, ...input, callback: input.callback ?? null };
    if (!ctx.corps.has(app.corpId)) ctx.corps.set(app.corpId, newCorp(app.corpId));
    ctx.apps.push(app);
    return app;
  }
  const seed = opts.seed === false ? null : addApp(opts.seed ?? DEFAULT_SEED);

  return {
    url,
    corpId: seed?.corpId ?? '',
    agentId: seed?.agentId ?? 0,
    secret: seed?.secret ?? '',
    apps: () => ctx.apps,
    addApp,
    async setCallback(agentId, cb, o = {}) {
      const app = appOf(agentId, o.corpId);
      if (!cb) {
        app.callback = null;
        return null;
      }
      const next = { url: cb.url, token: cb.token ?? 'simtoken', encodingAESKey: cb.encodingAESKey ?? newEncodingAESKey() };
      if (o.verify === false) {
        app.callback = next;
        return null;
      }
      const v = await verifyUrl({ ...app, callback: next }, opts.verifyTimeoutMs ?? 1000);
      if (v.ok) app.callback = next;
      return v;
    },
    addDepartment: (d, corpId) => dir.addDepartment(ctx, corpOf(corpId), d),
    updateDepartment: (id, patch, corpId) => dir.updateDepartment(ctx, corpOf(corpId), id, patch),
    removeDepartment: (id, corpId) => dir.removeDepartment(ctx, corpOf(corpId), id),
    addUser: (u, corpId) => dir.addUser(ctx, corpOf(corpId), u),
    updateUser: (id, patch, corpId) => dir.updateUser(ctx, corpOf(corpId), id, patch),
    removeUser: (id, corpId) => dir.removeUser(ctx, corpOf(corpId), id),
    user: (id, corpId) => corpOf(corpId).users.get(id),
    sent,
    waitForSent(pred, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const m = sent.find(pred);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
          return !!m;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms (${sent.length} sent)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    card: (id) => ctx.cards.get(id) ?? findCard(ctx, { taskId: id }),
    press: (input) => press(ctx, input),
    deliveries: ctx.deliveries,
    async settled() {
      while (ctx.pending.size > 0) await Promise.all([...ctx.pending]);
    },
    codeFor(userId, o = {}) {
      const app = appOf(o.agentId, o.corpId);
      if (!ctx.corps.get(app.corpId)?.users.has(userId)) throw new Error(`no user ${userId}`);
      return issueCode(ctx, { corpId: app.corpId, agentId: app.agentId, userId, scope: o.scope });
    },
    codeForOpenId(openId, o = {}) {
      const app = appOf(o.agentId, o.corpId);
      return issueCode(ctx, { corpId: app.corpId, agentId: app.agentId, openId });
    },
    fail(kind, f = {}) {
      faults.push({ kind, status: f.status, errcode: f.errcode, errmsg: f.errmsg, times: f.times ?? 1 });
    },
    setLatency(ms) {
      latency = ms;
    },
    expireTokens() {
      for (const t of ctx.tokens.values()) t.expired = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------- CLI
const USAGE = 'node --import tsx tools/wecom-sim.ts [--port 9310] [--callback URL --token TOKEN --aeskey ENCODINGAESKEY]';
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i += 2) args.set((process.argv[i] ?? '').replace(/^--/, ''), process.argv[i + 1] ?? '');
  if (args.has('help')) {
    console.log(USAGE);
    process.exit(0);
  }
  const sim = await startWeComSim({ port: Number(args.get('port') ?? 9310) });
  if (args.get('callback')) {
    const v = await sim.setCallback(sim.agentId, { url: args.get('callback')!, token: args.get('token'), encodingAESKey: args.get('aeskey') }, { verify: false });
    void v;
  }
  const app = sim.apps()[0]!;
  sim.addUser({ userid: 'zhangsan', name: '张三', department: [1], mobile: '13800000000', email: 'zhangsan@example.com', biz_mail: 'zhangsan@corp.example.com' });
  console.log(`WeCom simulator at ${sim.url}`);
  console.log(`corpid=${app.corpId} corpsecret=${app.secret} agentid=${app.agentId}`);
  if (app.callback) console.log(`callback=${app.callback.url} token=${app.callback.token} encodingAESKey=${app.callback.encodingAESKey}`);
  console.log(`sign in: ${sim.url}/connect/oauth2/authorize?appid=${app.corpId}&redirect_uri=<url>&response_type=code&scope=snsapi_base&state=x&agentid=${app.agentId}&login_as=zhangsan`);
}
