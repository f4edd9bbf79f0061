import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HikDevice, startHikvisionDevice } from '../../../../../tools/hikvision-device.js';
import { facePhoto } from '../../../test/faces.js';
import { faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { devices, employeeDeviceGroups, faceCredentials, passRecords } from '../../db/schema/index.js';
import { jobContext } from '../../platform/http/calls.js';
import { systemScope, tenantScope } from '../../platform/identity/tenancy.js';
import { PUSH_DRIVERS } from './credentials.drivers.js';
import { readPasses } from './credentials.passes.js';
import { pushDevice } from './credentials.push.js';
import { reconcileCompany } from './credentials.reconcile.js';

/**
 * The Hikvision ISAPI driver against its simulator (tools/hikvision-device.ts) over real HTTP, on both engines: grant →
 * live, an edit re-pushes that person only, revocation, failure → retry → dead letter → re-issue, lock-out avoidance,
 * readback repairing each kind of drift, passes flowing back.
 */
describe('Hikvision ISAPI devices: the credential pipeline end to end', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let hik: HikDevice;
  let eid = 0;
  let group = 0;
  let host = 0;
  let clock = Date.now();
  const now = () => new Date(clock);
  const password = 'Door#Pass-2026';

  const scope = () => tenantScope(t.db, { companyId: a.id });
  const deps = () => ({ services: t.services, drivers: PUSH_DRIVERS, now });
  /** One round of the pipeline: reconcile the company, push the device. */
  const round = async () => {
    await reconcileCompany(scope(), t.services.secrets, now());
    return pushDevice(scope(), eid, deps());
  };
  const rowOf = async (vid: number) =>
    (await t.db.select().from(faceCredentials).where(eq(faceCredentials.personId, vid))).find(
      (r) => r.deviceId === eid && r.personKind === 'visitor',
    );
  let photos = 0;
  const walkIn = async (phone: string) => {
    // A face of its own (the device matches a face by its enrolled picture).
    photos++;
    const photo = `data:image/jpeg;base64,${(await facePhoto({ width: 300 + photos * 2, height: 400 })).toString('base64')}`;
    const r = await t.api.UpdatePhoto(
      { vname: '王访客', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, desk.token) },
      desk.token,
    );
    expect(r.status).toBe(0);
    return r.result.vid;
  };
  const deviceForm = (port: number, pass?: string) => ({
    deviceName: 'Lobby Hikvision',
    deviceCode: 'HIK-LOBBY',
    eType: 'face' as const,
    roomNum: '1',
    egids: [group],
    driver: 'hikvision' as const,
    deviceIp: '127.0.0.1',
    devicePort: port,
    driverUser: 'admin',
    ...(pass ? { driverPassword: pass } : {}),
  });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    host = (await t.api.addEmployee({ employee_name: 'Host Hik', phone: '13800002222' }, a.token)).result.empid;
    group = (await t.api.addEquipmentGroup({ egname: 'Hik lobby', defaultOn: true }, a.token)).result.egid;
    hik = await startHikvisionDevice({ port: 0, username: 'admin', password });
    const added = await t.api.addEquipment(deviceForm(Number(new URL(hik.url).port), password), a.token);
    expect(added.status).toBe(0);
    eid = added.result.device.eid;
    expect(added.result.device).toMatchObject({ driver: 'hikvision', driverUser: 'admin', driverPasswordSet: true });
    // The password is sealed at rest: the stored value is not the password.
    const [stored] = await t.db.select({ secret: devices.driverSecret }).from(devices).where(eq(devices.id, eid));
    expect(stored?.secret).toMatch(/\S/);
    expect(stored?.secret).not.toContain(password);
  });
  afterAll(async () => {
    await hik.close();
    await t.close();
  });

  it('a Hikvision device needs its address, account and password; kinds it cannot hold are refused', async () => {
    // A barrier is an ANPR camera's allowlist of plates (credentials.plates.test.ts).
    const bad = await t.call('addEquipment', { deviceName: 'H2', deviceCode: 'H2', eType: 'barrier', driver: 'hikvision' }, a.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.result)).toMatch(/deviceIp/);
    expect(JSON.stringify(bad.result)).toMatch(/driverPassword/);
    expect(JSON.stringify(bad.result)).not.toMatch(/eType/);
    const zk = await t.call('addEquipment', { deviceName: 'Z2', deviceCode: 'Z2', eType: 'barrier', driver: 'zkteco' }, a.token);
    expect(zk.status).toBe(400);
    expect(JSON.stringify(zk.result)).toMatch(/eType/);
  });

  let vid = 0;
  it('an approved visitor becomes live on the device: user with window and type, card, QR pass, face', async () => {
    vid = await walkIn('13700001111');
    expect((await t.api.updateVisitInfo({ vid, cardNo: '70017001' }, desk.token)).status).toBe(0);
    const run = await round();
    expect(run).toMatchObject({ pushed: 1, more: false });
    const user = hik.state.users.get(`OVV${vid}`);
    expect(user).toMatchObject({ name: '王访客', userType: 'visitor' });
    expect(user?.Valid.enable).toBe(true);
    const cards = [...hik.state.cards.values()].filter((c) => c.employeeNo === `OVV${vid}`).map((c) => c.cardNo);
    expect(cards).toContain('70017001');
    expect(cards.some((c) => c.startsWith('OV3'))).toBe(true);
    expect(hik.state.faces.has(`OVV${vid}`)).toBe(true);
    const list = await t.api.getFaceCredentials({ eid }, a.token);
    expect(list.result.list.find((c) => c.personId === vid)).toMatchObject({ state: 'live', hasFace: true, hasCard: true, hasQr: true });
    const report = await t.api.getDeviceCredentialReport({ eid }, a.token);
    expect(report.result).toMatchObject({ link: { state: 'ok' }, queue: { due: 0, inFlight: 0, waiting: 0 } });
    expect(report.result.states.live).toBeGreaterThanOrEqual(1);
  });

  it('an edit re-pushes that person only; the pass count is written where the company limits QR uses', async () => {
    const other = await walkIn('13700002222');
    await round();
    const before = hik.stats().requests;
    const faceOfOther = hik.state.faces.get(`OVV${other}`)?.picNo;
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"qrMaxCount": 3}'::jsonb WHERE id = ${a.id}`);
    expect((await t.api.updateVisitInfo({ vid, cardNo: '70027002' }, desk.token)).status).toBe(0);
    await reconcileCompany(scope(), t.services.secrets, now(), { full: true });
    const run = await pushDevice(scope(), eid, deps());
    // Both visitors' pass counts changed with the setting; the other's face was written again with it, nothing else.
    expect(run.pushed).toBe(2);
    expect(hik.state.users.get(`OVV${vid}`)?.maxOpenDoorTime).toBe(3);
    const cards = [...hik.state.cards.values()].filter((c) => c.employeeNo === `OVV${vid}`).map((c) => c.cardNo);
    expect(cards).toContain('70027002');
    expect(cards).not.toContain('70017001');
    expect(hik.stats().requests - before).toBeLessThan(20);
    expect(hik.state.faces.get(`OVV${other}`)?.picNo).not.toBe(faceOfOther);
    await t.db.execute(sql`UPDATE companies SET settings = settings - 'qrMaxCount' WHERE id = ${a.id}`);
    // Signed out: revoked on the device, the row says so.
    expect((await t.api.updateVisitStatus({ vid: other, event: 'signOut' }, a.token)).status).toBe(0);
    await round();
    expect(hik.state.users.has(`OVV${other}`)).toBe(false);
    expect([...hik.state.cards.values()].some((c) => c.employeeNo === `OVV${other}`)).toBe(false);
    expect(hik.state.faces.has(`OVV${other}`)).toBe(false);
    const row = await rowOf(other);
    expect(row).toMatchObject({ action: 'remove', status: 'synced' });
  });

  it('revocation on every path: blacklisting, the device leaving the group, expiry by time', async () => {
    const listed = await walkIn('13700003333');
    const leaving = await walkIn('13700004444');
    await round();
    expect(hik.state.users.has(`OVV${listed}`) && hik.state.users.has(`OVV${leaving}`)).toBe(true);
    // Listed by the phone under another name: the walk-ins' shared name would hold every later one for review.
    expect((await t.api.addBlacklist({ name: '赵列名', phone: '13700003333' }, a.token)).status).toBe(0);
    await round();
    expect(hik.state.users.has(`OVV${listed}`)).toBe(false);
    // The device leaves its group: everyone of the group is revoked from it.
    const form = { ...deviceForm(Number(new URL(hik.url).port)), eid, egids: [] };
    expect((await t.api.updateEquipment(form, a.token)).status).toBe(0);
    await round();
    expect([...hik.state.users.keys()].filter((k) => k.startsWith('OV'))).toEqual([]);
    expect((await t.api.updateEquipment({ ...form, egids: [group] }, a.token)).status).toBe(0);
    await round();
    expect(hik.state.users.has(`OVV${leaving}`)).toBe(true);
    // The window is also on the device, so access ends on time even if the removal fails; the job removes it after.
    const row = await rowOf(leaving);
    expect(row?.validTo).toBeTruthy();
    clock = (row?.validTo?.getTime() ?? 0) + 60_000;
    await round();
    expect(hik.state.users.has(`OVV${leaving}`)).toBe(false);
    clock = Date.now();
  });

  it('a failing person is retried with backoff, dead-lettered with the device reason, and re-issued from the console', async () => {
    const v = await walkIn('13700005555');
    hik.fault({ path: /UserInfo\/SetUp/, times: 5, kind: 'error', httpStatus: 400, statusCode: 6, subStatusCode: 'badParameters' });
    await round();
    expect(await rowOf(v)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowOf(v))?.lastError).toMatch(/badParameters/);
    // Each backoff over (its time set before the test's clock, not the clock moved on: a visit's window ends with the
    // day). The clock, not the wall time: on a busy machine more than a second may pass between the two.
    for (let i = 2; i <= 5; i++) {
      await t.db
        .update(faceCredentials)
        .set({ nextAttemptAt: new Date(clock - 1000) })
        .where(eq(faceCredentials.id, (await rowOf(v))?.id ?? 0));
      await round();
    }
    expect(await rowOf(v)).toMatchObject({ status: 'failed', attempts: 5 });
    const failed = await t.api.getFaceCredentials({ eid, status: 'failed' }, a.token);
    expect(failed.result.list.map((c) => [c.personId, c.state])).toEqual([[v, 'failed']]);
    expect((await t.api.retryFaceCredentials({ eid }, a.token)).result.retried).toBe(1);
    await pushDevice(scope(), eid, deps());
    expect(await rowOf(v)).toMatchObject({ status: 'synced', action: 'add' });
    expect(hik.state.users.has(`OVV${v}`)).toBe(true);
    clock = Date.now();
  });

  it('an unreachable or garbling device keeps everything queued with a reason; a wrong password costs one attempt, never a lock-out', async () => {
    const v = await walkIn('13700006666');
    hik.fault({ path: /UserInfo\/SetUp/, times: 1, kind: 'drop' });
    const dropped = await round();
    expect(dropped.held).toBe('unreachable');
    expect(await rowOf(v)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(
      (await t.api.getEquipmentByPage({ startIndex: 0, requestedCount: 50 }, a.token)).result.list.find((d) => d.eid === eid)?.link,
    ).toMatchObject({
      state: 'unreachable',
    });
    clock += 30_000;
    await pushDevice(scope(), eid, deps());
    expect(await rowOf(v)).toMatchObject({ status: 'synced' });

    const port = Number(new URL(hik.url).port);
    expect((await t.api.updateEquipment({ ...deviceForm(port, 'wrong-password'), eid }, a.token)).status).toBe(0);
    const failures = hik.stats().authFailures;
    await walkIn('13700007777');
    expect(await round()).toMatchObject({ held: 'authRefused' });
    for (let i = 0; i < 8; i++) {
      clock += 60_000;
      await round();
    }
    // Nor does a readback (the console's, or the sweep's) ask a device that refused us: 1133 with the reason.
    const refused = await t.call('readbackDevice', { eid }, a.token);
    expect(refused.status).toBe(Status.DEVICE_LINK_DOWN);
    expect(refused.reason).toMatch(/refused the account/);
    // One refused attempt in all: the device's lock-out (5) is never reached, and the password is nowhere in the reason.
    expect(hik.stats().authFailures - failures).toBe(1);
    expect(hik.stats().locked).toBe(false);
    const link = (await t.api.getDeviceCredentialReport({ eid }, a.token)).result.link;
    expect(link).toMatchObject({ state: 'authRefused' });
    expect(JSON.stringify(link)).not.toContain('wrong-password');
    // The right password: tried again at once.
    expect((await t.api.updateEquipment({ ...deviceForm(port, password), eid }, a.token)).status).toBe(0);
    expect((await round()).pushed).toBeGreaterThanOrEqual(1);
    clock = Date.now();
  });

  it("a readback repairs each kind of drift and leaves the site's own people alone", async () => {
    // Two people of today: the earlier tests' visitors may have run out with the day (a run near midnight).
    clock = Date.now();
    await walkIn('13700008881');
    await walkIn('13700008882');
    await round();
    const live = [...hik.state.users.keys()].filter((k) => k.startsWith('OVV'));
    const [lost, altered] = live;
    hik.state.users.delete(lost ?? '');
    hik.state.faces.delete(lost ?? '');
    for (const [no, c] of hik.state.cards) if (c.employeeNo === altered) hik.state.cards.delete(no);
    hik.addSiteUser({ employeeNo: '1001', name: 'Site guard', cardNo: '88888888' });
    hik.addSiteUser({ employeeNo: 'OVV999999', name: 'Stranger of ours' });
    const report = await t.api.readbackDevice({ eid }, a.token);
    expect(report.status).toBe(0);
    expect(report.result).toMatchObject({ missing: 1, changed: 1, extra: 1, heldSite: 1, failed: 0, repaired: 3, error: '' });
    expect(report.result.items.find((i) => i.kind === 'changed')?.what).toContain('card');
    expect(hik.state.users.has(lost ?? '')).toBe(true);
    expect(hik.state.users.has('OVV999999')).toBe(false);
    expect(hik.state.users.get('1001')?.name).toBe('Site guard');
    expect(hik.state.cards.has('88888888')).toBe(true);
    // The report stays with the device; B cannot read or trigger it.
    expect((await t.api.getDeviceCredentialReport({ eid }, a.token)).result.drift).toMatchObject({ repaired: 3 });
    expect((await t.call('readbackDevice', { eid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('getDeviceCredentialReport', { eid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    // A second readback finds nothing to repair.
    expect((await t.api.readbackDevice({ eid }, a.token)).result).toMatchObject({ missing: 0, changed: 0, extra: 0, repaired: 0 });
  });

  it('passes at the device flow back into the pass records, once each', async () => {
    const passer = await walkIn('13700008888');
    await round();
    const row = await rowOf(passer);
    const photo = row ? await t.services.files.read(row.photo) : null;
    expect(hik.pass({ face: photo ?? Buffer.alloc(0) }).granted).toBe(true);
    expect(hik.pass({ cardNo: '0000' }).granted).toBe(false);
    const actor = jobContext({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, a.id, {
      job: 'credentials',
      account: 'device:HIK-LOBBY',
      name: 'Lobby Hikvision',
    });
    expect(await readPasses(actor, eid, deps())).toBe(2);
    const passes = await t.db.select().from(passRecords).where(eq(passRecords.deviceId, eid));
    expect(passes.map((p) => [p.visitId, p.way, p.result])).toEqual(
      expect.arrayContaining([
        [passer, 'face', 1],
        [null, 'card', 0],
      ]),
    );
    // Read once: nothing new the second time.
    expect(await readPasses(actor, eid, deps())).toBe(0);
  });

  it('an employee’s temporary card is a second card on the device while lent, gone when returned or overdue', async () => {
    const cardsOf = (no: string) => [...hik.state.cards.values()].filter((c) => c.employeeNo === no).map((c) => c.cardNo);
    // The host has no face and no card of their own: the temporary card alone brings them to the device.
    await t.db.insert(employeeDeviceGroups).values({ companyId: a.id, empId: host, groupId: group });
    const cid = (await t.api.addInterimCard({ empid: host }, a.token)).result.cid;
    expect((await t.api.updateInterimCard({ cid, cardNo: 'tmp4711' }, a.token)).status).toBe(0);
    await round();
    expect(cardsOf(`OVE${host}`)).toEqual(['TMP4711']);
    expect(hik.pass({ cardNo: 'TMP4711' }).granted).toBe(true);
    // Past its due time (the desk's, else the end of the day) it opens nothing, on the device as at our readers.
    await t.db.execute(sql`UPDATE interim_cards SET due_at = now() - interval '1 minute' WHERE id = ${cid}`);
    await round();
    expect(cardsOf(`OVE${host}`)).toEqual([]);
    await t.db.execute(sql`UPDATE interim_cards SET due_at = NULL WHERE id = ${cid}`);
    await round();
    expect(cardsOf(`OVE${host}`)).toEqual(['TMP4711']);
    expect((await t.api.returnInterimCard({ cid }, a.token)).status).toBe(0);
    await round();
    expect(cardsOf(`OVE${host}`)).toEqual([]);
    expect(hik.pass({ cardNo: 'TMP4711' }).granted).toBe(false);
  });

  it('a device holding our people is not deleted; disabling it removes ours and leaves the site’s own, then it is', async () => {
    await round();
    const ours = () => [...hik.state.users.keys()].filter((k) => k.startsWith('OV'));
    expect(ours().length).toBeGreaterThan(0);
    const refused = await t.call('delEquipment', { eid }, a.token);
    expect(refused.status).toBe(Status.DEVICE_HOLDS_PEOPLE);
    expect((refused.result as { held: number }).held).toBeGreaterThanOrEqual(ours().length);
    // Another company's session cannot reach it, forced or not.
    expect((await t.call('delEquipment', { eid, force: true }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.setEquipmentStatus({ eid, status: 1 }, a.token)).status).toBe(0);
    const run = await round();
    expect(run.held).toBeUndefined();
    expect(ours()).toEqual([]);
    expect(hik.state.users.get('1001')?.name).toBe('Site guard');
    const states = (await t.api.getDeviceCredentialReport({ eid }, a.token)).result.states;
    expect(states).toMatchObject({ live: 0, pending: 0, revoking: 0, failed: 0 });
    expect((await t.call('delEquipment', { eid }, a.token)).status).toBe(0);
    expect((await t.call('getDeviceCredentialReport', { eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });
});
