// The WeCom simulator's model: corps (企业) with their directory, apps (自建应用) with secrets and callback settings,
// access tokens, OAuth codes, sent messages and template cards. No HTTP here (tools/wecom-sim.api.ts answers requests,
// tools/wecom-sim.callback.ts calls the app's callback URL). docs/protocols/wecom.md describes every rule kept here.
import { randomBytes } from 'node:crypto';

/** What a test or the CLI gives to create an app. A corp is created on its first app. */
export interface WeComAppInput {
  corpId: string;
  agentId: number;
  secret: string;
  name?: string;
  /** The app's 接收消息 server: URL, Token, EncodingAESKey (all three, or none). */
  callback?: { url: string; token: string; encodingAESKey: string };
  /**
   * Apps created after 2022-06-20 no longer read avatar, gender, mobile, email, biz_mail, address, qr_code through
   * user/get and user/list (only through an OAuth snsapi_privateinfo ticket). false (the default) is that rule;
   * true is an older app or the 通讯录同步 secret.
   */
  privateFields?: boolean;
  /**
   * Whether directory changes reach this app's callback as change_contact events. The documents send them to the
   * contacts-sync assistant (通讯录同步), to 代开发 apps and to apps shared by an upstream corp, not to a corp's own
   * self-built app: default false. true models a 代开发 app (full fields, private ones per privateFields).
   */
  contactEvents?: boolean;
}
export type WeComApp = Required<Omit<WeComAppInput, 'callback'>> & { callback: WeComAppInput['callback'] | null };

export interface WeComDepartment {
  id: number;
  name: string;
  name_en?: string;
  parentid: number;
  order: number;
  department_leader: string[];
}
/** 1 active, 2 disabled, 4 not activated, 5 left the company (docs: user/get, status). */
export type WeComStatus = 1 | 2 | 4 | 5;
export interface WeComUser {
  userid: string;
  name: string;
  department: number[];
  order: number[];
  main_department: number;
  is_leader_in_dept: number[];
  direct_leader: string[];
  position: string;
  mobile: string;
  gender: string;
  email: string;
  biz_mail: string;
  telephone: string;
  alias: string;
  address: string;
  avatar: string;
  status: WeComStatus;
  open_userid: string;
  extattr: { attrs: { type: number; name: string; text?: { value: string } }[] };
}
/** addUser's input: userid, name and departments required; `jobNumber` becomes the extattr text attribute 工号. */
export type WeComUserInput = Partial<Omit<WeComUser, 'userid' | 'name' | 'department'>> & {
  userid: string;
  name: string;
  department: number[];
  jobNumber?: string;
};

/** The corp's contacts-sync assistant (管理工具 - 通讯录同步 - 设置接收事件服务器): where change_contact goes. */
export interface ContactSync {
  callback: { url: string; token: string; encodingAESKey: string };
  /**
   * false (default): a callback set after 2022-08-15, which gets only UserID/Department for members and Id/ParentId for
   * departments, and update_party only when ParentId changes. true: one set before, which gets every field.
   */
  fullFields: boolean;
}
export interface Corp {
  corpId: string;
  departments: Map<number, WeComDepartment>;
  users: Map<string, WeComUser>;
  contactSync: ContactSync | null;
}

export interface TokenRec {
  token: string;
  corpId: string;
  agentId: number;
  expiresAt: number;
  expired: boolean;
}
export interface CodeRec {
  code: string;
  corpId: string;
  agentId: number;
  userId?: string;
  openId?: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

/** A message as message/send received it, parsed. */
export interface WeComSent {
  msgid: string;
  corpId: string;
  agentId: number;
  /** Recipients that exist (touser `@all` expanded), in order. */
  to: string[];
  invalidUsers: string[];
  msgtype: string;
  /** text.content for text messages. */
  content?: string;
  template_card?: Record<string, unknown>;
  response_code?: string;
  body: Record<string, unknown>;
  at: number;
}

/** What one recipient sees of a template card. */
export interface WeComCardView {
  template_card: Record<string, unknown>;
  /** The text that replaced the buttons (update_button / button.replace_name): the card is no longer clickable. */
  replaceName: string | null;
  /** The last button pressed, if any. */
  clickedKey: string | null;
  updates: number;
}
export interface WeComCard {
  msgid: string;
  taskId: string;
  corpId: string;
  agentId: number;
  recipients: string[];
  users: Record<string, WeComCardView>;
}
export interface ResponseCodeRec {
  code: string;
  msgid: string;
  /** The user whose press produced it (a send's code has none). */
  userId: string | null;
  expiresAt: number;
  used: boolean;
}

export interface Fault {
  kind: string;
  status?: number;
  errcode?: number;
  errmsg?: string;
  times: number;
}

/** The documented error codes the simulator answers (全局错误码, https://developer.work.weixin.qq.com/document/path/90313). */
export const ERR = {
  busy: [-1, 'system busy'],
  secret: [40001, 'invalid credential'],
  userid: [40003, 'invalid userid'],
  corpid: [40013, 'invalid corpid'],
  token: [40014, 'invalid access_token'],
  code: [40029, 'invalid code'],
  param: [40058, 'invalid parameter'],
  agentid: [40056, 'invalid agentid'],
  noToken: [41001, 'access_token missing'],
  noCorpid: [41002, 'corpid missing'],
  noSecret: [41004, 'corpsecret missing'],
  needGet: [43001, 'require GET method'],
  needPost: [43003, 'require POST method'],
  expired: [42001, 'access_token expired'],
  emptyContent: [44004, 'empty content'],
  freq: [45009, 'api freq out of limit'],
  noUser: [46004, 'user no exist'],
  json: [47001, 'data format error'],
  userNotFound: [60111, 'userid not found'],
  party: [60123, 'invalid party id'],
  allInvalid: [81013, 'user & party & tag all invalid'],
  otherAgent: [301002, 'not allow to operate another agent'],
} as const satisfies Record<string, readonly [number, string]>;
export type ErrName = keyof typeof ERR;

/** WeCom's errmsg carries a hint and a pointer to its query tool; clients must read errcode only (document 90313). */
export function errBody(code: number, msg: string): { errcode: number; errmsg: string } {
  if (code === 0) return { errcode: 0, errmsg: 'ok' };
  const hint = `${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  return {
    errcode: code,
    errmsg: `${msg}, hint: [${hint}], from ip: 127.0.0.1, more info at https://open.work.weixin.qq.com/devtool/query?e=${code}`,
  };
}

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url');

export function newCorp(corpId: string): Corp {
  const corp: Corp = { corpId, departments: new Map(), users: new Map(), contactSync: null };
  corp.departments.set(1, { id: 1, name: corpId, parentid: 0, order: 100000000, department_leader: [] });
  return corp;
}

export function toUser(input: WeComUserInput, prev?: WeComUser): WeComUser {
  const { jobNumber, ...rest } = input;
  const base: WeComUser = prev ?? {
    userid: input.userid,
    name: input.name,
    department: input.department,
    order: input.department.map(() => 0),
    main_department: input.department[0] ?? 1,
    is_leader_in_dept: input.department.map(() => 0),
    direct_leader: [],
    position: '',
    mobile: '',
    gender: '0',
    email: '',
    biz_mail: '',
    telephone: '',
    alias: '',
    address: '',
    avatar: '',
    status: 1,
    open_userid: `wo${randomBytes(12).toString('hex')}`,
    extattr: { attrs: [] },
  };
  const user: WeComUser = { ...base, ...rest };
  if (jobNumber !== undefined) {
    const attrs = user.extattr.attrs.filter((a) => a.name !== '工号');
    user.extattr = { attrs: [...attrs, { type: 0, name: '工号', text: { value: jobNumber } }] };
  }
  return user;
}

/** Fields an app without privateFields does not read (the 2022-06-20 rule). */
export const PRIVATE_FIELDS = ['avatar', 'thumb_avatar', 'gender', 'mobile', 'email', 'biz_mail', 'address', 'qr_code'] as const;

/** user/get's JSON for an app. */
export function userJson(u: WeComUser, app: WeComApp): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...u,
    thumb_avatar: u.avatar,
    qr_code: `https://open.work.weixin.qq.com/wwopen/userQRCode?vcode=${u.userid}`,
  };
  if (!app.privateFields) for (const f of PRIVATE_FIELDS) delete out[f];
  return out;
}

/** A department and every department under it, the department first (department/list's `id` semantics). */
export function subtree(corp: Corp, id: number): WeComDepartment[] {
  const out: WeComDepartment[] = [];
  const walk = (d: WeComDepartment): void => {
    out.push(d);
    for (const c of [...corp.departments.values()].filter((x) => x.parentid === d.id).sort((a, b) => b.order - a.order || a.id - b.id)) walk(c);
  };
  const root = corp.departments.get(id);
  if (root) walk(root);
  return out;
}
