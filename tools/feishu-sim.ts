// Feishu (Lark) Open Platform in software, for the tests, the e2e suite and installers (OpenVisit issue 40): one local
// HTTP server with the REST endpoints (tokens, contact v3, IM v1), the OAuth pages and the long connection (the
// endpoint and its WebSocket, which the official SDK's WSClient dials with `domain` pointed here), plus a control API
// for tests. docs/protocols/feishu.md describes every endpoint and message, with the document each follows.
//   node --import tsx tools/feishu-sim.ts --port 9310   prints the URL and a seeded app's credentials
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PressOptions, type PressResult, press } from './feishu-sim.cards.js';
import { type Directory, directory } from './feishu-sim.directory.js';
import { type ClientConfig, type Conn, type EventRecord, Gateway } from './feishu-sim.gateway.js';
import {
  type AppInput,
  type CardState,
  type DepartmentInput,
  makeApp,
  newState,
  type Obj,
  openIdOf,
  type SentMessage,
  type SimApp,
  type SimDepartment,
  type SimState,
  type SimUser,
  takeFault,
  type UserInput,
} from './feishu-sim.model.js';
import { authorize, newCode, oauthToken, userInfo } from './feishu-sim.oauth.js';
import * as rest from './feishu-sim.rest.js';

export type { AppInput, DepartmentInput, EventRecord, PressOptions, PressResult, SentMessage, SimApp, SimDepartment, SimUser, UserInput };

export interface FeishuSimOptions {
  port?: number;
  host?: string;
  /** Apps to create; one app with generated credentials when absent. */
  apps?: AppInput[];
  /** Access token lifetime (the platform's 2 hours). */
  tokenTtlSec?: number;
  /** OAuth code lifetime (the platform's 5 minutes). */
  codeTtlSec?: number;
  /** Delay before every HTTP answer. */
  latencyMs?: number;
  /** The platform's 3 s for an event's acknowledgement. */
  eventTimeoutMs?: number;
  /** The platform's 3 s for a card callback's answer. */
  callbackTimeoutMs?: number;
  /** Re-push delays of an unacknowledged event (default 15 s, 5 min, 1 h, 6 h). */
  retryDelaysMs?: number[];
  /** The ClientConfig handed out (seconds; default PingInterval 120, ReconnectCount -1, ReconnectInterval 120, ReconnectNonce 30). */
  clientConfig?: Partial<ClientConfig>;
  /** Connections allowed per app (default 50). */
  maxConnections?: number;
  /** Split pushed payloads into frames of at most this many bytes (default 0: never). */
  maxFrameBytes?: number;
}

/** An app, by its id or as returned by addApp. */
export type AppRef = string | { appId: string };
const idOf = (app?: AppRef): string | undefined => (typeof app === 'string' ? app : app?.appId);

export interface FaultOptions {
  /** HTTP status (default: the code's documented one). */
  status?: number;
  /** The platform's error code, e.g. 99991400 (rate limit), 99991663 (token invalid), 1 (system busy). */
  code?: number;
  /** Alias of code (the DingTalk and WeCom simulators' name). */
  errcode?: number;
  msg?: string;
  /** How many calls answer the fault (default 1). */
  times?: number;
}

export interface FeishuSim extends Directory {
  /** HTTP base (REST, OAuth, /callback/ws/endpoint); the WebSocket URL the endpoint hands out is on the same server. */
  url: string;
  /** The first app (seeded when no apps were given). */
  app: SimApp;
  readonly tenantKey: string;
  close(): Promise<void>;
  addApp(input?: AppInput): SimApp;
  user(userId: string): SimUser | undefined;
  /** The ids an app sees for a user. */
  openId(userId: string, app?: AppRef): string;
  /** Every message sent, in order. */
  readonly sent: SentMessage[];
  waitForSent(pred: (m: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
  /** A card message's current content (after REST updates and callback answers). */
  card(messageId: string): unknown;
  cardState(messageId: string): CardState | undefined;
  press(p: PressOptions): Promise<PressResult>;
  /** A one-time OAuth code (as the authorize page or tt.requestAccess would give). */
  codeFor(userId: string, app?: AppRef): string;
  /** Every event pushed (contact events), with its delivery attempts. */
  readonly events: EventRecord[];
  waitForEvent(pred: (e: EventRecord) => boolean, timeoutMs?: number): Promise<EventRecord>;
  /** Open long connections of an app (all apps when absent). */
  connections(app?: AppRef): number;
  connectionList(app?: AppRef): Pick<Conn, 'deviceId' | 'appId' | 'openedAt' | 'pings'>[];
  /** The server closes the connections (as a platform restart would); answers how many. */
  dropConnections(app?: AppRef): number;
  /** The next `times` calls of an endpoint kind answer an error (kinds in docs/protocols/feishu.md, '*' for any). */
  fail(kind: string, f?: FaultOptions): void;
  setLatency(ms: number): void;
  /** Every access token issued so far expires now. */
  expireTokens(): void;
}

const DEFAULT_CLIENT_CONFIG: ClientConfig = { PingInterval: 120, ReconnectCount: -1, ReconnectInterval: 120, ReconnectNonce: 30 };

type Route = { method: string; re: RegExp; kind: string; run: (req: rest.Req, m: RegExpExecArray) => rest.Res };

function routes(s: SimState, gw: Gateway): Route[] {
  const authed =
    (fn: (req: rest.Req, app: SimApp, m: RegExpExecArray) => rest.Res) =>
    (req: rest.Req, m: RegExpExecArray): rest.Res => {
      const app = rest.tenantAuth(s, req);
      return 'status' in app ? app : fn(req, app, m);
    };
  const p = decodeURIComponent;
  return [
    {
      method: 'POST',
      re: /^\/open-apis\/auth\/v3\/tenant_access_token\/internal$/,
      kind: 'tenant_access_token',
      run: (r) => rest.tenantAccessToken(s, r),
    },
    { method: 'POST', re: /^\/open-apis\/auth\/v3\/app_access_token\/internal$/, kind: 'app_access_token', run: (r) => rest.appAccessToken(s, r) },
    {
      method: 'GET',
      re: /^\/open-apis\/contact\/v3\/departments\/([^/]+)\/children$/,
      kind: 'departments.children',
      run: authed((r, a, m) => rest.departmentChildren(s, r, a, p(m[1] ?? ''))),
    },
    {
      method: 'GET',
      re: /^\/open-apis\/contact\/v3\/users\/find_by_department$/,
      kind: 'users.find_by_department',
      run: authed((r, a) => rest.usersByDepartment(s, r, a)),
    },
    {
      method: 'POST',
      re: /^\/open-apis\/contact\/v3\/users\/batch_get_id$/,
      kind: 'users.batch_get_id',
      run: authed((r, a) => rest.batchGetId(s, r, a)),
    },
    {
      method: 'GET',
      re: /^\/open-apis\/contact\/v3\/users\/([^/]+)$/,
      kind: 'users.get',
      run: authed((r, a, m) => rest.getUser(s, r, a, p(m[1] ?? ''))),
    },
    { method: 'POST', re: /^\/open-apis\/im\/v1\/messages$/, kind: 'messages.create', run: authed((r, a) => rest.sendMessage(s, r, a)) },
    {
      method: 'PATCH',
      re: /^\/open-apis\/im\/v1\/messages\/([^/]+)$/,
      kind: 'messages.patch',
      run: authed((r, a, m) => rest.patchMessage(s, r, a, p(m[1] ?? ''))),
    },
    { method: 'GET', re: /^\/open-apis\/authen\/v1\/(authorize|index)$/, kind: 'oauth.authorize', run: (r) => authorize(s, r) },
    { method: 'POST', re: /^\/open-apis\/authen\/v2\/oauth\/token$/, kind: 'oauth.token', run: (r) => oauthToken(s, r) },
    { method: 'GET', re: /^\/open-apis\/authen\/v1\/user_info$/, kind: 'user_info', run: (r) => userInfo(s, r) },
    { method: 'POST', re: /^\/callback\/ws\/endpoint$/, kind: 'ws.endpoint', run: (r) => gw.endpoint(r) },
  ];
}

function parseBody(raw: string, contentType: string): Obj {
  if (!raw) return {};
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
  } catch {
    return {};
  }
}

async function handle(s: SimState, table: Route[], req: http.IncomingMessage, res: http.ServerResponse, base: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (s.latencyMs > 0) await new Promise((r) => setTimeout(r, s.latencyMs));
  const url = new URL(req.url ?? '/', base);
  const method = req.method ?? 'GET';
  const r: rest.Req = {
    method,
    path: url.pathname,
    query: url.searchParams,
    body: parseBody(Buffer.concat(chunks).toString(), String(req.headers['content-type'] ?? '')),
    headers: req.headers,
    baseUrl: base,
  };
  let answer: rest.Res = { status: 404, body: { code: 404, msg: '404 page not found' } };
  for (const route of table) {
    const m = route.method === method ? route.re.exec(url.pathname) : null;
    if (!m) continue;
    // ws.endpoint answers its own faults in its own shape (gateway.ts).
    const f = route.kind === 'ws.endpoint' ? undefined : takeFault(s, route.kind);
    answer = f ? rest.fail(f.code ?? 99991400, f.msg, f.status) : route.run(r, m);
    break;
  }
  const isText = typeof answer.body === 'string';
  res.writeHead(answer.status, { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8', ...answer.headers });
  res.end(isText ? answer.body : JSON.stringify(answer.body));
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = find();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`feishu-sim: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function startFeishuSim(opts: FeishuSimOptions = {}): Promise<FeishuSim> {
  const s = newState(opts);
  const gw = new Gateway(s, {
    eventTimeoutMs: opts.eventTimeoutMs ?? 3000,
    callbackTimeoutMs: opts.callbackTimeoutMs ?? 3000,
    retryDelaysMs: opts.retryDelaysMs ?? [15_000, 300_000, 3_600_000, 21_600_000],
    clientConfig: { ...DEFAULT_CLIENT_CONFIG, ...opts.clientConfig },
    maxConnections: opts.maxConnections ?? 50,
    maxFrameBytes: opts.maxFrameBytes ?? 0,
  });
  const table = routes(s, gw);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  server.on('request', (req, res) => {
    handle(s, table, req, res, url).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('upgrade', (req, socket, head) => gw.upgrade(req, socket, head));
  const addApp = (input?: AppInput): SimApp => {
    const app = makeApp(input);
    s.apps.set(app.appId, app);
    return app;
  };
  const first = (opts.apps?.length ? opts.apps : [{}]).map(addApp)[0] as SimApp;
  return directoryApi(s, gw, { url, app: first, server, addApp });
}

function directoryApi(
  s: SimState,
  gw: Gateway,
  base: { url: string; app: SimApp; server: http.Server; addApp: (i?: AppInput) => SimApp },
): FeishuSim {
  const usr = (id: string): SimUser => {
    const u = s.users.get(id);
    if (!u) throw new Error(`feishu-sim: no user ${id}`);
    return u;
  };
  return {
    url: base.url,
    app: base.app,
    tenantKey: s.tenantKey,
    addApp: base.addApp,
    close: async () => {
      gw.close();
      base.server.closeAllConnections();
      await new Promise<void>((r) => base.server.close(() => r()));
    },
    ...directory(s, gw),
    user: (id) => s.users.get(id),
    openId: (userId, app) => openIdOf(idOf(app) ?? base.app.appId, userId),
    sent: s.sent,
    waitForSent: (pred, timeoutMs = 5000) => waitFor(() => s.sent.find(pred), timeoutMs, 'a sent message'),
    card: (id) => s.cards.get(id)?.content,
    cardState: (id) => s.cards.get(id),
    press: (p) => press(s, gw, p),
    codeFor: (userId, app) => {
      usr(userId);
      return newCode(s, idOf(app) ?? base.app.appId, userId, null);
    },
    events: gw.events,
    waitForEvent: (pred, timeoutMs = 5000) => waitFor(() => gw.events.find(pred), timeoutMs, 'an event'),
    connections: (app) => gw.connections(idOf(app)).length,
    connectionList: (app) => gw.connections(idOf(app)).map(({ deviceId, appId: a, openedAt, pings }) => ({ deviceId, appId: a, openedAt, pings })),
    dropConnections: (app) => gw.drop(idOf(app)),
    fail(kind, f = {}) {
      const list = s.faults.get(kind) ?? [];
      list.push({ status: f.status, code: f.code ?? f.errcode, msg: f.msg, times: f.times ?? 1 });
      s.faults.set(kind, list);
    },
    setLatency(ms) {
      s.latencyMs = ms;
    },
    expireTokens() {
      for (const t of s.tokens.values()) t.expiresAt = Math.min(t.expiresAt, Date.now() - 1);
    },
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sim = await startFeishuSim({ port: Number(arg('port') ?? 9310), host: arg('host') });
  sim.addDepartment({ departmentId: 'd-ops', name: 'Operations' });
  sim.addUser({
    userId: 'u-alice',
    name: 'Alice',
    mobile: '+8613800000001',
    email: 'alice@example.com',
    employeeNo: 'E001',
    departmentIds: ['d-ops'],
  });
  sim.addUser({ userId: 'u-bob', name: 'Bob', mobile: '+8613800000002', email: 'bob@example.com', employeeNo: 'E002', departmentIds: ['d-ops'] });
  console.log(JSON.stringify({ url: sim.url, appId: sim.app.appId, appSecret: sim.app.appSecret, users: ['u-alice', 'u-bob'] }));
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
