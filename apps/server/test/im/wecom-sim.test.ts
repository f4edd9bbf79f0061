// The WeCom simulator (tools/wecom-sim.ts) proven against the published documents with plain fetch calls and a
// callback receiver built on @wecom/crypto: an implementation independent of the simulator's own node:crypto code, so
// a round trip through both checks the cryptography (docs/protocols/wecom.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt, encrypt, getSignature } from '@wecom/crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decryptMsg, encryptMsg, msgSignature, startWeComSim, type WeComSim } from '../../../../tools/wecom-sim.js';

type J = Record<string, unknown>;
type Reply = { status?: number; body?: string; delayMs?: number };
type Handler = (event: Record<string, string>, n: number) => Reply | Promise<Reply>;
const TOKEN = 'callbacktoken';
const AES = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

/** Flat `<Tag>` values of a WeCom XML document (CDATA or bare). */
function fieldsOf(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}

/** The app's side of the callback, written from the documents: verify, decrypt, answer (encrypted) as the handler says. */
async function startReceiver(corpId: string) {
  const events: Record<string, string>[] = [];
  const raw: { query: URLSearchParams; body: string }[] = [];
  const handlers: Handler[] = [() => ({ body: '' })];
  const server = http.createServer(async (req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    let body = '';
    for await (const c of req) body += c;
    if (req.method === 'GET') {
      const echostr = q.get('echostr') ?? '';
      const okSig = getSignature(TOKEN, q.get('timestamp')!, q.get('nonce')!, echostr) === q.get('msg_signature');
      res.end(okSig ? decrypt(AES, echostr).message : 'bad signature');
      return;
    }
    raw.push({ query: q, body });
    const enc = fieldsOf(body).Encrypt ?? '';
    expect(getSignature(TOKEN, q.get('timestamp')!, q.get('nonce')!, enc)).toBe(q.get('msg_signature'));
    const plain = decrypt(AES, enc);
    expect(plain.id).toBe(corpId);
    const ev = fieldsOf(plain.message);
    events.push(ev);
    const r = await handlers[0]!(ev, events.length);
    if (r.delayMs) await new Promise((s) => setTimeout(s, r.delayMs));
    if (!res.destroyed) res.writeHead(r.status ?? 200).end(r.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wecom/callback`,
    events,
    raw,
    on: (h: Handler) => handlers.splice(0, 1, h),
    close: () => closeServer(server),
  };
}

const closeServer = (server: http.Server) => new Promise<void>((r) => server.close(() => r()) && server.closeAllConnections());

/** An encrypted passive reply, as document 90241 and the crypto document describe it. */
function passiveReply(corpId: string, inner: string): string {
  const enc = encrypt(AES, inner, corpId);
  const [ts, nonce] = ['1700000000', '12345'];
  return `<xml><Encrypt><![CDATA[${enc}]]></Encrypt><MsgSignature><![CDATA[${getSignature(TOKEN, ts, nonce, enc)}]]></MsgSignature><TimeStamp>${ts}</TimeStamp><Nonce><![CDATA[${nonce}]]></Nonce></xml>`;
}

const BUTTONS = ['同意 approve:42', '拒绝 reject:42'].map((b, i) => ({ text: b.split(' ')[0], style: i + 1, key: b.split(' ')[1] }));
/** A button_interaction card for the seeded app (document 90372's example, shortened). */
const cardFor = (task: string) => ({
  touser: 'zhangsan',
  msgtype: 'template_card',
  agentid: sim.agentId,
  template_card: {
    card_type: 'button_interaction',
    main_title: { title: '访客审批', desc: '王先生 10:00' },
    task_id: task,
    button_list: BUTTONS,
  },
});

let sim: WeComSim;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let token = '';
let skew = 0; // moves the simulator's clock
const get = async (path: string) => (await fetch(`${sim.url}/cgi-bin/${path}`)).json() as Promise<Record<string, unknown>>;
const withToken = (path: string) => `${sim.url}/cgi-bin/${path}${path.includes('?') ? '&' : '?'}access_token=${token}`;
const post = async (path: string, body: unknown) =>
  (await fetch(withToken(path), { method: 'POST', body: JSON.stringify(body) })).json() as Promise<J>;
const tokenOf = async () => (await get(`gettoken?corpid=${sim.corpId}&corpsecret=${sim.secret}`)).access_token as string;

beforeAll(async () => {
  sim = await startWeComSim({
    now: () => Date.now() + skew,
    callbackTimeoutMs: 400,
    callbackRetries: 3,
    callbackRetryDelayMs: 20,
    verifyTimeoutMs: 3000,
  });
  rx = await startReceiver(sim.corpId);
  sim.addDepartment({ id: 2, name: '研发部' });
  sim.addDepartment({ id: 3, name: '前端组', parentid: 2 });
  const mail = { email: 'zs@home.example', biz_mail: 'zs@corp.example' };
  sim.addUser({ userid: 'zhangsan', name: '张三', department: [1, 2], mobile: '13800000001', jobNumber: 'E001', ...mail });
  sim.addUser({ userid: 'lisi', name: '李四', department: [3], mobile: '13800000002', status: 2 });
  sim.addUser({ userid: 'wangwu', name: '王五', department: [3], status: 4 });
  token = await tokenOf();
});
afterAll(() => Promise.all([sim.close(), rx.close()]));

describe('access token (gettoken, document 91039)', () => {
  it('issues a 7200 s token, the same while it lives, and refuses wrong credentials with 40001 / 40013', async () => {
    const t = await get(`gettoken?corpid=${sim.corpId}&corpsecret=${sim.secret}`);
    expect(t).toMatchObject({ errcode: 0, errmsg: 'ok', access_token: token });
    expect(t.expires_in).toBeGreaterThan(7190);
    expect((await get(`gettoken?corpid=${sim.corpId}&corpsecret=wrong`)).errcode).toBe(40001);
    expect((await get(`gettoken?corpid=wwnobody&corpsecret=${sim.secret}`)).errcode).toBe(40013);
    expect((await get('user/get?userid=zhangsan')).errcode).toBe(41001);
    expect((await get('user/get?userid=zhangsan&access_token=nope')).errcode).toBe(40014);
  });
  it('answers 42001 once tokens expire; gettoken then issues a new one', async () => {
    sim.expireTokens();
    const r = await get(`user/get?userid=zhangsan&access_token=${token}`);
    expect(r.errcode).toBe(42001);
    expect(String(r.errmsg)).toContain('more info at https://open.work.weixin.qq.com/devtool/query?e=42001');
    const fresh = await tokenOf();
    expect(fresh).not.toBe(token);
    token = fresh;
    expect((await get(`user/get?userid=zhangsan&access_token=${token}`)).errcode).toBe(0);
  });
  it('injects faults: busy -1, an HTTP status, and a 42001 that really ends the token', async () => {
    sim.fail('user/get', { times: 2 });
    expect((await get(`user/get?userid=zhangsan&access_token=${token}`)).errcode).toBe(-1);
    expect((await get(`user/get?userid=zhangsan&access_token=${token}`)).errcode).toBe(-1);
    expect((await get(`user/get?userid=zhangsan&access_token=${token}`)).errcode).toBe(0);
    sim.fail('gettoken', { status: 503 });
    expect((await fetch(`${sim.url}/cgi-bin/gettoken?corpid=${sim.corpId}&corpsecret=${sim.secret}`)).status).toBe(503);
    sim.fail('message/send', { errcode: 42001 });
    expect((await post('message/send', { touser: 'zhangsan', msgtype: 'text', agentid: sim.agentId, text: { content: 'x' } })).errcode).toBe(42001);
    expect((await get(`user/get?userid=zhangsan&access_token=${token}`)).errcode).toBe(42001);
    token = await tokenOf();
  });
});

describe('directory', () => {
  it('lists departments (a subtree by id) and members of every status', async () => {
    const all = await get(`department/list?access_token=${token}`);
    expect((all.department as { id: number }[]).map((d) => d.id)).toEqual([1, 2, 3]);
    const sub = await get(`department/list?id=2&access_token=${token}`);
    expect(sub.department).toEqual([
      expect.objectContaining({ id: 2, name: '研发部', parentid: 1 }),
      expect.objectContaining({ id: 3, parentid: 2 }),
    ]);
    expect((await get(`department/list?id=99&access_token=${token}`)).errcode).toBe(60123);
    const list = (await get(`user/list?department_id=3&access_token=${token}`)).userlist as Record<string, unknown>[];
    expect(list.map((u) => `${u.userid}:${u.status}`)).toEqual(['lisi:2', 'wangwu:4']);
  });
  it('user/get keeps private fields from a new app; getuserid and get_userid_by_email resolve them', async () => {
    const u = await get(`user/get?userid=zhangsan&access_token=${token}`);
    expect(u).toMatchObject({ errcode: 0, userid: 'zhangsan', name: '张三', department: [1, 2], status: 1 });
    expect(u.mobile).toBeUndefined();
    expect(u.extattr).toEqual({ attrs: [{ type: 0, name: '工号', text: { value: 'E001' } }] });
    expect((await get(`user/get?userid=ghost&access_token=${token}`)).errcode).toBe(60111);
    expect(await post('user/getuserid', { mobile: '13800000001' })).toMatchObject({ errcode: 0, userid: 'zhangsan' });
    expect((await post('user/getuserid', { mobile: '13900000000' })).errcode).toBe(46004);
    expect(await post('user/get_userid_by_email', { email: 'zs@corp.example' })).toMatchObject({ userid: 'zhangsan' });
    expect(await post('user/get_userid_by_email', { email: 'zs@home.example', email_type: 2 })).toMatchObject({ userid: 'zhangsan' });
    expect((await post('user/get_userid_by_email', { email: 'zs@home.example' })).errcode).toBe(46004);
  });
  it('pages user/list_id with a cursor', async () => {
    const seen: unknown[] = [];
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const page = await post('user/list_id', { cursor, limit: 2 });
      seen.push(...(page.dept_user as unknown[]));
      cursor = page.next_cursor as string;
      if (!cursor) break;
    }
    expect(seen.map((r) => `${(r as { userid: string }).userid}:${(r as { department: number }).department}`)).toEqual([
      'zhangsan:1',
      'zhangsan:2',
      'lisi:3',
      'wangwu:3',
    ]);
  });
});

describe('OAuth', () => {
  it('the in-app page redirects with a single-use code and the state; getuserinfo answers the userid', async () => {
    const q = new URLSearchParams({
      appid: sim.corpId,
      redirect_uri: 'https://visit.example/cb?x=1',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'st8',
      agentid: String(sim.agentId),
      login_as: 'zhangsan',
    });
    const r = await fetch(`${sim.url}/connect/oauth2/authorize?${q}`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    const loc = new URL(r.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe('https://visit.example/cb');
    expect(loc.searchParams.get('state')).toBe('st8');
    const code = loc.searchParams.get('code')!;
    expect(await get(`auth/getuserinfo?code=${code}&access_token=${token}`)).toMatchObject({ errcode: 0, userid: 'zhangsan' });
    expect((await get(`auth/getuserinfo?code=${code}&access_token=${token}`)).errcode).toBe(40029);
    const late = sim.codeFor('zhangsan');
    skew = 5 * 60_000 + 1000; // codes live 5 minutes; tokens 7200 s
    expect((await get(`auth/getuserinfo?code=${late}&access_token=${token}`)).errcode).toBe(40029);
    skew = 7200_000 + 1000;
    expect((await get(`user/get?userid=zhangsan&access_token=${token}`)).errcode).toBe(42001);
    token = await tokenOf();
    skew = 0;
  });
  it('the web login page, a non-member, and snsapi_privateinfo with its user_ticket', async () => {
    const q = new URLSearchParams({
      login_type: 'CorpApp',
      appid: sim.corpId,
      agentid: String(sim.agentId),
      redirect_uri: 'https://visit.example/sso',
      state: 's',
      login_as: 'zhangsan',
    });
    const r = await fetch(`${sim.url}/wwlogin/sso/login?${q}`, { redirect: 'manual' });
    const code = new URL(r.headers.get('location')!).searchParams.get('code');
    expect((await get(`auth/getuserinfo?code=${code}&access_token=${token}`)).userid).toBe('zhangsan');
    expect((await get(`auth/getuserinfo?code=${sim.codeForOpenId('oVisitor1')}&access_token=${token}`)).openid).toBe('oVisitor1');
    const info = await get(`auth/getuserinfo?code=${sim.codeFor('zhangsan', { scope: 'snsapi_privateinfo' })}&access_token=${token}`);
    expect(await post('auth/getuserdetail', { user_ticket: info.user_ticket })).toMatchObject({ userid: 'zhangsan', mobile: '13800000001' });
    const disabled = await fetch(`${sim.url}/wwlogin/sso/login?${q.toString().replace('login_as=zhangsan', 'login_as=lisi')}`, {
      redirect: 'manual',
    });
    expect(disabled.status).toBe(403);
  });
});

describe('callbacks, messages and cards', () => {
  beforeEach(() => rx.on(() => ({ body: '' })));
  it('verifies the callback URL before saving it, and refuses an answer that is not the plaintext', async () => {
    const bad = await sim.setCallback(sim.agentId, { url: rx.url, token: 'not-the-receivers', encodingAESKey: AES });
    expect(bad?.ok).toBe(false);
    expect(sim.apps()[0]!.callback).toBeNull();
    const v = await sim.setCallback(sim.agentId, { url: rx.url, token: TOKEN, encodingAESKey: AES });
    expect(v).toMatchObject({ ok: true, status: 200 });
  });
  it('sends text (invaliduser reported), refuses a message nobody can receive with 81013', async () => {
    const r = await post('message/send', { touser: 'zhangsan|ghost', msgtype: 'text', agentid: sim.agentId, text: { content: '访客已到' } });
    expect(r).toMatchObject({ errcode: 0, invaliduser: 'ghost' });
    expect(r.response_code).toBeUndefined();
    const m = await sim.waitForSent((s) => s.content === '访客已到', 1000);
    expect(m.to).toEqual(['zhangsan']);
    expect((await post('message/send', { touser: 'ghost', msgtype: 'text', agentid: sim.agentId, text: { content: 'x' } })).errcode).toBe(81013);
    expect((await post('message/send', { touser: 'zhangsan', msgtype: 'text', agentid: 1, text: { content: 'x' } })).errcode).toBe(40056);
  });

  it('a press answered with an encrypted update_button replaces the buttons; the event carries the documented fields', async () => {
    const sent = await post('message/send', cardFor('visit-42'));
    expect(sent).toMatchObject({ errcode: 0 });
    expect(typeof sent.response_code).toBe('string');
    expect((await post('message/send', cardFor('visit-42'))).errcode).toBe(40058);
    rx.on((ev) => ({
      body: passiveReply(
        sim.corpId,
        `<xml><ToUserName><![CDATA[${ev.FromUserName}]]></ToUserName><FromUserName><![CDATA[${sim.corpId}]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[update_button]]></MsgType><Button><ReplaceName><![CDATA[已同意]]></ReplaceName></Button></xml>`,
      ),
    }));
    const r = await sim.press({ taskId: 'visit-42', userId: 'zhangsan', key: 'approve:42' });
    expect(r).toMatchObject({ answered: true, attempts: 1, error: null });
    expect(r.card).toMatchObject({ replaceName: '已同意', clickedKey: 'approve:42' });
    const ev = rx.events.at(-1)!;
    expect(ev).toMatchObject({
      ToUserName: sim.corpId,
      FromUserName: 'zhangsan',
      MsgType: 'event',
      Event: 'template_card_event',
      EventKey: 'approve:42',
      TaskId: 'visit-42',
      CardType: 'button_interaction',
      AgentID: String(sim.agentId),
    });
    expect(fieldsOf(rx.raw.at(-1)!.body)).toMatchObject({ ToUserName: sim.corpId, AgentID: String(sim.agentId) });
    await expect(sim.press({ taskId: 'visit-42', userId: 'zhangsan', key: 'reject:42' })).rejects.toThrow(/buttons are gone/);
    // The event's ResponseCode updates the card once through the REST endpoint, the send's code once too.
    const full = { card_type: 'text_notice', main_title: { title: '已处理' } };
    const upd = async (body: J) => (await post('message/update_template_card', { agentid: sim.agentId, ...body })).errcode;
    expect(await upd({ atall: 1, response_code: sent.response_code, button: { replace_name: '已过期' } })).toBe(0);
    expect(sim.card('visit-42')!.users.zhangsan!.replaceName).toBe('已过期');
    expect(await upd({ userids: ['zhangsan'], response_code: ev.ResponseCode, template_card: full })).toBe(0);
    expect(sim.card('visit-42')!.users.zhangsan).toMatchObject({ template_card: full, replaceName: null });
    expect(await upd({ userids: ['zhangsan'], response_code: ev.ResponseCode, template_card: full })).toBe(40058);
  });
  it('a press not answered within the limit is sent again three times, the same request each time', async () => {
    await post('message/send', cardFor('visit-43'));
    const before = rx.raw.length;
    rx.on(() => ({ delayMs: 700 }));
    const r = await sim.press({ taskId: 'visit-43', userId: 'zhangsan', key: 'reject:42' });
    expect(r).toMatchObject({ answered: false, attempts: 4 });
    expect(r.error).toMatch(/no answer within 400 ms/);
    const tries = rx.raw.slice(before);
    expect(tries).toHaveLength(4);
    expect(new Set(tries.map((t) => t.body + t.query.get('msg_signature'))).size).toBe(1);
  });
  it('a retry that succeeds, an invalid answer reported, an unreachable server reported', async () => {
    await post('message/send', cardFor('visit-44'));
    const before = rx.events.length;
    rx.on((_ev, n) => (n === before + 1 ? { status: 500 } : { body: 'success' }));
    const r = await sim.press({ taskId: 'visit-44', userId: 'zhangsan', key: 'approve:42' });
    expect(r).toMatchObject({ answered: true, attempts: 2 });
    expect(r.error).toMatch(/neither empty nor XML/);
    expect(r.card).toMatchObject({ replaceName: null });
    // A port nobody listens on: one the system just handed out and took back.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await closeServer(probe);
    await sim.setCallback(sim.agentId, { url: `http://127.0.0.1:${port}/cb`, token: TOKEN, encodingAESKey: AES }, { verify: false });
    const down = await sim.press({ taskId: 'visit-44', userId: 'zhangsan', key: 'approve:42' });
    expect(down).toMatchObject({ answered: false, attempts: 4 });
    expect(down.error).toMatch(/ECONNREFUSED/);
    await sim.setCallback(sim.agentId, { url: rx.url, token: TOKEN, encodingAESKey: AES }, { verify: false });
  });
  it('pushes change_contact to the contacts-sync assistant only: UserID/Department, Id/ParentId for one set after 2022-08-15', async () => {
    const before = rx.events.length;
    sim.addUser({ userid: 'nobody-hears', name: '甲', department: [1] });
    await sim.settled();
    expect(rx.events.length).toBe(before); // a self-built app's callback gets no change_contact
    expect((await sim.setContactSync({ url: rx.url, token: TOKEN, encodingAESKey: AES }))?.ok).toBe(true);
    const mark = rx.raw.length;
    sim.addDepartment({ id: 4, name: '行政部', order: 5 });
    sim.addUser({ userid: 'zhaoliu', name: '赵六', department: [4], mobile: '13800000004' });
    await sim.settled();
    sim.updateUser('zhaoliu', { name: '赵六六' });
    sim.updateDepartment(4, { name: '综合部' }); // a rename: no update_party for a new-style assistant
    await sim.settled();
    sim.removeUser('zhaoliu');
    await sim.settled();
    const evs = rx.events.slice(before);
    expect(evs.map((e) => e.ChangeType)).toEqual(['create_party', 'create_user', 'update_user', 'delete_user']);
    const base = ['ChangeType', 'CreateTime', 'Event', 'FromUserName', 'MsgType', 'ToUserName'];
    expect(evs[0]).toMatchObject({ Event: 'change_contact', FromUserName: 'sys', ToUserName: sim.corpId, Id: '4', ParentId: '1' });
    expect(Object.keys(evs[0]!).sort()).toEqual([...base, 'Id', 'ParentId'].sort());
    expect(Object.keys(evs[1]!).sort()).toEqual([...base, 'Department', 'UserID'].sort());
    expect(evs[1]).toMatchObject({ UserID: 'zhaoliu', Department: '4' });
    expect(Object.keys(evs[2]!).sort()).toEqual([...base, 'UserID'].sort());
    expect(Object.keys(evs[3]!).sort()).toEqual([...base, 'UserID'].sort());
    expect(fieldsOf(rx.raw[mark]!.body).AgentID).toBeUndefined();
    expect((await get(`user/get?userid=zhaoliu&access_token=${token}`)).errcode).toBe(60111);
  });
  it('an assistant set before 2022-08-15 gets every field; an update carries only what changed', async () => {
    await sim.setContactSync({ url: rx.url, token: TOKEN, encodingAESKey: AES }, { fullFields: true, verify: false });
    const before = rx.events.length;
    sim.addUser({ userid: 'sunqi', name: '孙七', department: [2], mobile: '13800000007', position: '前台' });
    await sim.settled();
    sim.updateUser('sunqi', { department: [3] });
    sim.updateDepartment(4, { parentid: 2 });
    await sim.settled();
    const [created, updated, moved] = rx.events.slice(before);
    expect(created).toMatchObject({
      ChangeType: 'create_user',
      UserID: 'sunqi',
      Name: '孙七',
      Department: '2',
      MainDepartment: '2',
      Mobile: '13800000007',
      Position: '前台',
      Status: '1',
    });
    expect(updated).toMatchObject({ ChangeType: 'update_user', UserID: 'sunqi', Department: '3', MainDepartment: '3' });
    expect(updated!.Name).toBeUndefined();
    expect(moved).toMatchObject({ ChangeType: 'update_party', Id: '4', ParentId: '2' });
    await sim.setContactSync(null);
  });
});

describe('test controls over HTTP (/__sim/, for a simulator run as a separate process)', () => {
  it('adds a member, issues a code, lists what was sent and presses a card', async () => {
    const ctl = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${sim.url}/__sim/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect((await ctl('POST', 'users', { userid: 'ctl1', name: '控一', department: [1] })).body).toMatchObject({ userid: 'ctl1', status: 1 });
    const { code } = (await ctl('POST', 'code', { userId: 'ctl1' })).body;
    expect((await get(`auth/getuserinfo?code=${code}&access_token=${token}`)).userid).toBe('ctl1');
    await sim.setCallback(sim.agentId, { url: rx.url, token: TOKEN, encodingAESKey: AES }, { verify: false });
    rx.on(() => ({ body: '' }));
    await post('message/send', { ...cardFor('ctl-1'), touser: 'ctl1' });
    const sent = (await fetch(`${sim.url}/__sim/sent`).then((r) => r.json())) as { to: string[] }[];
    expect(sent.at(-1)!.to).toEqual(['ctl1']);
    expect((await ctl('POST', 'press', { taskId: 'ctl-1', userId: 'ctl1', key: 'approve:42' })).body).toMatchObject({ answered: true, attempts: 1 });
    expect((await ctl('POST', 'press', { taskId: 'ctl-1', userId: 'ctl1', key: 'nope' })).status).toBe(400);
    expect((await ctl('GET', 'nothing')).status).toBe(404);
  });
});

describe('cryptography against the document', () => {
  it('pads to 32 bytes, round-trips with @wecom/crypto both ways, and signs over the sorted strings', () => {
    for (const len of [0, 1, 11, 12, 43, 44, 100]) {
      const msg = 'x'.repeat(len);
      const enc = encryptMsg(AES, msg, 'wwcorp');
      expect(Buffer.from(enc, 'base64').length % 32).toBe(0);
      expect(decrypt(AES, enc)).toMatchObject({ message: msg, id: 'wwcorp' });
      expect(decryptMsg(AES, encrypt(AES, msg, 'wwcorp'))).toEqual({ msg, receiveId: 'wwcorp' });
    }
    expect(msgSignature('t', '2', '1', 'e')).toBe(getSignature('t', '2', '1', 'e'));
  });
});
