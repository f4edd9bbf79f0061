import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeishuSim, startFeishuSim } from '../../../../../tools/feishu-sim.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { imLeases } from '../../db/schema/index.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { ImConnections } from './im.connections.js';

/**
 * Feishu's long connection held by one of two server processes (docs/protocols/feishu.md "Long connection"), against
 * the simulator's gateway: the directory's change events reach the sync, and when the holder dies the other takes over.
 */
describe('work app connections (Feishu long connection)', () => {
  let t: TestApp;
  let a: Tenant;
  let fs: FeishuSim;
  let p1: ImConnections;
  let p2: ImConnections;
  const names = async () => (await t.api.getEmpListPages({ startIndex: 0, requestedCount: 100 }, a.token)).result.list.map((e) => e.empName);

  beforeAll(async () => {
    fs = await startFeishuSim();
    fs.addDepartment({ departmentId: 'd-gate', name: 'Gatehouse' });
    fs.addUser({ userId: 'f-first', name: 'First Guard', mobile: '+8613700040001', departmentIds: ['d-gate'] });
    t = await testApp({}, { FEISHU_API_URL: fs.url });
    ({ a } = await twoTenants(t));
    expect((await t.api.updateImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret }, a.token)).status).toBe(0);
    expect((await t.api.updateAppDirectory({ channel: 'feishu', on: 1, auto: 1 }, a.token)).status).toBe(0);
    const deps = { system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log };
    // Two processes' holders on one database; a long lease, so only the test lets one lapse.
    p1 = new ImConnections(deps, { holder: 'process-1', leaseMs: 60_000, changeDelayMs: 0 });
    p2 = new ImConnections(deps, { holder: 'process-2', leaseMs: 60_000, changeDelayMs: 0 });
  });
  afterAll(async () => {
    await p1?.stop();
    await p2?.stop();
    await t?.close();
    await fs?.close();
  });

  it('one process holds the app’s connection; the other does not open a second', async () => {
    await p1.tick();
    await p2.tick();
    expect(p1.holding()).toEqual([a.id]);
    expect(p2.holding()).toEqual([]);
    expect(await eventually(() => p1.ready(a.id))).toBe(true);
    expect(fs.connections(fs.app)).toBe(1);
    await p1.tick();
    expect(fs.connections(fs.app)).toBe(1);
  });

  it('a person added in Feishu is acknowledged over the connection and synced without anyone pressing a button', async () => {
    fs.addUser({ userId: 'f-second', name: 'Second Guard', mobile: '+8613700040002', departmentIds: ['d-gate'] });
    const event = await fs.waitForEvent((e) => e.eventType === 'contact.user.created_v3' && e.acked);
    expect(event.attempts.map((x) => x.code)).toEqual([200]);
    await t.services.jobs.runDue();
    expect(await names()).toEqual(expect.arrayContaining(['First Guard', 'Second Guard']));
  });

  it('when the holder dies, the other takes the lease once it lapses and the events flow again', async () => {
    await p1.stop({ release: false });
    expect(await eventually(() => fs.connections(fs.app) === 0)).toBe(true);
    await p2.tick();
    expect(p2.holding()).toEqual([]);
    // The dead process's lease runs out (instead of waiting its real length).
    await t.db.update(imLeases).set({ until: sql`now() - interval '1 second'` });
    await p2.tick();
    expect(p2.holding()).toEqual([a.id]);
    expect(await eventually(() => p2.ready(a.id))).toBe(true);
    expect(fs.connections(fs.app)).toBe(1);
    fs.removeUser('f-first');
    await fs.waitForEvent((e) => e.eventType === 'contact.user.deleted_v3' && e.acked);
    await t.services.jobs.runDue();
    const list = (await t.api.getEmpListPages({ startIndex: 0, requestedCount: 100 }, a.token)).result.list;
    expect(list.find((e) => e.empName === 'First Guard')?.status).toBe(2);
  });

  it('forgetting the app closes its connection and gives the lease up', async () => {
    expect((await t.api.updateAppDirectory({ channel: 'feishu', on: 0 }, a.token)).status).toBe(0);
    expect((await t.api.delImApp({ platform: 'feishu' }, a.token)).status).toBe(0);
    await p2.tick();
    expect(p2.holding()).toEqual([]);
    expect(await eventually(() => fs.connections(fs.app) === 0)).toBe(true);
    expect(await t.db.select().from(imLeases)).toEqual([]);
  });
});
