// The Stream gateway of tools/dingtalk-sim.ts: POST /v1.0/gateway/connections/open hands out an endpoint and a
// single-use ticket; the WebSocket at that endpoint carries SYSTEM (ping, disconnect), EVENT and CALLBACK frames and the
// client's acks (DingTalk's "Stream 模式协议"; docs/protocols/dingtalk.md, section "Stream").
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { type DtState, json, requestId, type SimAnswer } from './dingtalk-sim.state.js';

export interface StreamOptions {
  /** An EVENT not acknowledged with status SUCCESS is pushed again after this long (DingTalk: about 60 s). */
  resendAfterMs: number;
  /** Give up on an event after this many pushes (default: never). */
  maxPushes: number;
  /** SYSTEM ping interval (0: only when a test calls ping()). */
  pingIntervalMs: number;
  /** After a SYSTEM disconnect the server closes the socket this much later (the protocol says 10 s). */
  disconnectGraceMs: number;
  /** A ticket is good for this long (the protocol says 90 s). */
  ticketTtlMs: number;
  /** Which open connection gets a push: random (the documented policy), or the oldest / newest. */
  pick: 'random' | 'oldest' | 'newest';
  /** Connections per app before onExtraConnection applies (default: no limit, as documented). */
  maxConnections: number;
  /** replace-oldest: the oldest gets a SYSTEM disconnect; refuse: the handshake is refused (HTTP 403). */
  onExtraConnection: 'replace-oldest' | 'refuse';
}
export type Subscription = { type: string; topic: string };
export interface StreamConnection {
  id: string;
  appKey: string;
  subscriptions: Subscription[];
  ua: string;
  openedAt: number;
  ws: WebSocket;
  /** Set once a SYSTEM disconnect was sent: it gets no more pushes. */
  leaving: boolean;
}
/** One pushed EVENT or CALLBACK and what became of it. */
export interface StreamPush {
  messageId: string;
  appKey: string;
  type: 'EVENT' | 'CALLBACK';
  topic: string;
  eventType?: string;
  /** The frame's headers beyond the common ones (an EVENT's eventType, eventId, eventCorpId…). */
  headers: Record<string, string>;
  data: string;
  pushes: { connectionId: string; at: number }[];
  ack?: { code: number; message: string; data: unknown; at: number; connectionId: string };
  /** EVENT: acknowledged with status SUCCESS; CALLBACK: answered at all. */
  done: boolean;
  /** What in the client's ack differs from the documented shape. */
  problems: string[];
}
export const CARD_TOPIC = '/v1.0/card/instances/callback';

type Waiter = (p: StreamPush) => void;

export class DtGateway {
  readonly wss = new WebSocketServer({ noServer: true });
  readonly conns = new Set<StreamConnection>();
  readonly pushLog: StreamPush[] = [];
  private tickets = new Map<string, { appKey: string; subscriptions: Subscription[]; ua: string; expiresAt: number }>();
  private timers = new Set<NodeJS.Timeout>();
  private waiters = new Map<string, Waiter[]>();
  /** messageId of a SYSTEM ping → its opaque and the waiter (the answer must echo the opaque). */
  private pings = new Map<string, { opaque: string; done: (ok: boolean) => void }>();
  private pinger?: NodeJS.Timeout;
  private msgSeq = 0;

  constructor(
    private st: DtState,
    private opts: StreamOptions,
    private endpoint: () => string,
  ) {
    if (opts.pingIntervalMs > 0) this.pinger = setInterval(() => void this.pingAll(), opts.pingIntervalMs);
  }

  /** POST /v1.0/gateway/connections/open. */
  open(body: Record<string, unknown> | null): SimAnswer {
    const app = this.st.apps.get(String(body?.clientId ?? ''));
    if (!body || !app || app.appSecret !== body.clientSecret)
      return json({ code: 'invalidClientIdOrSecret', message: '无效的clientId或者clientSecret', requestid: requestId() }, 400);
    const subs = body.subscriptions;
    const valid = (s: unknown): s is Subscription => {
      const x = s as Subscription;
      return (
        !!x && (x.type === 'EVENT' || x.type === 'CALLBACK') && typeof x.topic === 'string' && !!x.topic && (x.type !== 'EVENT' || x.topic === '*')
      );
    };
    if (!Array.isArray(subs) || !subs.length || !subs.every(valid))
      return json(
        { code: 'invalidParameter', message: 'subscriptions: [{type: EVENT|CALLBACK, topic}] (EVENT only with *)', requestid: requestId() },
        400,
      );
    const ticket = randomUUID();
    this.tickets.set(ticket, {
      appKey: app.appKey,
      subscriptions: subs,
      ua: String(body.ua ?? ''),
      expiresAt: this.st.now() + this.opts.ticketTtlMs,
    });
    return json({ endpoint: this.endpoint(), ticket });
  }

  /** The WebSocket handshake at the endpoint: the ticket is checked and spent. */
  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://sim');
    const refuse = (status: string) => {
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    if (url.pathname !== '/connect') return void refuse('404 Not Found');
    const ticket = url.searchParams.get('ticket') ?? '';
    const t = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    if (!t || t.expiresAt <= this.st.now()) return void refuse('401 Unauthorized');
    const mine = this.connections(t.appKey);
    if (mine.length >= this.opts.maxConnections && this.opts.onExtraConnection === 'refuse') return void refuse('403 Forbidden');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: StreamConnection = {
        id: randomUUID(),
        appKey: t.appKey,
        subscriptions: t.subscriptions,
        ua: t.ua,
        openedAt: this.st.now(),
        ws,
        leaving: false,
      };
      this.conns.add(conn);
      ws.on('message', (raw) => this.onFrame(conn, raw.toString()));
      ws.on('close', () => this.conns.delete(conn));
      ws.on('error', () => this.conns.delete(conn));
      if (mine.length >= this.opts.maxConnections)
        this.disconnect(mine.sort((a, b) => a.openedAt - b.openedAt)[0]!, 'a new connection of this app replaced this one');
      this.flushBacklog(t.appKey);
    });
  }

  /** Open connections of an app (not yet told to leave). */
  connections(appKey: string): StreamConnection[] {
    return [...this.conns].filter((c) => c.appKey === appKey && !c.leaving && c.ws.readyState === 1);
  }

  private frame(conn: StreamConnection | null, type: string, headers: Record<string, string>, data: unknown) {
    const base = conn ? { appId: this.st.apps.get(conn.appKey)?.unifiedAppId ?? '', connectionId: conn.id } : {};
    return JSON.stringify({
      specVersion: '1.0',
      type,
      headers: { ...base, contentType: 'application/json', time: String(this.st.now()), ...headers },
      data: JSON.stringify(data),
    });
  }

  private nextMessageId(): string {
    return `${randomBytes(4).toString('hex')}_${++this.msgSeq}_${this.st.now().toString(16)}`;
  }

  /** A SYSTEM disconnect, then the server closes the socket after the grace period. */
  disconnect(conn: StreamConnection, reason: string): void {
    conn.leaving = true;
    conn.ws.send(this.frame(null, 'SYSTEM', { topic: 'disconnect', messageId: this.nextMessageId() }, { reason }));
    this.later(() => conn.ws.close(1000, 'disconnect'), this.opts.disconnectGraceMs);
  }

  /** Closes an app's connections: gracefully (SYSTEM disconnect first), or abruptly as a platform restart would. */
  drop(appKey: string, graceful: boolean): number {
    const mine = [...this.conns].filter((c) => c.appKey === appKey);
    for (const c of mine) {
      if (graceful) this.disconnect(c, 'persistent connection is timeout');
      else {
        c.leaving = true;
        c.ws.terminate();
      }
    }
    return mine.length;
  }

  private subscribed(c: StreamConnection, type: 'EVENT' | 'CALLBACK', topic: string): boolean {
    return c.subscriptions.some((s) => s.type === type && (s.topic === topic || (type === 'EVENT' && s.topic === '*')));
  }

  private choose(p: StreamPush): StreamConnection | undefined {
    const open = this.connections(p.appKey).filter((c) => this.subscribed(c, p.type, p.topic));
    if (!open.length) return undefined;
    if (this.opts.pick === 'oldest') return open[0];
    if (this.opts.pick === 'newest') return open[open.length - 1];
    return open[Math.floor(Math.random() * open.length)];
  }

  /** Pushes an EVENT to one connection of the app; re-pushed until acknowledged with SUCCESS. */
  pushEvent(appKey: string, eventType: string, data: Record<string, unknown>): StreamPush {
    const app = this.st.apps.get(appKey);
    const headers = {
      eventType,
      eventId: randomUUID().replaceAll('-', ''),
      eventCorpId: app?.corpId ?? '',
      eventBornTime: String(this.st.now()),
      eventUnifiedAppId: app?.unifiedAppId ?? '',
    };
    const p = this.newPush(appKey, 'EVENT', '*', JSON.stringify(data), headers);
    p.eventType = eventType;
    this.deliver(p);
    return p;
  }

  /** Pushes a CALLBACK once (DingTalk does not re-push callbacks); false when no connection subscribed its topic. */
  pushCallback(appKey: string, topic: string, data: Record<string, unknown>): StreamPush | null {
    const p = this.newPush(appKey, 'CALLBACK', topic, JSON.stringify(data), {});
    const conn = this.choose(p);
    if (!conn) return null;
    this.send(conn, p);
    return p;
  }

  private newPush(appKey: string, type: StreamPush['type'], topic: string, data: string, headers: Record<string, string>): StreamPush {
    const p: StreamPush = { messageId: this.nextMessageId(), appKey, type, topic, headers, data, pushes: [], done: false, problems: [] };
    this.pushLog.push(p);
    return p;
  }

  private send(conn: StreamConnection, p: StreamPush) {
    p.pushes.push({ connectionId: conn.id, at: this.st.now() });
    const frame = JSON.parse(this.frame(conn, p.type, { messageId: p.messageId, topic: p.topic, ...p.headers }, null)) as Record<string, unknown>;
    conn.ws.send(JSON.stringify({ ...frame, data: p.data }));
  }

  private deliver(p: StreamPush) {
    if (p.done || p.pushes.length >= this.opts.maxPushes) return;
    const conn = this.choose(p);
    if (conn) this.send(conn, p);
    // Not delivered (no connection) or not acknowledged: tried again later, as DingTalk re-pushes events.
    this.later(() => this.deliver(p), this.opts.resendAfterMs);
  }

  /** A connection opened: pushes waiting for one go now (their timers keep running for the re-push). */
  private flushBacklog(appKey: string) {
    for (const p of this.pushLog) {
      if (p.appKey !== appKey || p.type !== 'EVENT' || p.done || p.pushes.length) continue;
      const conn = this.choose(p);
      if (conn) this.send(conn, p);
    }
  }

  private onFrame(conn: StreamConnection, raw: string) {
    let f: { code?: unknown; headers?: { messageId?: unknown; contentType?: unknown }; message?: unknown; data?: unknown };
    try {
      f = JSON.parse(raw);
    } catch {
      return;
    }
    const id = String(f.headers?.messageId ?? '');
    const ping = this.pings.get(id);
    if (ping) {
      this.pings.delete(id);
      let echoed: unknown;
      try {
        echoed = typeof f.data === 'string' ? (JSON.parse(f.data) as { opaque?: unknown }).opaque : undefined;
      } catch {
        echoed = undefined;
      }
      return ping.done(f.code === 200 && echoed === ping.opaque);
    }
    const p = this.pushLog.find((x) => x.messageId === id);
    if (!p || (p.ack && p.done)) return;
    this.acknowledge(conn, p, f);
  }

  private acknowledge(
    conn: StreamConnection,
    p: StreamPush,
    f: { code?: unknown; headers?: { contentType?: unknown }; message?: unknown; data?: unknown },
  ) {
    const problems: string[] = [];
    if (typeof f.code !== 'number') problems.push('code is not a number');
    if (f.headers?.contentType !== 'application/json') problems.push('headers.contentType is not application/json');
    if (typeof f.message !== 'string') problems.push('message is not a string');
    let data: unknown = f.data;
    if (typeof f.data !== 'string') problems.push('data is not a JSON string');
    else
      try {
        data = JSON.parse(f.data);
      } catch {
        problems.push('data is not JSON');
      }
    p.ack = { code: Number(f.code), message: String(f.message ?? ''), data, at: this.st.now(), connectionId: conn.id };
    p.problems.push(...problems);
    if (p.type === 'EVENT') {
      const status = (data as { status?: unknown } | null)?.status;
      if (status !== 'SUCCESS' && status !== 'LATER') p.problems.push('data.status is neither SUCCESS nor LATER');
      p.done = f.code === 200 && status === 'SUCCESS';
    } else p.done = true;
    for (const w of this.waiters.get(p.messageId) ?? []) w(p);
    this.waiters.delete(p.messageId);
  }

  /** Resolves with the push once acknowledged (any ack), or null after timeoutMs. */
  waitForAck(p: StreamPush, timeoutMs: number): Promise<StreamPush | null> {
    if (p.ack) return Promise.resolve(p);
    return new Promise((resolve) => {
      const timer = this.later(() => resolve(null), timeoutMs);
      const list = this.waiters.get(p.messageId) ?? [];
      list.push((x) => {
        clearTimeout(timer);
        this.timers.delete(timer);
        resolve(x);
      });
      this.waiters.set(p.messageId, list);
    });
  }

  /** Sends a SYSTEM ping to each connection of the app (or all); true per connection that echoed it within timeoutMs. */
  async ping(appKey?: string, timeoutMs = 2000): Promise<{ connectionId: string; ok: boolean }[]> {
    const targets = [...this.conns].filter((c) => (!appKey || c.appKey === appKey) && c.ws.readyState === 1);
    return Promise.all(
      targets.map(
        (c) =>
          new Promise<{ connectionId: string; ok: boolean }>((resolve) => {
            const messageId = this.nextMessageId();
            const timer = this.later(() => {
              this.pings.delete(messageId);
              resolve({ connectionId: c.id, ok: false });
            }, timeoutMs);
            const opaque = randomUUID();
            const done = (ok: boolean) => {
              clearTimeout(timer);
              resolve({ connectionId: c.id, ok });
            };
            this.pings.set(messageId, { opaque, done });
            c.ws.send(this.frame(null, 'SYSTEM', { topic: 'ping', messageId }, { opaque }));
          }),
      ),
    );
  }

  private pingAll() {
    return this.ping(undefined, Math.max(1000, this.opts.pingIntervalMs / 2));
  }

  private later(fn: () => void, ms: number): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  close(): void {
    if (this.pinger) clearInterval(this.pinger);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.conns) c.ws.terminate();
    this.wss.close();
  }
}
