import { FACE_MAX_ATTEMPTS, type FaceSyncItem, Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhoto } from '../../../test/faces.js';
import { eventsOf, faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import {
  companies,
  employeeDeviceGroups,
  employees,
  faceCredentials,
  monitoredDevices,
  passRecords,
  residentDeviceGroups,
  residentProjects,
  residentVisitors,
  visitEvents,
  visits,
} from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reconcileCompany } from './credentials.reconcile.js';

type Answer<T> = { status: number; reason: string; result: T };
type Pulled = { items: FaceSyncItem[]; cursor: number; more: boolean };

async function jpeg(): Promise<Buffer> {
  return facePhoto({ width: 320, height: 400 });
}

describe('face terminals: who they know, the credential pipeline, pass records', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  const terminal = { lobby: { eid: 0, secret: '' }, garage: { eid: 0, secret: '' }, other: { eid: 0, secret: '' } };
  let lobbyGroup = 0;
  let garageGroup = 0;

  /** A device's call with its credential (or whatever `auth` says). */
  const dev = async <T>(name: string, body: unknown, auth: string | { token: string } | null, method: 'POST' | 'GET' = 'POST') => {
    const headers: Record<string, string> = {};
    if (typeof auth === 'string') headers.authorization = auth;
    else if (auth) headers['x-coolvisit-token'] = auth.token;
    const query = method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>)}` : '';
    const res = await t.app.inject({ method, url: `/api/${name}${query}`, headers, ...(method === 'POST' && { payload: body as object }) });
    return res.json() as Answer<T>;
  };
  const cred = (d: { eid: number; secret: string }) => `Device ${d.eid}.${d.secret}`;
  const pullAll = async (d: { eid: number; secret: string }, cursor = 0) => (await dev<Pulled>('faceSyncPull', { cursor }, cred(d))).result;
  const reconcile = (companyId: number, now = new Date()) => reconcileCompany(tenantScope(t.db, { companyId }), t.services.secrets, now);
  const setSettings = (companyId: number, patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, companyId));
  const rowsOf = (eid: number) => t.db.select().from(faceCredentials).where(eq(faceCredentials.deviceId, eid));
  const walkIn = async (phone: string, token = desk.token) => {
    const photo = `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`;
    const r = await t.api.UpdatePhoto({ vname: '李访客', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, token) }, token);
    expect(r.status).toBe(0);
    return r.result.vid;
  };
  const addTerminal = async (token: string, name: string, egids: number[]) => {
    const r = await t.api.addEquipment({ deviceName: name, deviceCode: name.toUpperCase().replace(/\s/g, '-'), eType: 'face', egids }, token);
    expect(r.status).toBe(0);
    return { eid: r.result.device.eid, secret: r.result.secret };
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    lobbyGroup = (await t.api.addEquipmentGroup({ egname: 'Lobby', defaultOn: true }, a.token)).result.egid;
    garageGroup = (await t.api.addEquipmentGroup({ egname: 'Garage' }, a.token)).result.egid;
    terminal.lobby = await addTerminal(a.token, 'Lobby face', [lobbyGroup]);
    terminal.garage = await addTerminal(a.token, 'Garage face', [garageGroup]);
    const bGroup = (await t.api.addEquipmentGroup({ egname: 'B lobby', defaultOn: true }, b.token)).result.egid;
    terminal.other = await addTerminal(b.token, 'B face', [bGroup]);
  });
  afterAll(() => t.close());

  it('device calls: no credential 28, a session 610, a wrong secret 1111, a disabled terminal 1130', async () => {
    for (const name of ['faceSyncPull', 'faceSyncAck', 'faceSyncUploadRecords']) {
      expect((await dev(name, {}, null)).status, name).toBe(Status.TOKEN_MISSING);
      expect((await dev(name, {}, { token: a.token })).status, name).toBe(Status.NO_PERMISSION);
      expect((await dev(name, {}, `Device ${terminal.lobby.eid}.${'A'.repeat(43)}`)).status, name).toBe(Status.DEVICE_NOT_ALLOWED);
    }
    expect((await dev('faceSyncPhoto', { personKind: 'visitor', personId: '1' }, null, 'GET')).status).toBe(Status.TOKEN_MISSING);
    await t.api.setEquipmentStatus({ eid: terminal.garage.eid, status: 1 }, a.token);
    expect((await dev('faceSyncPull', {}, cred(terminal.garage))).status).toBe(Status.DEVICE_DISABLED);
    await t.api.setEquipmentStatus({ eid: terminal.garage.eid, status: 0 }, a.token);
    expect((await dev('faceSyncPull', {}, cred(terminal.garage))).status).toBe(0);
    // The console never makes device calls, and the device never console calls.
    expect((await dev('getFaceCredentials', { eid: terminal.lobby.eid }, cred(terminal.lobby))).status).toBe(Status.TOKEN_MISSING);
  });

  it('a face terminal authenticating shows on the monitor as a face device (type 3), other door devices as type 4', async () => {
    const [row] = await t.db.select().from(monitoredDevices).where(eq(monitoredDevices.deviceId, terminal.garage.eid));
    expect(row).toMatchObject({ type: 3, clientId: `device:${terminal.garage.eid}`, name: 'Garage face', companyId: a.id });
    // Any other door device shows too, as type 4.
    const reader = await t.api.addEquipment({ deviceName: 'Lobby reader', deviceCode: 'QR-1', eType: 'qr', egids: [] }, a.token);
    expect((await dev('getDeviceSelf', {}, `Device ${reader.result.device.eid}.${reader.result.secret}`)).status).toBe(0);
    const [qr] = await t.db.select().from(monitoredDevices).where(eq(monitoredDevices.deviceId, reader.result.device.eid));
    expect(qr).toMatchObject({ type: 4, clientId: `device:${reader.result.device.eid}` });
  });

  let visitor = 0;
  let lobbyCursor = 0;

  it("a visitor appears on their groups' terminals when approved, is updated at check-in and removed at sign-out", async () => {
    await setSettings(a.id, { processSwitch: 1 });
    visitor = await walkIn('13911112222');
    await setSettings(a.id, { processSwitch: 0 });
    await reconcile(a.id);
    expect(await rowsOf(terminal.lobby.eid)).toEqual([]);

    expect((await t.api.updateVisitStatus({ vid: visitor, event: 'approve' }, a.token)).status).toBe(0);
    const first = await reconcile(a.id);
    expect(first).toMatchObject({ added: 1, removed: 0 });
    // The default-on lobby group only: not the garage's terminal, not another company's.
    expect(await rowsOf(terminal.garage.eid)).toEqual([]);
    expect(await rowsOf(terminal.other.eid)).toEqual([]);
    const pulled = await pullAll(terminal.lobby);
    expect(pulled.items).toHaveLength(1);
    const [item] = pulled.items;
    expect(item).toMatchObject({ action: 'add', personKind: 'visitor', personId: visitor, name: '李访客', groups: [lobbyGroup] });
    expect(pulled.more).toBe(false);
    expect(pulled.cursor).toBe(item?.seq);
    // Nothing new after the cursor; nothing for B's terminal.
    expect((await pullAll(terminal.lobby, pulled.cursor)).items).toEqual([]);
    expect((await pullAll(terminal.other)).items).toEqual([]);

    // The photo at the item's own path, with the terminal's own credential only.
    const res = await t.app.inject({ method: 'GET', url: item?.photo ?? '', headers: { authorization: cred(terminal.lobby) } });
    const photo = res.json() as Answer<{ contentType: string; data: string }>;
    expect(photo.status).toBe(0);
    expect(Buffer.from(photo.result.data, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const notMine = await dev('faceSyncPhoto', { personKind: 'visitor', personId: String(visitor) }, cred(terminal.other), 'GET');
    expect(notMine.status).toBe(Status.NO_SUCH_RECORD);

    const ack = await dev<{ accepted: number; stale: number }>(
      'faceSyncAck',
      {
        results: [
          { seq: item?.seq, status: 'synced' },
          { seq: 99999999, status: 'synced' },
        ],
      },
      cred(terminal.lobby),
    );
    expect(ack.result).toEqual({ accepted: 1, stale: 1 });
    expect((await rowsOf(terminal.lobby.eid))[0]).toMatchObject({ status: 'synced', action: 'add' });

    // Checked in: its window now runs to the leave time, an update.
    expect((await t.api.AppClientSignin({ phone: '13911112222' }, desk.token)).result).toMatchObject({ status: 'signedIn' });
    expect(await reconcile(a.id)).toMatchObject({ full: false, added: 0, updated: 1 });
    const updated = await pullAll(terminal.lobby, pulled.cursor);
    expect(updated.items.map((i) => i.action)).toEqual(['update']);

    expect((await t.api.updateVisitStatus({ vid: visitor, event: 'signOut' }, a.token)).status).toBe(0);
    expect(await reconcile(a.id)).toMatchObject({ removed: 1 });
    const gone = await pullAll(terminal.lobby, updated.cursor);
    expect(gone.items).toEqual([
      {
        seq: gone.cursor,
        action: 'remove',
        personKind: 'visitor',
        personId: visitor,
        name: '',
        cardNo: '',
        photo: '',
        validFrom: null,
        validTo: null,
        groups: [],
      },
    ]);
    lobbyCursor = gone.cursor;
    // A removed person's photo is no longer handed out.
    expect((await dev('faceSyncPhoto', { personKind: 'visitor', personId: String(visitor) }, cred(terminal.lobby), 'GET')).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    // Nothing changes: nothing written.
    expect(await reconcile(a.id)).toMatchObject({ added: 0, updated: 0, removed: 0, expired: 0 });
  });

  it('a blacklisted visitor is removed; a refused one never appears', async () => {
    const vid = await walkIn('13922223333');
    await reconcile(a.id);
    expect((await pullAll(terminal.lobby, lobbyCursor)).items.map((i) => [i.action, i.personId])).toEqual([['add', vid]]);
    expect((await t.api.addBlacklist({ name: '李访客', phone: '13922223333' }, a.token)).status).toBe(0);
    expect(await reconcile(a.id)).toMatchObject({ full: true, removed: 1 });
    const [row] = await t.db
      .select()
      .from(faceCredentials)
      .where(and(eq(faceCredentials.personKind, 'visitor'), eq(faceCredentials.personId, vid)));
    expect(row?.action).toBe('remove');

    await setSettings(a.id, { processSwitch: 1 });
    const refused = await walkIn('13933334444');
    await setSettings(a.id, { processSwitch: 0 });
    await t.api.updateVisitStatus({ vid: refused, event: 'reject' }, a.token);
    await reconcile(a.id);
    expect(await t.db.select().from(faceCredentials).where(eq(faceCredentials.personId, refused))).toEqual([]);
  });

  it('an expected visit is sent with its window and removed by the job once the window is over', async () => {
    const at = new Date(Date.now() + 3600_000);
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId: a.id,
        kind: 'invite',
        status: 'sent',
        name: '王受邀',
        phone: '13944445555',
        photo: 'faces/x/expected.jpg',
        faceConsentId: await faceConsentOf(t, a.token),
        appointmentAt: at,
      })
      .returning();
    // As the visits kernel records a creation.
    await t.db.insert(visitEvents).values({ companyId: a.id, visitId: v?.id ?? 0, event: 'create', toStatus: 'sent' });
    await reconcile(a.id);
    const [row] = await t.db
      .select()
      .from(faceCredentials)
      .where(and(eq(faceCredentials.personKind, 'visitor'), eq(faceCredentials.personId, v?.id ?? 0)));
    expect(row?.action).toBe('add');
    expect(row?.validTo && row.validTo.getTime() > at.getTime()).toBe(true);
    // The job a day later: the window is over.
    const later = await reconcile(a.id, new Date(Date.now() + 86400_000));
    expect(later.expired + later.removed).toBeGreaterThanOrEqual(1);
    const [after] = await t.db
      .select()
      .from(faceCredentials)
      .where(eq(faceCredentials.id, row?.id ?? 0));
    expect(after).toMatchObject({ action: 'remove', status: 'pending' });
  });

  it('employees: by their grants within acStart–acEnd; failures retried with backoff, then failed with the reason; retry', async () => {
    const key = `faces/${a.id}/emp-photo.jpg`;
    await t.services.files.put(key, await jpeg());
    const [emp] = await t.db.insert(employees).values({ companyId: a.id, name: '员工甲', phone: '13855556666', avatar: key, face: -9 }).returning();
    const empId = emp?.id ?? 0;
    await t.db.insert(employeeDeviceGroups).values({ companyId: a.id, empId, groupId: garageGroup });
    await reconcile(a.id);
    const pulled = await pullAll(terminal.garage);
    expect(pulled.items.map((i) => [i.action, i.personKind, i.personId])).toEqual([['add', 'employee', empId]]);
    expect(await rowsOf(terminal.lobby.eid).then((r) => r.filter((x) => x.personKind === 'employee'))).toEqual([]);

    // The terminal cannot use the photo: pending again after a backoff, each time with a new seq.
    let cursor = 0;
    let seq = pulled.items[0]?.seq ?? 0;
    for (let attempt = 1; attempt <= FACE_MAX_ATTEMPTS; attempt++) {
      const r = await dev('faceSyncAck', { results: [{ seq, status: 'failed', reason: 'no face found in photo', code: 2 }] }, cred(terminal.garage));
      expect(r.status).toBe(0);
      const [row] = await rowsOf(terminal.garage.eid);
      expect(row).toMatchObject({
        attempts: attempt,
        lastError: 'no face found in photo',
        status: attempt < FACE_MAX_ATTEMPTS ? 'pending' : 'failed',
      });
      if (attempt === FACE_MAX_ATTEMPTS) break;
      // Not before its time…
      expect((await reconcile(a.id)).retried).toBe(0);
      // …then in the terminal's next delta again.
      expect((await reconcile(a.id, new Date(Date.now() + 3600_000))).retried).toBe(1);
      cursor = seq;
      const again = await pullAll(terminal.garage, cursor);
      expect(again.items).toHaveLength(1);
      seq = again.items[0]?.seq ?? 0;
    }
    const [face] = await t.db.select({ face: employees.face }).from(employees).where(eq(employees.id, empId));
    expect(face?.face).toBe(2);
    const listed = await t.api.getFaceCredentials({ eid: terminal.garage.eid, status: 'failed' }, a.token);
    expect(listed.result).toMatchObject({ count: 1, counts: { failed: 1, pending: 0, synced: 0 } });
    expect(listed.result.list[0]).toMatchObject({ personKind: 'employee', personId: empId, status: 'failed', lastError: 'no face found in photo' });
    // Failed for good: one webhook event (none for the attempts before), naming the device and the person.
    const failed = (await eventsOf(t, a.id, 'credential.failed')).filter((e) => (e.data.person as { id: number }).id === empId);
    expect(failed.map((e) => e.data)).toEqual([
      {
        device: { id: terminal.garage.eid, name: 'Garage face' },
        person: { type: 'employee', id: empId, name: '员工甲' },
        vid: null,
        action: 'add',
        attempts: FACE_MAX_ATTEMPTS,
        reason: 'no face found in photo',
      },
    ]);

    // Retry: pending again, a new seq, attempts from zero; synced this time, the employee's face status normal.
    expect((await t.api.retryFaceCredentials({ eid: terminal.garage.eid }, a.token)).result).toEqual({ retried: 1 });
    const retried = await pullAll(terminal.garage, seq);
    expect(retried.items).toHaveLength(1);
    await dev('faceSyncAck', { results: [{ seq: retried.items[0]?.seq, status: 'synced' }] }, cred(terminal.garage));
    const [synced] = await rowsOf(terminal.garage.eid);
    expect(synced).toMatchObject({ status: 'synced', attempts: 0, lastError: '' });
    expect((await t.db.select({ face: employees.face }).from(employees).where(eq(employees.id, empId)))[0]?.face).toBe(0);
    const ofPerson = await t.api.getFaceSyncOfPerson({ personKind: 'employee', personId: empId }, a.token);
    expect(ofPerson.result).toMatchObject([{ eid: terminal.garage.eid, deviceName: 'Garage face', status: 'synced' }]);

    // Access rights that ended yesterday: removed.
    await t.db.update(employees).set({ acEnd: '2020-01-01' }).where(eq(employees.id, empId));
    expect(await reconcile(a.id)).toMatchObject({ full: true, removed: 1 });
  });

  it('a terminal taken out of its group forgets its people; put back, it is sent them again', async () => {
    const known = (await rowsOf(terminal.lobby.eid)).filter((r) => r.action !== 'remove').length;
    expect(known).toBeGreaterThan(0);
    await t.api.updateEquipment({ eid: terminal.lobby.eid, deviceName: 'Lobby face', deviceCode: 'LOBBY-FACE', eType: 'face', egids: [] }, a.token);
    expect(await reconcile(a.id)).toMatchObject({ full: true, removed: known });
    await t.api.updateEquipment(
      { eid: terminal.lobby.eid, deviceName: 'Lobby face', deviceCode: 'LOBBY-FACE', eType: 'face', egids: [lobbyGroup] },
      a.token,
    );
    expect(await reconcile(a.id)).toMatchObject({ full: true, added: known });
  });

  it('a resident visitor with a face and a granted group, within their window; removed by the job when it ends', async () => {
    const [project] = await t.db.insert(residentProjects).values({ companyId: a.id, name: 'Facilities' }).returning();
    const endAt = new Date(Date.now() + 7 * 86400_000);
    const [resident] = await t.db
      .insert(residentVisitors)
      .values({
        companyId: a.id,
        projectId: project?.id ?? 0,
        name: '常驻乙',
        phone: '13877778888',
        startAt: new Date(),
        endAt,
        rstatus: 1,
        face: 'faces/x/resident.jpg',
      })
      .returning();
    await t.db.insert(residentDeviceGroups).values({ companyId: a.id, residentId: resident?.id ?? 0, groupId: garageGroup });
    await reconcile(a.id);
    const row = (await rowsOf(terminal.garage.eid)).find((r) => r.personKind === 'resident');
    expect(row).toMatchObject({ action: 'add', personId: resident?.id, name: '常驻乙', groups: [garageGroup] });
    expect(row?.validTo?.getTime()).toBe(endAt.getTime());
    // The lobby's group is default-on for everyone: the resident is on its terminal too.
    const lobby = (await rowsOf(terminal.lobby.eid)).find((r) => r.personKind === 'resident');
    expect(lobby).toMatchObject({ action: 'add', groups: [lobbyGroup] });
    await reconcile(a.id, new Date(endAt.getTime() + 60_000));
    const after = await t.db
      .select()
      .from(faceCredentials)
      .where(and(eq(faceCredentials.personKind, 'resident'), eq(faceCredentials.personId, resident?.id ?? 0)));
    expect(after.map((r) => [r.deviceId, r.action])).toEqual(
      expect.arrayContaining([
        [terminal.garage.eid, 'remove'],
        [terminal.lobby.eid, 'remove'],
      ]),
    );
    expect(after).toHaveLength(2);
  });

  it('pass records in batches: a batch sent again is not doubled; unknown and foreign people are unknown', async () => {
    const time = Date.now() - 60_000;
    const records = [
      { recordId: 'r-1', personKind: 'visitor', personId: visitor, time, result: 1, snapshot: (await jpeg()).toString('base64') },
      { recordId: 'r-2', personKind: 'unknown', time, result: 0, code: 1121, direction: 2 },
    ];
    const first = await dev<{ accepted: number; duplicates: number }>('faceSyncUploadRecords', { records }, cred(terminal.lobby));
    expect(first.result).toEqual({ accepted: 2, duplicates: 0 });
    const foreignVisit = (await t.db.insert(visits).values({ companyId: b.id, kind: 'walkin', status: 'signedIn', name: 'B 访客' }).returning())[0]
      ?.id;
    const again = await dev<{ accepted: number; duplicates: number }>(
      'faceSyncUploadRecords',
      { records: [...records, { recordId: 'r-3', personKind: 'visitor', personId: foreignVisit, time, result: 1 }] },
      cred(terminal.lobby),
    );
    expect(again.result).toEqual({ accepted: 1, duplicates: 2 });
    const rows = await t.db.select().from(passRecords).where(eq(passRecords.deviceId, terminal.lobby.eid)).orderBy(passRecords.id);
    expect(rows.map((r) => [r.personType, r.visitId, r.name, r.way, r.result, r.direction])).toEqual([
      [2, visitor, '李访客', 'face', 1, 1],
      [-1, null, '', 'face', 0, 2],
      [-1, null, '', 'face', 1, 1],
    ]);
    expect(rows[0]?.photo).toMatch(/^passes\//);
    expect((await t.api.getOpendoorInfo({ eid: terminal.lobby.eid }, a.token)).result.count).toBe(3);
    // The same record id from another terminal is that terminal's own.
    const other = await dev<{ accepted: number }>(
      'faceSyncUploadRecords',
      { records: [{ recordId: 'r-1', personKind: 'unknown', time, result: 1 }] },
      cred(terminal.other),
    );
    expect(other.result.accepted).toBe(1);
    // Bad input: too many, a repeated id in one batch, a snapshot that is no picture.
    const many = Array.from({ length: 501 }, (_, i) => ({ recordId: `m-${i}`, personKind: 'unknown', time, result: 1 }));
    expect((await dev('faceSyncUploadRecords', { records: many }, cred(terminal.lobby))).status).toBe(Status.BAD_PARAMS);
    const twice = [records[1], records[1]];
    expect((await dev('faceSyncUploadRecords', { records: twice }, cred(terminal.lobby))).status).toBe(Status.BAD_PARAMS);
    const bad = [{ recordId: 'x-1', personKind: 'unknown', time, result: 1, snapshot: Buffer.from('not a picture').toString('base64') }];
    expect((await dev('faceSyncUploadRecords', { records: bad }, cred(terminal.lobby))).status).toBe(Status.BAD_PARAMS);
  });

  it("the console: another company's terminal is not found (602); the front desk reads but does not retry (610)", async () => {
    expect((await t.api.getFaceCredentials({ eid: terminal.other.eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.retryFaceCredentials({ eid: terminal.other.eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const foreignRow = (await rowsOf(terminal.lobby.eid))[0]?.id ?? 0;
    expect((await t.api.retryFaceCredentials({ eid: terminal.garage.eid, ids: [foreignRow] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getFaceSyncOfPerson({ personKind: 'visitor', personId: visitor }, b.token)).result).toEqual([]);
    expect((await t.api.getFaceCredentials({ eid: terminal.lobby.eid }, desk.token)).status).toBe(0);
    expect((await t.api.retryFaceCredentials({ eid: terminal.lobby.eid }, desk.token)).status).toBe(Status.NO_PERMISSION);
  });
});
