// The "old" server API of tools/dingtalk-sim.ts (host oapi.dingtalk.com): gettoken and the topapi calls OpenVisit
// uses, with DingTalk's errcode/errmsg envelope (docs/protocols/dingtalk.md, section "Old API").
import { type DtApp, type DtCorp, type DtState, type DtUser, json, requestId, type SimAnswer, type SimRequest } from './dingtalk-sim.state.js';

/** How an invalid or expired token is refused on /topapi/*: errcode 88 with sub_code (default), or the bare code. */
export type TokenFaultStyle = 'errcode88' | 'plain';

const ok = (rest: Record<string, unknown>) => json({ errcode: 0, errmsg: 'ok', ...rest, request_id: requestId() });
const err = (errcode: number, errmsg: string) => json({ errcode, errmsg, request_id: requestId() });
const badParam = (what: string) => err(40035, `不合法的参数: ${what}`);
const noUser = () => err(60121, '找不到该用户');
const noDept = () => err(60003, '部门不存在');

/** The token refusals: 40000 absent, 40014 unknown, 42001 expired (inside errcode 88 on topapi, as the platform answers). */
export function tokenRefusal(why: 'absent' | 'unknown' | 'expired', style: TokenFaultStyle): SimAnswer {
  const [code, msg] =
    why === 'expired' ? [42001, 'access_token超时'] : why === 'absent' ? [40000, 'access_token is blank'] : [40014, '不合法的access_token'];
  if (style === 'plain') return err(code, msg);
  return json({
    errcode: 88,
    sub_code: String(code),
    sub_msg: msg,
    errmsg: `ding talk error[subcode=${code},submsg=${msg}]`,
    request_id: requestId(),
  });
}

/** user/get's detail of a member. */
export function userDetail(u: DtUser, corp: DtCorp) {
  return {
    userid: u.userid,
    unionid: u.unionid,
    name: u.name,
    avatar: u.avatar ?? '',
    ...(u.mobile ? { mobile: u.mobile, state_code: u.state_code ?? '86' } : {}),
    job_number: u.job_number ?? '',
    title: u.title ?? '',
    email: u.email ?? '',
    org_email: '',
    dept_id_list: u.dept_id_list,
    dept_order_list: u.dept_id_list.map((dept_id) => ({ dept_id, order: 0 })),
    leader_in_dept: u.dept_id_list.map((dept_id) => ({ dept_id, leader: false })),
    active: u.active,
    admin: u.admin ?? false,
    boss: false,
    leader: false,
    hide_mobile: false,
    exclusive_account: false,
    real_authed: true,
    senior: false,
    corp_id: corp.corpId,
  };
}

/** Wrong credentials: 40096 is what the platform answers today; 40089 is what its global error table lists. */
export type GettokenRefusal = 40096 | 40089;

function gettoken(st: DtState, q: URLSearchParams, refusal: GettokenRefusal): SimAnswer {
  if (!q.get('appkey')) return err(40035, '缺少参数 corpid or appkey');
  const app = st.apps.get(q.get('appkey') ?? '');
  if (!app || app.appSecret !== q.get('appsecret'))
    return refusal === 40089 ? err(40089, '不合法的corpId或corpSecret') : err(40096, '不合法的appKey或appSecret');
  const t = st.appToken(app.appKey);
  return ok({ access_token: t.token, expires_in: Math.round((t.expiresAt - st.now()) / 1000) });
}

function listsub(corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  const deptId = b.dept_id === undefined ? 1 : Number(b.dept_id);
  if (!corp.departments.has(deptId)) return noDept();
  const children = [...corp.departments.values()].filter((d) => d.parent_id === deptId && d.dept_id !== deptId);
  return ok({
    result: children.map((d) => ({ dept_id: d.dept_id, name: d.name, parent_id: d.parent_id, create_dept_group: true, auto_add_user: true })),
  });
}

function deptGet(corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  const d = corp.departments.get(Number(b.dept_id));
  if (!d) return noDept();
  return ok({ result: { dept_id: d.dept_id, name: d.name, parent_id: d.parent_id, auto_add_user: true, create_dept_group: true } });
}

/** topapi/v2/user/list: cursor (an offset) and size ≤ 100, both required, as documented. */
function userList(corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  const deptId = Number(b.dept_id);
  const [cursor, size] = [Number(b.cursor), Number(b.size)];
  if (b.dept_id === undefined || !Number.isInteger(deptId)) return badParam('dept_id');
  if (b.cursor === undefined || !Number.isInteger(cursor) || cursor < 0) return badParam('cursor');
  if (b.size === undefined || !Number.isInteger(size) || size < 1 || size > 100) return badParam('size');
  if (!corp.departments.has(deptId)) return noDept();
  const members = [...corp.users.values()].filter((u) => u.dept_id_list.includes(deptId));
  const page = members.slice(cursor, cursor + size);
  const more = cursor + size < members.length;
  return ok({ result: { has_more: more, ...(more ? { next_cursor: cursor + size } : {}), list: page.map((u) => userDetail(u, corp)) } });
}

function userGet(corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  if (typeof b.userid !== 'string' || !b.userid) return badParam('userid');
  const u = corp.users.get(b.userid);
  return u ? ok({ result: userDetail(u, corp) }) : noUser();
}

function byMobile(corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  if (typeof b.mobile !== 'string' || !b.mobile) return badParam('mobile');
  const u = [...corp.users.values()].find((x) => x.mobile === b.mobile);
  return u ? ok({ result: { userid: u.userid } }) : noUser();
}

function byUnionId(corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  if (typeof b.unionid !== 'string' || !b.unionid) return badParam('unionid');
  const u = [...corp.users.values()].find((x) => x.unionid === b.unionid);
  return u ? ok({ result: { contact_type: 0, userid: u.userid } }) : noUser();
}

/** In-app free login: the code from dd.runtime.permission.requestAuthCode → userid (single use, 5 minutes). */
function getUserInfo(st: DtState, app: DtApp, corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  if (typeof b.code !== 'string' || !b.code) return badParam('code');
  const userId = st.takeCode(b.code, app.appKey, 'inapp');
  const u = corp.users.get(typeof userId === 'string' ? userId : '');
  if (!u || ['invalid', 'used', 'expired'].includes(userId)) return err(40078, '不存在的临时授权码');
  return ok({
    result: {
      userid: u.userid,
      unionid: u.unionid,
      name: u.name,
      device_id: 'sim-device',
      sys: u.admin ?? false,
      sys_level: u.admin ? 1 : 0,
      associated_unionid: '',
    },
  });
}

const MSG_TYPES = new Set(['text', 'markdown', 'action_card', 'oa', 'link', 'image', 'voice', 'file']);

/** Why a work notice's msg is malformed, or null. */
function msgProblem(msg: unknown): string | null {
  if (!msg || typeof msg !== 'object') return 'msg';
  const m = msg as Record<string, Record<string, unknown> | string | undefined>;
  const type = String(m.msgtype ?? '');
  if (!MSG_TYPES.has(type)) return 'msg.msgtype';
  const body = m[type];
  if (!body || typeof body !== 'object') return `msg.${type}`;
  if (type === 'text' && typeof body.content !== 'string') return 'msg.text.content';
  if (type === 'markdown' && (typeof body.title !== 'string' || typeof body.text !== 'string')) return 'msg.markdown';
  if (type === 'action_card') {
    if (typeof body.title !== 'string' || typeof body.markdown !== 'string') return 'msg.action_card';
    const single = typeof body.single_title === 'string' && typeof body.single_url === 'string';
    const buttons = Array.isArray(body.btn_json_list) && body.btn_json_list.length > 0 && typeof body.btn_orientation === 'string';
    if (!single && !buttons) return 'msg.action_card: single_title/single_url or btn_orientation/btn_json_list';
  }
  return null;
}

function asyncSend(st: DtState, app: DtApp, corp: DtCorp, b: Record<string, unknown>): SimAnswer {
  if (String(b.agent_id ?? '') !== app.agentId) return err(40056, '不合法的agentid');
  const problem = msgProblem(b.msg);
  if (problem) return badParam(problem);
  const ids = typeof b.userid_list === 'string' && b.userid_list ? b.userid_list.split(',') : [];
  const depts = typeof b.dept_id_list === 'string' && b.dept_id_list ? b.dept_id_list.split(',').map(Number) : [];
  const all = b.to_all_user === true;
  if (!ids.length && !depts.length && !all) return badParam('userid_list, dept_id_list or to_all_user');
  if (ids.length > 5000) return badParam('userid_list');
  const members = [...corp.users.values()];
  const to = new Set(ids.filter((id) => corp.users.has(id)));
  for (const u of members) if (all || u.dept_id_list.some((d) => depts.includes(d))) to.add(u.userid);
  const taskId = st.nextTaskId();
  const msg = b.msg as Record<string, unknown>;
  // "The same content to the same person once a day": the call succeeds, the repeat is not delivered (143106).
  const text = JSON.stringify(msg);
  const dayAgo = st.now() - 86_400_000;
  const repeat = (id: string) =>
    st.sent.some(
      (s) => s.kind === 'notice' && s.appKey === app.appKey && s.at > dayAgo && s.to.includes(id) && JSON.stringify((s.raw as Json).msg) === text,
    );
  const forbidden = [...to].filter(repeat);
  st.record({
    kind: 'notice',
    appKey: app.appKey,
    to: [...to].filter((id) => !forbidden.includes(id)),
    forbidden,
    invalid: ids.filter((id) => !corp.users.has(id)),
    msgtype: String(msg.msgtype),
    content: msg[String(msg.msgtype)],
    taskId,
    raw: b,
  });
  return ok({ task_id: taskId });
}

/** getsendresult: who got the notice (all unread here), who was invalid or held back by the daily rules. */
function sendResult(st: DtState, app: DtApp, b: Record<string, unknown>): SimAnswer {
  const s = st.sent.find((x) => x.kind === 'notice' && x.appKey === app.appKey && x.taskId === Number(b.task_id));
  if (String(b.agent_id ?? '') !== app.agentId) return err(40056, '不合法的agentid');
  if (!s) return err(400002, '无效的task_id');
  const forbidden = s.forbidden ?? [];
  return ok({
    send_result: {
      read_user_id_list: [],
      unread_user_id_list: s.to,
      invalid_user_id_list: s.invalid,
      failed_user_id_list: [],
      forbidden_user_id_list: forbidden,
      forbidden_list: forbidden.map((userid) => ({ code: '143106', count: 1, userid })),
      invalid_dept_id_list: [],
    },
  });
}

type Json = Record<string, unknown>;
type Handler = (st: DtState, app: DtApp, corp: DtCorp, b: Record<string, unknown>) => SimAnswer;
const TOPAPI: Record<string, Handler> = {
  '/topapi/v2/department/listsub': (_s, _a, c, b) => listsub(c, b),
  '/topapi/v2/department/get': (_s, _a, c, b) => deptGet(c, b),
  '/topapi/v2/user/list': (_s, _a, c, b) => userList(c, b),
  '/topapi/v2/user/get': (_s, _a, c, b) => userGet(c, b),
  '/topapi/v2/user/getbymobile': (_s, _a, c, b) => byMobile(c, b),
  '/topapi/user/getbyunionid': (_s, _a, c, b) => byUnionId(c, b),
  '/topapi/v2/user/getuserinfo': getUserInfo,
  '/topapi/message/corpconversation/asyncsend_v2': asyncSend,
  '/topapi/message/corpconversation/getsendresult': (s, a, _c, b) => sendResult(s, a, b),
};

/** Answers an old-API request, or null when the path is not one. */
export function oapiRoute(st: DtState, req: SimRequest, style: TokenFaultStyle, refusal: GettokenRefusal): SimAnswer | null {
  if (req.path === '/gettoken') return req.method === 'GET' ? gettoken(st, req.query, refusal) : err(404, '请求的URI地址不存在');
  if (!req.path.startsWith('/topapi/')) return null;
  const handler = TOPAPI[req.path];
  const api = `dingtalk.oapi${req.path.slice('/topapi'.length).replaceAll('/', '.')}`;
  if (!handler)
    return json({
      errcode: 22,
      sub_msg: `不合法ApiName，ApiName = ${api}`,
      errmsg: `Invalid method[submsg=不合法ApiName，ApiName = ${api}]`,
      request_id: requestId(),
    });
  const t = req.query.get('access_token') ? st.checkToken(req.query.get('access_token')) : 'absent';
  if (t === 'absent' || t === 'unknown' || t === 'expired') return tokenRefusal(t, style);
  if (req.method !== 'POST') return err(43002, '需要POST请求');
  if (!req.body) return badParam('body (JSON)');
  const app = st.apps.get(t.appKey)!;
  return handler(st, app, st.corp(app.corpId), req.body);
}
