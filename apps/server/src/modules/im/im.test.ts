import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DingTalkSim, startDingTalkSim } from '../../../../../tools/dingtalk-sim.js';
import { type FeishuSim, startFeishuSim } from '../../../../../tools/feishu-sim.js';
import { startWeComSim, type WeComSim } from '../../../../../tools/wecom-sim.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

type Errors = { errors: { field: string; rule: string }[] };

/** Work apps against the three platforms' simulators (tools/): credentials, uses, the connection test, forgetting. */
describe('work apps (DingTalk, Feishu, WeCom)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let dt: DingTalkSim;
  let fs: FeishuSim;
  let wc: WeComSim;
  const corpId = 'ww0123456789abcdef';
  const aesKey = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

  beforeAll(async () => {
    [dt, fs, wc] = await Promise.all([startDingTalkSim(), startFeishuSim(), startWeComSim()]);
    wc.addApp({ corpId, agentId: 1000009, secret: 'wecom-secret-0009' });
    // The installation's bases are the simulators (an operator's setting, not a company's: no endpoint checks).
    t = await testApp({}, { DINGTALK_API_URL: dt.url, FEISHU_API_URL: fs.url, WECOM_API_URL: wc.url });
    ({ a, b } = await twoTenants(t));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([dt?.close(), fs?.close(), wc?.close()]);
  });

  it('lists one empty app per platform; a wrong Feishu secret is refused with the platform’s words and nothing is stored', async () => {
    const apps = (await t.api.getImApps({}, a.token)).result;
    expect(apps.map((x) => [x.platform, x.appId, x.secrets])).toEqual([
      ['dingtalk', '', { appSecret: false }],
      ['feishu', '', { appSecret: false }],
      ['wecom', '', { secret: false, callbackToken: false, encodingAesKey: false }],
    ]);
    const wrong = await t.call('updateImApp', { platform: 'feishu', appId: fs.app.appId, appSecret: 'not-the-secret' }, a.token);
    expect(wrong.status).toBe(Status.DINGTALK_VERIFY_FAILED);
    expect(wrong.reason).toMatch(/Feishu refused the credentials/);
    expect((await t.api.getImApps({}, a.token)).result.find((x) => x.platform === 'feishu')?.appId).toBe('');
    const tried = await t.api.testImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: 'not-the-secret' }, a.token);
    expect(tried.result).toMatchObject({ ok: false, code: '10014' });
  });

  it('saves a Feishu app whose token the platform gives; the secret is never answered, and the test is remembered', async () => {
    const saved = await t.api.updateImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret }, a.token);
    expect(saved.status).toBe(0);
    expect(saved.result).toMatchObject({ appId: fs.app.appId, secrets: { appSecret: true }, effectiveBase: fs.url, lastTest: { ok: true } });
    expect(JSON.stringify(saved.result)).not.toContain(fs.app.appSecret);
    // An empty secret keeps the stored one.
    const test = await t.api.testImApp({ platform: 'feishu' }, a.token);
    expect(test.result).toMatchObject({ ok: true, reason: '', code: '' });
    const after = (await t.api.getImApps({}, a.token)).result.find((x) => x.platform === 'feishu');
    expect(after?.lastTest).toMatchObject({ ok: true });
    // Another company sees its own, empty.
    expect((await t.api.getImApps({}, b.token)).result.find((x) => x.platform === 'feishu')?.appId).toBe('');
  });

  it('WeCom: the secret is needed and checked; the callback Token and EncodingAESKey are kept sealed; another CorpID forgets them', async () => {
    const noSecret = await t.call<Errors>('updateImApp', { platform: 'wecom', corpId, agentId: '1000009' }, a.token);
    expect(noSecret.result.errors).toContainEqual({ field: 'secret', rule: 'required' });
    const wrong = await t.call('updateImApp', { platform: 'wecom', corpId, agentId: '1000009', secret: 'not-the-secret' }, a.token);
    expect(wrong.status).toBe(Status.DINGTALK_VERIFY_FAILED);
    expect(wrong.reason).toMatch(/WeCom refused the credentials/);
    const ok = await t.api.updateImApp(
      { platform: 'wecom', corpId, agentId: '1000009', secret: 'wecom-secret-0009', callbackToken: 'Tok123', encodingAesKey: aesKey },
      a.token,
    );
    expect(ok.result.secrets).toEqual({ secret: true, callbackToken: true, encodingAesKey: true });
    expect(JSON.stringify(ok.result)).not.toContain(aesKey);
    const bad = await t.call<Errors>('updateImApp', { platform: 'wecom', encodingAesKey: 'short' }, a.token);
    expect(bad.status).toBe(Status.BAD_PARAMS);
    const moved = await t.call<Errors>('updateImApp', { platform: 'wecom', corpId: 'ww00000000000000ff' }, a.token);
    expect(moved.result.errors).toContainEqual({ field: 'secret', rule: 'required' });
    expect((await t.api.getImApps({}, a.token)).result.find((x) => x.platform === 'wecom')?.appId).toBe(corpId);
  });

  it('DingTalk: the AppKey, AgentId and secret are the directory sync’s; forgetting waits for its notices and sync to be off', async () => {
    const app = dt.app();
    const saved = await t.api.updateImApp(
      { platform: 'dingtalk', appKey: app.appKey, appSecret: app.appSecret, agentId: String(app.agentId) },
      a.token,
    );
    expect(saved.result).toMatchObject({ appId: app.appKey, agentId: String(app.agentId), secrets: { appSecret: true } });
    const sync = (await t.api.getContactSync({}, a.token)).result;
    expect(sync.dingtalk).toMatchObject({ ddcorpid: app.appKey, hasSecret: true });
    expect((await t.api.updateDDNotify({ ddnotify: 1 }, a.token)).status).toBe(0);
    expect((await t.call('delImApp', { platform: 'dingtalk' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    await t.api.updateDDNotify({ ddnotify: 0 }, a.token);
    expect((await t.call('delImApp', { platform: 'dingtalk' }, a.token)).status).toBe(0);
    expect((await t.api.getContactSync({}, a.token)).result.dingtalk).toMatchObject({ ddcorpid: '', hasSecret: false });
    expect((await t.api.getImApps({}, a.token)).result.find((x) => x.platform === 'dingtalk')).toMatchObject({
      appId: '',
      secrets: { appSecret: false },
    });
  });

  it('a company’s own API address is a company endpoint: a private one is refused, nothing is asked of it', async () => {
    // The tests' installation allows private endpoints (the simulators are local); a real one does not by default.
    const allowed = t.config.allowPrivateEndpoints;
    (t.config as { allowPrivateEndpoints: boolean }).allowPrivateEndpoints = false;
    try {
      const tried = await t.api.testImApp({ platform: 'feishu', apiBase: 'http://127.0.0.2:9' }, a.token);
      expect(tried.result.ok).toBe(false);
      expect(tried.result.reason).toMatch(/not allowed/);
    } finally {
      (t.config as { allowPrivateEndpoints: boolean }).allowPrivateEndpoints = allowed;
    }
    const bad = await t.call<Errors>('updateImApp', { platform: 'feishu', apiBase: 'ftp://example.com' }, a.token);
    expect(bad.result.errors).toContainEqual({ field: 'apiBase', rule: 'format' });
  });
});
