import { NotifyChannel, Status, statusInfo } from '@openvisit/contract';
import { encrypt, getSignature } from '@wecom/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEncodingAESKey } from '../../../../../tools/wecom-sim.crypto.js';
import { startWeComSim, type WeComSim } from '../../../../../tools/wecom-sim.js';
import { drainJobs, PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';

/**
 * WeCom's callback URL (docs/protocols/wecom.md "Callbacks"), called by the simulator over HTTP with its own crypto:
 * the URL verification, approval cards pressed (template_card_event, answered with the passive reply), a decision
 * taken elsewhere updating the card (update_template_card), directory changes, and forged or replayed callbacks.
 */
describe('WeCom callbacks: cards and directory events', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let wc: WeComSim;
  let base = '';
  let hostToken = '';
  const corpId = 'ww00000000000000c1';
  const agentId = 1000031;
  const token = 'OpenVisitToken31';
  const aesKey = newEncodingAESKey();
  let invited = 0;

  const visit = async (vid: number) => (await t.api.GetVisitorByVid({ vid }, a.token)).result as { permission: number };
  const invite = async () => {
    invited += 1;
    const r = await t.call<{ vid: number }[]>(
      'addAppointment',
      {
        appointmentDate: Date.now() + 60_000,
        visitors: [{ name: 'WeCom Visitor', phone: `1396666${String(invited).padStart(4, '0')}`, lang: 'en' }],
      },
      hostToken,
    );
    expect(r.status, r.reason).toBe(0);
    await drainJobs(t);
    return r.result[0]?.vid ?? 0;
  };
  const approveKey = (m: ReturnType<typeof lastCard>) => ((m?.template_card?.button_list ?? []) as { key?: string }[])[0]?.key ?? '';
  const lastCard = () => wc.sent.filter((m) => m.msgtype === 'template_card' && m.to.includes('w-ann')).at(-1);

  beforeAll(async () => {
    wc = await startWeComSim({ seed: false, callbackRetryDelayMs: 50 });
    wc.addApp({ corpId, agentId, secret: 'wecom-card-secret' });
    wc.addUser({ userid: 'w-ann', name: 'Ann WeCom', department: [1], mobile: '13700090001' }, corpId);
    t = await testApp({}, { WECOM_API_URL: wc.url });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    ({ a, b } = await twoTenants(t));
    await seedEmployee(t, a.id, '13800006666');
    hostToken = (await t.api.empLogin({ phone: '13800006666', empPwd: PASSWORD })).result.token;
    const saved = await t.api.updateImApp(
      { platform: 'wecom', corpId, agentId: String(agentId), secret: 'wecom-card-secret', callbackToken: token, encodingAesKey: aesKey },
      a.token,
    );
    expect(saved.status, saved.reason).toBe(0);
    expect((await t.api.updateAppDirectory({ channel: 'wecom', on: 1, auto: 1 }, a.token)).status).toBe(0);
    await t.api.autoGetEmployeeFromCT({}, a.token);
    const ann = (await t.api.getEmpListPages({ name: 'Ann WeCom' }, a.token)).result.list[0]?.empid ?? 0;
    expect(ann).toBeGreaterThan(0);
    await t.api.updateDefaultNotify({ empids: [ann], defaultNotify: NotifyChannel.WECOM }, a.token);
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1}'::jsonb WHERE id = ${a.id}`);
    const aid = (await t.api.addProcessArea({ aName: 'Gate' }, a.token)).result.aid;
    expect((await t.api.addProcessRule({ aid, levels: [{ level: 1, approvers: [{ rType: 1, id: ann }] }] }, a.token)).status).toBe(0);
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, a.token)).status).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
    await wc?.close();
  });

  it('WeCom verifies the URL with the company’s Token and EncodingAESKey; another company or a wrong key is refused', async () => {
    const ok = await wc.setCallback(agentId, { url: `${base}/im/wecom/${a.id}`, token, encodingAESKey: aesKey }, { corpId });
    expect(ok).toMatchObject({ ok: true });
    // Company b has no WeCom callback: not found. A wrong token: the signature fails.
    const other = await wc.setCallback(agentId, { url: `${base}/im/wecom/${b.id}`, token, encodingAESKey: aesKey }, { corpId });
    expect(other).toMatchObject({ ok: false, status: 404 });
    const wrong = await wc.setCallback(agentId, { url: `${base}/im/wecom/${a.id}`, token: 'WrongToken', encodingAESKey: aesKey }, { corpId });
    expect(wrong).toMatchObject({ ok: false, status: 403 });
    expect(await wc.setCallback(agentId, { url: `${base}/im/wecom/${a.id}`, token, encodingAESKey: aesKey }, { corpId })).toMatchObject({ ok: true });
  });

  it('an approval request arrives as a template card; Approve decides, and the presser’s buttons become who decided', async () => {
    const vid = await invite();
    const sent = lastCard();
    expect(sent?.template_card).toMatchObject({ card_type: 'button_interaction' });
    const taskId = String(sent?.template_card?.task_id);
    const key = approveKey(sent);
    const pressed = await wc.press({ taskId, userId: 'w-ann', key });
    expect(pressed.error).toBeNull();
    expect(pressed.answered).toBe(true);
    expect((pressed.card as { replaceName: string }).replaceName).toMatch(/^Approved · Ann WeCom/);
    expect((await visit(vid)).permission).toBe(1);
  });

  it('a decision taken elsewhere updates the card through update_template_card', async () => {
    const vid = await invite();
    const sent = lastCard();
    const key = approveKey(sent);
    const linkToken = key.split(':').at(-1) ?? '';
    expect((await t.api.decideApprovalByLink({ token: linkToken, result: 'refuse', remark: 'Not today' })).status).toBe(0);
    await drainJobs(t);
    const view = wc.card(String(sent?.template_card?.task_id))?.users['w-ann'];
    expect(view?.replaceName).toMatch(/^Refused · Ann WeCom/);
    expect((await visit(vid)).permission).toBe(2);
  });

  it('a forged, replayed or foreign callback is refused and changes nothing', async () => {
    const vid = await invite();
    const sent = lastCard();
    const taskId = String(sent?.template_card?.task_id);
    const key = approveKey(sent);
    const event = (ts: number) =>
      `<xml><ToUserName><![CDATA[${corpId}]]></ToUserName><FromUserName><![CDATA[w-ann]]></FromUserName><CreateTime>${ts}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[template_card_event]]></Event><EventKey><![CDATA[${key}]]></EventKey><TaskId><![CDATA[${taskId}]]></TaskId><AgentID>${agentId}</AgentID></xml>`;
    const post = async (opts: { ts?: number; key?: string; token?: string; corp?: string; company?: number }) => {
      const ts = opts.ts ?? Math.floor(Date.now() / 1000);
      const enc = encrypt(opts.key ?? aesKey, event(ts), opts.corp ?? corpId);
      const sig = getSignature(opts.token ?? token, String(ts), 'n1', enc);
      const q = new URLSearchParams({ msg_signature: sig, timestamp: String(ts), nonce: 'n1' });
      return fetch(`${base}/im/wecom/${opts.company ?? a.id}?${q}`, { method: 'POST', body: `<xml><Encrypt><![CDATA[${enc}]]></Encrypt></xml>` });
    };
    expect((await post({ token: 'Forged' })).status).toBe(403);
    expect((await post({ ts: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(403);
    expect((await post({ corp: 'ww00000000000000ff' })).status).toBe(403);
    expect((await post({ key: newEncodingAESKey() })).status).toBe(403);
    expect((await post({ company: b.id })).status).toBe(404);
    const entity = await fetch(`${base}/im/wecom/${a.id}?msg_signature=x&timestamp=1&nonce=n`, {
      method: 'POST',
      body: '<!DOCTYPE xml [<!ENTITY e "x">]><xml><Encrypt>&e;</Encrypt></xml>',
    });
    expect(entity.status).toBe(403);
    expect((await visit(vid)).permission).toBe(0);
    // The genuine press, then the same callback again (WeCom's retry): decided once, the same answer.
    const first = await post({});
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<Encrypt>');
    const again = await post({});
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('<Encrypt>');
    expect((await visit(vid)).permission).toBe(1);
  });

  it('a press by someone the card was not sent to is refused, and they are told why', async () => {
    wc.addUser({ userid: 'w-bob', name: 'Bob WeCom', department: [1], mobile: '13700090002' }, corpId);
    const vid = await invite();
    const sent = lastCard();
    const key = approveKey(sent);
    const before = wc.sent.length;
    const ts = Math.floor(Date.now() / 1000);
    const plain = `<xml><ToUserName><![CDATA[${corpId}]]></ToUserName><FromUserName><![CDATA[w-bob]]></FromUserName><CreateTime>${ts}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[template_card_event]]></Event><EventKey><![CDATA[${key}]]></EventKey><TaskId><![CDATA[${sent?.template_card?.task_id}]]></TaskId></xml>`;
    const enc = encrypt(aesKey, plain, corpId);
    const q = new URLSearchParams({ msg_signature: getSignature(token, String(ts), 'n2', enc), timestamp: String(ts), nonce: 'n2' });
    const r = await fetch(`${base}/im/wecom/${a.id}?${q}`, { method: 'POST', body: `<xml><Encrypt><![CDATA[${enc}]]></Encrypt></xml>` });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
    const toBob = () => wc.sent.slice(before).find((m) => m.msgtype === 'text' && m.to.includes('w-bob'));
    expect(await eventually(() => !!toBob())).toBe(true);
    expect(toBob()?.content).toBe(statusInfo(Status.APPROVAL_LINK_INVALID)?.en);
    expect((await visit(vid)).permission).toBe(0);
  });

  it('a directory change pushed to the callback brings the new member in by an automatic sync', async () => {
    await wc.setContactSync({ url: `${base}/im/wecom/${a.id}`, token, encodingAESKey: aesKey }, { corpId });
    wc.addUser({ userid: 'w-new', name: 'New WeCom', department: [1], mobile: '13700090003' }, corpId);
    await wc.settled();
    expect(wc.deliveries.at(-1)).toMatchObject({ delivered: true, answerError: null });
    const found = await eventually(async () => {
      await drainJobs(t);
      return (await t.api.getEmpListPages({ name: 'New WeCom' }, a.token)).result.list.length > 0;
    });
    expect(found).toBe(true);
  });
});
