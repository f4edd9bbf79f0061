import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HikDevice, startHikvisionDevice } from '../../../../../tools/hikvision-device.js';
import { localTime } from '../../../../../tools/hikvision-isapi.js';
import { facePhoto } from '../../../test/faces.js';
import { faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { faceCredentials, vehicleRecords } from '../../db/schema/index.js';
import { jobContext } from '../../platform/http/calls.js';
import { systemScope, tenantScope } from '../../platform/identity/tenancy.js';
import { PUSH_DRIVERS } from './credentials.drivers.js';
import { IsapiError, isapiClient } from './credentials.isapi.js';
import { readPasses } from './credentials.passes.js';
import { pushDevice, pushedDevice } from './credentials.push.js';
import { reconcileCompany } from './credentials.reconcile.js';

const password = 'Gate#Pass-2026';
const entryOf = (cam: HikDevice, plate: string) => cam.plates.plates.get(plate);

/** The plate calls of the ISAPI client against the simulated camera, without a database. */
describe('ISAPI plate lists: the client against the simulated ANPR camera', () => {
  let cam: HikDevice;
  beforeAll(async () => {
    cam = await startHikvisionDevice({ port: 0, username: 'admin', password, maxPlates: 40 });
  });
  afterAll(() => cam.close());
  const client = () => isapiClient({ baseUrl: cam.url, username: 'admin', password });

  it('writes, pages past 30, modifies, deletes by plate and reads windows back to the second', async () => {
    const c = client();
    const from = new Date('2026-05-01T08:00:00');
    const to = new Date('2026-05-01T18:30:15');
    for (let i = 0; i < 35; i++)
      await c.setPlate({
        plate: `A${String(i).padStart(5, '0')}`,
        listType: 'allowList',
        cardNo: `OVV${i + 1}`,
        validFrom: from,
        validTo: to,
        modify: false,
      });
    cam.addSitePlate({ plate: '粤B12345', listType: 'blockList' });
    const all = await c.plates();
    expect(all).toHaveLength(36);
    expect(all.find((p) => p.plate === 'A00007')).toMatchObject({ cardNo: 'OVV8', listType: 'allowList', validFrom: from, validTo: to });
    expect(all.find((p) => p.plate === '粤B12345')).toMatchObject({ cardNo: '', listType: 'blockList', validFrom: null, validTo: null });
    // A second `add` of a listed plate is refused as some firmware does; `modify` replaces (open ends read back as null).
    const again = { plate: 'A00001', listType: 'allowList' as const, cardNo: 'OVV2', validFrom: null, validTo: null };
    await expect(c.setPlate({ ...again, modify: false })).rejects.toMatchObject({ kind: 'device', subStatusCode: 'badParameters' });
    await c.setPlate({ ...again, modify: true });
    expect((await c.plates()).find((p) => p.plate === 'A00001')).toMatchObject({ validFrom: null, validTo: null });
    expect(entryOf(cam, 'A00001')).toMatchObject({ createTime: '2000-01-01T00:00:00', effectiveTime: '2037-12-31T23:59:59' });
    await c.deletePlates(Array.from({ length: 32 }, (_, i) => `A${String(i).padStart(5, '0')}`));
    expect((await c.plates()).map((p) => p.plate).sort()).toEqual(['A00032', 'A00033', 'A00034', '粤B12345']);
    await c.deletePlates([]);
    expect(cam.plates.plates.size).toBe(4);
  });

  it('reads back the plates the camera read at its gate after a time, opened or not', async () => {
    const c = client();
    const since = new Date(Date.now() - 60_000);
    const at = new Date(Date.now() - 30_000);
    expect(cam.seePlate({ plate: '粤B12345', at }).open).toBe(false);
    expect(cam.seePlate({ plate: 'A00033', at, direction: 'exit' }).open).toBe(false);
    const reads = await c.plateReads(since);
    expect(reads.map((r) => [r.plate, r.direction, Math.floor(r.at.getTime() / 1000)])).toEqual([
      ['粤B12345', 'forward', Math.floor(at.getTime() / 1000)],
      ['A00033', 'reverse', Math.floor(at.getTime() / 1000)],
    ]);
    expect(new Set(reads.map((r) => r.picName)).size).toBe(2);
    expect(await c.plateReads(new Date())).toEqual([]);
  });

  it('refuses a bad plate, a bad window and a full list; a wrong password is one failed sign-in', async () => {
    const c = client();
    const e = { listType: 'allowList' as const, cardNo: 'OVV1', validFrom: null, validTo: null, modify: false };
    await expect(c.setPlate({ ...e, plate: 'AB-12' })).rejects.toMatchObject({ subStatusCode: 'badParameters' });
    await expect(c.setPlate({ ...e, plate: 'AB12', validFrom: new Date('2026-05-02'), validTo: new Date('2026-05-01') })).rejects.toMatchObject({
      subStatusCode: 'badParameters',
    });
    for (let i = cam.plates.plates.size; i < 40; i++) cam.addSitePlate({ plate: `S${i}` });
    await expect(c.setPlate({ ...e, plate: 'FULL1' })).rejects.toMatchObject({ kind: 'device', subStatusCode: 'noMemory' });
    cam.fault({ path: /searchLPListAudit/, kind: 'garbage' });
    await expect(c.plates()).rejects.toMatchObject({ kind: 'garbage' });
    const failures = cam.stats().authFailures;
    const wrong = isapiClient({ baseUrl: cam.url, username: 'admin', password: 'nope' });
    const tries = await Promise.allSettled([wrong.plates(), wrong.deletePlates(['X1']), wrong.setPlate({ ...e, plate: 'X1' })]);
    expect(tries.every((r) => r.status === 'rejected' && r.reason instanceof IsapiError && r.reason.kind === 'auth')).toBe(true);
    expect(cam.stats().authFailures - failures).toBe(1);
  });
});

/**
 * A Hikvision barrier (an ANPR camera's allowlist) in the credential pipeline, on both engines: the visit's plate live
 * with its window, an edited plate re-pushed for that person only, sign-out revoking it, a visitor without a plate
 * never on the camera, a site's own entries never touched, readback repairing missing, extra and changed plates.
 */
describe('Hikvision ANPR cameras: plates through the credential pipeline', () => {
  let t: TestApp;
  let a: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let cam: HikDevice;
  let terminal: HikDevice;
  let camEid = 0;
  let faceEid = 0;
  let host = 0;
  const now = () => new Date();
  const scope = () => tenantScope(t.db, { companyId: a.id });
  const deps = () => ({ services: t.services, drivers: PUSH_DRIVERS, now });
  const round = async () => {
    await reconcileCompany(scope(), t.services.secrets, now());
    const pushed = await pushDevice(scope(), camEid, deps());
    await pushDevice(scope(), faceEid, deps());
    return pushed;
  };
  const rowOf = async (eid: number, vid: number) =>
    (await t.db.select().from(faceCredentials).where(eq(faceCredentials.personId, vid))).find(
      (r) => r.deviceId === eid && r.personKind === 'visitor',
    );
  let photos = 0;
  const walkIn = async (phone: string, plateNum: string) => {
    photos++;
    const photo = `data:image/jpeg;base64,${(await facePhoto({ width: 300 + photos * 2, height: 400 })).toString('base64')}`;
    const r = await t.api.UpdatePhoto(
      { vname: '李司机', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, desk.token), plateNum },
      desk.token,
    );
    expect(r.status).toBe(0);
    return r.result.vid;
  };
  const form = (name: string, code: string, eType: 'barrier' | 'face', port: number, egids: number[]) => ({
    deviceName: name,
    deviceCode: code,
    eType,
    roomNum: '1',
    egids,
    driver: 'hikvision' as const,
    deviceIp: '127.0.0.1',
    devicePort: port,
    driverUser: 'admin',
    driverPassword: password,
  });

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    host = (await t.api.addEmployee({ employee_name: 'Host Plates', phone: '13800003333' }, a.token)).result.empid;
    const group = (await t.api.addEquipmentGroup({ egname: 'Car gate', defaultOn: true }, a.token)).result.egid;
    cam = await startHikvisionDevice({ port: 0, username: 'admin', password });
    terminal = await startHikvisionDevice({ port: 0, username: 'admin', password });
    const port = (d: HikDevice) => Number(new URL(d.url).port);
    const added = await t.api.addEquipment(form('Car gate camera', 'HIK-GATE', 'barrier', port(cam), [group]), a.token);
    expect(added.status).toBe(0);
    camEid = added.result.device.eid;
    faceEid = (await t.api.addEquipment(form('Lobby face', 'HIK-FACE', 'face', port(terminal), [group]), a.token)).result.device.eid;
  });
  afterAll(async () => {
    await cam.close();
    await terminal.close();
    await t.close();
  });

  let vid = 0;
  it('an approved visit with a plate is live on the camera with its window; the camera opens for it', async () => {
    vid = await walkIn('13700001111', '粤b12345');
    expect((await round()).pushed).toBe(1);
    const row = await rowOf(camEid, vid);
    expect(row).toMatchObject({ plate: '粤B12345', photo: '', cardNo: '', qr: '', status: 'synced' });
    expect(entryOf(cam, '粤B12345')).toMatchObject({
      listType: 'allowList',
      cardNo: `OVV${vid}`,
      createTime: localTime(row?.validFrom ?? new Date(0)),
      effectiveTime: localTime(row?.validTo ?? new Date(0)),
    });
    // The face terminal holds the person and no plate.
    expect(await rowOf(faceEid, vid)).toMatchObject({ plate: '', status: 'synced' });
    expect(terminal.state.users.has(`OVV${vid}`)).toBe(true);
    expect(cam.state.users.size).toBe(0);
    const list = await t.api.getFaceCredentials({ eid: camEid }, a.token);
    expect(list.result.list.find((c) => c.personId === vid)).toMatchObject({
      state: 'live',
      hasPlate: true,
      hasFace: false,
      hasCard: false,
      hasQr: false,
    });
    const faces = await t.api.getFaceCredentials({ eid: faceEid }, a.token);
    expect(faces.result.list.find((c) => c.personId === vid)).toMatchObject({ hasPlate: false, hasFace: true });
    const since = new Date(Date.now() - 5_000);
    expect(cam.seePlate({ plate: '粤B12345' }).open).toBe(true);
    expect(cam.seePlate({ plate: '粤B99999', direction: 'exit' }).open).toBe(false);
    // The camera's reads, as the driver answers them.
    const found = await pushedDevice(scope(), camEid, deps());
    const reads = found ? await found.factory(found.device, t.services).vehicles?.(since) : undefined;
    expect(reads?.map((r) => [r.plate, r.direction])).toEqual([
      ['粤B12345', 1],
      ['粤B99999', 2],
    ]);
  });

  it('the camera’s plate reads land in the vehicle records once each, matched to the visit', async () => {
    const actor = jobContext({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, a.id, {
      job: 'credentials',
      account: 'device:HIK-GATE',
      name: 'Car gate camera',
    });
    expect(await readPasses(actor, camEid, deps())).toBe(2);
    const records = await t.db.select().from(vehicleRecords).where(eq(vehicleRecords.deviceId, camEid));
    expect(records.map((r) => [r.plate, r.visitId, r.result, r.code, r.direction]).sort()).toEqual([
      ['粤B12345', vid, 1, 0, 1],
      ['粤B99999', null, 0, Status.INVALID_VISITOR, 2],
    ]);
    // Read again (the search overlaps the last read): nothing twice; a new read is recorded.
    expect(await readPasses(actor, camEid, deps())).toBe(0);
    cam.seePlate({ plate: '粤B12345', direction: 'exit' });
    expect(await readPasses(actor, camEid, deps())).toBe(1);
    // The console's vehicle records show them with the device.
    const page = await t.api.getVehicleRecord({ eid: camEid, startIndex: 0, requestedCount: 10 }, a.token);
    expect(page.result.count).toBe(3);
    expect(page.result.list.every((r) => r.deviceName === 'Car gate camera')).toBe(true);
  });

  it('a visitor without a plate has no row on the camera', async () => {
    const walker = await walkIn('13700002222', '');
    await round();
    expect(await rowOf(camEid, walker)).toBeUndefined();
    expect(await rowOf(faceEid, walker)).toMatchObject({ status: 'synced' });
    expect(cam.plates.plates.size).toBe(1);
  });

  let other = 0;
  it('an edited plate is re-pushed for that person only: the new plate replaces the old', async () => {
    other = await walkIn('13700003333', '京A11111');
    await round();
    expect(entryOf(cam, '京A11111')?.cardNo).toBe(`OVV${other}`);
    const faceRow = await rowOf(faceEid, vid);
    const before = cam.stats().requests;
    await t.db.execute(sql`UPDATE visits SET plate_num = '京A 22222' WHERE id = ${vid}`);
    await reconcileCompany(scope(), t.services.secrets, now(), { full: true });
    expect((await pushDevice(scope(), camEid, deps())).pushed).toBe(1);
    // One list read, one write, one delete of the old plate.
    expect(cam.stats().requests - before).toBeLessThan(8);
    expect(entryOf(cam, '京A22222')?.cardNo).toBe(`OVV${vid}`);
    expect(entryOf(cam, '粤B12345')).toBeUndefined();
    expect(entryOf(cam, '京A11111')?.cardNo).toBe(`OVV${other}`);
    // Other devices never hold a plate: the face terminal's row is untouched.
    expect((await rowOf(faceEid, vid))?.seq).toBe(faceRow?.seq);
  });

  it('sign-out removes the plate; a plate the site listed itself is never overwritten or removed', async () => {
    expect((await t.api.updateVisitStatus({ vid: other, event: 'signOut' }, a.token)).status).toBe(0);
    await round();
    expect(entryOf(cam, '京A11111')).toBeUndefined();
    expect(await rowOf(camEid, other)).toMatchObject({ action: 'remove', status: 'synced' });
    cam.addSitePlate({ plate: '沪C33333', cardNo: '998877' });
    const clash = await walkIn('13700004444', '沪C33333');
    await round();
    const row = await rowOf(camEid, clash);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/site's own/);
    expect(entryOf(cam, '沪C33333')).toMatchObject({ cardNo: '998877', effectiveTime: '2037-12-31T23:59:59' });
    // Signed out while refused: its removal leaves the site's entry alone.
    expect((await t.api.updateVisitStatus({ vid: clash, event: 'signOut' }, a.token)).status).toBe(0);
    await round();
    expect(await rowOf(camEid, clash)).toMatchObject({ action: 'remove', status: 'synced' });
    expect(entryOf(cam, '沪C33333')?.cardNo).toBe('998877');
  });

  it("a readback repairs a missing, an extra and a changed plate and leaves the site's own", async () => {
    cam.plates.plates.delete('京A22222');
    cam.addSitePlate({ plate: 'OLD123', cardNo: 'OVV999999' });
    cam.addSitePlate({ plate: '苏D44444', listType: 'blockList' });
    const report = await t.api.readbackDevice({ eid: camEid }, a.token);
    expect(report.status).toBe(0);
    expect(report.result).toMatchObject({ missing: 1, extra: 1, changed: 0, heldSite: 2, repaired: 2, failed: 0, error: '' });
    expect(entryOf(cam, '京A22222')?.cardNo).toBe(`OVV${vid}`);
    expect(entryOf(cam, 'OLD123')).toBeUndefined();
    expect(entryOf(cam, '沪C33333')?.cardNo).toBe('998877');
    expect(entryOf(cam, '苏D44444')?.listType).toBe('blockList');
    // Our entry with another plate and another window: changed, written again, the stray plate deleted.
    const held = entryOf(cam, '京A22222');
    cam.plates.plates.delete('京A22222');
    if (held) cam.plates.plates.set('京A99999', { ...held, id: '京A99999', LicensePlate: '京A99999', effectiveTime: '2037-01-01T00:00:00' });
    const changed = await t.api.readbackDevice({ eid: camEid }, a.token);
    expect(changed.result).toMatchObject({ missing: 0, extra: 0, changed: 1, repaired: 1 });
    expect(changed.result.items.find((i) => i.kind === 'changed')?.what).toEqual(expect.arrayContaining(['plate', 'window']));
    expect(entryOf(cam, '京A99999')).toBeUndefined();
    expect(entryOf(cam, '京A22222')?.cardNo).toBe(`OVV${vid}`);
    expect((await t.api.readbackDevice({ eid: camEid }, a.token)).result).toMatchObject({ missing: 0, changed: 0, extra: 0, repaired: 0 });
  });
});
