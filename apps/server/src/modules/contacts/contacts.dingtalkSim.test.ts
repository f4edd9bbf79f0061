import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DingTalkSim, startDingTalkSim } from '../../../../../tools/dingtalk-sim.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

/** The DingTalk directory sync against the DingTalk simulator (tools/dingtalk-sim.ts): as the platform answers. */
describe('directory sync with the DingTalk simulator', () => {
  let t: TestApp;
  let a: Tenant;
  let dt: DingTalkSim;

  beforeAll(async () => {
    dt = await startDingTalkSim();
    dt.addDepartment({ dept_id: 20, name: 'Plant', parent_id: 1 });
    dt.addUser({ userid: 'u-lin', name: 'Lin Plant', mobile: '13700020001', job_number: 'P1', dept_id_list: [20] });
    dt.addUser({ userid: 'u-mo', name: 'Mo Plant', mobile: '13700020002', job_number: 'P2', dept_id_list: [20] });
    t = await testApp({}, { DINGTALK_API_URL: dt.url });
    ({ a } = await twoTenants(t));
    const app = dt.app();
    const on = await t.api.updateDDNotify({ ddnotify: 1, ddcorpid: app.appKey, ddcorpsecret: app.appSecret, ddagentid: app.agentId }, a.token);
    expect(on.status).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
    await dt?.close();
  });

  it('renews a token the platform expired mid-run (errcode 88, sub_code 42001) and stops a person who left', async () => {
    expect((await t.api.autoGetDeptFromCT({}, a.token)).result).toMatchObject({ created: 1 });
    // The token expires in the middle of the run: topapi answers 88 with sub_code "42001", and the client takes a new one.
    dt.fail('/topapi/v2/user/list', { kind: 'expire-tokens', times: 1 });
    const first = (await t.api.autoGetEmployeeFromCT({}, a.token)).result;
    expect(first).toMatchObject({ created: 2, failed: 0 });
    dt.removeUser('u-mo');
    const second = (await t.api.autoGetEmployeeFromCT({}, a.token)).result;
    expect(second.vanished).toEqual([expect.objectContaining({ name: 'Mo Plant', externalId: 'u-mo', stopped: true })]);
  });
});
