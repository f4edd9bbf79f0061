// The long connection ("长连接") of the Feishu simulator (docs/protocols/feishu.md, "Long connection"): the endpoint that
// hands out a WebSocket URL, the WebSocket itself (pbbp2 frames), ping/pong with the ClientConfig, events pushed to one
// random connection of an app and re-pushed on the documented schedule when not acknowledged within 3 s, and card
// callbacks whose answer must come back in the response frame within 3 s.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { decodeFrame, encodeFrame, type Frame, header, METHOD_CONTROL, METHOD_DATA } from './feishu-sim.frames.js';
import { hex, type Obj, type SimState, takeFault } from './feishu-sim.model.js';
import type { Req, Res } from './feishu-sim.rest.js';

export interface ClientConfig {
  PingInterval: number;
  ReconnectCount: number;
  ReconnectInterval: number;
  ReconnectNonce: number;
}
export interface GatewayOptions {
  /** Time an event's handler has to acknowledge it (the platform's 3 s). */
  eventTimeoutMs: number;
  /** Time a card callback has to be answered (the platform's 3 s). */
  callbackTimeoutMs: number;
  /** Delays of the re-pushes of an unacknowledged event (the platform's 15 s, 5 min, 1 h, 6 h). */
  retryDelaysMs: number[];
  clientConfig: ClientConfig;
  /** Connections allowed per app (the platform's 50). */
  maxConnections: number;
  /** Split a payload into frames of at most this many bytes (sum/seq headers); 0 never splits. */
  maxFrameBytes: number;
}
export interface Conn {
  deviceId: string;
  appId: string;
  serviceId: number;
  ws: WebSocket;
  openedAt: number;
  pings: number;
}
export interface Attempt {
  connId: string | null;
  ok: boolean;
  ms: number;
  /** The `code` of the response frame's payload (200 success, 500 handler failed), absent when none came in time. */
  code?: number;
  at: number;
}
export interface EventRecord {
  eventId: string;
  eventType: string;
  appId: string;
  payload: Obj;
  attempts: Attempt[];
  acked: boolean;
  /** True once every re-push failed. */
  gaveUp: boolean;
}
export interface Delivery {
  connId: string | null;
  /** The response frame's payload, parsed, or null when none came in time. */
  response: { code?: number; data?: string } | null;
  ms: number;
}

interface Pending {
  connId: string;
  resolve: (r: Delivery['response']) => void;
  timer: NodeJS.Timeout;
}

export class Gateway {
  readonly conns = new Map<string, Conn>();
  readonly events: EventRecord[] = [];
  private readonly tickets = new Map<string, { appId: string; expiresAt: number }>();
  private readonly pending = new Map<string, Pending>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private seq = 0;
  private closed = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly s: SimState,
    readonly o: GatewayOptions,
  ) {}

  /** Runs fn whenever an event record changes (waitForEvent). */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  connections(appId?: string): Conn[] {
    return [...this.conns.values()].filter((c) => !appId || c.appId === appId);
  }

  /** POST /callback/ws/endpoint: {AppID, AppSecret} → {code, msg, data: {URL, ClientConfig}}. */
  endpoint(req: Req): Res {
    const f = takeFault(this.s, 'ws.endpoint');
    if (f) return { status: f.status ?? 200, body: { code: f.code ?? 1, msg: f.msg ?? 'system busy', data: {} } };
    const app = this.s.apps.get(String(req.body.AppID ?? ''));
    if (!app || app.appSecret !== req.body.AppSecret) return { status: 200, body: { code: 514, msg: 'auth failed', data: {} } };
    if (this.connections(app.appId).length >= this.o.maxConnections) {
      return { status: 200, body: { code: 1000040350, msg: 'exceed connection limit', data: {} } };
    }
    const ticket = hex(16);
    this.tickets.set(ticket, { appId: app.appId, expiresAt: Date.now() + 5 * 60_000 });
    const serviceId = 33554678;
    const url = new URL('/ws/v2', req.baseUrl.replace(/^http/, 'ws'));
    // fpid first: the Node SDK reads device_id/service_id with qs.parse(URL), which only works after the first '&'.
    url.search = `fpid=493&aid=552564&device_id=${hex(8)}&access_key=${hex(16)}&service_id=${serviceId}&ticket=${ticket}`;
    return { status: 200, body: { code: 0, msg: 'ok', data: { URL: url.toString(), ClientConfig: { ...this.o.clientConfig } } } };
  }

  private reject(socket: Duplex, status: number, handshakeStatus: number, msg: string, authErr?: number): void {
    const lines = [
      `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Request'}`,
      `Handshake-Status: ${handshakeStatus}`,
      `Handshake-Msg: ${msg}`,
    ];
    if (authErr) lines.push(`Handshake-Autherrcode: ${authErr}`);
    socket.end(`${lines.join('\r\n')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  }

  /** The WebSocket upgrade of GET /ws/v2?...&ticket=: single-use tickets, the per-app connection limit. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (url.pathname !== '/ws/v2') {
      this.reject(socket, 400, 400, 'unknown path');
      return;
    }
    const f = takeFault(this.s, 'ws.connect');
    if (f) {
      this.reject(socket, f.status ?? 403, 514, f.msg ?? 'auth failed', f.code);
      return;
    }
    const ticket = this.tickets.get(url.searchParams.get('ticket') ?? '');
    this.tickets.delete(url.searchParams.get('ticket') ?? '');
    if (!ticket || ticket.expiresAt <= Date.now()) {
      this.reject(socket, 403, 514, 'invalid ticket');
      return;
    }
    if (this.connections(ticket.appId).length >= this.o.maxConnections) {
      this.reject(socket, 403, 514, 'exceed conn limit', 1000040350);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = {
        deviceId: url.searchParams.get('device_id') ?? hex(8),
        appId: ticket.appId,
        serviceId: Number(url.searchParams.get('service_id')),
        ws,
        openedAt: Date.now(),
        pings: 0,
      };
      this.conns.set(conn.deviceId, conn);
      ws.on('message', (data: Buffer) => this.onFrame(conn, data));
      ws.on('close', () => this.onClose(conn));
      ws.on('error', () => ws.terminate());
    });
  }

  private onClose(conn: Conn): void {
    this.conns.delete(conn.deviceId);
    for (const [id, p] of this.pending) {
      if (p.connId !== conn.deviceId) continue;
      this.pending.delete(id);
      p.resolve(null);
    }
  }

  private onFrame(conn: Conn, data: Buffer): void {
    let frame: Frame;
    try {
      frame = decodeFrame(data);
    } catch {
      return;
    }
    if (frame.method === METHOD_CONTROL && header(frame, 'type') === 'ping') {
      conn.pings++;
      const pong: Frame = { SeqID: 0, LogID: 0, service: frame.service, method: METHOD_CONTROL, headers: [{ key: 'type', value: 'pong' }] };
      pong.payload = Buffer.from(JSON.stringify(this.o.clientConfig));
      conn.ws.send(encodeFrame(pong));
      return;
    }
    if (frame.method !== METHOD_DATA) return;
    const id = header(frame, 'message_id') ?? '';
    const p = this.pending.get(id);
    if (!p) return; // late or unknown: the platform has already given up on it
    this.pending.delete(id);
    try {
      p.resolve(JSON.parse(Buffer.from(frame.payload ?? []).toString()) as { code?: number; data?: string });
    } catch {
      p.resolve({});
    }
  }

  /** Sends one payload (as data frames) to one random open connection of the app and waits for its response frame. */
  deliver(appId: string, payload: Obj, timeoutMs: number): Promise<Delivery> {
    const open = this.connections(appId).filter((c) => c.ws.readyState === c.ws.OPEN);
    const conn = open[Math.floor(Math.random() * open.length)];
    const started = Date.now();
    if (!conn) return Promise.resolve({ connId: null, response: null, ms: 0 });
    const messageId = hex(16);
    const bytes = Buffer.from(JSON.stringify(payload));
    const size = this.o.maxFrameBytes > 0 ? this.o.maxFrameBytes : bytes.length || 1;
    const parts: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
    const traceId = hex(8);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(messageId);
        resolve({ connId: conn.deviceId, response: null, ms: Date.now() - started });
      }, timeoutMs);
      this.pending.set(messageId, {
        connId: conn.deviceId,
        timer,
        resolve: (response) => {
          clearTimeout(timer);
          resolve({ connId: conn.deviceId, response, ms: Date.now() - started });
        },
      });
      parts.forEach((part, i) => {
        const headers = [
          ['type', 'event'],
          ['message_id', messageId],
          ['sum', String(parts.length)],
          ['seq', String(i)],
          ['trace_id', traceId],
          ['timestamp', String(Date.now())],
        ].map(([key, value]) => ({ key: key as string, value: value as string }));
        const frame: Frame = {
          SeqID: ++this.seq,
          LogID: Math.floor(Math.random() * 2 ** 40),
          service: conn.serviceId,
          method: METHOD_DATA,
          headers,
          payload: part,
        };
        conn.ws.send(encodeFrame(frame));
      });
    });
  }

  /** The v2 schema envelope: {schema, header: {event_id, event_type, create_time, token, app_id, tenant_key}, event}. */
  envelope(appId: string, eventType: string, event: Obj): Obj {
    const app = this.s.apps.get(appId);
    return {
      schema: '2.0',
      header: {
        event_id: hex(16),
        event_type: eventType,
        create_time: String(Date.now()),
        token: app?.verificationToken ?? '',
        app_id: appId,
        tenant_key: this.s.tenantKey,
      },
      event,
    };
  }

  /** Pushes an event (v2 schema) to the app; an unacknowledged push is re-pushed on the retry schedule. */
  pushEvent(appId: string, eventType: string, event: Obj): EventRecord {
    const payload = this.envelope(appId, eventType, event);
    const eventId = (payload.header as { event_id: string }).event_id;
    const rec: EventRecord = { eventId, eventType, appId, payload, attempts: [], acked: false, gaveUp: false };
    this.events.push(rec);
    void this.attempt(rec);
    return rec;
  }

  private async attempt(rec: EventRecord): Promise<void> {
    const d = await this.deliver(rec.appId, rec.payload, this.o.eventTimeoutMs);
    if (this.closed) return;
    const code = d.response?.code;
    const ok = code === 200;
    rec.attempts.push({ connId: d.connId, ok, ms: d.ms, ...(code === undefined ? {} : { code }), at: Date.now() });
    rec.acked = ok;
    const retry = this.o.retryDelaysMs[rec.attempts.length - 1];
    if (!ok && retry === undefined) rec.gaveUp = true;
    this.changed();
    if (ok || retry === undefined) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.attempt(rec);
    }, retry);
    this.timers.add(t);
  }

  /** Closes every connection of the app (all when no app), as a platform restart would. */
  drop(appId?: string): number {
    const list = this.connections(appId);
    for (const c of list) {
      c.ws.close(1001, 'server restart');
      this.onClose(c); // forgotten at once, as a restarted gateway would, not when the closing handshake ends
    }
    return list.length;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.resolve(null);
    }
    this.pending.clear();
    for (const c of this.conns.values()) c.ws.terminate();
    this.wss.close();
  }
}
