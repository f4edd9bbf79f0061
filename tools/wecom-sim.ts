// WeCom (企业微信) in software, for tests and e2e: one local HTTP server playing qyapi.weixin.qq.com (token,
// directory, messages, template cards, OAuth identity), open.weixin.qq.com and login.work.weixin.qq.com (the sign-in
// pages), and WeCom's own calls to an app's callback URL (URL verification, encrypted template_card_event and
// change_contact POSTs with WeCom's 5 s limit and three retries). Written from the published documents
// (docs/protocols/wecom.md names each), apart from the server's client on purpose: a shared misreading would pass.
// CLI: node --import tsx tools/wecom-sim.ts [--port 9310] [--callback URL --token T --aeskey K]
import type { AddressInfo } from 'node:net';
import process from 'node:process';
import { type CallbackOptions, type Delivery, type Verification, verifyUrl } from './wecom-sim.callback.js';
import { controlRoute } from './wecom-sim.control.js';
import { newEncodingAESKey } from './wecom-sim.crypto.js';
import * as dir from './wecom-sim.directory.js';
import { createSimServer, type SimCtx } from './wecom-sim.http.js';
import { findCard, type PressInput, type PressResult, press } from './wecom-sim.messages.js';
import { issueCode } from './wecom-sim.oauth.js';
import {
  type Corp,
  newCorp,
  type WeComApp,
  type WeComAppInput,
  type WeComCard,
  type WeComDepartment,
  type WeComSent,
  type WeComUser,
  type WeComUserInput,
} from './wecom-sim.state.js';

export type { Delivery, Verification } from './wecom-sim.callback.js';
export { buildXml, decryptMsg, encryptMsg, msgSignature, parseXml } from './wecom-sim.crypto.js';
export type { PressInput, PressResult } from './wecom-sim.messages.js';
export type { WeComApp, WeComAppInput, WeComCard, WeComDepartment, WeComSent, WeComUser, WeComUserInput } from './wecom-sim.state.js';

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
  setCallback(
    agentId: number,
    cb: { url: string; token?: string; encodingAESKey?: string } | null,
    opts?: { corpId?: string; verify?: boolean },
  ): Promise<Verification | null>;
  /**
   * Sets (or clears) the corp's contacts-sync assistant callback, where change_contact events go; verified like an
   * app's. fullFields: an assistant configured before 2022-08-15 (every field) instead of after (UserID/Department).
   */
  setContactSync(
    cb: { url: string; token?: string; encodingAESKey?: string } | null,
    opts?: { corpId?: string; verify?: boolean; fullFields?: boolean },
  ): Promise<Verification | null>;
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

const DEFAULT_SEED: WeComAppInput = { corpId: 'wwsim00000000001', agentId: 1000002, secret: 'sim-secret-1000002', name: 'OpenVisit' };
type AppControls = Pick<
  WeComSim,
  | 'apps'
  | 'addApp'
  | 'setCallback'
  | 'setContactSync'
  | 'addDepartment'
  | 'updateDepartment'
  | 'removeDepartment'
  | 'addUser'
  | 'updateUser'
  | 'removeUser'
  | 'user'
>;
type TestControls = Omit<WeComSim, keyof AppControls | 'url' | 'corpId' | 'agentId' | 'secret' | 'close'>;

function newCtx(opts: WeComSimOptions, onSent: () => void): SimCtx {
  const callbackOptions = (): CallbackOptions => ({
    timeoutMs: opts.callbackTimeoutMs ?? 5000,
    retries: opts.callbackRetries ?? 3,
    retryDelayMs: opts.callbackRetryDelayMs ?? 1000,
  });
  return {
    faults: [],
    latencyMs: opts.latencyMs ?? 0,
    corps: new Map(),
    apps: [],
    tokens: new Map(),
    tokenTtlSec: opts.tokenTtlSec ?? 7200,
    now: opts.now ?? Date.now,
    sent: [],
    cards: new Map(),
    responseCodes: new Map(),
    deliveries: [],
    pending: new Set(),
    codes: new Map(),
    tickets: new Map(),
    callbackOptions,
    onSent,
  };
}

const corpOf = (ctx: SimCtx, corpId?: string): Corp => {
  const corp = ctx.corps.get(corpId ?? ctx.apps[0]?.corpId ?? '');
  if (!corp) throw new Error(`no corp ${corpId ?? '(none seeded)'}`);
  return corp;
};
const appOf = (ctx: SimCtx, agentId?: number, corpId?: string): WeComApp => {
  const app = ctx.apps.find((a) => (agentId === undefined || a.agentId === agentId) && (corpId === undefined || a.corpId === corpId));
  if (!app) throw new Error(`no app ${agentId ?? ''}`);
  return app;
};

function appControls(ctx: SimCtx, verifyTimeoutMs: number): AppControls {
  return {
    apps: () => ctx.apps,
    addApp(input) {
      if (ctx.apps.some((a) => a.corpId === input.corpId && a.agentId === input.agentId)) throw new Error(`app ${input.agentId} exists`);
      const app: WeComApp = { name: `app-${input.agentId}`, privateFields: false, contactEvents: false, ...input, callback: input.callback ?? null };
      if (!ctx.corps.has(app.corpId)) ctx.corps.set(app.corpId, newCorp(app.corpId));
      ctx.apps.push(app);
      return app;
    },
    async setCallback(agentId, cb, o = {}) {
      const app = appOf(ctx, agentId, o.corpId);
      if (!cb) {
        app.callback = null;
        return null;
      }
      const next = { url: cb.url, token: cb.token ?? 'simtoken', encodingAESKey: cb.encodingAESKey ?? newEncodingAESKey() };
      if (o.verify === false) {
        app.callback = next;
        return null;
      }
      const v = await verifyUrl({ ...app, callback: next }, verifyTimeoutMs);
      if (v.ok) app.callback = next;
      return v;
    },
    async setContactSync(cb, o = {}) {
      const corp = corpOf(ctx, o.corpId);
      if (!cb) {
        corp.contactSync = null;
        return null;
      }
      const callback = { url: cb.url, token: cb.token ?? 'simtoken', encodingAESKey: cb.encodingAESKey ?? newEncodingAESKey() };
      const v = o.verify === false ? null : await verifyUrl({ corpId: corp.corpId, agentId: null, callback }, verifyTimeoutMs);
      if (!v || v.ok) corp.contactSync = { callback, fullFields: o.fullFields ?? false };
      return v;
    },
    addDepartment: (d, corpId) => dir.addDepartment(ctx, corpOf(ctx, corpId), d),
    updateDepartment: (id, patch, corpId) => dir.updateDepartment(ctx, corpOf(ctx, corpId), id, patch),
    removeDepartment: (id, corpId) => dir.removeDepartment(ctx, corpOf(ctx, corpId), id),
    addUser: (u, corpId) => dir.addUser(ctx, corpOf(ctx, corpId), u),
    updateUser: (id, patch, corpId) => dir.updateUser(ctx, corpOf(ctx, corpId), id, patch),
    removeUser: (id, corpId) => dir.removeUser(ctx, corpOf(ctx, corpId), id),
    user: (id, corpId) => corpOf(ctx, corpId).users.get(id),
  };
}

function waitForSent(ctx: SimCtx, waiters: Set<() => boolean>, pred: (m: WeComSent) => boolean, timeoutMs: number): Promise<WeComSent> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const m = ctx.sent.find(pred);
      if (m) {
        waiters.delete(check);
        clearTimeout(timer);
        resolve(m);
      }
      return !!m;
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no matching message within ${timeoutMs} ms (${ctx.sent.length} sent)`));
    }, timeoutMs);
    if (!check()) waiters.add(check);
  });
}

function testControls(ctx: SimCtx, waiters: Set<() => boolean>): TestControls {
  return {
    sent: ctx.sent,
    waitForSent: (pred, timeoutMs = 5000) => waitForSent(ctx, waiters, pred, timeoutMs),
    card: (id) => ctx.cards.get(id) ?? findCard(ctx, { taskId: id }),
    press: (input) => press(ctx, input),
    deliveries: ctx.deliveries,
    async settled() {
      while (ctx.pending.size > 0) await Promise.all([...ctx.pending]);
    },
    codeFor(userId, o = {}) {
      const app = appOf(ctx, o.agentId, o.corpId);
      if (!ctx.corps.get(app.corpId)?.users.has(userId)) throw new Error(`no user ${userId}`);
      return issueCode(ctx, { corpId: app.corpId, agentId: app.agentId, userId, scope: o.scope });
    },
    codeForOpenId(openId, o = {}) {
      const app = appOf(ctx, o.agentId, o.corpId);
      return issueCode(ctx, { corpId: app.corpId, agentId: app.agentId, openId });
    },
    fail(kind, f = {}) {
      ctx.faults.push({ kind, status: f.status, errcode: f.errcode, errmsg: f.errmsg, times: f.times ?? 1 });
    },
    setLatency(ms) {
      ctx.latencyMs = ms;
    },
    expireTokens() {
      for (const t of ctx.tokens.values()) t.expired = true;
    },
  };
}

export async function startWeComSim(opts: WeComSimOptions = {}): Promise<WeComSim> {
  const waiters = new Set<() => boolean>();
  const ctx = newCtx(opts, () => {
    for (const w of [...waiters]) w();
  });
  const server = createSimServer(ctx);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const apps = appControls(ctx, opts.verifyTimeoutMs ?? 1000);
  const seed = opts.seed === false ? null : apps.addApp(opts.seed ?? DEFAULT_SEED);
  const sim: WeComSim = {
    url,
    corpId: seed?.corpId ?? '',
    agentId: seed?.agentId ?? 0,
    secret: seed?.secret ?? '',
    ...apps,
    ...testControls(ctx, waiters),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  ctx.control = controlRoute(sim);
  return sim;
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
    await sim.setCallback(
      sim.agentId,
      { url: args.get('callback')!, token: args.get('token'), encodingAESKey: args.get('aeskey') },
      { verify: false },
    );
  }
  const app = sim.apps()[0]!;
  sim.addUser({
    userid: 'zhangsan',
    name: '张三',
    department: [1],
    mobile: '13800000000',
    email: 'zhangsan@example.com',
    biz_mail: 'zhangsan@corp.example.com',
  });
  console.log(`WeCom simulator at ${sim.url}`);
  console.log(`corpid=${app.corpId} corpsecret=${app.secret} agentid=${app.agentId}`);
  if (app.callback) console.log(`callback=${app.callback.url} token=${app.callback.token} encodingAESKey=${app.callback.encodingAESKey}`);
  console.log(
    `sign in: ${sim.url}/connect/oauth2/authorize?appid=${app.corpId}&redirect_uri=<url>&response_type=code&scope=snsapi_base&state=x&agentid=${app.agentId}&login_as=zhangsan`,
  );
}
