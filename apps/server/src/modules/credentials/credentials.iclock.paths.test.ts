import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZktecoDevice, type ZkDevice } from '../../../../../tools/zkteco-device.js';
import { facePhoto } from '../../../test/faces.js';
import { faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employeeDeviceGroups, faceCredentials } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reconcileCompany } from './credentials.reconcile.js';

/**
 * The pipeline's other paths on a ZKTeco PUSH device (its simulator polling /iclock/ over real HTTP), on both engines:
 * an edit sends that person's commands only; revocation by blacklisting, sign-out, the device leaving its group and
 * expiry; a refused command retried, dead-lettered with the device's words and re-issued from the console; an
 * employee's temporary card as the one card the device keeps.
 */
describe('ZKTeco PUSH devices: edits, revocation paths, dead letters, temporary cards', () => {
  let t: TestApp;
  let a: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let zk: ZkDevice;
  let eid = 0;
  let host = 0;
  let group = 0;
  let clock = Date.now();
  const form = () => ({
    deviceName: 'Dock ZK',
    deviceCode: 'CQZ7224460002',
    eType: 'face' as const,
    driver: 'zkteco' as const,
    deviceIp: '127.0.0.1',
  });

  const scope = () => tenantScope(t.db, { companyId: a.id });
  const rowOf = async (kind: string, id: number) =>
    (await t.db.select().from(faceCredentials).where(eq(faceCredentials.personId, id))).find((r) => r.deviceId === eid && r.personKind === kind);
  const pin = (vid: number) => `92${String(vid).padStart(10, '0')}`;
  const round = async () => {
    await reconcileCompany(scope(), t.services.secrets, new Date(clock));
    await zk.pollOnce();
    await zk.pollOnce();
  };
  let photos = 0;
  const walkIn = async (phone: string) => {
    photos++;
    const photo = `data:image/jpeg;base64,${(await facePhoto({ width: 320 + photos * 2, height: 400 })).toString('base64')}`;
    const r = await t.api.UpdatePhoto(
      { vname: 'Zed Visitor', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, desk.token) },
      desk.token,
    );
    expect(r.status).toBe(0);
    return r.result.vid;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    host = (await t.api.addEmployee({ employee_name: 'Host Dock', phone: '13800004444' }, a.token)).result.empid;
    group = (await t.api.addEquipmentGroup({ egname: 'Dock', defaultOn: true }, a.token)).result.egid;
    const added = await t.api.addEquipment({ ...form(), egids: [group] }, a.token);
    expect(added.status).toBe(0);
    eid = added.result.device.eid;
    zk = await startZktecoDevice({ server: url, sn: 'CQZ7224460002' });
  });
  afterAll(async () => {
    await zk.stop();
    await t.close();
  });

  it('an edit sends that person’s commands only', async () => {
    const edited = await walkIn('13500001111');
    const other = await walkIn('13500002222');
    await round();
    expect(zk.state.users.has(pin(edited)) && zk.state.users.has(pin(other))).toBe(true);
    const before = zk.stats().commands;
    expect((await t.api.updateVisitInfo({ vid: edited, cardNo: '55667788' }, desk.token)).status).toBe(0);
    await round();
    expect(zk.state.cards.get('55667788')).toBe(pin(edited));
    // The user record and the face of that one person: nothing for the other.
    expect(zk.stats().commands - before).toBe(2);
    expect(await rowOf('visitor', other)).toMatchObject({ action: 'add', status: 'synced' });
  });

  it('revocation: blacklisting, sign-out, the device leaving its group, expiry by time', async () => {
    const listed = await walkIn('13500003333');
    const signedOut = await walkIn('13500004444');
    const staying = await walkIn('13500005555');
    await round();
    expect([listed, signedOut, staying].every((v) => zk.state.users.has(pin(v)))).toBe(true);
    // Listed by the phone under another name: the walk-ins' shared name would hold every later one for review.
    expect((await t.api.addBlacklist({ name: 'Listed Person', phone: '13500003333' }, a.token)).status).toBe(0);
    expect((await t.api.updateVisitStatus({ vid: signedOut, event: 'signOut' }, a.token)).status).toBe(0);
    await round();
    expect(zk.state.users.has(pin(listed))).toBe(false);
    expect(zk.state.users.has(pin(signedOut))).toBe(false);
    expect(zk.state.users.has(pin(staying))).toBe(true);
    expect((await t.api.updateEquipment({ ...form(), eid, egids: [] }, a.token)).status).toBe(0);
    await round();
    expect([...zk.state.users.keys()].filter((k) => k.startsWith('9'))).toEqual([]);
    expect((await t.api.updateEquipment({ ...form(), eid, egids: [group] }, a.token)).status).toBe(0);
    await round();
    expect(zk.state.users.has(pin(staying))).toBe(true);
    const row = await rowOf('visitor', staying);
    expect(row?.validTo).toBeTruthy();
    clock = (row?.validTo?.getTime() ?? 0) + 60_000;
    await round();
    expect(zk.state.users.has(pin(staying))).toBe(false);
    clock = Date.now();
  });

  it('a refused command is retried, dead-lettered with the device’s words, and re-issued from the console', async () => {
    const v = await walkIn('13500006666');
    zk.fault({ command: /USERINFO/, times: 5, kind: 'fail', code: -1001 });
    await round();
    expect(await rowOf('visitor', v)).toMatchObject({ status: 'pending', attempts: 1 });
    for (let i = 2; i <= 5; i++) {
      await t.db
        .update(faceCredentials)
        .set({ nextAttemptAt: new Date(clock - 1000) })
        .where(eq(faceCredentials.id, (await rowOf('visitor', v))?.id ?? 0));
      await round();
    }
    expect(await rowOf('visitor', v)).toMatchObject({ status: 'failed', attempts: 5 });
    expect((await rowOf('visitor', v))?.lastError).toMatch(/capacity/);
    const failed = await t.api.getFaceCredentials({ eid, status: 'failed' }, a.token);
    expect(failed.result.list.map((c) => [c.personId, c.state])).toEqual([[v, 'failed']]);
    expect((await t.api.retryFaceCredentials({ eid }, a.token)).result.retried).toBe(1);
    await round();
    expect(await rowOf('visitor', v)).toMatchObject({ status: 'synced', action: 'add' });
    expect(zk.state.users.has(pin(v))).toBe(true);
  });

  it('an employee’s temporary card is the card the device keeps while lent', async () => {
    await t.db.insert(employeeDeviceGroups).values({ companyId: a.id, empId: host, groupId: group });
    const cid = (await t.api.addInterimCard({ empid: host }, a.token)).result.cid;
    expect((await t.api.updateInterimCard({ cid, cardNo: '24682468' }, a.token)).status).toBe(0);
    await round();
    const row = await rowOf('employee', host);
    expect(row).toMatchObject({ cardNo: '24682468', status: 'synced' });
    const who = zk.state.cards.get('24682468');
    expect(who && zk.state.users.has(who)).toBe(true);
    expect(zk.pass({ card: '24682468' }).granted).toBe(true);
    expect((await t.api.returnInterimCard({ cid }, a.token)).status).toBe(0);
    await round();
    expect(zk.state.cards.has('24682468')).toBe(false);
    expect(zk.pass({ card: '24682468' }).granted).toBe(false);
  });
});
