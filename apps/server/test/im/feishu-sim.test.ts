// The Feishu simulator (tools/feishu-sim.ts) behaves as the Open Platform's documents say (docs/protocols/feishu.md):
// plain fetch and ws clients written from the documents (the frame codec below is parsed from the SDKs' pbbp2.proto,
// not the simulator's), and the official Node SDK's WSClient + EventDispatcher and Client pointed at it.
import * as lark from '@larksuiteoapi/node-sdk';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FeishuSim, startFeishuSim } from '../../../../tools/feishu-sim.js';

const PROTO = `syntax = "proto2"; package pbbp2;
message Header { required string key = 1; required string value = 2; }
message Frame { required uint64 SeqID = 1; required uint64 LogID = 2; required int32 service = 3; required int32 method = 4;
  repeated Header headers = 5; optional string payload_encoding = 6; optional string payload_type = 7; optional bytes payload = 8;
  optional string LogIDNew = 9; }`;
const FrameT = protobuf.parse(PROTO).root.lookupType('pbbp2.Frame');
type F = { SeqID: number; LogID: number; service: number; method: number; headers: { key: string; value: string }[]; payload?: Uint8Array };
const decode = (b: Buffer): F => FrameT.toObject(FrameT.decode(b), { longs: Number, arrays: true }) as F;
const encode = (f: F): Buffer => Buffer.from(FrameT.encode(FrameT.fromObject(f)).finish());
const hdr = (f: F, k: string) => f.headers.find((h) => h.key === k)?.value;
const json = (b?: Uint8Array): Record<string, unknown> => JSON.parse(Buffer.from(b ?? []).toString());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { error() {}, warn() {}, info() {}, debug() {}, trace() {} };

type R = { status: number; body: Record<string, unknown>; headers: Headers };
async function call(sim: FeishuSim, method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<R> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : { text }, headers: res.headers };
}
async function tenantToken(sim: FeishuSim): Promise<string> {
  const r = await call(sim, 'POST', '/open-apis/auth/v3/tenant_access_token/internal', {
    body: { app_id: sim.app.appId, app_secret: sim.app.appSecret },
  });
  return r.body.tenant_access_token as string;
}

/** A long-connection client written from the documents: endpoint, WebSocket, frames collected. */
async function dial(sim: FeishuSim) {
  const r = await call(sim, 'POST', '/callback/ws/endpoint', { body: { AppID: sim.app.appId, AppSecret: sim.app.appSecret } });
  const data = r.body.data as { URL: string; ClientConfig: Record<string, number> };
  const ws = new WebSocket(data.URL);
  const frames: F[] = [];
  ws.on('message', (d: Buffer) => frames.push(decode(d)));
  await new Promise((res, rej) => ws.once('open', res).once('error', rej));
  const service = Number(new URL(data.URL).searchParams.get('service_id'));
  const next = async (pred: (f: F) => boolean, ms = 3000): Promise<F> => {
    for (const until = Date.now() + ms; Date.now() < until; await sleep(10)) {
      const i = frames.findIndex(pred);
      if (i >= 0) return frames.splice(i, 1)[0] as F;
    }
    throw new Error('no frame');
  };
  const ack = (f: F, answer?: unknown) => {
    const payload = { code: 200, headers: null, data: answer === undefined ? null : Buffer.from(JSON.stringify(answer)).toString('base64') };
    ws.send(encode({ ...f, headers: [...f.headers, { key: 'biz_rt', value: '1' }], payload: Buffer.from(JSON.stringify(payload)) }));
  };
  return { ws, config: data.ClientConfig, service, next, ack, closed: new Promise((res) => ws.once('close', res)) };
}
/** A data frame carrying an event of the type (and about the user, when given: earlier tests' re-pushes may arrive). */
const isEvent = (type: string, userId?: string) => (f: F) => {
  const p = f.method === 1 ? (json(f.payload) as { header?: { event_type: string }; event?: { object?: { user_id?: string } } }) : {};
  return p.header?.event_type === type && (!userId || p.event?.object?.user_id === userId);
};

describe('Feishu simulator', () => {
  let sim: FeishuSim;
  beforeAll(async () => {
    sim = await startFeishuSim({
      retryDelaysMs: [200, 200],
      eventTimeoutMs: 400,
      callbackTimeoutMs: 600,
      clientConfig: { PingInterval: 1, ReconnectInterval: 1, ReconnectNonce: 0 },
    });
    sim.addDepartment({ departmentId: 'd1', name: 'Ops' });
    sim.addDepartment({ departmentId: 'd2', name: 'Ops East', parentId: 'd1' });
    for (let i = 1; i <= 12; i++)
      sim.addUser({
        userId: `u${i}`,
        name: `User ${i}`,
        mobile: `+86138000000${String(i).padStart(2, '0')}`,
        email: `u${i}@example.com`,
        employeeNo: `E${i}`,
        departmentIds: ['d1'],
      });
  });
  afterAll(() => sim.close());

  it('issues tenant and app tokens, refuses a wrong secret, rejects expired tokens and answers faults', async () => {
    const t1 = await tenantToken(sim);
    expect(t1).toMatch(/^t-/);
    expect(await tenantToken(sim)).toBe(t1); // ≥ 30 minutes left: the same token
    const app = await call(sim, 'POST', '/open-apis/auth/v3/app_access_token/internal', {
      body: { app_id: sim.app.appId, app_secret: sim.app.appSecret },
    });
    expect(app.body).toMatchObject({ code: 0, expire: 7200, tenant_access_token: t1 });
    const bad = await call(sim, 'POST', '/open-apis/auth/v3/tenant_access_token/internal', { body: { app_id: sim.app.appId, app_secret: 'nope' } });
    expect(bad.body).toMatchObject({ code: 10014 });
    expect((await call(sim, 'GET', '/open-apis/contact/v3/users/u1')).body.code).toBe(99991661);
    sim.expireTokens();
    const expired = await call(sim, 'GET', '/open-apis/contact/v3/users/u1?user_id_type=user_id', { token: t1 });
    expect([expired.status, expired.body.code]).toEqual([400, 99991663]);
    const t2 = await tenantToken(sim);
    expect(t2).not.toBe(t1);
    sim.fail('users.get', { code: 99991400, times: 1 });
    const limited = await call(sim, 'GET', '/open-apis/contact/v3/users/u1?user_id_type=user_id', { token: t2 });
    expect([limited.status, limited.body.code, limited.headers.get('x-ogw-ratelimit-reset')]).toEqual([429, 99991400, '1']);
    expect((await call(sim, 'GET', '/open-apis/contact/v3/users/u1?user_id_type=user_id', { token: t2 })).body.code).toBe(0);
  });

  it('pages the directory, resolves mobiles and emails, and marks leavers', async () => {
    const token = await tenantToken(sim);
    const ids: string[] = [];
    let pageToken = '';
    for (let n = 0; n < 5; n++) {
      const q = `department_id=d1&department_id_type=department_id&user_id_type=user_id&page_size=5${pageToken ? `&page_token=${pageToken}` : ''}`;
      const data = (await call(sim, 'GET', `/open-apis/contact/v3/users/find_by_department?${q}`, { token })).body.data as Record<string, unknown>;
      ids.push(...(data.items as { user_id: string }[]).map((u) => u.user_id));
      if (!data.has_more) break;
      pageToken = data.page_token as string;
    }
    expect(ids).toHaveLength(12);
    const kids = await call(sim, 'GET', '/open-apis/contact/v3/departments/0/children?department_id_type=department_id&fetch_child=true', { token });
    expect((kids.body.data as { items: { department_id: string }[] }).items.map((d) => d.department_id)).toEqual(['d1', 'd2']);
    const empty = await call(sim, 'GET', '/open-apis/contact/v3/departments/d2/children?department_id_type=department_id', { token });
    expect(empty.body.data).toEqual({ has_more: false });
    expect((await call(sim, 'GET', '/open-apis/contact/v3/users/find_by_department?department_id=0&page_size=51', { token })).body.code).toBe(
      99992402,
    );
    sim.removeUser('u12');
    const body = { emails: ['u12@example.com', 'u3@example.com'], mobiles: ['13800000004', '+8613800000099'] };
    const ids2 = await call(sim, 'POST', '/open-apis/contact/v3/users/batch_get_id?user_id_type=user_id', { token, body });
    expect((ids2.body.data as { user_list: Record<string, unknown>[] }).user_list.map((u) => u.user_id)).toEqual([undefined, 'u3', 'u4', undefined]);
    const resigned = await call(sim, 'GET', '/open-apis/contact/v3/users/u12?user_id_type=user_id', { token });
    expect((resigned.body.data as { user: Record<string, unknown> }).user).toMatchObject({ status: { is_resigned: true }, department_ids: [] });
    const after = await call(
      sim,
      'GET',
      '/open-apis/contact/v3/users/find_by_department?department_id=d1&department_id_type=department_id&page_size=50',
      { token },
    );
    expect((after.body.data as { items: unknown[] }).items).toHaveLength(11);
  });

  it('sends text and cards, de-duplicates by uuid, and updates a shared card', async () => {
    const token = await tenantToken(sim);
    const send = (body: unknown, type = 'user_id') => call(sim, 'POST', `/open-apis/im/v1/messages?receive_id_type=${type}`, { token, body });
    const text = await send({ receive_id: 'u1', msg_type: 'text', content: JSON.stringify({ text: 'hello' }), uuid: 'n-1' });
    const again = await send({ receive_id: 'u1', msg_type: 'text', content: JSON.stringify({ text: 'hello' }), uuid: 'n-1' });
    expect((again.body.data as { message_id: string }).message_id).toBe((text.body.data as { message_id: string }).message_id);
    expect(sim.sent.filter((m) => m.uuid === 'n-1')).toHaveLength(1);
    expect((await send({ receive_id: 'nobody', msg_type: 'text', content: '{"text":"x"}' })).body.code).toBe(230001);
    expect((await send({ receive_id: 'u12', msg_type: 'text', content: '{"text":"x"}' })).body.code).toBe(230013);
    const card = { config: { update_multi: true }, elements: [{ tag: 'button', text: { tag: 'plain_text', content: 'Approve' }, value: { id: 1 } }] };
    const sent = await send({ receive_id: sim.openId('u2'), msg_type: 'interactive', content: JSON.stringify(card) }, 'open_id');
    const id = (sent.body.data as { message_id: string }).message_id;
    expect((await sim.waitForSent((m) => m.messageId === id)).userId).toBe('u2');
    const patched = await call(sim, 'PATCH', `/open-apis/im/v1/messages/${id}`, {
      token,
      body: { content: JSON.stringify({ ...card, elements: [] }) },
    });
    expect(patched.body.code).toBe(0);
    expect(sim.card(id)).toEqual({ ...card, elements: [] });
    const unshared = await send({ receive_id: 'u2', msg_type: 'interactive', content: JSON.stringify({ elements: [] }) });
    const mid = (unshared.body.data as { message_id: string }).message_id;
    expect((await call(sim, 'PATCH', `/open-apis/im/v1/messages/${mid}`, { token, body: { content: '{"elements":[]}' } })).body.code).toBe(230001);
  });

  it('signs in with a single-use code from the authorize page or codeFor', async () => {
    const q = new URLSearchParams({
      client_id: sim.app.appId,
      redirect_uri: 'http://app.test/cb',
      state: 's1',
      scope: 'offline_access',
      login_as: 'u3',
    });
    const page = await call(sim, 'GET', `/open-apis/authen/v1/authorize?${q}`);
    const to = new URL(page.headers.get('location') ?? '');
    expect([page.status, to.origin + to.pathname, to.searchParams.get('state')]).toEqual([302, 'http://app.test/cb', 's1']);
    const body = {
      grant_type: 'authorization_code',
      client_id: sim.app.appId,
      client_secret: sim.app.appSecret,
      code: to.searchParams.get('code'),
      redirect_uri: 'http://app.test/cb',
    };
    const tok = await call(sim, 'POST', '/open-apis/authen/v2/oauth/token', { body });
    expect(tok.body).toMatchObject({ code: 0, token_type: 'Bearer', expires_in: 7200, refresh_token_expires_in: 604800 });
    const reuse = await call(sim, 'POST', '/open-apis/authen/v2/oauth/token', { body });
    expect([reuse.status, reuse.body.code, reuse.body.error]).toEqual([400, 20003, 'invalid_grant']);
    const info = await call(sim, 'GET', '/open-apis/authen/v1/user_info', { token: tok.body.access_token as string });
    expect(info.body.data).toMatchObject({ user_id: 'u3', open_id: sim.openId('u3'), tenant_key: sim.tenantKey });
    const inApp = await call(sim, 'POST', '/open-apis/authen/v2/oauth/token', {
      body: { ...body, code: sim.codeFor('u4'), redirect_uri: undefined },
    });
    expect(inApp.body.code).toBe(0);
    const short = await startFeishuSim({ codeTtlSec: 0.05 });
    short.addUser({ userId: 'x', name: 'X' });
    const code = short.codeFor('x');
    await sleep(80);
    const late = await call(short, 'POST', '/open-apis/authen/v2/oauth/token', {
      body: { grant_type: 'authorization_code', client_id: short.app.appId, client_secret: short.app.appSecret, code },
    });
    expect(late.body.code).toBe(20004);
    await short.close();
  });

  it('hands out the long connection, answers pings with the ClientConfig, re-pushes an unacknowledged event', async () => {
    const c = await dial(sim);
    expect(c.config).toEqual({ PingInterval: 1, ReconnectCount: -1, ReconnectInterval: 1, ReconnectNonce: 0 });
    c.ws.send(encode({ SeqID: 0, LogID: 0, service: c.service, method: 0, headers: [{ key: 'type', value: 'ping' }] }));
    const pong = await c.next((f) => f.method === 0 && hdr(f, 'type') === 'pong');
    expect(json(pong.payload)).toMatchObject({ PingInterval: 1 });
    sim.addUser({ userId: 'n1', name: 'New One', departmentIds: ['d2'] });
    const ev = await c.next(isEvent('contact.user.created_v3', 'n1'));
    expect([hdr(ev, 'type'), hdr(ev, 'sum'), hdr(ev, 'seq'), ev.service]).toEqual(['event', '1', '0', c.service]);
    const payload = json(ev.payload) as { schema: string; header: Record<string, string>; event: { object: Record<string, unknown> } };
    expect(payload.schema).toBe('2.0');
    expect(payload.header).toMatchObject({ app_id: sim.app.appId, token: sim.app.verificationToken, tenant_key: sim.tenantKey });
    expect(payload.event.object).toMatchObject({ user_id: 'n1', open_id: sim.openId('n1'), status: { is_resigned: false } });
    c.ack(ev);
    await sim.waitForEvent((e) => e.eventId === payload.header.event_id && e.acked);
    sim.updateUser('n1', { name: 'Renamed' });
    const first = await c.next(isEvent('contact.user.updated_v3', 'n1'));
    const firstId = (json(first.payload).header as { event_id: string }).event_id;
    expect((json(first.payload).event as { old_object: unknown }).old_object).toEqual({ name: 'New One' });
    const second = await c.next(isEvent('contact.user.updated_v3', 'n1'), 2000); // not acknowledged in 400 ms: re-pushed after 200 ms
    expect((json(second.payload).header as { event_id: string }).event_id).toBe(firstId);
    c.ack(second);
    const rec = await sim.waitForEvent((e) => e.eventId === firstId && e.acked);
    expect(rec.attempts.map((a) => a.ok)).toEqual([false, true]);
    sim.removeUser('n1');
    const gone = await c.next(isEvent('contact.user.deleted_v3', 'n1'));
    expect((json(gone.payload).event as { old_object: Record<string, unknown> }).old_object).toMatchObject({ open_id: sim.openId('n1') });
    c.ack(gone);
    expect(sim.dropConnections()).toBe(1);
    await c.closed;
    expect(sim.connections()).toBe(0);
  });

  it('sends a card press over the connection: answered within the limit, and not answered in time', async () => {
    const c = await dial(sim);
    const token = await tenantToken(sim);
    const card = {
      schema: '2.0',
      body: {
        elements: [
          { tag: 'button', name: 'ok', text: { tag: 'plain_text', content: 'OK' }, behaviors: [{ type: 'callback', value: { v: 'approve' } }] },
        ],
      },
    };
    const sent = await call(sim, 'POST', '/open-apis/im/v1/messages?receive_id_type=user_id', {
      token,
      body: { receive_id: 'u5', msg_type: 'interactive', content: JSON.stringify(card) },
    });
    const messageId = (sent.body.data as { message_id: string }).message_id;
    const pressing = sim.press({ messageId, userId: 'u5', button: 'OK', formValue: { note: 'fine' } });
    const f = await c.next(isEvent('card.action.trigger'));
    const cb = json(f.payload).event as Record<string, Record<string, unknown>>;
    expect(cb.operator).toMatchObject({ open_id: sim.openId('u5'), user_id: 'u5' });
    expect(cb.action).toMatchObject({ value: { v: 'approve' }, tag: 'button', name: 'ok', form_value: { note: 'fine' } });
    expect(cb.context).toMatchObject({ open_message_id: messageId });
    const done = { schema: '2.0', body: { elements: [{ tag: 'markdown', content: 'Approved' }] } };
    c.ack(f, { toast: { type: 'success', content: 'Done' }, card: { type: 'raw', data: done } });
    const r = await pressing;
    expect([r.answered, r.toast, r.card]).toEqual([true, { type: 'success', content: 'Done' }, done]);
    const slow = sim.press({ messageId, userId: 'u5', value: { v: 'again' } });
    const f2 = await c.next(isEvent('card.action.trigger'));
    const late = await slow;
    expect([late.answered, late.error, late.card]).toEqual([false, 'timeout', done]);
    c.ack(f2, { toast: { type: 'info', content: 'too late' } }); // ignored
    const raw = sim.press({ messageId, userId: 'u5', value: { v: 'raw' } });
    c.ack(await c.next(isEvent('card.action.trigger')), done); // a bare card, not {card: {type, data}}
    expect(await raw).toMatchObject({ answered: false, error: expect.stringMatching(/unknown fields/) });
    await expect(sim.press({ messageId, userId: 'u6', value: {} })).rejects.toThrow(/cannot see/);
    c.ws.close();
    await c.closed;
  });

  it('gives each push to one connection of several, and enforces the connection limit', async () => {
    const few = await startFeishuSim({ maxConnections: 2, retryDelaysMs: [] });
    const a = await dial(few);
    const b = await dial(few);
    const third = await call(few, 'POST', '/callback/ws/endpoint', { body: { AppID: few.app.appId, AppSecret: few.app.appSecret } });
    expect(third.body.code).toBe(1000040350);
    const seen: string[] = [];
    for (const c of [a, b]) c.ws.on('message', (d: Buffer) => seen.push((json(decode(d).payload).header as { event_id: string }).event_id));
    for (let i = 0; i < 8; i++) few.addUser({ userId: `p${i}`, name: `P${i}` });
    for (let i = 0; seen.length < 8 && i < 200; i++) await sleep(10);
    await sleep(50); // and no ninth (a copy to the other connection)
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const other = few.addApp({ events: ['contact.department.created_v3'] });
    few.addDepartment({ departmentId: 'x', name: 'X' });
    few.addUser({ userId: 'q', name: 'Q' });
    expect(few.events.filter((e) => e.appId === other.appId).map((e) => e.eventType)).toEqual(['contact.department.created_v3']);
    expect(few.openId('q', other)).not.toBe(few.openId('q'));
    await few.close();
  });

  it('serves the official SDK: WSClient + EventDispatcher receive an event, answer a press, reconnect after a drop; Client sends', async () => {
    const got: string[] = [];
    const dispatcher = new lark.EventDispatcher({ logger: quiet }).register({
      'contact.user.created_v3': async (data: { object?: { user_id?: string } }) => {
        got.push(data.object?.user_id ?? '');
      },
      'card.action.trigger': async (data: { action?: { value?: { v?: string } } }) => ({
        toast: { type: 'success', content: `got ${data.action?.value?.v}` },
      }),
    });
    const ws = new lark.WSClient({
      appId: sim.app.appId,
      appSecret: sim.app.appSecret,
      domain: sim.url,
      logger: quiet,
      loggerLevel: lark.LoggerLevel.error,
    });
    await ws.start({ eventDispatcher: dispatcher });
    for (let i = 0; sim.connections() < 1 && i < 200; i++) await sleep(10);
    sim.addUser({ userId: 'sdk1', name: 'SDK One' });
    await sim.waitForEvent((e) => e.eventType === 'contact.user.created_v3' && e.acked && got.includes('sdk1'));
    const client = new lark.Client({
      appId: sim.app.appId,
      appSecret: sim.app.appSecret,
      domain: sim.url,
      logger: quiet,
      loggerLevel: lark.LoggerLevel.error,
    });
    const card = { config: { update_multi: true }, elements: [{ tag: 'button', text: { tag: 'plain_text', content: 'Go' }, value: { v: 'go' } }] };
    const res = await client.im.v1.message.create({
      params: { receive_id_type: 'user_id' },
      data: { receive_id: 'u7', msg_type: 'interactive', content: JSON.stringify(card) },
    });
    const pressed = await sim.press({ messageId: res.data?.message_id ?? '', userId: 'u7', button: 'Go' });
    expect([pressed.answered, pressed.toast]).toEqual([true, { type: 'success', content: 'got go' }]);
    expect(sim.connectionList()[0]?.pings).toBeGreaterThan(0);
    sim.dropConnections();
    for (let i = 0; sim.connections() < 1 && i < 300; i++) await sleep(10);
    expect(sim.connections()).toBe(1);
    sim.addUser({ userId: 'sdk2', name: 'SDK Two' });
    await sim.waitForEvent((e) => e.acked && got.includes('sdk2'));
    ws.close({ force: true });
  });
});
