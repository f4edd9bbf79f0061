import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { fetchBounded, type HttpLimits } from '../contacts/contacts.public.js';
import type { DingTalkPress } from './im.cards.js';
import type { Link } from './im.feishu.link.js';
import type { PlatformTarget } from './im.tokens.js';

/**
 * DingTalk's Stream mode for one company's app (docs/protocols/dingtalk.md "Stream"): a registration call answers a
 * WebSocket endpoint and a one-time ticket; events and card callbacks come down it as JSON frames, each acknowledged.
 * We dial out, so a server without a public address receives them.
 *
 * Written on `ws` rather than DingTalk's Node SDK (`dingtalk-stream`): the protocol is small and documented, and ours
 * keeps what the SDK does not: the registration through our bounded client (a company's own API base only through the
 * endpoint checks, no secret or ticket in a log), an acknowledgement only once an event is handled (so DingTalk re-sends
 * what a failure left undone), and reconnects with a growing pause that the holder can stop.
 */

export interface StreamEvents {
  /** A department or person changed in the organisation's directory. */
  directoryChanged(): Promise<void>;
  /** A card's button was pressed: the answer (the presser's card data) must come back within DingTalk's 2 s. */
  cardPressed(press: DingTalkPress): Promise<unknown>;
}

/** The directory events (通讯录事件) a change of people or departments raises. */
const DIRECTORY_EVENTS = new Set(['user_add_org', 'user_modify_org', 'user_leave_org', 'org_dept_create', 'org_dept_modify', 'org_dept_remove']);
const CARD_TOPIC = '/v1.0/card/instances/callback';
/** WebSocket pings keep the connection through proxies (the SDKs ping every 8 s); a missing pong reconnects. */
const KEEPALIVE_MS = 8_000;
const MAX_PAUSE_MS = 30_000;

interface Frame {
  specVersion?: string;
  type?: string;
  headers?: Record<string, unknown>;
  data?: string;
}

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const ack = (ws: WebSocket, messageId: string, data: unknown) =>
  ws.send(JSON.stringify({ code: 200, headers: { contentType: 'application/json', messageId }, message: 'OK', data: JSON.stringify(data) }));

/** The press in a card CALLBACK's data: `value` is JSON `{cardPrivateData: {actionIds, params}}`. */
function pressOf(data: string | undefined): DingTalkPress {
  let d: Obj = {};
  let v: Obj = {};
  try {
    d = JSON.parse(data ?? '{}') as Obj;
    v = (JSON.parse(str(d.value) || str(d.content) || '{}') as Obj).cardPrivateData as Obj;
  } catch {
    // an unreadable press names no button
  }
  const actionIds = Array.isArray(v?.actionIds) ? (v.actionIds as unknown[]) : [];
  const params = v?.params && typeof v.params === 'object' ? (v.params as Obj) : {};
  return { outTrackId: str(d.outTrackId), userId: str(d.userId), actionId: str(actionIds[0]), params };
}

/** The gateway's registration: the WebSocket endpoint and its one-time ticket. */
async function register(t: PlatformTarget, newBase: string, limits: HttpLimits): Promise<{ endpoint: string; ticket: string }> {
  const answer = await fetchBounded(
    'DingTalk',
    `${newBase}/v1.0/gateway/connections/open`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        clientId: t.appId,
        clientSecret: t.secret,
        subscriptions: [
          { type: 'EVENT', topic: '*' },
          { type: 'CALLBACK', topic: CARD_TOPIC },
        ],
        ua: 'openvisit',
      }),
    },
    limits,
    t.company,
  );
  let body: Obj = {};
  try {
    body = JSON.parse(answer.body.toString('utf8')) as Obj;
  } catch {
    // below
  }
  const endpoint = str(body.endpoint);
  const ticket = str(body.ticket);
  if (answer.status !== 200 || !/^wss?:\/\//.test(endpoint) || !ticket)
    throw new Error(`DingTalk refused the Stream registration: HTTP ${answer.status} ${str(body.code) || str(body.message)}`.trim());
  return { endpoint, ticket };
}

/** One company's Stream: connected until closed, reconnecting after every loss. */
class DingTalkStream implements Link {
  ready = false;
  private closed = false;
  private socket: WebSocket | undefined;
  private retry: NodeJS.Timeout | undefined;
  private keepalive: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly t: PlatformTarget,
    private readonly newBase: string,
    private readonly limits: HttpLimits,
    private readonly log: FastifyBaseLogger,
    private readonly events: StreamEvents,
  ) {
    void this.connect();
  }

  close(): void {
    this.closed = true;
    this.ready = false;
    if (this.retry) clearTimeout(this.retry);
    this.dropSocket();
  }

  private dropSocket(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.socket?.removeAllListeners();
    this.socket?.on('error', () => {});
    this.socket?.terminate();
    this.socket = undefined;
  }

  private async onFrame(ws: WebSocket, raw: WebSocket.RawData): Promise<void> {
    let f: Frame;
    try {
      f = JSON.parse(raw.toString()) as Frame;
    } catch {
      return;
    }
    const h = f.headers ?? {};
    const messageId = str(h.messageId);
    if (f.type === 'SYSTEM') {
      if (h.topic === 'ping') ws.send(JSON.stringify({ code: 200, headers: h, message: 'OK', data: f.data ?? '' }));
      // DingTalk closes the socket soon after a disconnect: open the next one now, so nothing is missed between.
      else if (h.topic === 'disconnect') this.reconnect(ws, 0);
      return;
    }
    if (f.type === 'EVENT') {
      const type = str(h.eventType);
      try {
        if (DIRECTORY_EVENTS.has(type)) await this.events.directoryChanged();
        ack(ws, messageId, { status: 'SUCCESS' });
      } catch (err) {
        this.log.warn({ err, eventType: type }, 'DingTalk event not handled: DingTalk sends it again');
        ack(ws, messageId, { status: 'LATER', message: 'not handled yet' });
      }
      return;
    }
    if (f.type === 'CALLBACK' && h.topic === CARD_TOPIC) {
      try {
        ack(ws, messageId, { response: await this.events.cardPressed(pressOf(f.data)) });
      } catch (err) {
        // Not answered: DingTalk shows the presser an error and re-sends nothing; the decision, if any, stands.
        this.log.warn({ err }, 'DingTalk card press not handled');
      }
    }
  }

  private reconnect(from: WebSocket | undefined, pauseMs: number): void {
    if (this.closed || (from && from !== this.socket)) return;
    this.ready = false;
    this.dropSocket();
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), pauseMs);
    this.retry.unref();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let reg: { endpoint: string; ticket: string };
    try {
      reg = await register(this.t, this.newBase, this.limits);
    } catch (err) {
      this.failures += 1;
      this.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'DingTalk Stream could not register');
      this.reconnect(undefined, Math.min(MAX_PAUSE_MS, 1000 * 2 ** Math.min(this.failures, 5)));
      return;
    }
    if (this.closed) return;
    const url = new URL(reg.endpoint);
    url.searchParams.set('ticket', reg.ticket);
    const ws = new WebSocket(url, { handshakeTimeout: this.limits.timeoutMs, maxPayload: 1024 * 1024 });
    this.socket = ws;
    let alive = true;
    ws.on('open', () => {
      this.ready = true;
      this.failures = 0;
      this.keepalive = setInterval(() => {
        if (!alive) return this.reconnect(ws, 0);
        alive = false;
        ws.ping();
      }, KEEPALIVE_MS);
      this.keepalive.unref();
    });
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('message', (data) => void this.onFrame(ws, data).catch((err: unknown) => this.log.warn({ err }, 'DingTalk frame not handled')));
    ws.on('error', (err) => this.log.warn({ reason: err.message }, 'DingTalk Stream connection failed'));
    ws.on('close', () => {
      this.failures += 1;
      this.reconnect(ws, Math.min(MAX_PAUSE_MS, 500 * 2 ** Math.min(this.failures, 6)));
    });
  }
}

/** `newBase`: DingTalk's new API (api.dingtalk.com, or the company's own base), where the gateway registers. */
export function openDingTalkStream(t: PlatformTarget, newBase: string, limits: HttpLimits, log: FastifyBaseLogger, events: StreamEvents): Link {
  return new DingTalkStream(t, newBase, limits, log, events);
}
