import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type Tenant, type TestApp, testApp } from '../../../test/harness.js';

describe('a staff account that must change its password may do nothing else first', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
  });
  afterAll(() => t.close());

  const first = {
    account: 'new.subadmin',
    password: 'First#2026',
    sName: 'New Sub',
    sType: 5 as const,
    modules: ['accounts' as const, 'departments' as const],
  };

  async function download(token: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/ExportDepartmentTemplate', headers: { 'x-coolvisit-token': token } });
    if (res.statusCode !== 200) throw new Error(`download answered HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { status: number }).status : 0;
  }

  it('refuses every call but the password change, its own profile and sign-out with 303 until the password is changed', async () => {
    expect((await t.api.AddManager(first, a.token)).status).toBe(0);
    const login = await t.api.Login({ email: first.account, password: first.password });
    expect(login.result.mustChangePassword).toBe(true);
    const token = login.result.token;

    expect((await t.api.GetManagerByUser({}, token)).status).toBe(Status.PASSWORD_CHANGE_REQUIRED);
    expect((await t.api.AddManager({ ...first, account: 'sneaky.desk', sType: 2 }, token)).status).toBe(Status.PASSWORD_CHANGE_REQUIRED);
    expect(await download(token)).toBe(Status.PASSWORD_CHANGE_REQUIRED);
    // What changing the password needs: who am I, my profile, the change itself.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { 'x-coolvisit-token': token } });
    expect(me.json()).toMatchObject({ status: 0, result: { account: first.account } });
    expect((await t.api.GetUserInfo({}, token)).status).toBe(0);
    expect((await t.api.updatePassword({ oldPassword: first.password, password: 'Second#2026' }, token)).status).toBe(0);
    // Changed: the same session may now do what its role allows, and so may the next one.
    expect((await t.api.GetManagerByUser({}, token)).status).toBe(0);
    expect(await download(token)).toBe(0);
    const again = await t.api.Login({ email: first.account, password: 'Second#2026' });
    expect(again.result.mustChangePassword).toBe(false);
    expect((await t.api.GetManagerByUser({}, again.result.token)).status).toBe(0);
  });

  it('may sign out before changing it', async () => {
    expect((await t.api.AddManager({ ...first, account: 'leaving.subadmin' }, a.token)).status).toBe(0);
    const { token } = (await t.api.Login({ email: 'leaving.subadmin', password: first.password })).result;
    expect((await t.api['login/logout']({}, token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, token)).status).toBe(Status.TOKEN_INVALID);
  });

  it("does not apply to a machine's account: a front desk or visitor machine keeps the password its administrator set", async () => {
    for (const [account, sType] of [
      ['desk.pc', 2],
      ['lobby.tablet', 4],
    ] as const) {
      expect((await t.api.AddManager({ account, password: first.password, sName: 'Machine', sType }, a.token)).status).toBe(0);
      const login = await t.api.Login({ email: account, password: first.password });
      expect(login.result.mustChangePassword).toBe(false);
      expect((await t.api.getGate({}, login.result.token)).status).toBe(0);
      // Rotated by the administrator: still no change asked, and the old sessions end.
      expect((await t.api.UpdateManager({ account, password: 'Rotated#2026' }, a.token)).status).toBe(0);
      expect((await t.api.getGate({}, login.result.token)).status).toBe(Status.TOKEN_INVALID);
      const again = await t.api.Login({ email: account, password: 'Rotated#2026' });
      expect(again.result.mustChangePassword).toBe(false);
    }
    // A person's account turned into a machine's signs in without the change too.
    expect((await t.api.AddManager({ ...first, account: 'was.subadmin' }, a.token)).status).toBe(0);
    expect((await t.api.UpdateManager({ account: 'was.subadmin', sType: 2, modules: [] }, a.token)).status).toBe(0);
    expect((await t.api.Login({ email: 'was.subadmin', password: first.password })).result.mustChangePassword).toBe(false);
  });
});
