// The Feishu simulator's state (tools/feishu-sim.ts): apps, one tenant's directory, tokens, OAuth codes, messages and
// cards, faults; and the JSON shapes the Open Platform answers (contact v3 user/department objects, error bodies).
// No HTTP here. docs/protocols/feishu.md names the published documents each shape follows.
import { createHash, randomBytes } from 'node:crypto';

export type Obj = Record<string, unknown>;

export interface SimApp {
  appId: string;
  appSecret: string;
  name: string;
  /** Sent as header.token in v2 events and callbacks (the console's Verification Token). */
  verificationToken: string;
  /** Event types pushed over the long connection; 'all' for every one the simulator knows. */
  events: string[] | 'all';
  /** Whether card callbacks (card.action.trigger) are subscribed. */
  callbacks: boolean;
}
export type AppInput = Partial<SimApp>;

export interface UserStatus {
  is_frozen: boolean;
  is_resigned: boolean;
  is_activated: boolean;
  is_exited: boolean;
  is_unjoin: boolean;
}
export interface SimUser {
  userId: string;
  name: string;
  enName: string;
  mobile: string;
  email: string;
  enterpriseEmail: string;
  employeeNo: string;
  jobTitle: string;
  /** Custom department ids (department_id); '0' is the root. */
  departmentIds: string[];
  leaderUserId: string;
  status: UserStatus;
  joinTime: number;
  isTenantManager: boolean;
}
export interface UserInput {
  userId: string;
  name: string;
  enName?: string;
  mobile?: string;
  email?: string;
  enterpriseEmail?: string;
  employeeNo?: string;
  jobTitle?: string;
  departmentIds?: string[];
  leaderUserId?: string;
  status?: Partial<UserStatus>;
  isTenantManager?: boolean;
}
export interface SimDepartment {
  departmentId: string;
  openDepartmentId: string;
  name: string;
  parentId: string;
  order: number;
  leaderUserId: string;
  deleted: boolean;
}
export interface DepartmentInput {
  departmentId: string;
  name: string;
  parentId?: string;
  order?: number;
  leaderUserId?: string;
}

export interface Token {
  token: string;
  kind: 'tenant' | 'app' | 'user';
  appId: string;
  userId?: string;
  scope?: string;
  expiresAt: number;
}
export interface OAuthCode {
  code: string;
  appId: string;
  userId: string;
  redirectUri: string | null;
  scope: string;
  expiresAt: number;
  used: boolean;
}
export interface SentMessage {
  messageId: string;
  appId: string;
  receiveIdType: string;
  receiveId: string;
  /** The receiving user's user_id ('' for a chat). */
  userId: string;
  chatId: string;
  msgType: string;
  /** The content JSON string, parsed. */
  content: unknown;
  uuid: string | null;
  at: number;
}
export interface CardState {
  messageId: string;
  appId: string;
  content: unknown;
  /** Every state the card had, oldest first, with what changed it. */
  history: { content: unknown; via: 'send' | 'patch' | 'callback'; at: number }[];
}
export interface Fault {
  status?: number;
  code?: number;
  msg?: string;
  times: number;
}

export interface SimState {
  tenantKey: string;
  apps: Map<string, SimApp>;
  users: Map<string, SimUser>;
  departments: Map<string, SimDepartment>;
  tokens: Map<string, Token>;
  codes: Map<string, OAuthCode>;
  refreshTokens: Map<string, { appId: string; userId: string; scope: string; expiresAt: number }>;
  sent: SentMessage[];
  cards: Map<string, CardState>;
  /** uuid de-duplication: `${appId}|${uuid}` → message id and when it was sent. */
  uuids: Map<string, { messageId: string; at: number }>;
  faults: Map<string, Fault[]>;
  latencyMs: number;
  tokenTtlSec: number;
  codeTtlSec: number;
}

export const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const digest = (s: string, n: number): string => createHash('sha256').update(s).digest('hex').slice(0, n);

export function newState(opts: { tokenTtlSec?: number; codeTtlSec?: number; latencyMs?: number }): SimState {
  return {
    tenantKey: hex(8),
    apps: new Map(),
    users: new Map(),
    departments: new Map(),
    tokens: new Map(),
    codes: new Map(),
    refreshTokens: new Map(),
    sent: [],
    cards: new Map(),
    uuids: new Map(),
    faults: new Map(),
    latencyMs: opts.latencyMs ?? 0,
    tokenTtlSec: opts.tokenTtlSec ?? 7200,
    codeTtlSec: opts.codeTtlSec ?? 300,
  };
}

/** App ids match the SDK's check /^cli_[0-9a-fA-F]{16}$/ (WSClient.start refuses others). */
export function makeApp(input: AppInput = {}): SimApp {
  return {
    appId: input.appId ?? `cli_${hex(8)}`,
    appSecret: input.appSecret ?? randomBytes(24).toString('base64url'),
    name: input.name ?? 'OpenVisit',
    verificationToken: input.verificationToken ?? randomBytes(16).toString('base64url'),
    events: input.events ?? 'all',
    callbacks: input.callbacks ?? true,
  };
}

// open_id is per app and union_id per developer on Feishu; both are derived so every app sees stable ids.
export const openIdOf = (appId: string, userId: string): string => `ou_${digest(`${appId}|${userId}`, 32)}`;
export const unionIdOf = (userId: string): string => `on_${digest(`union|${userId}`, 32)}`;
export const openDepartmentIdOf = (departmentId: string): string => (departmentId === '0' ? '0' : `od-${digest(`dept|${departmentId}`, 32)}`);

export function makeUser(input: UserInput): SimUser {
  return {
    userId: input.userId,
    name: input.name,
    enName: input.enName ?? '',
    mobile: input.mobile ?? '',
    email: input.email ?? '',
    enterpriseEmail: input.enterpriseEmail ?? '',
    employeeNo: input.employeeNo ?? '',
    jobTitle: input.jobTitle ?? '',
    departmentIds: input.departmentIds ?? ['0'],
    leaderUserId: input.leaderUserId ?? '',
    status: { is_frozen: false, is_resigned: false, is_activated: true, is_exited: false, is_unjoin: false, ...input.status },
    joinTime: Math.floor(Date.now() / 1000),
    isTenantManager: input.isTenantManager ?? false,
  };
}

/** Finds a user by an id of the given type (user_id, open_id, union_id), as the app sees it. */
export function findUser(s: SimState, appId: string, idType: string, id: string): SimUser | undefined {
  if (idType === 'user_id') return s.users.get(id);
  for (const u of s.users.values()) {
    if (idType === 'open_id' && openIdOf(appId, u.userId) === id) return u;
    if (idType === 'union_id' && unionIdOf(u.userId) === id) return u;
    if (idType === 'email' && (u.email === id || u.enterpriseEmail === id)) return u;
  }
  return undefined;
}

export function userIdAs(appId: string, idType: string, userId: string): string {
  if (!userId) return '';
  return idType === 'user_id' ? userId : idType === 'union_id' ? unionIdOf(userId) : openIdOf(appId, userId);
}

export function findDepartment(s: SimState, idType: string, id: string): SimDepartment | undefined {
  if (idType === 'department_id') return s.departments.get(id);
  for (const d of s.departments.values()) if (d.openDepartmentId === id) return d;
  return undefined;
}
export const departmentIdAs = (idType: string, departmentId: string): string =>
  idType === 'department_id' ? departmentId : openDepartmentIdOf(departmentId);

/** A contact v3 `user` object (get user, find_by_department, contact.user.*_v3 events). */
export function userJson(appId: string, u: SimUser, userIdType = 'open_id', departmentIdType = 'open_department_id'): Obj {
  const avatar = `https://sim.feishu.invalid/avatar/${u.userId}`;
  return {
    union_id: unionIdOf(u.userId),
    user_id: u.userId,
    open_id: openIdOf(appId, u.userId),
    name: u.name,
    en_name: u.enName,
    nickname: '',
    email: u.email,
    enterprise_email: u.enterpriseEmail,
    mobile: u.mobile,
    mobile_visible: true,
    gender: 0,
    avatar: { avatar_72: avatar, avatar_240: avatar, avatar_640: avatar, avatar_origin: avatar },
    status: { ...u.status },
    department_ids: u.departmentIds.map((d) => departmentIdAs(departmentIdType, d)),
    leader_user_id: userIdAs(appId, userIdType, u.leaderUserId),
    city: '',
    country: '',
    work_station: '',
    join_time: u.joinTime,
    is_tenant_manager: u.isTenantManager,
    employee_no: u.employeeNo,
    employee_type: 1,
    orders: u.departmentIds.map((d, i) => ({
      department_id: departmentIdAs(departmentIdType, d),
      user_order: 0,
      department_order: 0,
      is_primary_dept: i === 0,
    })),
    job_title: u.jobTitle,
  };
}

/** A contact v3 `department` object. */
export function departmentJson(appId: string, d: SimDepartment, userIdType = 'open_id', departmentIdType = 'open_department_id'): Obj {
  return {
    name: d.name,
    i18n_name: { zh_cn: d.name, ja_jp: '', en_us: '' },
    parent_department_id: departmentIdAs(departmentIdType, d.parentId),
    department_id: d.departmentId,
    open_department_id: d.openDepartmentId,
    leader_user_id: userIdAs(appId, userIdType, d.leaderUserId),
    chat_id: '',
    order: String(d.order),
    unit_ids: [],
    status: { is_deleted: d.deleted },
  };
}

/** The Open Platform's error body: `{code, msg, error: {log_id}}`. */
export const errorBody = (code: number, msg: string): Obj => ({ code, msg, error: { log_id: `${Date.now()}${hex(6).toUpperCase()}` } });

/** Default messages of the codes the simulator answers (docs/protocols/feishu.md, "Errors"). */
export const MESSAGES: Record<number, [number, string]> = {
  1: [200, 'system busy'],
  10003: [400, 'invalid param'],
  10014: [400, 'app secret invalid'],
  20001: [400, 'invalid_request'],
  20002: [400, 'invalid_client'],
  20003: [400, 'invalid_grant'],
  20004: [400, 'invalid_grant'],
  99991400: [429, 'request trigger frequency limit'],
  99991661: [400, 'Missing access token for authorization. Please make a request with token attached.'],
  99991663: [400, 'Invalid access token for authorization. Please make a request with token attached.'],
  99991668: [400, 'Invalid access token for authorization. Please make a request with token attached.'],
  99991677: [400, 'Authentication token expired.'],
  99992402: [400, 'field validation failed'],
  230001: [400, 'Your request contains an invalid request parameter.'],
  230013: [400, 'Bot has NO availability to this user.'],
  230020: [429, 'This operation triggers the frequency limit.'],
  230025: [400, 'The length of the message content reaches its limit.'],
  230099: [400, 'Failed to create card content.'],
  41050: [400, 'no user authority error'],
  40003: [400, 'department not found'],
  1000040343: [200, 'internal error'],
};

/** Takes the next queued fault for a kind (or '*'), counting it down. */
export function takeFault(s: SimState, kind: string): Fault | undefined {
  for (const k of [kind, '*']) {
    const list = s.faults.get(k);
    const f = list?.[0];
    if (!list || !f) continue;
    if (--f.times <= 0) list.shift();
    return f;
  }
  return undefined;
}
