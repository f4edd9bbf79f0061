import type { AddressInfo } from 'node:net';
import { type DriftReport, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZktecoDevice, type ZkDevice } from '../../../../../tools/zkteco-device.js';
import { facePhoto } from '../../../test/faces.js';
import { faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { deviceLinks, devices, faceCredentials, passRecords } from '../../db/schema/index.js';
import { systemScope, tenantScope } from '../../platform/identity/tenancy.js';
import { zkReadbackWait } from './credentials.iclock.readback.js';
import { Pusher, READBACK_EVERY_MS } from './credentials.live.js';
import { reconcileCompany } from './credentials.reconcile.js';

/**
 * ZKTeco PUSH devices against their simulator (tools/zkteco-device.ts) polling the server's /iclock/ over real HTTP, on
 * both engines: an unknown serial refused, grant → live (user with window and card, face), revocation at sign-out,
 * a command the device refuses retried with the device's reason, attendance records received once; readback and
 * repair over the device's polls (on demand, and a device that does not answer); a disabled device still served its
 * removals; door events (rtlog) of an access-control firmware recorded once, granted or refused.
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
    await reconcileCompany(scope(), t.services.secrets, new Date());
    await zk.pollOnce();
    await zk.pollOnce();
  };
  let photos = 0;
  const walkIn = async (phone: string) => {
    photos++;
    const photo = `data:image/jpeg;base64,${(await facePhoto({ width: 300 + photos * 2, height: 400 })).toString('base64')}`;
    const r = await t.api.UpdatePhoto(
      { vname: 'Zoe Visitor', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, desk.token) },
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
  /** The console's "Read back now" while the device polls, as it does every few seconds. */
  const readNow = async () => {
    const call = t.call<DriftReport>('readbackDevice', { eid }, a.token);
    let done = false;
    void call.finally(() => {
      done = true;
    });
    while (!done) {
      await zk.pollOnce();
      await new Promise((r) => setTimeout(r, 100));
    }
    return call;
  };
  afterAll(async () => {
    zkReadbackWait.totalMs = 20_000;
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

  it("a readback repairs each kind of drift on the device and leaves the site's own people alone", async () => {
    const [lost, altered, renamed, moved] = [
      await walkIn('13600004444'),
      await walkIn('13600005555'),
      await walkIn('13600006666'),
      await walkIn('13600007777'),
    ];
    await round();
    for (const v of [lost, altered, renamed, moved]) expect(await rowOf(v)).toMatchObject({ status: 'synced' });
    const s = zk.state;
    for (const m of [s.users, s.faces, s.templates]) m.delete(pin(lost));
    const cardUser = s.users.get(pin(altered));
    if (cardUser) {
      cardUser.card = '55554444';
      s.cards.set('55554444', pin(altered));
    }
    const nameUser = s.users.get(pin(renamed));
    if (nameUser) nameUser.name = 'Somebody Else';
    const windowUser = s.users.get(pin(moved));
    if (windowUser) Object.assign(windowUser, { validFrom: '2001-01-01 00:00:00', validTo: '2001-01-02 00:00:00' });
    zk.addSiteUser({ pin: '1001', name: 'Site guard', card: '88888888' });
    zk.addSiteUser({ pin: pin(vid), name: 'Signed out' }); // removed by us before: back on the device
    zk.addSiteUser({ pin: pin(999999), name: 'Stranger of ours' });

    const report = await readNow();
    expect(report.status).toBe(0);
    expect(report.result).toMatchObject({ missing: 1, changed: 3, extra: 2, heldSite: 1, failed: 0, repaired: 6, error: '' });
    const items = report.result.items;
    const whatOf = (v: number) => items.find((i) => i.personNo === pin(v))?.what;
    expect(whatOf(lost)).toEqual(['person']);
    expect(whatOf(altered)).toEqual(['card']);
    expect(whatOf(renamed)).toEqual(['person']);
    expect(whatOf(moved)).toEqual(['window']);
    expect(items.find((i) => i.personNo === '1001')).toMatchObject({ kind: 'siteManaged', outcome: 'left' });
    // The repairs go as commands at the next polls.
    await zk.pollOnce();
    await zk.pollOnce();
    expect(s.users.has(pin(lost))).toBe(true);
    expect(s.faces.has(pin(lost))).toBe(true);
    expect(s.users.get(pin(altered))?.card).toBe('');
    expect(s.cards.has('55554444')).toBe(false);
    expect(s.users.get(pin(renamed))?.name).toBe('Zoe Visitor');
    expect(s.users.get(pin(moved))?.validFrom).not.toBe('2001-01-01 00:00:00');
    expect(s.users.has(pin(vid))).toBe(false);
    expect(s.users.has(pin(999999))).toBe(false);
    expect(s.users.get('1001')?.name).toBe('Site guard');
    expect(s.cards.get('88888888')).toBe('1001');
    for (const v of [lost, altered, renamed, moved]) expect(await rowOf(v)).toMatchObject({ status: 'synced' });
    // Read again: nothing left to repair; the report stays with the device, the wish is cleared.
    const again = await readNow();
    expect(again.result).toMatchObject({ missing: 0, changed: 0, extra: 0, heldSite: 1, repaired: 0 });
    expect((await t.api.getDeviceCredentialReport({ eid }, a.token)).result.drift).toMatchObject({ heldSite: 1, extra: 0 });
    const [link] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(link).toMatchObject({ readbackWantedAt: null, readbackAnswer: null });
  });

  it('a PUSH 3.x answer in packets (querydata, packcnt/packidx) is assembled before comparing, a packet sent twice counted once', async () => {
    await t.db.update(deviceLinks).set({ readbackWantedAt: new Date() }).where(eq(deviceLinks.deviceId, eid));
    const polled = await (await fetch(`${url}/iclock/getrequest?SN=CQZ7224460001`)).text();
    const token = /C:Q(\d+)U:DATA QUERY USERINFO/.exec(polled)?.[1];
    expect(polled).toContain(`C:Q${token}B:DATA QUERY BIODATA Type=9`);
    const s = zk.state;
    const iso = (v: string | null) => (v ? v.replace(' ', 'T') : '');
    const users = [...s.users.values()].map(
      (u) => `user uid=1\tpin=${u.pin}\tname=${u.name}\tcardno=${u.card}\tStartDatetime=${iso(u.validFrom)}\tEndDatetime=${iso(u.validTo)}`,
    );
    const half = Math.ceil(users.length / 2);
    const post = (path: string, query: string, body: string) =>
      fetch(`${url}/iclock/${path}?SN=CQZ7224460001${query}`, { method: 'POST', body }).then((r) => r.text());
    const packet = (idx: number, lines: string[]) =>
      post('querydata', `&type=tabledata&cmdid=Q${token}U&tablename=user&count=${lines.length}&packcnt=2&packidx=${idx}`, `${lines.join('\n')}\n`);
    expect(await packet(1, users.slice(0, half))).toBe(`user=${half}`);
    expect(await packet(1, users.slice(0, half))).toBe(`user=${half}`);
    const faces = [...s.templates.keys()].map((pin) => `biodata pin=${pin}\tno=0\tindex=0\tvalid=1\ttype=9\tmajorver=58\ttmp=AAAA`);
    await post('querydata', `&type=tabledata&cmdid=Q${token}B&tablename=biodata&count=${faces.length}&packcnt=1&packidx=1`, `${faces.join('\n')}\n`);
    await post('devicecmd', '', `ID=Q${token}U&Return=${users.length}&CMD=DATA\nID=Q${token}B&Return=${faces.length}&CMD=DATA\n`);
    // Half the users are in: nothing is compared yet (the missing half would read as drift).
    const [waiting] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(waiting?.readbackWantedAt).not.toBeNull();
    await packet(2, users.slice(half));
    const [done] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(done).toMatchObject({ readbackWantedAt: null, readbackAnswer: null });
    expect(done?.drift).toMatchObject({ missing: 0, changed: 0, extra: 0, heldSite: 1, error: '' });
    expect(JSON.stringify(done?.drift)).not.toContain('Passwd');
  });

  it('an answer lost on the way is asked again; a device that does not answer gets 1133 with when it last polled', async () => {
    // The device takes the queries but its results never come: the answer stays incomplete, then is asked again.
    zk.fault({ command: /QUERY USERINFO/, times: 1, kind: 'drop' });
    zkReadbackWait.totalMs = 1500;
    const lost = await readNow();
    expect(lost.status).toBe(Status.DEVICE_LINK_DOWN);
    zkReadbackWait.totalMs = 20_000;
    const before = Date.now();
    const [link] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(link?.readbackWantedAt).not.toBeNull();
    // A minute on (ZK_ANSWER_MS): the queries are sent again.
    const pending = link?.readbackAnswer as { answer: { sentAt: number } };
    expect(pending.answer.sentAt).toBeGreaterThan(0);
    await t.db
      .update(deviceLinks)
      .set({ readbackAnswer: { ...pending, answer: { ...pending.answer, sentAt: 0 } } })
      .where(eq(deviceLinks.deviceId, eid));
    const retried = await readNow();
    expect(retried.status).toBe(0);
    expect(retried.result.at).toBeGreaterThanOrEqual(before);

    zkReadbackWait.totalMs = 1500;
    const silent = await t.call('readbackDevice', { eid }, a.token);
    expect(silent.status).toBe(Status.DEVICE_LINK_DOWN);
    expect(silent.reason).toMatch(/has not polled since \d{4}-/);
    zkReadbackWait.totalMs = 20_000;
    // Still wanted: done at the device's next poll.
    await zk.pollOnce();
    await zk.pollOnce();
    const [after] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(after?.readbackWantedAt).toBeNull();
    expect(after?.readbackAt?.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('a query the device refuses ends the readback with its reason (1133), kept with the device', async () => {
    zk.fault({ command: /QUERY BIODATA/, times: 1, kind: 'fail', code: -1002 });
    const refused = await readNow();
    expect(refused.status).toBe(Status.DEVICE_LINK_DOWN);
    expect(refused.reason).toMatch(/refused the readback query: not supported by the device \(-1002\)/);
    expect((await t.api.getDeviceCredentialReport({ eid }, a.token)).result.drift?.error).toMatch(/-1002/);
  });

  it('the sweep asks a device not read back for 6 h for a readback, done at its next poll', async () => {
    const pusher = new Pusher(systemScope(t.db), { services: t.services, config: t.config, drivers: {}, log: t.app.log });
    const old = new Date(Date.now() - READBACK_EVERY_MS - 60_000);
    await t.db.update(deviceLinks).set({ readbackAt: old }).where(eq(deviceLinks.deviceId, eid));
    await pusher.sweep(scope(), new Date());
    const [wanted] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(wanted?.readbackWantedAt).not.toBeNull();
    await zk.pollOnce();
    await zk.pollOnce();
    const [done] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, eid));
    expect(done?.readbackWantedAt).toBeNull();
    expect(done?.readbackAt?.getTime()).toBeGreaterThan(old.getTime());
    expect(done?.drift).toMatchObject({ missing: 0, extra: 0, changed: 0, error: '' });
  });

  it('door events (rtlog) of an access-control firmware are passes, granted or refused, received once', async () => {
    const group = (await t.api.addEquipmentGroup({ egname: 'Zk doors', defaultOn: true }, a.token)).result.egid;
    const added = await t.api.addEquipment(
      { deviceName: 'Door ZK', deviceCode: 'CQZ7224460002', eType: 'face', egids: [group], driver: 'zkteco', deviceIp: '127.0.0.1' },
      a.token,
    );
    const door = await startZktecoDevice({ server: url, sn: 'CQZ7224460002', doorEvents: true });
    try {
      const v = await walkIn('13600008888');
      await reconcileCompany(scope(), t.services.secrets, new Date());
      await door.pollOnce();
      await door.pollOnce();
      expect(door.state.users.has(pin(v))).toBe(true);
      expect(door.pass({ pin: pin(v) }).granted).toBe(true);
      expect(door.pass({ card: '77770000' }).granted).toBe(false);
      await door.pollOnce();
      await door.pollOnce();
      const ofDoor = () => t.db.select().from(passRecords).where(eq(passRecords.deviceId, added.result.device.eid));
      const passes = await ofDoor();
      expect(passes.map((p) => [p.visitId, p.result, p.code]).sort()).toEqual([
        [null, 0, 27],
        [v, 1, 0],
      ]);
      // The same lines again (a device that did not take our answer) add nothing; the stamp is kept for the handshake.
      const body = `time=2026-01-01 10:00:00\tpin=${pin(v)}\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=15\tindex=1`;
      for (let i = 0; i < 2; i++) await fetch(`${url}/iclock/cdata?SN=CQZ7224460002&table=rtlog&Stamp=41`, { method: 'POST', body });
      expect(await ofDoor()).toHaveLength(3);
      const hello = await (await fetch(`${url}/iclock/cdata?SN=CQZ7224460002&options=all`)).text();
      expect(hello).toMatch(/ATTLOGStamp=0/);
      const [link] = await t.db.select().from(deviceLinks).where(eq(deviceLinks.deviceId, added.result.device.eid));
      expect(link?.stamps).toMatchObject({ RTLOG: '41' });
    } finally {
      await door.stop();
    }
  });

  it('a disabled device is still answered, so the removals of our people reach it', async () => {
    const v = await walkIn('13600009999');
    await round();
    expect(zk.state.users.has(pin(v))).toBe(true);
    expect((await t.api.updateVisitStatus({ vid: v, event: 'signOut' }, a.token)).status).toBe(0);
    await reconcileCompany(scope(), t.services.secrets, new Date());
    await t.db.update(devices).set({ status: 1 }).where(eq(devices.id, eid));
    await zk.pollOnce();
    await zk.pollOnce();
    expect(zk.state.connected).toBe(true);
    expect(zk.state.users.has(pin(v))).toBe(false);
    expect(await rowOf(v)).toMatchObject({ action: 'remove', status: 'synced' });
    expect((await fetch(`${url}/iclock/cdata?SN=CQZ7224460001&options=all`)).status).toBe(200);
    await t.db.update(devices).set({ status: 0 }).where(eq(devices.id, eid));
  });
});
