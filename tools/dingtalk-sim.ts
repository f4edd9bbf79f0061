// DingTalk's side in software, for OpenVisit's tests and e2e: one local HTTP server playing oapi.dingtalk.com (gettoken,
// topapi directory and work notices), api.dingtalk.com (/v1.0 sign-in, interactive cards, the Stream gateway's
// connections/open), login.dingtalk.com (/oauth2/auth) and the Stream WebSocket (/connect). Written from DingTalk's
// published documents, apart from the server's client on purpose: it is the referee. docs/protocols/dingtalk.md.
//   CLI: node --import tsx tools/dingtalk-sim.ts [--port 9310]   prints its URL and the seeded app's credentials.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import process from 'node:process';
import { apiError, apiRoute } from './dingtalk-sim.api.js';
import { cardRoute, cardView, type PressInput, type PressResult, press } from './dingtalk-sim.cards.js';
import { type GettokenRefusal, oapiRoute, type TokenFaultStyle } from './dingtalk-sim.oapi.js';
import {
  type DtApp,
  type DtCard,
  type DtDepartment,
  type DtFault,
  type DtFaultKind,
  type DtSent,
  DtState,
  type DtUser,
  json,
  type SimAnswer,
  type SimRequest,
} from './dingtalk-sim.state.js';
import { DtGateway, type StreamConnection, type StreamOptions, type StreamPush } from './dingtalk-sim.stream.js';

export type { DtApp, DtCard, DtDepartment, DtSent, DtUser, PressInput, PressResult, StreamConnection, StreamPush };

export interface DingTalkSimOptions extends Partial<StreamOptions> {
  port?: number;
  /** The seeded corp and app (defaults below); `apps: []` seeds none. */
  corpId?: string;
  corpName?: string;
  apps?: (Partial<DtApp> & { appKey: string; appSecret: string })[];
  /** Every HTTP answer waits this long (also settable later with setLatency). */
  latencyMs?: number;
  /** How long a press waits for the Stream answer (事件回调: "请在 2 秒内完成业务处理并响应"; default 2000). */
  callbackTimeoutMs?: number;
  /** How topapi refuses a bad token: errcode 88 + sub_code (default, as the platform answers) or the bare 40014/42001. */
  tokenFaultStyle?: TokenFaultStyle;
  /** gettoken's refusal of wrong credentials: 40096 (default, as the platform answers) or 40089 (the global error table). */
  gettokenRefusal?: GettokenRefusal;
}

export interface DingTalkSim {
  /** HTTP base of every host (old API, new API, authorize page); the gateway hands out `ws://…/connect`. */
  url: string;
  state: DtState;
  close(): Promise<void>;
  addApp(a: Partial<DtApp> & { appKey: string; appSecret: string }): DtApp;
  app(appKey?: string): DtApp;
  // directory (each change pushes its EVENT to the corp's apps that ticked it)
  addDepartment(d: { dept_id: number; name: string; parent_id?: number }, corpId?: string): DtDepartment;
  removeDepartment(deptId: number, corpId?: string): void;
  addUser(u: Partial<DtUser> & { userid: string; name: string }, corpId?: string): DtUser;
  updateUser(userId: string, patch: Partial<Omit<DtUser, 'userid' | 'unionid'>>): DtUser;
  removeUser(userId: string): void;
  // what was sent
  sent: DtSent[];
  waitForSent(pred: (s: DtSent) => boolean, timeoutMs?: number): Promise<DtSent>;
  card(outTrackId: string): DtCard | undefined;
  /** What one user sees: the public data (or the presser's view after a callback answer) with their private data. */
  cardView(outTrackId: string, userId: string): Record<string, string> | undefined;
  press(input: PressInput): Promise<PressResult>;
  // sign-in
  codeFor(userId: string, appKey?: string, kind?: 'inapp' | 'oauth'): string;
  authorizeUrl(params: { redirectUri: string; state?: string; clientId?: string; loginAs?: string }): string;
  // Stream
  connections(appKey?: string): number;
  streamConnections(appKey?: string): StreamConnection[];
  dropConnections(appKey?: string, opts?: { graceful?: boolean }): number;
  ping(appKey?: string, timeoutMs?: number): Promise<{ connectionId: string; ok: boolean }[]>;
  pushEvent(eventType: string, data: Record<string, unknown>, appKey?: string): StreamPush;
  pushes: StreamPush[];
  // faults, tokens
  fail(target: string, f?: { kind?: DtFaultKind; status?: number; errcode?: number; errmsg?: string; times?: number }): void;
  setLatency(ms: number): void;
  expireTokens(): void;
}

export const DEFAULT_APP = { appKey: 'dingsimapp0001', appSecret: 'SimSecret-0001', agentId: '3000001', corpId: 'dingsimcorp0001' };

/** The documented refusal of each fault kind, in the old API's envelope or the new API's. */
function faultAnswer(f: DtFault, oldApi: boolean): SimAnswer {
  if (f.kind === 'http') return { status: f.status ?? 502, html: '<html><body>502 Bad Gateway</body></html>' };
  if (oldApi) {
    const [errcode, errmsg] =
      f.kind === 'rate-limited'
        ? [90018, '当前企业调用该接口的并发量超过限制']
        : f.kind === 'token-expired'
          ? [42001, 'access_token超时']
          : [-1, '系统繁忙'];
    return json({ errcode: f.errcode ?? errcode, errmsg: f.errmsg ?? errmsg, request_id: 'fault' }, f.status ?? 200);
  }
  if (f.kind === 'rate-limited') return apiError(f.status ?? 403, 'Forbidden.AccessDenied.QpsLimitForApi', f.errmsg ?? '调用该接口超过QPS限制');
  if (f.kind === 'token-expired') return apiError(f.status ?? 400, 'InvalidAuthentication', f.errmsg ?? '不合法的access_token');
  return apiError(f.status ?? 503, 'ServiceUnavailable', f.errmsg ?? '系统繁忙');
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

async function parse(req: http.IncomingMessage): Promise<SimRequest> {
  const url = new URL(req.url ?? '/', 'http://sim');
  const raw = await readBody(req);
  let body: Record<string, unknown> | null = null;
  let bodyError: SimRequest['bodyError'];
  if (!raw) bodyError = 'absent';
  else
    try {
      const v = JSON.parse(raw) as unknown;
      body = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
      if (!body) bodyError = 'not-json';
    } catch {
      bodyError = 'not-json';
    }
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, bodyError };
}

function write(res: http.ServerResponse, a: SimAnswer) {
  if (a.location) {
    res.writeHead(a.status, { location: a.location });
    return res.end();
  }
  if (a.html !== undefined) {
    res.writeHead(a.status, { 'content-type': 'text/html;charset=utf-8' });
    return res.end(a.html);
  }
  res.writeHead(a.status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(a.json ?? {}));
}

function route(st: DtState, gw: DtGateway, req: SimRequest, opts: DingTalkSimOptions): SimAnswer {
  const oldApi = !req.path.startsWith('/v1.0/') && !req.path.startsWith('/oauth2/');
  const f = st.takeFault(req.path);
  if (f?.kind === 'expire-tokens') st.expireTokens();
  else if (f) return faultAnswer(f, oldApi);
  if (req.path === '/v1.0/gateway/connections/open' && req.method === 'POST') return gw.open(req.body);
  const a = oapiRoute(st, req, opts.tokenFaultStyle ?? 'errcode88', opts.gettokenRefusal ?? 40096) ?? apiRoute(st, req) ?? cardRoute(st, req);
  if (a) return a;
  return oldApi
    ? json({ errcode: 404, errmsg: '请求的URI地址不存在' }, 404)
    : apiError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
}

function seed(st: DtState, opts: DingTalkSimOptions) {
  const corpId = opts.corpId ?? DEFAULT_APP.corpId;
  st.addCorp(corpId, opts.corpName ?? 'OpenVisit 模拟企业');
  for (const a of opts.apps ?? [DEFAULT_APP]) st.addApp({ corpId, ...a });
  return corpId;
}

function waiterOf(st: DtState) {
  const waiting = new Set<() => void>();
  st.onSent = () => {
    for (const w of [...waiting]) w();
  };
  return (pred: (s: DtSent) => boolean, timeoutMs = 5000) =>
    new Promise<DtSent>((resolve, reject) => {
      const check = () => {
        const hit = st.sent.find(pred);
        if (!hit) return false;
        waiting.delete(check);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`dingtalk-sim: nothing matching was sent within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) waiting.add(check);
    });
}

export async function startDingTalkSim(opts: DingTalkSimOptions = {}): Promise<DingTalkSim> {
  const st = new DtState();
  const defaultCorp = seed(st, opts);
  let latency = opts.latencyMs ?? 0;
  let base = '';
  const streamOpts: StreamOptions = {
    resendAfterMs: opts.resendAfterMs ?? 60_000,
    maxPushes: opts.maxPushes ?? Number.POSITIVE_INFINITY,
    pingIntervalMs: opts.pingIntervalMs ?? 0,
    disconnectGraceMs: opts.disconnectGraceMs ?? 10_000,
    ticketTtlMs: opts.ticketTtlMs ?? 90_000,
    pick: opts.pick ?? 'random',
    maxConnections: opts.maxConnections ?? Number.POSITIVE_INFINITY,
    onExtraConnection: opts.onExtraConnection ?? 'replace-oldest',
  };
  const gw = new DtGateway(st, streamOpts, () => `${base.replace(/^http/, 'ws')}/connect`);
  // A directory change goes to each app of the corp that ticked that event type.
  st.onChange = (corpId, eventType, data) => {
    for (const app of st.appsOf(corpId)) if (app.events === '*' || app.events.includes(eventType)) gw.pushEvent(app.appKey, eventType, data);
  };
  const server = http.createServer(async (req, res) => {
    const parsed = await parse(req);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    write(res, route(st, gw, parsed, opts));
  });
  server.on('upgrade', (req, socket, head) => gw.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appKeyOr = (k?: string) => k ?? [...st.apps.keys()][0] ?? '';
  const sim: DingTalkSim = {
    url: base,
    state: st,
    async close() {
      gw.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    addApp: (a) => st.addApp({ corpId: defaultCorp, ...a }),
    app(appKey) {
      const a = st.apps.get(appKeyOr(appKey));
      if (!a) throw new Error(`dingtalk-sim: no app ${appKey}`);
      return a;
    },
    addDepartment: (d, corpId = defaultCorp) => st.addDepartment(corpId, d),
    removeDepartment: (deptId, corpId = defaultCorp) => st.removeDepartment(corpId, deptId),
    addUser: (u, corpId = defaultCorp) => st.addUser(corpId, u),
    updateUser: (userId, patch) => st.updateUser(userId, patch),
    removeUser: (userId) => st.removeUser(userId),
    sent: st.sent,
    waitForSent: waiterOf(st),
    card: (outTrackId) => st.cards.get(outTrackId),
    press: (input) => press(st, gw, input, opts.callbackTimeoutMs ?? 2000),
    cardView: (outTrackId, userId) => cardView(st.cards.get(outTrackId), userId),
    codeFor: (userId, appKey, kind = 'inapp') => st.newCode(appKeyOr(appKey), userId, kind),
    authorizeUrl({ redirectUri, state, clientId, loginAs }) {
      const q = new URLSearchParams({
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: appKeyOr(clientId),
        scope: 'openid',
        prompt: 'consent',
      });
      if (state !== undefined) q.set('state', state);
      if (loginAs) q.set('login_as', loginAs);
      return `${base}/oauth2/auth?${q}`;
    },
    connections: (appKey) => gw.connections(appKeyOr(appKey)).length,
    streamConnections: (appKey) => gw.connections(appKeyOr(appKey)),
    dropConnections: (appKey, o) => gw.drop(appKeyOr(appKey), o?.graceful ?? false),
    ping: (appKey, timeoutMs) => gw.ping(appKey, timeoutMs),
    pushEvent: (eventType, data, appKey) => gw.pushEvent(appKeyOr(appKey), eventType, data),
    pushes: gw.pushLog,
    fail: (target, f = {}) =>
      st.faults.push({
        target,
        kind: f.kind ?? (f.status ? 'http' : 'busy'),
        status: f.status,
        errcode: f.errcode,
        errmsg: f.errmsg,
        times: f.times ?? 1,
      }),
    setLatency(ms) {
      latency = ms;
    },
    expireTokens: () => st.expireTokens(),
  };
  return sim;
}

async function main(argv: string[]) {
  const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
  const sim = await startDingTalkSim({ port: Number(arg('port') ?? 0), pingIntervalMs: 30_000 });
  sim.addDepartment({ dept_id: 2, name: '行政部' });
  sim.addUser({ userid: 'manager001', name: '张经理', mobile: '13800000001', email: 'zhang@example.com', job_number: 'M001', dept_id_list: [2] });
  sim.addUser({ userid: 'staff002', name: '李员工', mobile: '13800000002', job_number: 'S002', dept_id_list: [2] });
  const app = sim.app();
  process.stdout.write(
    `${JSON.stringify({ url: sim.url, ...app, authorize: sim.authorizeUrl({ redirectUri: 'http://127.0.0.1:3000/callback', state: 'x', loginAs: 'manager001' }) }, null, 2)}\n`,
  );
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main(process.argv.slice(2));
