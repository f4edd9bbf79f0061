// The Open Platform's REST endpoints the simulator serves (docs/protocols/feishu.md): app/tenant access tokens,
// contact v3 (departments, users, batch_get_id), IM v1 (send, update a card). Handlers take a parsed request and the
// state and return the platform's answer; tools/feishu-sim.ts does the HTTP.
import type { IncomingHttpHeaders } from 'node:http';
import {
  type CardState,
  departmentJson,
  errorBody,
  findDepartment,
  findUser,
  hex,
  MESSAGES,
  type Obj,
  type SimApp,
  type SimState,
  type SimUser,
  type Token,
  userJson,
} from './feishu-sim.model.js';

export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Obj;
  headers: IncomingHttpHeaders;
  baseUrl: string;
}
export interface Res {
  status: number;
  body: Obj | string;
  headers?: Record<string, string>;
}

export const ok = (data?: Obj, msg = 'success'): Res => ({ status: 200, body: data === undefined ? { code: 0, msg } : { code: 0, msg, data } });
export function fail(code: number, msg?: string, status?: number): Res {
  const [defStatus, defMsg] = MESSAGES[code] ?? [400, 'error'];
  const headers: Record<string, string> = code === 99991400 ? { 'x-ogw-ratelimit-limit': '50', 'x-ogw-ratelimit-reset': '1' } : {};
  return { status: status ?? defStatus, body: errorBody(code, msg ?? defMsg), headers };
}

const MIN_30 = 30 * 60 * 1000;

/** Issues a token: the same one while it has ≥ 30 minutes left, a new one (the old still valid) after that. */
export function issueToken(s: SimState, kind: Token['kind'], appId: string, userId?: string, scope?: string): Token {
  const now = Date.now();
  if (kind !== 'user') {
    for (const t of s.tokens.values()) if (t.kind === kind && t.appId === appId && t.expiresAt - now >= MIN_30) return t;
  }
  const prefix = kind === 'tenant' ? 't-' : kind === 'app' ? 'a-' : 'u-';
  const t: Token = { token: `${prefix}${hex(20)}`, kind, appId, userId, scope, expiresAt: now + s.tokenTtlSec * 1000 };
  s.tokens.set(t.token, t);
  return t;
}
const secondsLeft = (t: Token): number => Math.max(0, Math.round((t.expiresAt - Date.now()) / 1000));

function credentials(s: SimState, body: Obj): SimApp | Res {
  const appId = typeof body.app_id === 'string' ? body.app_id : '';
  const secret = typeof body.app_secret === 'string' ? body.app_secret : '';
  if (!appId || !secret) return fail(10003, 'invalid param');
  const app = s.apps.get(appId);
  if (!app) return fail(10003, 'invalid param');
  if (app.appSecret !== secret) return fail(10014, 'app secret invalid');
  return app;
}

export function tenantAccessToken(s: SimState, req: Req): Res {
  const app = credentials(s, req.body);
  if ('status' in app) return app;
  const t = issueToken(s, 'tenant', app.appId);
  return { status: 200, body: { code: 0, msg: 'ok', tenant_access_token: t.token, expire: secondsLeft(t) } };
}

export function appAccessToken(s: SimState, req: Req): Res {
  const app = credentials(s, req.body);
  if ('status' in app) return app;
  const a = issueToken(s, 'app', app.appId);
  const t = issueToken(s, 'tenant', app.appId);
  return { status: 200, body: { code: 0, msg: 'ok', app_access_token: a.token, expire: secondsLeft(a), tenant_access_token: t.token } };
}

/** The caller's app from `Authorization: Bearer <tenant_access_token>`, or the platform's token error. */
export function tenantAuth(s: SimState, req: Req): SimApp | Res {
  const m = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
  if (!m?.[1]) return fail(99991661);
  const t = s.tokens.get(m[1]);
  if (t?.kind !== 'tenant' || t.expiresAt <= Date.now()) return fail(99991663);
  const app = s.apps.get(t.appId);
  return app ?? fail(99991663);
}

function paging(req: Req): { offset: number; size: number } | Res {
  const size = req.query.has('page_size') ? Number(req.query.get('page_size')) : 10;
  if (!Number.isInteger(size) || size < 1 || size > 50) return fail(99992402, 'field validation failed: page_size must be 1..50');
  const token = req.query.get('page_token');
  const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
  if (!Number.isInteger(offset) || offset < 0) return fail(99992402, 'field validation failed: page_token');
  return { offset, size };
}
function page(items: Obj[], p: { offset: number; size: number }): Res {
  const slice = items.slice(p.offset, p.offset + p.size);
  const more = p.offset + p.size < items.length;
  // An empty page omits `items`, as the platform does.
  const data: Obj = { has_more: more, ...(slice.length ? { items: slice } : {}) };
  if (more) data.page_token = Buffer.from(String(p.offset + p.size)).toString('base64url');
  return ok(data);
}
const idTypes = (req: Req) => ({
  userIdType: req.query.get('user_id_type') ?? 'open_id',
  deptIdType: req.query.get('department_id_type') ?? 'open_department_id',
});

export function departmentChildren(s: SimState, req: Req, app: SimApp, id: string): Res {
  const { userIdType, deptIdType } = idTypes(req);
  const parent = id === '0' ? '0' : findDepartment(s, deptIdType, id)?.departmentId;
  if (!parent || (parent !== '0' && s.departments.get(parent)?.deleted)) return fail(40003);
  const p = paging(req);
  if ('status' in p) return p;
  const all = [...s.departments.values()].filter((d) => !d.deleted);
  const children = (of: string): typeof all => all.filter((d) => d.parentId === of).sort((a, b) => a.order - b.order);
  const out: typeof all = [];
  const walk = (of: string) => {
    for (const d of children(of)) {
      out.push(d);
      if (req.query.get('fetch_child') === 'true') walk(d.departmentId);
    }
  };
  walk(parent);
  return page(
    out.map((d) => departmentJson(app.appId, d, userIdType, deptIdType)),
    p,
  );
}

export function usersByDepartment(s: SimState, req: Req, app: SimApp): Res {
  const { userIdType, deptIdType } = idTypes(req);
  const id = req.query.get('department_id');
  if (!id) return fail(99992402, 'field validation failed: department_id is required');
  const dept = id === '0' ? '0' : findDepartment(s, deptIdType, id)?.departmentId;
  if (!dept || (dept !== '0' && s.departments.get(dept)?.deleted)) return fail(40003);
  const p = paging(req);
  if ('status' in p) return p;
  const members = [...s.users.values()].filter((u) => !u.status.is_resigned && u.departmentIds.includes(dept));
  return page(
    members.map((u) => userJson(app.appId, u, userIdType, deptIdType)),
    p,
  );
}

export function getUser(s: SimState, req: Req, app: SimApp, id: string): Res {
  const { userIdType, deptIdType } = idTypes(req);
  const u = findUser(s, app.appId, userIdType, id);
  if (!u) return fail(41050);
  return ok({ user: userJson(app.appId, u, userIdType, deptIdType) });
}

const digits = (m: string): string => {
  const d = m.replace(/\D/g, '');
  return d.length === 13 && d.startsWith('86') ? d.slice(2) : d;
};

export function batchGetId(s: SimState, req: Req, app: SimApp): Res {
  const userIdType = req.query.get('user_id_type') ?? 'open_id';
  const emails = Array.isArray(req.body.emails) ? req.body.emails.map(String) : [];
  const mobiles = Array.isArray(req.body.mobiles) ? req.body.mobiles.map(String) : [];
  if (emails.length > 50 || mobiles.length > 50) return fail(99992402, 'field validation failed: at most 50 emails and 50 mobiles');
  const withResigned = req.body.include_resigned === true;
  const visible = [...s.users.values()].filter((u) => withResigned || !u.status.is_resigned);
  const idOf = (u: SimUser | undefined): Obj => (u ? { user_id: userJson(app.appId, u, userIdType)[userIdType], status: { ...u.status } } : {});
  const list: Obj[] = [
    ...emails.map((e) => ({ email: e, ...idOf(visible.find((u) => u.email === e || u.enterpriseEmail === e)) })),
    ...mobiles.map((m) => ({ mobile: m, ...idOf(visible.find((u) => u.mobile && digits(u.mobile) === digits(m))) })),
  ];
  return ok({ user_list: list });
}

const RECEIVE_ID_TYPES = ['open_id', 'union_id', 'user_id', 'email', 'chat_id'];

/** Why a card JSON is not one the platform renders (1.0, 2.0, template or card entity), or null. */
function cardProblem(card: unknown): string | null {
  if (!card || typeof card !== 'object' || Array.isArray(card)) return 'card must be a JSON object';
  const c = card as Obj;
  if (c.type === 'template') return (c.data as Obj | undefined)?.template_id ? null : 'template card without data.template_id';
  if (c.type === 'card') return (c.data as Obj | undefined)?.card_id ? null : 'card entity without data.card_id';
  if (c.schema === '2.0') return Array.isArray((c.body as Obj | undefined)?.elements) ? null : 'JSON 2.0 card without body.elements';
  return Array.isArray(c.elements) || c.i18n_elements ? null : 'card without elements';
}

/** Shared cards only: JSON 2.0 cards always are; 1.0 cards declare config.update_multi. Templates are assumed shared. */
export function isShared(card: unknown): boolean {
  const c = (card ?? {}) as Obj;
  return c.schema === '2.0' || c.type === 'template' || c.type === 'card' || (c.config as Obj | undefined)?.update_multi === true;
}

export const chatIdOf = (appId: string, userId: string): string => `oc_${Buffer.from(`${appId}|${userId}`).toString('hex').slice(-32)}`;

function parseContent(msgType: string, raw: unknown): { content: unknown } | Res {
  if (typeof raw !== 'string') return fail(230001, 'Your request contains an invalid request parameter, ext=content must be a JSON string.');
  if (Buffer.byteLength(raw) > (msgType === 'interactive' ? 30 * 1024 : 150 * 1024)) return fail(230025);
  let content: unknown;
  try {
    content = JSON.parse(raw);
  } catch {
    return msgType === 'interactive' ? fail(230099) : fail(230001, 'Your request contains an invalid request parameter, ext=invalid content.');
  }
  if (msgType === 'text' && typeof (content as Obj | null)?.text !== 'string') {
    return fail(230001, 'Your request contains an invalid request parameter, ext=text content needs "text".');
  }
  if (msgType === 'interactive') {
    const problem = cardProblem(content);
    if (problem) return fail(230099, `Failed to create card content, ext=${problem}`);
  }
  return { content };
}

export function messageJson(
  s: SimState,
  m: { messageId: string; msgType: string; chatId: string; appId: string; at: number },
  content: unknown,
  updated = false,
): Obj {
  return {
    message_id: m.messageId,
    root_id: '',
    parent_id: '',
    thread_id: '',
    msg_type: m.msgType,
    create_time: String(m.at),
    update_time: String(Date.now()),
    deleted: false,
    updated,
    chat_id: m.chatId,
    sender: { id: m.appId, id_type: 'app_id', sender_type: 'app', tenant_key: s.tenantKey },
    body: { content: JSON.stringify(content) },
    mentions: [],
    upper_message_id: '',
  };
}

export function sendMessage(s: SimState, req: Req, app: SimApp): Res {
  const idType = req.query.get('receive_id_type') ?? '';
  if (!RECEIVE_ID_TYPES.includes(idType)) return fail(99992402, 'field validation failed: receive_id_type');
  const { receive_id: receiveId, msg_type: msgType, uuid } = req.body;
  if (typeof receiveId !== 'string' || typeof msgType !== 'string' || !receiveId || !msgType) return fail(99992402, 'field validation failed');
  if (typeof uuid === 'string' && uuid.length > 50) return fail(99992402, 'field validation failed: uuid is at most 50 characters');
  const uuidKey = typeof uuid === 'string' && uuid ? `${app.appId}|${uuid}` : null;
  const prior = uuidKey ? s.uuids.get(uuidKey) : undefined;
  if (prior && Date.now() - prior.at < 3600_000) {
    const m = s.sent.find((x) => x.messageId === prior.messageId);
    if (m) return ok(messageJson(s, m, m.content));
  }
  let user: SimUser | undefined;
  if (idType !== 'chat_id') {
    user = findUser(s, app.appId, idType, receiveId);
    if (!user) return fail(230001, 'Your request contains an invalid request parameter, ext=invalid receive_id.');
    if (user.status.is_resigned || user.status.is_frozen) return fail(230013);
  } else if (!receiveId.startsWith('oc_')) return fail(230001, 'Your request contains an invalid request parameter, ext=invalid receive_id.');
  const parsed = parseContent(msgType, req.body.content);
  if ('status' in parsed) return parsed;
  const at = Date.now();
  const messageId = `om_${hex(16)}`;
  const chatId = user ? chatIdOf(app.appId, user.userId) : receiveId;
  const m = {
    messageId,
    appId: app.appId,
    receiveIdType: idType,
    receiveId,
    userId: user?.userId ?? '',
    chatId,
    msgType,
    content: parsed.content,
    uuid: typeof uuid === 'string' ? uuid : null,
    at,
  };
  s.sent.push(m);
  if (uuidKey) s.uuids.set(uuidKey, { messageId, at });
  if (msgType === 'interactive')
    s.cards.set(messageId, { messageId, appId: app.appId, content: parsed.content, history: [{ content: parsed.content, via: 'send', at }] });
  return ok(messageJson(s, m, parsed.content));
}

export function applyCard(card: CardState, content: unknown, via: 'patch' | 'callback'): void {
  card.content = content;
  card.history.push({ content, via, at: Date.now() });
}

export function patchMessage(s: SimState, req: Req, app: SimApp, messageId: string): Res {
  const m = s.sent.find((x) => x.messageId === messageId && x.appId === app.appId);
  if (!m) return fail(230001, 'Your request contains an invalid request parameter, ext=invalid message_id.');
  const card = s.cards.get(messageId);
  if (m.msgType !== 'interactive' || !card)
    return fail(230001, 'Your request contains an invalid request parameter, ext=only interactive messages can be updated.');
  if (!isShared(card.content))
    return fail(230001, 'Your request contains an invalid request parameter, ext=the card is not shared (config.update_multi).');
  const parsed = parseContent('interactive', req.body.content);
  if ('status' in parsed) return parsed;
  applyCard(card, parsed.content, 'patch');
  return ok(undefined);
}
