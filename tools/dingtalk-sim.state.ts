// The state behind tools/dingtalk-sim.ts: organisations (corps) with their directory, the apps of each corp, access
// tokens, one-time codes, interactive cards, what was sent, and injected faults. No HTTP here; docs/protocols/dingtalk.md.
import { randomBytes, randomUUID } from 'node:crypto';

/** An internal app of one corp (DingTalk 企业内部应用): AppKey = Client ID, AppSecret = Client Secret. */
export interface DtApp {
  appKey: string;
  appSecret: string;
  corpId: string;
  /** The agent_id work notices are sent with. */
  agentId: string;
  /** The robot's code (for an internal app's robot, DingTalk uses the AppKey). */
  robotCode: string;
  /** headers.eventUnifiedAppId of its events. */
  unifiedAppId: string;
  /** Event types ticked in the developer console with the Stream push mode; '*': all. */
  events: string[] | '*';
}
export interface DtDepartment {
  dept_id: number;
  name: string;
  parent_id: number;
}
/** A member as topapi/v2/user/get answers it (the fields we keep). */
export interface DtUser {
  userid: string;
  unionid: string;
  name: string;
  mobile?: string;
  state_code?: string;
  email?: string;
  job_number?: string;
  title?: string;
  avatar?: string;
  dept_id_list: number[];
  active: boolean;
  admin?: boolean;
}
export interface DtCorp {
  corpId: string;
  name: string;
  departments: Map<number, DtDepartment>;
  users: Map<string, DtUser>;
}
/** A message or card as the simulator received it, parsed. */
export interface DtSent {
  kind: 'notice' | 'card';
  appKey: string;
  at: number;
  /** Recipient user ids (for a card: the users of its IM_ROBOT spaces, or of its group spaces' ids). */
  to: string[];
  /** Recipient ids that are not members of the corp (DingTalk accepts the task and drops them). */
  invalid: string[];
  /** Members held back by the daily rules (the same content once a day): accepted, not delivered. */
  forbidden?: string[];
  /** text / markdown / action_card / oa / link, or 'card'. */
  msgtype: string;
  content: unknown;
  taskId?: number;
  outTrackId?: string;
  /** The request body as sent. */
  raw: unknown;
}
export interface DtCard {
  outTrackId: string;
  appKey: string;
  cardTemplateId: string;
  callbackType: string;
  callbackRouteKey?: string;
  cardParamMap: Record<string, string>;
  /** userId → that user's private cardParamMap. */
  privateData: Record<string, Record<string, string>>;
  /**
   * userId → the public data as that user sees it after answering a press with cardData: DingTalk sends a callback
   * answer's cardData to the presser only ("不会扩散给所有人"); the next REST update reaches everyone again.
   */
  presserViews: Record<string, Record<string, string>>;
  /** A press is waiting for its answer (DingTalk asks not to call the update API meanwhile)… */
  pressPending: boolean;
  /** …and the REST update was called all the same. */
  updatedDuringPress: boolean;
  /** 1: user ids are userids (default); 2: unionIds (in spaces, private data and callbacks). */
  userIdType: 1 | 2;
  spaces: { spaceType: string; spaceId: string }[];
  /** Every change: create, REST update (PUT), or the answer to a press. */
  history: { at: number; via: 'create' | 'update' | 'callback'; cardParamMap: Record<string, string> }[];
}
export interface DtToken {
  token: string;
  appKey: string;
  kind: 'app' | 'user';
  userId?: string;
  refreshToken?: string;
  expiresAt: number;
}
export interface DtCode {
  code: string;
  appKey: string;
  userId: string;
  /** inapp: a free-login code for topapi/v2/user/getuserinfo; oauth: an authCode for /v1.0/oauth2/userAccessToken. */
  kind: 'inapp' | 'oauth';
  expiresAt: number;
  used: boolean;
}
/**
 * busy: -1 / HTTP 503; rate-limited: 90018 / HTTP 403 QpsLimit; token-expired: 42001 / InvalidAuthentication; http: a
 * bare status; expire-tokens: every token given so far expires as this request arrives, which is then answered as the
 * platform answers a stale token (a client's renewal in the middle of a run).
 */
export type DtFaultKind = 'busy' | 'rate-limited' | 'token-expired' | 'http' | 'expire-tokens';
export interface DtFault {
  /** A path ('/topapi/v2/user/list', '/v1.0/card/instances'…), or '*' for every path. */
  target: string;
  kind: DtFaultKind;
  status?: number;
  errcode?: number;
  errmsg?: string;
  times: number;
}

export const TOKEN_SECONDS = 7200;
export const CODE_MS = 5 * 60_000;

const hex = (n: number) => randomBytes(n).toString('hex');

export class DtState {
  readonly corps = new Map<string, DtCorp>();
  readonly apps = new Map<string, DtApp>();
  readonly tokens = new Map<string, DtToken>();
  readonly codes = new Map<string, DtCode>();
  readonly cards = new Map<string, DtCard>();
  readonly sent: DtSent[] = [];
  faults: DtFault[] = [];
  private taskSeq = 1000;
  /** Listeners of directory changes: (corpId, eventType, data). */
  onChange: (corpId: string, eventType: string, data: Record<string, unknown>) => void = () => {};
  onSent: () => void = () => {};

  constructor(readonly now: () => number = Date.now) {}

  addCorp(corpId: string, name = 'OpenVisit Sim Corp'): DtCorp {
    const found = this.corps.get(corpId);
    if (found) return found;
    // Department 1 is the company itself, as in every DingTalk organisation.
    const corp: DtCorp = { corpId, name, departments: new Map([[1, { dept_id: 1, name, parent_id: 0 }]]), users: new Map() };
    this.corps.set(corpId, corp);
    return corp;
  }

  corp(corpId: string): DtCorp {
    const c = this.corps.get(corpId);
    if (!c) throw new Error(`dingtalk-sim: no corp ${corpId}`);
    return c;
  }

  addApp(a: Partial<DtApp> & { appKey: string; appSecret: string; corpId: string }): DtApp {
    this.addCorp(a.corpId);
    const app: DtApp = {
      agentId: String(3_000_000 + this.apps.size + 1),
      robotCode: a.appKey,
      unifiedAppId: randomUUID(),
      events: '*',
      ...a,
    };
    this.apps.set(app.appKey, app);
    return app;
  }

  appsOf(corpId: string): DtApp[] {
    return [...this.apps.values()].filter((a) => a.corpId === corpId);
  }

  // --- tokens -------------------------------------------------------------------------------

  /** An app token: the same one while it is valid (its lifetime renewed), as gettoken documents; a new one after. */
  appToken(appKey: string): DtToken {
    const t = [...this.tokens.values()].find((x) => x.appKey === appKey && x.kind === 'app' && x.expiresAt > this.now());
    if (t) {
      t.expiresAt = this.now() + TOKEN_SECONDS * 1000;
      return t;
    }
    const fresh: DtToken = { token: hex(16), appKey, kind: 'app', expiresAt: this.now() + TOKEN_SECONDS * 1000 };
    this.tokens.set(fresh.token, fresh);
    return fresh;
  }

  userToken(appKey: string, userId: string): DtToken {
    const t: DtToken = { token: hex(16), appKey, kind: 'user', userId, refreshToken: hex(16), expiresAt: this.now() + TOKEN_SECONDS * 1000 };
    this.tokens.set(t.token, t);
    return t;
  }

  /** 'unknown', 'expired', or the token. */
  checkToken(token: string | null | undefined, kind: 'app' | 'user' | 'any' = 'app'): DtToken | 'unknown' | 'expired' {
    const t = token ? this.tokens.get(token) : undefined;
    if (!t || (kind !== 'any' && t.kind !== kind)) return 'unknown';
    return t.expiresAt <= this.now() ? 'expired' : t;
  }

  expireTokens(): void {
    for (const t of this.tokens.values()) t.expiresAt = Math.min(t.expiresAt, this.now() - 1);
  }

  // --- codes --------------------------------------------------------------------------------

  newCode(appKey: string, userId: string, kind: DtCode['kind'], lifetimeMs = CODE_MS): string {
    const code = hex(16);
    this.codes.set(code, { code, appKey, userId, kind, expiresAt: this.now() + lifetimeMs, used: false });
    return code;
  }

  /** Takes a code once: the user id, or why not. */
  takeCode(code: unknown, appKey: string, kind: DtCode['kind']): string | 'invalid' | 'used' | 'expired' {
    const c = typeof code === 'string' ? this.codes.get(code) : undefined;
    if (!c || c.appKey !== appKey || c.kind !== kind) return 'invalid';
    if (c.used) return 'used';
    if (c.expiresAt <= this.now()) return 'expired';
    c.used = true;
    return c.userId;
  }

  // --- directory ----------------------------------------------------------------------------

  corpOfUser(userId: string): DtCorp | undefined {
    return [...this.corps.values()].find((c) => c.users.has(userId));
  }

  addDepartment(corpId: string, d: { dept_id: number; name: string; parent_id?: number }): DtDepartment {
    const corp = this.corp(corpId);
    const dept = { dept_id: d.dept_id, name: d.name, parent_id: d.parent_id ?? 1 };
    const existed = corp.departments.has(dept.dept_id);
    corp.departments.set(dept.dept_id, dept);
    // Department events carry only deptId (通讯录企业部门创建/修改/删除).
    this.onChange(corpId, existed ? 'org_dept_modify' : 'org_dept_create', { deptId: [dept.dept_id] });
    return dept;
  }

  removeDepartment(corpId: string, deptId: number): void {
    if (this.corp(corpId).departments.delete(deptId)) this.onChange(corpId, 'org_dept_remove', { deptId: [deptId] });
  }

  addUser(corpId: string, u: Partial<DtUser> & { userid: string; name: string }): DtUser {
    const corp = this.corp(corpId);
    const user: DtUser = { unionid: `union${hex(6)}`, dept_id_list: [1], active: true, state_code: '86', ...u };
    corp.users.set(user.userid, user);
    this.onChange(corpId, 'user_add_org', { timeStamp: String(this.now()), userId: [user.userid] });
    return user;
  }

  updateUser(userId: string, patch: Partial<Omit<DtUser, 'userid' | 'unionid'>>): DtUser {
    const corp = this.corpOfUser(userId);
    const user = corp?.users.get(userId);
    if (!corp || !user) throw new Error(`dingtalk-sim: no user ${userId}`);
    // 通讯录用户更改 carries diffInfo {prev, curr, userid} in the camelCase of the member's fields.
    const diff = (u: DtUser) => ({ name: u.name, email: u.email ?? '', jobNumber: u.job_number ?? '', title: u.title ?? '' });
    const prev = diff(user);
    Object.assign(user, patch);
    const diffInfo = { prev, curr: diff(user), userid: userId };
    this.onChange(corp.corpId, 'user_modify_org', { timeStamp: String(this.now()), diffInfo, userId: [userId] });
    return user;
  }

  /** A leaver: DingTalk deletes the member (user/get then answers 60121) and pushes user_leave_org. */
  removeUser(userId: string): void {
    const corp = this.corpOfUser(userId);
    if (!corp) return;
    corp.users.delete(userId);
    this.onChange(corp.corpId, 'user_leave_org', { timeStamp: String(this.now()), userId: [userId] });
  }

  // --- sent, faults -------------------------------------------------------------------------

  record(s: Omit<DtSent, 'at'>): DtSent {
    const entry = { ...s, at: this.now() };
    this.sent.push(entry);
    this.onSent();
    return entry;
  }

  nextTaskId(): number {
    return ++this.taskSeq;
  }

  /** The fault to apply to this path now, if any (each use counts one of its times). */
  takeFault(path: string): DtFault | undefined {
    const f = this.faults.find((x) => x.times > 0 && (x.target === '*' || x.target === path));
    if (!f) return undefined;
    f.times--;
    this.faults = this.faults.filter((x) => x.times > 0);
    return f;
  }
}

/** Splits an open space id (`dtv1.card//IM_ROBOT.user1;IM_GROUP.cid2`) into its spaces. */
export function parseOpenSpaceId(id: unknown): { spaceType: string; spaceId: string }[] | null {
  if (typeof id !== 'string' || !id.startsWith('dtv1.card//')) return null;
  const spaces = id
    .slice('dtv1.card//'.length)
    .split(';')
    .filter(Boolean)
    .map((part) => {
      const dot = part.indexOf('.');
      // The space type is case-insensitive: the document's own example writes im_group, im_robot.
      return dot > 0 ? { spaceType: part.slice(0, dot).toUpperCase(), spaceId: part.slice(dot + 1) } : null;
    });
  return spaces.length && spaces.every((s) => s?.spaceId) ? (spaces as { spaceType: string; spaceId: string }[]) : null;
}

/** cardParamMap values are strings (the open API's model is map<string,string>): anything else is refused. */
export function stringMap(v: unknown): Record<string, string> | null {
  if (v === undefined) return {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  for (const x of Object.values(v)) if (typeof x !== 'string') return null;
  return { ...(v as Record<string, string>) };
}

/** A parsed request, as the route functions see it. */
export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body (null when absent or not JSON: `bodyError` says which). */
  body: Record<string, unknown> | null;
  bodyError?: 'absent' | 'not-json';
}
/** What a route answers: JSON (default), an HTML page, or a redirect. */
export interface SimAnswer {
  status: number;
  json?: unknown;
  html?: string;
  location?: string;
}
export const json = (body: unknown, status = 200): SimAnswer => ({ status, json: body });
export const requestId = () => randomBytes(6).toString('hex');
