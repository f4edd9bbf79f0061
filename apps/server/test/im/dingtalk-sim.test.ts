import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type DingTalkSim, startDingTalkSim } from '../../../../tools/dingtalk-sim.js';

/**
 * The DingTalk simulator (tools/dingtalk-sim.ts) against plain fetch and ws clients written from DingTalk's documents
 * (docs/protocols/dingtalk.md): tokens, directory paging, work notices, cards, sign-in codes, the Stream gateway.
 */

type Json = Record<string, unknown>;
type Frame = { specVersion: string; type: string; headers: Record<string, string>; data: string };

async function call(url: string, body?: unknown, init: { method?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), body: (text.startsWith('{') ? JSON.parse(text) : {}) as Json };
}

/** A Stream client from the protocol document: open → endpoint?ticket, pings echoed, frames kept. */
async function stream(sim: DingTalkSim, subs: { type: string; topic: string }[], o: { answerPings?: boolean } = {}) {
  const app = sim.app();
  const opened = await call(`${sim.url}/v1.0/gateway/connections/open`, {
    clientId: app.appKey,
    clientSecret: app.appSecret,
    subscriptions: subs,
    ua: 'openvisit-test/1.0',
  });
  const { endpoint, ticket } = opened.body as { endpoint: string; ticket: string };
  const ws = new WebSocket(`${endpoint}?ticket=${ticket}`);
  const frames: Frame[] = [];
  const listeners = new Set<(f: Frame) => void>();
  const ack = (f: Frame, data: unknown) =>
    ws.send(
      JSON.stringify({
        code: 200,
        headers: { contentType: 'application/json', messageId: f.headers.messageId },
        message: 'OK',
        data: JSON.stringify(data),
      }),
    );
  ws.on('message', (raw) => {
    const f = JSON.parse(String(raw)) as Frame;
    frames.push(f);
    if (f.type === 'SYSTEM' && f.headers.topic === 'ping' && o.answerPings !== false) ack(f, JSON.parse(f.data));
    for (const l of listeners) l(f);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = (pred: (f: Frame) => boolean, timeoutMs = 3000) =>
    new Promise<Frame>((resolve, reject) => {
      const hit = frames.find(pred);
      if (hit) return resolve(hit);
      const t = setTimeout(() => reject(new Error('no such frame')), timeoutMs);
      const l = (f: Frame) => {
        if (!pred(f)) return;
        clearTimeout(t);
        listeners.delete(l);
        resolve(f);
      };
      listeners.add(l);
    });
  return { ws, frames, ack, next, closed, ticket, endpoint, listeners };
}

describe('DingTalk simulator', () => {
  let sim: DingTalkSim;
  let token: string;
  const oapi = (path: string, body: unknown, t = token) => call(`${sim.url}${path}?access_token=${t}`, body);
  const api = (path: string, body: unknown, method = 'POST') =>
    call(`${sim.url}${path}`, body, { method, headers: { 'x-acs-dingtalk-access-token': token } });

  beforeAll(async () => {
    sim = await startDingTalkSim({ resendAfterMs: 300, disconnectGraceMs: 100, callbackTimeoutMs: 400 });
    sim.addDepartment({ dept_id: 2, name: '行政部' });
    for (let i = 1; i <= 150; i++)
      sim.addUser({ userid: `u${i}`, name: `成员${i}`, mobile: `1380000${String(i).padStart(4, '0')}`, job_number: `E${i}`, dept_id_list: [2] });
    const app = sim.app();
    token = String((await call(`${sim.url}/gettoken?appkey=${app.appKey}&appsecret=${app.appSecret}`)).body.access_token);
  });
  afterAll(() => sim.close());

  it('issues tokens for 7200 s, refuses a wrong secret (40096) and an absent, unknown or expired token (88: 40000 / 40014 / 42001)', async () => {
    const app = sim.app();
    const again = await call(`${sim.url}/gettoken?appkey=${app.appKey}&appsecret=${app.appSecret}`);
    expect(again.body).toMatchObject({ errcode: 0, access_token: token, expires_in: 7200 });
    expect((await call(`${sim.url}/gettoken?appkey=${app.appKey}&appsecret=wrong`)).body).toMatchObject({ errcode: 40096 });
    expect((await call(`${sim.url}/topapi/v2/user/get`, { userid: 'u1' })).body).toMatchObject({ errcode: 88, sub_code: '40000' });
    const noHeader = await call(`${sim.url}/v1.0/contact/users/me?access_token=${token}`);
    expect(noHeader).toMatchObject({ status: 400, body: { code: 'AuthenticationFailed.MissingParameter' } });
    const v1 = await call(`${sim.url}/v1.0/oauth2/accessToken`, { appKey: app.appKey, appSecret: app.appSecret });
    expect(v1.body).toMatchObject({ accessToken: token, expireIn: 7200 });
    expect((await call(`${sim.url}/v1.0/oauth2/accessToken`, { appKey: app.appKey, appSecret: 'x' })).status).toBe(400);
    expect((await oapi('/topapi/v2/user/get', { userid: 'u1' }, 'nope')).body).toMatchObject({ errcode: 88, sub_code: '40014' });
    sim.expireTokens();
    expect((await oapi('/topapi/v2/user/get', { userid: 'u1' })).body).toMatchObject({ errcode: 88, sub_code: '42001' });
    const fresh = await call(`${sim.url}/gettoken?appkey=${app.appKey}&appsecret=${app.appSecret}`);
    expect(fresh.body.access_token).not.toBe(token);
    token = String(fresh.body.access_token);
  });

  it('pages the directory with a cursor (100 at most) and finds people by id, phone and unionid', async () => {
    expect((await oapi('/topapi/v2/department/listsub', { dept_id: 1 })).body.result).toEqual([
      { dept_id: 2, name: '行政部', parent_id: 1, create_dept_group: true, auto_add_user: true },
    ]);
    const first = (await oapi('/topapi/v2/user/list', { dept_id: 2, cursor: 0, size: 100 })).body.result as Json;
    expect(first).toMatchObject({ has_more: true, next_cursor: 100 });
    expect((first.list as Json[])[0]).toMatchObject({ userid: 'u1', name: '成员1', mobile: '13800000001', job_number: 'E1', dept_id_list: [2] });
    const second = (await oapi('/topapi/v2/user/list', { dept_id: 2, cursor: 100, size: 100 })).body.result as Json;
    expect(second.has_more).toBe(false);
    expect(second).not.toHaveProperty('next_cursor');
    expect((second.list as Json[]).length).toBe(50);
    expect((await oapi('/topapi/v2/user/list', { dept_id: 2, cursor: 0, size: 101 })).body.errcode).toBe(40035);
    expect((await oapi('/topapi/v2/department/listsub', { dept_id: 99 })).body.errcode).toBe(60003);
    const u7 = (await oapi('/topapi/v2/user/get', { userid: 'u7' })).body.result as Json;
    expect((await oapi('/topapi/v2/user/getbymobile', { mobile: '13800000007' })).body.result).toEqual({ userid: 'u7' });
    expect((await oapi('/topapi/user/getbyunionid', { unionid: u7.unionid })).body.result).toEqual({ contact_type: 0, userid: 'u7' });
    expect((await oapi('/topapi/v2/user/get', { userid: 'ghost' })).body.errcode).toBe(60121);
  });

  it('records work notices (text, markdown, action_card) and refuses malformed ones', async () => {
    const agent_id = Number(sim.app().agentId);
    const sent = await oapi('/topapi/message/corpconversation/asyncsend_v2', {
      agent_id,
      userid_list: 'u1,ghost',
      msg: { msgtype: 'text', text: { content: '访客已到' } },
    });
    expect(sent.body).toMatchObject({ errcode: 0, task_id: expect.any(Number) });
    const notice = await sim.waitForSent((s) => s.taskId === sent.body.task_id);
    expect(notice).toMatchObject({ kind: 'notice', to: ['u1'], invalid: ['ghost'], msgtype: 'text', content: { content: '访客已到' } });
    const md = { msgtype: 'markdown', markdown: { title: '审批', text: '# 请审批' } };
    expect((await oapi('/topapi/message/corpconversation/asyncsend_v2', { agent_id, userid_list: 'u2', msg: md })).body.errcode).toBe(0);
    // The same content to the same person twice a day: accepted, held back (getsendresult says so).
    const twice = await oapi('/topapi/message/corpconversation/asyncsend_v2', { agent_id, userid_list: 'u2,u3', msg: md });
    const result = (await oapi('/topapi/message/corpconversation/getsendresult', { agent_id, task_id: twice.body.task_id })).body.send_result;
    expect(result).toMatchObject({ unread_user_id_list: ['u3'], forbidden_user_id_list: ['u2'], forbidden_list: [{ code: '143106', userid: 'u2' }] });
    const badCard = { msgtype: 'action_card', action_card: { title: 't', markdown: 'm' } };
    expect((await oapi('/topapi/message/corpconversation/asyncsend_v2', { agent_id, userid_list: 'u2', msg: badCard })).body.errcode).toBe(40035);
    expect((await oapi('/topapi/message/corpconversation/asyncsend_v2', { agent_id: 1, userid_list: 'u2', msg: md })).body.errcode).toBe(40056);
  });

  it('creates and delivers a card, applies a REST update, refuses non-string card data', async () => {
    const card = {
      outTrackId: 'visit-1',
      cardTemplateId: 'tpl.schema',
      cardData: { cardParamMap: { title: '访客 王五', status: 'pending' } },
      callbackType: 'STREAM',
      openSpaceId: 'dtv1.card//IM_ROBOT.u3',
      imRobotOpenSpaceModel: { supportForward: false },
      imRobotOpenDeliverModel: { spaceType: 'IM_ROBOT', robotCode: sim.app().robotCode },
    };
    const r = await api('/v1.0/card/instances/createAndDeliver', card);
    expect(r.body).toMatchObject({
      success: true,
      result: { outTrackId: 'visit-1', deliverResults: [{ spaceType: 'IM_ROBOT', spaceId: 'u3', success: true }] },
    });
    expect(sim.sent.at(-1)).toMatchObject({ kind: 'card', to: ['u3'], outTrackId: 'visit-1' });
    const bad = { ...card, outTrackId: 'visit-bad', cardData: { cardParamMap: { n: 1 } } };
    expect((await api('/v1.0/card/instances/createAndDeliver', bad)).body).toMatchObject({ code: 'param.invalid' });
    expect((await api('/v1.0/card/instances/createAndDeliver', { ...card, outTrackId: 'visit-1' })).body.code).toBe('param.cardAlreadyExist');
    const upd = await api(
      '/v1.0/card/instances',
      { outTrackId: 'visit-1', cardData: { cardParamMap: { status: 'seen' } }, cardUpdateOptions: { updateCardDataByKey: true } },
      'PUT',
    );
    expect(upd.body).toEqual({ success: true, result: true });
    expect(sim.card('visit-1')?.cardParamMap).toEqual({ title: '访客 王五', status: 'seen' });
    // The create + appendSpace + deliver route to the same place; a space not declared first is refused.
    const { openSpaceId, imRobotOpenDeliverModel, imRobotOpenSpaceModel: _, ...bare } = card;
    expect((await api('/v1.0/card/instances', { ...bare, outTrackId: 'visit-2' })).body).toEqual({ success: true, result: 'visit-2' });
    const deliver = { outTrackId: 'visit-2', openSpaceId, imRobotOpenDeliverModel };
    expect((await api('/v1.0/card/instances/deliver', deliver)).body.code).toBe('param.openSpaceModelInvalid');
    expect((await api('/v1.0/card/instances/spaces', { outTrackId: 'visit-2', imRobotOpenSpaceModel: { supportForward: true } })).body.success).toBe(
      true,
    );
    expect((await api('/v1.0/card/instances/deliver', deliver)).body).toMatchObject({ success: true, result: [{ spaceId: 'u3', success: true }] });
  });

  it('signs in through the authorize page (authCode, single use) and with an in-app code', async () => {
    const app = sim.app();
    const page = await call(sim.authorizeUrl({ redirectUri: 'https://ov.example/cb', state: 's1', loginAs: 'u5' }));
    expect(page.status).toBe(302);
    const to = new URL(String(page.location));
    expect(to.origin + to.pathname).toBe('https://ov.example/cb');
    expect(to.searchParams.get('state')).toBe('s1');
    const authCode = String(to.searchParams.get('authCode'));
    const body = { clientId: app.appKey, clientSecret: app.appSecret, code: authCode, grantType: 'authorization_code' };
    const t = await call(`${sim.url}/v1.0/oauth2/userAccessToken`, body);
    expect(t.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expireIn: 7200, corpId: app.corpId });
    expect((await call(`${sim.url}/v1.0/oauth2/userAccessToken`, body)).status).toBe(400);
    const me = await call(`${sim.url}/v1.0/contact/users/me`, undefined, { headers: { 'x-acs-dingtalk-access-token': String(t.body.accessToken) } });
    expect(me.body).toMatchObject({ nick: '成员5', mobile: '13800000005' });
    expect((await oapi('/topapi/user/getbyunionid', { unionid: me.body.unionId })).body.result).toMatchObject({ userid: 'u5' });
    const code = sim.codeFor('u6');
    expect((await oapi('/topapi/v2/user/getuserinfo', { code })).body.result).toMatchObject({ userid: 'u6', name: '成员6' });
    expect((await oapi('/topapi/v2/user/getuserinfo', { code })).body.errcode).toBe(40078);
  });

  it('answers injected faults: rate-limited, busy, HTTP 502, then normally', async () => {
    sim.fail('/topapi/v2/user/list', { kind: 'rate-limited' });
    sim.fail('/v1.0/card/instances', { status: 502 });
    expect((await oapi('/topapi/v2/user/list', { dept_id: 2, cursor: 0, size: 1 })).body.errcode).toBe(90018);
    expect((await oapi('/topapi/v2/user/list', { dept_id: 2, cursor: 0, size: 1 })).body.errcode).toBe(0);
    expect((await api('/v1.0/card/instances', { outTrackId: 'x' }, 'PUT')).status).toBe(502);
  });

  it('opens a Stream connection with a single-use ticket and keeps it alive with ping', async () => {
    const app = sim.app();
    const wrong = await call(`${sim.url}/v1.0/gateway/connections/open`, {
      clientId: app.appKey,
      clientSecret: 'x',
      subscriptions: [{ type: 'EVENT', topic: '*' }],
    });
    expect(wrong.status).toBe(400);
    const c = await stream(sim, [{ type: 'EVENT', topic: '*' }]);
    expect(sim.connections()).toBe(1);
    const reuse = new WebSocket(`${c.endpoint}?ticket=${c.ticket}`);
    const handshake = new Promise((resolve, reject) => {
      reuse.once('open', resolve);
      reuse.once('error', reject);
    });
    await expect(handshake).rejects.toThrow(/401/);
    expect(await sim.ping()).toEqual([{ connectionId: expect.any(String), ok: true }]);
    const mute = await stream(sim, [{ type: 'EVENT', topic: '*' }], { answerPings: false });
    expect((await sim.ping(undefined, 300)).map((p) => p.ok).sort()).toEqual([false, true]);
    mute.ws.close();
    await mute.closed;
    // The SDKs' keepAlive is a WebSocket-level ping: the gateway answers pong.
    const pong = new Promise((resolve) => c.ws.once('pong', resolve));
    c.ws.ping();
    await pong;
    c.ws.close();
    await c.closed;
  });

  it('pushes directory changes as EVENTs and re-sends one not acknowledged', async () => {
    const c = await stream(sim, [{ type: 'EVENT', topic: '*' }]);
    // Earlier changes (the 150 members) were pushed to earlier connections and never acknowledged: they come again.
    const isNewbie = (f: Frame) => f.headers.eventType === 'user_add_org' && JSON.parse(f.data).userId?.[0] === 'newbie';
    let seen = 0;
    c.listeners.add((f) => {
      if (f.type !== 'EVENT') return;
      if (!isNewbie(f)) return c.ack(f, { status: 'SUCCESS' });
      if (++seen === 2) c.ack(f, { status: 'SUCCESS', message: 'ok' }); // the first push is ignored
    });
    sim.addUser({ userid: 'newbie', name: '新人', dept_id_list: [2] });
    const f = await c.next(isNewbie);
    expect(f.headers).toMatchObject({ topic: '*', eventCorpId: sim.app().corpId, contentType: 'application/json', connectionId: expect.any(String) });
    expect(JSON.parse(f.data)).toMatchObject({ userId: ['newbie'], timeStamp: expect.any(String) });
    const push = () => sim.pushes.find((p) => p.eventType === 'user_add_org' && p.data.includes('"newbie"'));
    await expect.poll(() => push()?.done, { timeout: 3000 }).toBe(true);
    expect(push()?.pushes.length).toBe(2);
    expect(push()?.problems).toEqual([]);
    sim.removeUser('newbie');
    const leave = await c.next((x) => x.headers.eventType === 'user_leave_org');
    expect(JSON.parse(leave.data).userId).toEqual(['newbie']);
    sim.updateUser('u9', { name: '成员九' });
    const modify = await c.next((x) => x.headers.eventType === 'user_modify_org');
    expect(JSON.parse(modify.data)).toMatchObject({ userId: ['u9'], diffInfo: { prev: { name: '成员9' }, curr: { name: '成员九' }, userid: 'u9' } });
    sim.addDepartment({ dept_id: 3, name: '安保部' });
    const dept = await c.next((x) => x.headers.eventType === 'org_dept_create' && x.data.includes('3'));
    expect(JSON.parse(dept.data)).toEqual({ deptId: [3] });
    c.ws.close();
    await c.closed;
  });

  it('calls a card back over Stream: an answer updates what the presser sees, a late one is not waited for', async () => {
    const c = await stream(sim, [{ type: 'CALLBACK', topic: '/v1.0/card/instances/callback' }]);
    c.listeners.add((f) => {
      if (f.type !== 'CALLBACK') return;
      const d = JSON.parse(f.data) as { content: string; userId: string };
      const { actionIds } = (JSON.parse(d.content) as { cardPrivateData: { actionIds: string[] } }).cardPrivateData;
      if (actionIds[0] === 'approve')
        c.ack(f, { response: { cardUpdateOptions: { updateCardDataByKey: true }, cardData: { cardParamMap: { status: 'approved' } } } });
      // Against the document's advice: the REST update while the callback is pending, then the answer.
      const update = { outTrackId: 'visit-1', cardData: { cardParamMap: { status: 'seen' } }, cardUpdateOptions: { updateCardDataByKey: true } };
      if (actionIds[0] === 'hurry') void api('/v1.0/card/instances', update, 'PUT').then(() => c.ack(f, { response: {} }));
    });
    const ok = await sim.press({ outTrackId: 'visit-1', userId: 'u3', actionIds: ['approve'], params: { note: '同意' } });
    expect(ok).toMatchObject({ answered: true, problems: [] });
    // The answer's cardData reaches the presser only; the public data changes through the REST update.
    expect(ok.view).toEqual({ title: '访客 王五', status: 'approved' });
    expect(ok.card?.cardParamMap.status).toBe('seen');
    expect(sim.cardView('visit-1', 'u4')?.status).toBe('seen');
    const f = await c.next((x) => x.type === 'CALLBACK');
    const data = JSON.parse(f.data);
    expect(data).toMatchObject({ outTrackId: 'visit-1', userId: 'u3', corpId: sim.app().corpId, type: 'actionCallback' });
    expect(JSON.parse(data.content)).toEqual({ cardPrivateData: { actionIds: ['approve'], params: { note: '同意' } } });
    const late = await sim.press({ outTrackId: 'visit-1', userId: 'u3', actionIds: ['reject'] });
    expect(late).toMatchObject({ answered: false, problems: ['no answer in time'] });
    expect(late.ms).toBeGreaterThanOrEqual(390);
    expect(late.view?.status).toBe('approved');
    const hurried = await sim.press({ outTrackId: 'visit-1', userId: 'u3', actionIds: ['hurry'] });
    expect(hurried.problems).toEqual(['the card was updated through PUT /v1.0/card/instances while its callback was pending']);
    c.ws.close();
    await c.closed;
  });

  it('drops connections as a restart would, gracefully with a SYSTEM disconnect', async () => {
    const a = await stream(sim, [{ type: 'EVENT', topic: '*' }]);
    expect(sim.dropConnections()).toBe(1);
    expect(await a.closed).not.toBe(1000);
    const b = await stream(sim, [{ type: 'EVENT', topic: '*' }]);
    sim.dropConnections(undefined, { graceful: true });
    const bye = await b.next((f) => f.type === 'SYSTEM' && f.headers.topic === 'disconnect');
    expect(JSON.parse(bye.data)).toHaveProperty('reason');
    expect(sim.connections()).toBe(0);
    expect(await b.closed).toBe(1000);
  });

  it('with maxConnections 1, a second connection replaces the first', async () => {
    const one = await startDingTalkSim({ maxConnections: 1, disconnectGraceMs: 50 });
    try {
      const first = await stream(one, [{ type: 'EVENT', topic: '*' }]);
      await stream(one, [{ type: 'EVENT', topic: '*' }]);
      await first.next((f) => f.headers.topic === 'disconnect');
      await first.closed;
      expect(one.connections()).toBe(1);
    } finally {
      await one.close();
    }
  });
});
