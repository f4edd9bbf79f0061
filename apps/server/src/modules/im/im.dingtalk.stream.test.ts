import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DingTalkSim, startDingTalkSim } from '../../../../../tools/dingtalk-sim.js';
import { drainJobs, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { ImConnections } from './im.connections.js';

/**
 * DingTalk's Stream mode (docs/protocols/dingtalk.md "Stream") against the simulator's gateway: the connection one
 * process holds, directory events acknowledged and turned into an automatic sync, a disconnect followed by a new
 * connection, and another process taking over when the holder dies.
 */
describe('DingTalk Stream', () => {
  let t: TestApp;
  let a: Tenant;
  let dt: DingTalkSim;
  let p1: ImConnections;
  let p2: ImConnections;
  const leaseMs = 1500;

  const holderOf = (name: string) =>
    new ImConnections(
      { system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log },
      { holder: name, leaseMs, changeDelayMs: 0 },
    );
  const employeeNamed = async (name: string) => (await t.api.getEmpListPages({ name }, a.token)).result.list.length > 0;

  beforeAll(async () => {
    dt = await startDingTalkSim();
    dt.addDepartment({ dept_id: 30, name: 'Stream Dept', parent_id: 1 });
    dt.addUser({ userid: 'u-first', name: 'First Stream', mobile: '13700030001', dept_id_list: [30] });
    t = await testApp({}, { DINGTALK_API_URL: dt.url, DINGTALK_NEW_API_URL: dt.url });
    ({ a } = await twoTenants(t));
    const app = dt.app();
    const on = await t.api.updateDDNotify({ ddnotify: 1, ddcorpid: app.appKey, ddcorpsecret: app.appSecret, ddagentid: app.agentId }, a.token);
    expect(on.status, on.reason).toBe(0);
    expect((await t.api.updateDDNotify({ ddautosync: 1, acceptClause: true }, a.token)).status).toBe(0);
    await t.api.autoGetEmployeeFromCT({}, a.token);
    p1 = holderOf('dd-1');
    p2 = holderOf('dd-2');
  });
  afterAll(async () => {
    await p1?.stop();
    await p2?.stop();
    await t?.close();
    await dt?.close();
  });

  it('one of two processes holds the Stream connection; a new member’s event is acknowledged and synced', async () => {
    await p1.tick();
    await p2.tick();
    expect(p1.holding('dingtalk')).toEqual([a.id]);
    expect(p2.holding('dingtalk')).toEqual([]);
    expect(await eventually(() => p1.ready(a.id, 'dingtalk'))).toBe(true);
    expect(dt.streamConnections().length).toBe(1);
    expect(await employeeNamed('Second Stream')).toBe(false);
    dt.addUser({ userid: 'u-second', name: 'Second Stream', mobile: '13700030002', dept_id_list: [30] });
    const acked = () => dt.pushes.some((p) => p.eventType === 'user_add_org' && p.done);
    expect(await eventually(acked)).toBe(true);
    expect(dt.pushes.flatMap((p) => p.problems)).toEqual([]);
    const synced = await eventually(async () => {
      await drainJobs(t);
      return employeeNamed('Second Stream');
    });
    expect(synced).toBe(true);
  });

  it('after DingTalk’s disconnect the holder opens a new connection at once', async () => {
    const before = dt.streamConnections()[0]?.id;
    dt.dropConnections(undefined, { graceful: true });
    const renewed = () => dt.streamConnections().some((c) => c.id !== before && !c.leaving) && p1.ready(a.id, 'dingtalk');
    expect(await eventually(renewed)).toBe(true);
  });

  it('when the holder dies another process takes the connection over once its lease lapses', async () => {
    await p1.stop({ release: false });
    expect(
      await eventually(async () => {
        await p2.tick();
        return p2.ready(a.id, 'dingtalk');
      }),
    ).toBe(true);
    expect(dt.streamConnections().length).toBe(1);
  });
});
