import { randomBytes } from 'node:crypto';
import { Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DingTalkSim, startDingTalkSim } from '../../../../../tools/dingtalk-sim.js';
import { type FeishuSim, startFeishuSim } from '../../../../../tools/feishu-sim.js';
import { startWeComSim, type WeComSim } from '../../../../../tools/wecom-sim.js';
import { PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employees, staffAccounts } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/identity/crypto.js';

const nonce = () => randomBytes(16).toString('base64url');

/** Signing in with DingTalk, Feishu and WeCom, each played by its simulator (tools/), from the start link to the session. */
describe('signing in with a work app', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let dt: DingTalkSim;
  let fs: FeishuSim;
  let wc: WeComSim;
  const corpId = 'ww0123456789abcdef';

  beforeAll(async () => {
    [dt, fs, wc] = await Promise.all([startDingTalkSim(), startFeishuSim(), startWeComSim()]);
    wc.addApp({ corpId, agentId: 1000009, secret: 'wecom-secret-0009' });
    t = await testApp(
      {},
      {
        DINGTALK_API_URL: dt.url,
        DINGTALK_NEW_API_URL: dt.url,
        DINGTALK_LOGIN_URL: dt.url,
        FEISHU_API_URL: fs.url,
        FEISHU_LOGIN_URL: fs.url,
        WECOM_API_URL: wc.url,
        WECOM_LOGIN_URL: wc.url,
        WECOM_OAUTH_URL: wc.url,
      },
    );
    ({ a, b } = await twoTenants(t));
    const app = dt.app();
    const saved = await Promise.all([
      t.api.updateImApp({ platform: 'dingtalk', appKey: app.appKey, appSecret: app.appSecret, agentId: String(app.agentId), signIn: 'on' }, a.token),
      t.api.updateImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret, signIn: 'on' }, a.token),
      t.api.updateImApp({ platform: 'wecom', corpId, agentId: '1000009', secret: 'wecom-secret-0009', signIn: 'on' }, a.token),
    ]);
    expect(saved.map((s) => s.status)).toEqual([0, 0, 0]);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([dt?.close(), fs?.close(), wc?.close()]);
  });

  /** The browser's trip: the start link, the platform's page (signed in as `userId` by the simulator's hook), back with a code. */
  async function trip(
    platform: 'dingtalk' | 'feishu' | 'wecom',
    userId: string,
    opts: { company?: number; target?: 'employee' | 'staff'; ua?: string } = {},
  ) {
    const n = nonce();
    const body = { companyId: opts.company ?? a.id, platform, target: opts.target ?? 'employee', nonce: n };
    const res = await t.app.inject({ method: 'POST', url: '/api/imSignInStart', headers: { 'user-agent': opts.ua ?? 'Mozilla/5.0' }, payload: body });
    const started = res.json() as { status: number; result: { url: string } };
    expect(started.status).toBe(0);
    const page = new URL(started.result.url);
    page.searchParams.set('login_as', userId);
    const back = await fetch(page.href.replace(/#.*$/, ''), { redirect: 'manual' });
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get('location') ?? '');
    expect(to.origin + to.pathname).toBe(`http://openvisit.test/signin/im/${platform}`);
    return { code: to.searchParams.get('authCode') ?? to.searchParams.get('code') ?? '', state: to.searchParams.get('state') ?? '', nonce: n, page };
  }
  const finish = (platform: 'dingtalk' | 'feishu' | 'wecom', r: { code: string; state: string; nonce: string }) =>
    t.call<{ role: number; empid?: number; token: string; id?: number; sType?: number }>('imSignInFinish', { platform, ...r });

  it('offers what the company switched on; another company and an unknown one offer nothing', async () => {
    expect((await t.api.getImSignIn({ companyId: a.id })).result).toEqual({ platforms: ['dingtalk', 'feishu', 'wecom'], required: null });
    expect((await t.api.getImSignIn({ companyId: b.id })).result).toEqual({ platforms: [], required: null });
    expect((await t.api.getImSignIn({ companyId: 987654 })).result).toEqual({ platforms: [], required: null });
    expect((await t.call('imSignInStart', { companyId: b.id, platform: 'feishu', target: 'employee', nonce: nonce() })).status).toBe(
      Status.IM_SIGNIN_OFF,
    );
  });

  it('DingTalk: the web sign-in matches the employee by mobile, links the userid, and the next sign-in finds them by it', async () => {
    dt.addUser({ userid: 'dt-li', name: '李四', mobile: '13811110001' });
    const emp = await seedEmployee(t, a.id, '13811110001');
    const r = await trip('dingtalk', 'dt-li');
    expect(r.page.origin).toBe(new URL(dt.url).origin);
    const done = await finish('dingtalk', r);
    expect(done).toMatchObject({ status: 0, result: { role: Role.EMPLOYEE, empid: emp.id } });
    expect((await t.api.searchInviteByCondition({}, done.result.token)).status).toBe(0);
    // The code is spent, the nonce is this browser's, the state is ours and for this platform.
    expect((await finish('dingtalk', r)).status).toBe(Status.IM_SIGNIN_FAILED);
    const again = await trip('dingtalk', 'dt-li');
    expect((await finish('dingtalk', { ...again, nonce: nonce() })).status).toBe(Status.IM_SIGNIN_FAILED);
    expect((await finish('feishu', again)).status).toBe(Status.IM_SIGNIN_FAILED);
    expect((await finish('dingtalk', { ...again, state: `${again.state.slice(0, -4)}AAAA` })).status).toBe(Status.IM_SIGNIN_FAILED);
    // A new phone in OpenVisit: the link still finds the employee.
    await t.db.update(employees).set({ phone: '13811119999' }).where(eq(employees.id, emp.id));
    expect(await finish('dingtalk', again)).toMatchObject({ status: 0, result: { empid: emp.id } });
  });

  it('DingTalk: someone no employee matches is refused; a stopped employee is refused; the in-app code signs in', async () => {
    dt.addUser({ userid: 'dt-nobody', name: '王五', mobile: '13811110002' });
    expect((await finish('dingtalk', await trip('dingtalk', 'dt-nobody'))).status).toBe(Status.IM_NO_EMPLOYEE);
    dt.addUser({ userid: 'dt-gone', name: '赵六', mobile: '13811110003' });
    const gone = await seedEmployee(t, a.id, '13811110003');
    await t.db.update(employees).set({ status: 2 }).where(eq(employees.id, gone.id));
    expect((await finish('dingtalk', await trip('dingtalk', 'dt-gone'))).status).toBe(Status.ACCOUNT_DISABLED);
    dt.addUser({ userid: 'dt-app', name: '钱七', mobile: '13811110004' });
    const emp = await seedEmployee(t, a.id, '13811110004');
    const code = dt.codeFor('dt-app', dt.app().appKey, 'inapp');
    expect(await t.call('empLoginByDDCode', { companyId: a.id, code })).toMatchObject({ status: 0, result: { empid: emp.id } });
    expect((await t.call('empLoginByDDCode', { companyId: a.id, code })).status).toBe(Status.IM_SIGNIN_FAILED);
    // Company B has no DingTalk sign-in: A's person cannot reach B through it.
    expect((await t.call('empLoginByDDCode', { companyId: b.id, code: dt.codeFor('dt-app', dt.app().appKey, 'inapp') })).status).toBe(
      Status.IM_SIGNIN_OFF,
    );
  });

  it('Feishu: matched by the +86 mobile; the console account with the same phone signs in as staff; none or several: refused', async () => {
    fs.addUser({ userId: 'fs-sun', name: '孙八', mobile: '+8613811110005' });
    const emp = await seedEmployee(t, a.id, '13811110005');
    expect(await finish('feishu', await trip('feishu', 'fs-sun'))).toMatchObject({ status: 0, result: { empid: emp.id } });
    expect((await finish('feishu', await trip('feishu', 'fs-sun', { target: 'staff' }))).status).toBe(Status.IM_NO_ACCOUNT);
    const [desk] = await t.db
      .insert(staffAccounts)
      .values({
        companyId: a.id,
        account: 'hse_sun',
        name: '孙八',
        phone: '13811110005',
        sType: Role.HSE,
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning();
    const staff = await finish('feishu', await trip('feishu', 'fs-sun', { target: 'staff' }));
    expect(staff).toMatchObject({ status: 0, result: { role: Role.HSE, id: desk?.id } });
    await t.db.insert(staffAccounts).values({
      companyId: a.id,
      account: 'hse_sun2',
      name: '孙八',
      phone: '13811110005',
      sType: Role.HSE,
      passwordHash: await hashPassword(PASSWORD),
    });
    expect((await finish('feishu', await trip('feishu', 'fs-sun', { target: 'staff' }))).status).toBe(Status.IM_NO_ACCOUNT);
  });

  it('WeCom: the web login gives no mobile; inside WeCom the private-info sign-in matches and links, then the web login finds them', async () => {
    wc.addUser({ userid: 'wc-zhou', name: '周九', department: [1], mobile: '13811110006' }, corpId);
    const emp = await seedEmployee(t, a.id, '13811110006');
    expect((await finish('wecom', await trip('wecom', 'wc-zhou'))).status).toBe(Status.IM_NO_EMPLOYEE);
    const inApp = await trip('wecom', 'wc-zhou', { ua: 'Mozilla/5.0 wxwork/4.1.0 MicroMessenger/7.0.1' });
    expect(inApp.page.pathname).toBe('/connect/oauth2/authorize');
    expect(await finish('wecom', inApp)).toMatchObject({ status: 0, result: { empid: emp.id } });
    expect(await finish('wecom', await trip('wecom', 'wc-zhou'))).toMatchObject({ status: 0, result: { empid: emp.id } });
  });

  it('required: passwords are refused for employees; only one platform may be required; the console accounts keep passwords', async () => {
    const emp = await seedEmployee(t, a.id, '13811110007');
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(0);
    expect((await t.api.updateImApp({ platform: 'feishu', signIn: 'required' }, a.token)).status).toBe(0);
    expect((await t.api.getImSignIn({ companyId: a.id })).result.required).toBe('feishu');
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(Status.IM_SIGNIN_REQUIRED);
    const second = await t.call<{ errors: { field: string; rule: string }[] }>('updateImApp', { platform: 'dingtalk', signIn: 'required' }, a.token);
    expect(second.result.errors).toEqual([{ field: 'signIn', rule: 'oneRequired' }]);
    expect((await t.api.Login({ email: 'hse_sun', password: PASSWORD })).status).toBe(0);
    expect((await t.api.updateImApp({ platform: 'feishu', signIn: 'on' }, a.token)).status).toBe(0);
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(0);
  });
});
