import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZktecoDevice, type ZkDevice } from '../../../../../tools/zkteco-device.js';
import { facePhoto } from '../../../test/faces.js';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { faceCredentials, passRecords } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reconcileCompany } from './credentials.reconcile.js';

/**
 * ZKTeco PUSH devices against their simulator (tools/zkteco-device.ts) polling the server's /iclock/ over real HTTP, on
 * both engines: an unknown serial refused, grant → live (user with window and card, face), revocation at sign-out,
 * a command the device refuses retried with the device's reason, attendance records received once.
 */
describe('ZKTeco PUSH devices: the credential pipeline end to end', () => {
  let t: TestApp;
  let a: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let url = '';
  let zk: ZkDevice;
  let eid = 0;
  let host = 0;

  const scope = () => tenantScope(t.db, { companyId: a.id });
  const rowOf = async (vid: number) =>
    (await t.db.select().from(faceCredentials).where(eq(faceCredentials.personId, vid))).find(
      (r) => r.deviceId === eid && r.personKind === 'visitor',
    );
  const pin = (vid: number) => `92${String(vid).padStart(10, '0')}`;
  /** One round: the company reconciled, the device polls (and reports its results at its next request). */
  const round = async () => {
    await reconcileCompany(scope(), new Date());
    await zk.pollOnce();
    await zk.pollOnce();
  };
  let photos = 0;
  const walkIn = async (phone: string) => {
    photos++;
    const photo = `data:image/jpeg;base64,${(await facePhoto({ width: 300 + photos * 2, height: 400 })).toString('base64')}`;
    const r = await t.api.UpdatePhoto({ vname: 'Zoe Visitor', vphone: phone, empid: host, photo }, desk.token);
    expect(r.status).toBe(0);
    return r.result.vid;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    host = (await t.api.addEmployee({ employee_name: 'Host Zk', phone: '13800003333' }, a.token)).result.empid;
    const group = (await t.api.addEquipmentGroup({ egname: 'Zk lobby', defaultOn: true }, a.token)).result.egid;
    const added = await t.api.addEquipment(
      { deviceName: 'Gate ZK', deviceCode: 'CQZ7224460001', eType: 'face', egids: [group], driver: 'zkteco', deviceIp: '127.0.0.1' },
      a.token,
    );
    expect(added.status).toBe(0);
    eid = added.result.device.eid;
    zk = await startZktecoDevice({ server: url, sn: 'CQZ7224460001' });
  });
  afterAll(async () => {
    await zk.stop();
    await t.close();
  });

  it('a serial number nobody registered is refused', async () => {
    const res = await fetch(`${url}/iclock/getrequest?SN=NOSUCHDEVICE`);
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('UNKNOWN DEVICE');
    expect(zk.state.connected).toBe(true);
  });

  let vid = 0;
  it('an approved visitor becomes live: user with card and face; sign-out revokes', async () => {
    vid = await walkIn('13600001111');
    expect((await t.api.updateVisitInfo({ vid, cardNo: '12345678' }, desk.token)).status).toBe(0);
    await round();
    const user = zk.state.users.get(pin(vid));
    expect(user).toBeTruthy();
    expect(zk.state.cards.get('12345678')).toBe(pin(vid));
    expect(zk.state.faces.has(pin(vid))).toBe(true);
    expect(await rowOf(vid)).toMatchObject({ action: 'add', status: 'synced' });
    expect((await t.api.getDeviceCredentialReport({ eid }, a.token)).result.link).toMatchObject({ state: 'ok' });

    expect((await t.api.updateVisitStatus({ vid, event: 'signOut' }, a.token)).status).toBe(0);
    await round();
    expect(zk.state.users.has(pin(vid))).toBe(false);
    expect(await rowOf(vid)).toMatchObject({ action: 'remove', status: 'synced' });
  });

  it('a card the device cannot take fails at once with why; a command the device refuses is retried with its reason', async () => {
    const v = await walkIn('13600002222');
    expect((await t.api.updateVisitInfo({ vid: v, cardNo: 'C-77' }, desk.token)).status).toBe(0);
    await round();
    expect((await rowOf(v))?.lastError).toMatch(/card/);
    expect((await rowOf(v))?.attempts).toBe(1);
    expect((await t.api.updateVisitInfo({ vid: v, cardNo: '' }, desk.token)).status).toBe(0);
    zk.fault({ command: /BIOPHOTO/, times: 1, kind: 'fail', code: -1001 });
    await round();
    expect(await rowOf(v)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowOf(v))?.lastError).toMatch(/capacity/);
  });

  it('attendance records are passes, received once', async () => {
    const v = await walkIn('13600003333');
    await round();
    expect(zk.pass({ pin: pin(v) }).granted).toBe(true);
    await zk.pollOnce();
    await zk.pollOnce();
    const passes = await t.db.select().from(passRecords).where(eq(passRecords.deviceId, eid));
    expect(passes.map((p) => [p.visitId, p.result])).toEqual([[v, 1]]);
    await zk.pollOnce();
    expect(await t.db.select().from(passRecords).where(eq(passRecords.deviceId, eid))).toHaveLength(1);
  });
});
