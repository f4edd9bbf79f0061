import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeishuSim, startFeishuSim } from '../../../../../tools/feishu-sim.js';
import { startWeComSim, type WeComSim } from '../../../../../tools/wecom-sim.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { COMPANY_JOB } from '../contacts/contacts.schedule.js';

type Errors = { errors: { field: string; rule: string }[] };

/**
 * The directory sync (modules/contacts) reading the Feishu and WeCom work apps against their simulators (tools/,
 * docs/protocols/feishu.md "Directory", wecom.md "REST"): departments, people, memberships, leavers stopped.
 */
describe('directory from the Feishu and WeCom apps', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let fs: FeishuSim;
  let wc: WeComSim;
  const corpId = 'ww0000000000dabc10';

  beforeAll(async () => {
    [fs, wc] = await Promise.all([startFeishuSim(), startWeComSim({ seed: false })]);
    fs.addDepartment({ departmentId: 'd-plant', name: 'Plant' });
    fs.addDepartment({ departmentId: 'd-line', name: 'Line 1', parentId: 'd-plant' });
    fs.addUser({ userId: 'f-lin', name: 'Lin Feishu', mobile: '+8613700030001', employeeNo: 'F1', departmentIds: ['d-plant', 'd-line'] });
    fs.addUser({ userId: 'f-mo', name: 'Mo Feishu', mobile: '+8613700030002', employeeNo: 'F2', departmentIds: ['d-line'] });
    fs.addUser({ userId: 'f-frozen', name: 'Frozen Feishu', mobile: '+8613700030003', departmentIds: ['d-plant'], status: { is_frozen: true } });
    wc.addApp({ corpId, agentId: 1000010, secret: 'wecom-directory-secret' });
    wc.addDepartment({ id: 7, name: 'Warehouse', parentid: 1 }, corpId);
    wc.addUser({ userid: 'w-yu', name: 'Yu WeCom', department: [7], jobNumber: 'W1', position: 'Keeper' }, corpId);
    wc.addUser({ userid: 'w-left', name: 'Gone WeCom', department: [7], status: 5 }, corpId);
    wc.addUser({ userid: 'w-new', name: 'New WeCom', department: [1], status: 4 }, corpId);
    t = await testApp({}, { FEISHU_API_URL: fs.url, WECOM_API_URL: wc.url });
    ({ a, b } = await twoTenants(t));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([fs?.close(), wc?.close()]);
  });

  const employees = async (token: string) =>
    (await t.api.getEmpListPages({ startIndex: 0, requestedCount: 100 }, token)).result.list.map((e) => ({
      name: e.empName,
      status: e.status,
      empNo: e.empNo,
    }));

  it('refuses a work app’s directory until the app is set up, and another company’s app is not ours', async () => {
    const missing = await t.call('updateAppDirectory', { channel: 'feishu', on: 1 }, a.token);
    expect(missing.status).toBe(Status.BAD_PARAMS);
    expect((missing.result as Errors).errors).toEqual([{ field: 'on', rule: 'appMissing' }]);
    expect((await t.api.getContactSync({}, a.token)).result.apps.feishu).toEqual({ on: 0, auto: 0, ready: false });
    expect((await t.api.updateImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret }, a.token)).status).toBe(0);
    expect((await t.api.getContactSync({}, a.token)).result.apps.feishu.ready).toBe(true);
    // Company b has no Feishu app of its own: a's does not count for it.
    expect((await t.api.getContactSync({}, b.token)).result.apps.feishu.ready).toBe(false);
    expect((await t.call('updateAppDirectory', { channel: 'feishu', on: 1 }, b.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('syncs Feishu’s departments, people and memberships; a frozen account is not an employee; a token expired mid-run is renewed', async () => {
    expect((await t.api.updateAppDirectory({ channel: 'feishu', on: 1 }, a.token)).status).toBe(0);
    const state = (await t.api.getContactSync({}, a.token)).result;
    expect(state).toMatchObject({ channel: 'feishu', apps: { feishu: { on: 1, auto: 0, ready: true } }, nextAutoSync: null });
    expect((await t.api.autoGetDeptFromCT({}, a.token)).result).toMatchObject({ channel: 'feishu', created: 2, failed: 0 });
    fs.expireTokens();
    expect((await t.api.autoGetEmployeeFromCT({}, a.token)).result).toMatchObject({ created: 2, failed: 0 });
    expect((await t.api.autoGetEmpDeptRelation({}, a.token)).result).toMatchObject({ failed: 0 });
    expect(await employees(a.token)).toEqual(
      expect.arrayContaining([
        { name: 'Lin Feishu', status: 0, empNo: 'F1' },
        { name: 'Mo Feishu', status: 0, empNo: 'F2' },
      ]),
    );
    expect((await employees(a.token)).some((e) => e.name === 'Frozen Feishu')).toBe(false);
    const plant = (await t.api.getDeptList({}, a.token)).result.find((d) => d.deptName === 'Plant');
    expect(plant?.childDeptList.map((d) => [d.deptName, d.empCount])).toEqual([['Line 1', 2]]);
    expect(plant?.empCount).toBe(1);
  });

  it('stops a Feishu leaver rather than deleting them, and enables them again when they return', async () => {
    fs.removeUser('f-mo');
    const gone = (await t.api.autoGetEmployeeFromCT({ channel: 'feishu' }, a.token)).result;
    expect(gone.vanished).toEqual([expect.objectContaining({ name: 'Mo Feishu', externalId: 'f-mo', stopped: true })]);
    expect((await employees(a.token)).find((e) => e.name === 'Mo Feishu')?.status).toBe(2);
    fs.updateUser('f-mo', { status: { is_resigned: false, is_activated: true }, departmentIds: ['d-line'] });
    expect((await t.api.autoGetEmployeeFromCT({ channel: 'feishu' }, a.token)).result).toMatchObject({ updated: 1, vanishedCount: 0 });
    expect((await employees(a.token)).find((e) => e.name === 'Mo Feishu')?.status).toBe(0);
  });

  it('keeps one directory at a time: DingTalk and WeCom are refused while Feishu is on, and the daily sync runs Feishu', async () => {
    const dd = await t.call('updateDDNotify', { ddnotify: 1 }, a.token);
    expect(dd.status).toBe(Status.BAD_PARAMS);
    expect((dd.result as Errors).errors).toContainEqual({ field: 'ddnotify', rule: 'exclusive' });
    expect((await t.api.updateImApp({ platform: 'wecom', corpId, agentId: '1000010', secret: 'wecom-directory-secret' }, a.token)).status).toBe(0);
    const wecom = await t.call('updateAppDirectory', { channel: 'wecom', on: 1 }, a.token);
    expect((wecom.result as Errors).errors).toEqual([{ field: 'on', rule: 'exclusive' }]);
    // Auto-sync on: the daily job's company run syncs Feishu.
    expect((await t.api.updateAppDirectory({ channel: 'feishu', auto: 1 }, a.token)).status).toBe(0);
    expect((await t.api.getContactSync({}, a.token)).result.nextAutoSync).not.toBeNull();
    fs.addUser({ userId: 'f-new', name: 'New Feishu', mobile: '+8613700030009', departmentIds: ['d-plant'] });
    await t.services.jobs.enqueue(COMPANY_JOB, { companyId: a.id, day: 'test' }, { key: `${COMPANY_JOB}:${a.id}:im-test` });
    await t.services.jobs.runDue();
    expect((await employees(a.token)).find((e) => e.name === 'New Feishu')?.status).toBe(0);
    // Off: auto-sync goes with it; the company may then connect WeCom.
    expect((await t.api.updateAppDirectory({ channel: 'feishu', on: 0 }, a.token)).status).toBe(0);
    expect((await t.api.getContactSync({}, a.token)).result).toMatchObject({
      channel: null,
      apps: { feishu: { on: 0, auto: 0 } },
      nextAutoSync: null,
    });
    const notOn = await t.call('autoGetDeptFromCT', { channel: 'feishu' }, a.token);
    expect((notOn.result as Errors).errors).toEqual([{ field: 'channel', rule: 'channelOff' }]);
  });

  it('syncs WeCom: the tree from department/list, members of every status but the left, the work number from 工号', async () => {
    expect((await t.api.updateImApp({ platform: 'wecom', corpId, agentId: '1000010', secret: 'wecom-directory-secret' }, b.token)).status).toBe(0);
    expect((await t.api.updateAppDirectory({ channel: 'wecom', on: 1 }, b.token)).status).toBe(0);
    expect((await t.api.autoGetDeptFromCT({}, b.token)).result).toMatchObject({ channel: 'wecom', created: 1, failed: 0 });
    // This app may not read mobiles (apps since 2022): the employee is still created, matched by UserID from now on.
    // A member who has not joined yet (status 4) is an employee; one who left (5) is not.
    expect((await t.api.autoGetEmployeeFromCT({}, b.token)).result).toMatchObject({ created: 2, failed: 0 });
    expect((await t.api.autoGetEmpDeptRelation({}, b.token)).result).toMatchObject({ failed: 0 });
    expect(await employees(b.token)).toEqual(
      expect.arrayContaining([
        { name: 'Yu WeCom', status: 0, empNo: 'W1' },
        { name: 'New WeCom', status: 0, empNo: '' },
      ]),
    );
    expect((await employees(b.token)).some((e) => e.name === 'Gone WeCom')).toBe(false);
    wc.removeUser('w-yu', corpId);
    const gone = (await t.api.autoGetEmployeeFromCT({}, b.token)).result;
    expect(gone.vanished).toEqual([expect.objectContaining({ externalId: 'w-yu', stopped: true })]);
    // The app the directory is read from cannot be forgotten under it.
    const forget = await t.call('delImApp', { platform: 'wecom' }, b.token);
    expect(forget.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(forget.reason).toMatch(/Directory sync/);
    // Company a's employees are untouched by b's sync.
    expect((await employees(a.token)).some((e) => e.name === 'Yu WeCom')).toBe(false);
  });

  it('a refused secret is 675 with the platform’s words, and nothing is switched on', async () => {
    wc.fail('gettoken', { errcode: 40001, errmsg: 'invalid credential', times: 3 });
    const refused = await t.call('updateAppDirectory', { channel: 'wecom', on: 1 }, a.token);
    expect(refused.status).toBe(Status.DIRECTORY_REFUSED);
    expect(refused.reason).toMatch(/WeCom refused the credentials: invalid credential/);
    expect(refused.reason).not.toContain('wecom-directory-secret');
    expect((await t.api.getContactSync({}, a.token)).result.apps.wecom.on).toBe(0);
  });
});
