import * as lark from '@larksuiteoapi/node-sdk';
import type { FastifyBaseLogger } from 'fastify';
import { fetchBounded, type HttpLimits } from '../contacts/contacts.public.js';
import type { Press, PressAnswer } from './im.cards.js';
import type { PlatformTarget } from './im.tokens.js';

/**
 * Feishu's long connection for one company's app (docs/protocols/feishu.md "Long connection"), through Feishu's own
 * Node SDK (`WSClient`: the protobuf frames, pings, fragment joining and reconnects are the SDK's; the protocol has no
 * other published description). We dial out, so a server without a public address receives its events.
 *
 * Two things are ours: the endpoint request goes through our bounded client (a company's own API base only through the
 * endpoint checks, no secret in a log), and the SDK logs into ours at warn and above (its debug lines hold the ticket).
 */

/** What the connection reports upwards; every handler answers fast (Feishu re-sends what is not acknowledged in 3 s). */
export interface LinkEvents {
  /** A department or person changed in the app's directory. */
  directoryChanged(): Promise<void>;
  /** A card's button was pressed: the answer (a toast, the card replaced) must come back within Feishu's 3 s. */
  cardPressed(press: Omit<Press, 'platform'>): Promise<PressAnswer>;
}

export interface Link {
  /** The platform accepted the connection and events are handled (false while it reconnects). */
  readonly ready: boolean;
  close(): void;
}

const DIRECTORY_EVENTS = [
  'contact.user.created_v3',
  'contact.user.updated_v3',
  'contact.user.deleted_v3',
  'contact.department.created_v3',
  'contact.department.updated_v3',
  'contact.department.deleted_v3',
] as const;

/** The SDK's HTTP needs (one POST for the endpoint), answered by our bounded client; a refusal reads as its JSON. */
function boundedHttp(t: PlatformTarget, limits: HttpLimits): lark.HttpInstance {
  const request = async (opts: { url?: string; method?: string; data?: unknown; headers?: Record<string, unknown> }) => {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    for (const [k, v] of Object.entries(opts.headers ?? {})) if (typeof v === 'string') headers[k] = v;
    const answer = await fetchBounded(
      'Feishu',
      opts.url ?? '',
      { method: (opts.method ?? 'GET').toUpperCase(), headers, ...(opts.data !== undefined ? { body: JSON.stringify(opts.data) } : {}) },
      limits,
      t.company,
    );
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  };
  const unsupported = () => Promise.reject(new Error('not used by the long connection'));
  return {
    request: request as lark.HttpInstance['request'],
    get: unsupported,
    delete: unsupported,
    head: unsupported,
    options: unsupported,
    post: (url, data, opts) => request({ ...opts, url, data, method: 'POST' }) as never,
    put: unsupported,
    patch: unsupported,
  };
}

function sdkLogger(log: FastifyBaseLogger): lark.Logger {
  const line = (msg: unknown[]) => msg.map((m) => (m instanceof Error ? m.message : String(m))).join(' ');
  return {
    error: (...msg) => log.warn({ feishu: 'ws' }, line(msg)),
    warn: (...msg) => log.warn({ feishu: 'ws' }, line(msg)),
    info: (...msg) => log.info({ feishu: 'ws' }, line(msg)),
    debug: () => {},
    trace: () => {},
  };
}

export function openFeishuLink(t: PlatformTarget, limits: HttpLimits, log: FastifyBaseLogger, events: LinkEvents): Link {
  let ready = false;
  const client = new lark.WSClient({
    onReady: () => {
      ready = true;
    },
    onReconnected: () => {
      ready = true;
    },
    onReconnecting: () => {
      ready = false;
    },
    appId: t.appId,
    appSecret: t.secret,
    domain: t.base,
    httpInstance: boundedHttp(t, limits),
    logger: sdkLogger(log),
    loggerLevel: lark.LoggerLevel.info,
    autoReconnect: true,
  });
  // Another app's event on our connection is not ours to act on (it cannot happen unless the platform errs).
  const ours = (data: { app_id?: unknown }) => data.app_id === undefined || data.app_id === t.appId;
  const onDirectory = async (data: { app_id?: unknown }) => {
    if (ours(data)) await events.directoryChanged();
  };
  type Obj = Record<string, unknown>;
  const onCard = async (data: Obj) => {
    if (!ours(data)) return undefined;
    const action = (data.action ?? {}) as Obj;
    const formValue = action.form_value && typeof action.form_value === 'object' ? (action.form_value as Obj) : {};
    return events.cardPressed({
      messageId: String(((data.context ?? {}) as Obj).open_message_id ?? ''),
      userId: String(((data.operator ?? {}) as Obj).user_id ?? ''),
      value: action.value,
      formValue,
    });
  };
  const dispatcher = new lark.EventDispatcher({ logger: sdkLogger(log), loggerLevel: lark.LoggerLevel.warn }).register({
    ...Object.fromEntries(DIRECTORY_EVENTS.map((e) => [e, onDirectory])),
    'card.action.trigger': onCard,
  });
  void client.start({ eventDispatcher: dispatcher }).catch((err: unknown) => log.warn({ err }, 'Feishu long connection did not start'));
  return {
    get ready() {
      return ready;
    },
    close: () => {
      ready = false;
      client.close({ force: true });
    },
  };
}
