import { type Device, type DeviceGroup, Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { devices, employeeDeviceGroups, operationLogs } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

const reader = (over: Record<string, unknown> = {}) => ({
  deviceName: 'Lobby reader',
  deviceCode: 'QR-001',
  extendCode: '',
  roomNum: '1F-01',
  deviceIp: '10.0.0.21',
  devicePort: 8080,
  readerNo: '',
  enterStatus: 1,
  eType: 'qr' as const,
  ...over,
});

describe('device groups and devices', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; the front desk reads but does not manage (610); a visitor machine neither', async () => {
    for (const name of ['getEquipmentGroupByUserid', 'addEquipmentGroup', 'getEquipmentbyUserid', 'addEquipment', 'rotateEquipmentSecret'])
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getEquipmentGroupByUserid({}, desk.token)).status).toBe(0);
    expect((await t.api.getEquipmentbyUserid({}, desk.token)).status).toBe(0);
    expect((await t.api.addEquipmentGroup({ egname: 'Desk group' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addEquipment(reader(), desk.token)).status).toBe(Status.NO_PERMISSION);
    const machine = await seedStaff(t, a.id, 3);
    expect((await t.api.getEquipmentbyUserid({}, machine.token)).status).toBe(Status.NO_PERMISSION);
  });

  let lobby: Device;
  let garage: DeviceGroup;

  it('adds a device answering its secret once; duplicates answer 70/71/72/731 on the field', async () => {
    const added = await t.api.addEquipment(reader({ extendCode: 'EXT-1', readerNo: 'R1' }), a.token);
    expect(added.status).toBe(0);
    lobby = added.result.device;
    expect(added.result.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lobby).toMatchObject({
      deviceName: 'Lobby reader',
      deviceCode: 'QR-001',
      extendCode: 'EXT-1',
      roomNum: '1F-01',
      deviceIp: '10.0.0.21',
      devicePort: 8080,
      readerNo: 'R1',
      enterStatus: 1,
      eType: 'qr',
      status: 0,
      onlineStatus: 0,
      lastSeenAt: null,
      egids: [],
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, lobby.eid));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(added.result.secret);
    // The list never answers the secret.
    const listed = await t.call<Device[]>('getEquipmentbyUserid', {}, a.token);
    expect(JSON.stringify(listed.result)).not.toContain(added.result.secret);
    expect(JSON.stringify(listed.result)).not.toContain(row?.secretHash);

    const clash = async (over: Record<string, unknown>) => {
      const r = await t.call<{ field: string }>('addEquipment', reader({ deviceName: 'Other', deviceCode: 'QR-999', ...over }), a.token);
      return [r.status, r.result?.field];
    };
    expect(await clash({ deviceName: 'LOBBY READER' })).toEqual([Status.DEVICE_NAME_EXISTS, 'deviceName']);
    expect(await clash({ deviceCode: 'QR-001' })).toEqual([Status.DEVICE_ID_EXISTS, 'deviceCode']);
    expect(await clash({ extendCode: 'EXT-1' })).toEqual([Status.DEVICE_EXT_ID_EXISTS, 'extendCode']);
    expect(await clash({ readerNo: 'R1' })).toEqual([Status.READER_NUMBER_EXISTS, 'readerNo']);
    // Another company may use the same names.
    expect((await t.api.addEquipment(reader({ extendCode: 'EXT-1', readerNo: 'R1' }), b.token)).status).toBe(0);
  });

  it('refuses bad fields with the field named', async () => {
    const bad = async (over: Record<string, unknown>) =>
      (await t.call<Errors>('addEquipment', reader({ deviceName: 'X', deviceCode: 'X', ...over }), a.token)).result.errors;
    expect(await bad({ deviceIp: '10.0.0.256' })).toEqual([{ field: 'deviceIp', rule: 'format' }]);
    expect(await bad({ deviceIp: 'localhost' })).toEqual([{ field: 'deviceIp', rule: 'format' }]);
    expect(await bad({ devicePort: 0 })).toEqual([{ field: 'devicePort', rule: 'required' }]);
    expect(await bad({ devicePort: 65536 })).toEqual([{ field: 'devicePort', rule: 'too_big' }]);
    expect(await bad({ deviceCode: 'has space' })).toEqual([{ field: 'deviceCode', rule: 'format' }]);
    expect(await bad({ deviceName: ' ' })).toEqual([{ field: 'deviceName', rule: 'required' }]);
    expect(await bad({ enterStatus: 3 })).toEqual([{ field: 'enterStatus', rule: 'too_big' }]);
    expect(await bad({ eType: 'door' })).toEqual([{ field: 'eType', rule: 'invalid_value' }]);
    expect((await t.api.addEquipment(reader({ deviceName: 'V6', deviceCode: 'V6', deviceIp: 'fe80::1' }), a.token)).status).toBe(0);
  });

  it('adds a group with gates and member devices; checks they are this company’s; 73 on the name', async () => {
    const gate = (await t.api.addGate({ gname: 'North' }, a.token)).result;
    const bGate = (await t.api.addGate({ gname: 'North' }, b.token)).result;
    const bDevice = (await t.api.getEquipmentbyUserid({}, b.token)).result[0] as Device;
    const bad = async (over: Record<string, unknown>) =>
      (await t.call<Errors>('addEquipmentGroup', { egname: 'Garage', ...over }, a.token)).result.errors;
    expect(await bad({ gids: [bGate.gid] })).toEqual([{ field: 'gids', rule: 'notFound' }]);
    expect(await bad({ eids: [bDevice.eid] })).toEqual([{ field: 'eids', rule: 'notFound' }]);
    expect(await bad({ etype: 4 })).toEqual([{ field: 'etype', rule: 'too_big' }]);
    const added = await t.api.addEquipmentGroup(
      { egname: 'Garage', etype: 1, defaultOn: true, gids: [gate.gid], eids: [lobby.eid], remark: 'cars' },
      a.token,
    );
    expect(added.status).toBe(0);
    garage = added.result;
    expect(garage).toEqual({
      egid: garage.egid,
      egname: 'Garage',
      etype: 1,
      defaultOn: true,
      gids: [gate.gid],
      status: 0,
      remark: 'cars',
      eids: [lobby.eid],
      deviceCount: 1,
      empCount: 0,
      visitorTypeCount: 0,
      residentCount: 0,
    });
    const dup = await t.call<{ field: string }>('addEquipmentGroup', { egname: 'GARAGE' }, a.token);
    expect([dup.status, dup.result.field]).toEqual([Status.DEVICE_GROUP_EXISTS, 'egname']);
    expect((await t.api.addEquipmentGroup({ egname: 'Garage' }, b.token)).status).toBe(0);
    expect((await t.api.getEGroupByEid({ eid: lobby.eid }, a.token)).result.map((g) => g.egname)).toEqual(['Garage']);
    expect((await t.api.getEquipmentByEgid({ egid: garage.egid }, a.token)).result.map((d) => d.eid)).toEqual([lobby.eid]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.objName, 'Garage')));
    expect(log).toMatchObject({ optModule: 5, optEvent: 'add', descKey: 'deviceGroupSaved', optDesc: 'device group: 1 devices, 1 gates' });
  });

  it('lists, filters and pages', async () => {
    await t.api.addEquipment(reader({ deviceName: 'Barrier east', deviceCode: 'B-1', eType: 'barrier', status: 1, egids: [garage.egid] }), a.token);
    const names = async (input: Record<string, unknown>) =>
      (await t.call<Device[]>('getEquipmentbyUserid', input, a.token)).result.map((d) => d.deviceName);
    expect(await names({})).toEqual(['Barrier east', 'Lobby reader', 'V6']);
    expect(await names({ deviceName: 'lob' })).toEqual(['Lobby reader']);
    expect(await names({ eType: 'barrier' })).toEqual(['Barrier east']);
    expect(await names({ egid: garage.egid })).toEqual(['Barrier east', 'Lobby reader']);
    expect(await names({ status: 1 })).toEqual(['Barrier east']);
    expect(await names({ deviceName: '%' })).toEqual([]);
    await t.api.addEquipmentGroup({ egname: 'Annex' }, a.token);
    const page = await t.api.getEquipmentGroupByPage({ startIndex: 0, requestedCount: 1 }, a.token);
    expect([page.result.count, page.result.list.map((g) => g.egname)]).toEqual([2, ['Annex']]);
    const filtered = await t.api.getEquipmentGroupByPage({ egname: 'gar' }, a.token);
    expect(filtered.result.list.map((g) => [g.egname, g.deviceCount])).toEqual([['Garage', 2]]);
    expect((await t.api.getEquipmentGroupByUserid({}, b.token)).result.map((g) => g.egname)).toEqual(['Garage']);
  });

  it('updates a device and a group in full; other company’s ids are not found (602)', async () => {
    const up = await t.api.updateEquipment(
      { ...reader({ deviceName: 'Lobby in', extendCode: 'EXT-1', readerNo: 'R1' }), eid: lobby.eid, egids: [] },
      a.token,
    );
    expect(up.result).toMatchObject({ deviceName: 'Lobby in', egids: [] });
    expect((await t.api.getEquipmentByEgid({ egid: garage.egid }, a.token)).result.map((d) => d.deviceName)).toEqual(['Barrier east']);
    const v6 = (await t.api.getEquipmentbyUserid({ deviceName: 'V6' }, a.token)).result[0] as Device;
    const clash = await t.call<{ field: string }>('updateEquipment', { ...reader({ deviceName: 'V6', deviceCode: 'QR-001' }), eid: v6.eid }, a.token);
    expect([clash.status, clash.result.field]).toEqual([Status.DEVICE_ID_EXISTS, 'deviceCode']);
    const g = await t.api.updateEquipmentGroup({ egid: garage.egid, egname: 'Garage 2', eids: [lobby.eid, v6.eid], status: 1 }, a.token);
    expect(g.result).toMatchObject({ egname: 'Garage 2', eids: [lobby.eid, v6.eid], status: 1, etype: 0, gids: [] });
    const annex = (await t.api.getEquipmentGroupByPage({ egname: 'annex' }, a.token)).result.list[0] as DeviceGroup;
    expect((await t.call('updateEquipmentGroup', { egid: annex.egid, egname: 'garage 2' }, a.token)).status).toBe(Status.DEVICE_GROUP_EXISTS);
    const bGroup = (await t.api.getEquipmentGroupByUserid({}, b.token)).result[0] as DeviceGroup;
    const bDevice = (await t.api.getEquipmentbyUserid({}, b.token)).result[0] as Device;
    expect((await t.api.updateEquipmentGroup({ egid: bGroup.egid, egname: 'Mine' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delEquipmentGroup({ egid: bGroup.egid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getEquipmentByEgid({ egid: bGroup.egid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getEGroupByEid({ eid: bDevice.eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateEquipment({ ...reader({ deviceName: 'Mine', deviceCode: 'M' }), eid: bDevice.eid }, a.token)).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect((await t.api.delEquipment({ eid: bDevice.eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.rotateEquipmentSecret({ eid: bDevice.eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.setEquipmentStatus({ eid: bDevice.eid, status: 1 }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getEquipmentbyUserid({}, b.token)).result.map((d) => d.deviceName)).toEqual(['Lobby reader']);
  });

  it('a group granted to anyone is kept (58 with the counts); otherwise deleted, its devices only leave it', async () => {
    const emp = await seedEmployee(t, a.id);
    await t.db.insert(employeeDeviceGroups).values({ companyId: a.id, empId: emp.id, groupId: garage.egid });
    const refused = await t.call('delEquipmentGroup', { egid: garage.egid }, a.token);
    expect(refused.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(refused.result).toEqual({ devices: 2, employees: 1, visitorTypes: 0, residents: 0, strategies: 0 });
    expect((await t.api.getEquipmentGroupByUserid({}, a.token)).result.find((g) => g.egid === garage.egid)?.empCount).toBe(1);
    await t.db.delete(employeeDeviceGroups).where(eq(employeeDeviceGroups.groupId, garage.egid));
    expect((await t.api.delEquipmentGroup({ egid: garage.egid }, a.token)).status).toBe(0);
    expect((await t.api.getEquipmentbyUserid({}, a.token)).result.map((d) => [d.deviceName, d.egids])).toEqual([
      ['Barrier east', []],
      ['Lobby in', []],
      ['V6', []],
    ]);
  });

  it("grants a visitor type groups; another company's type 104, group 400; a granted group is kept (58)", async () => {
    const type = (await t.call<{ tid: number }>('addVisitorType', { vType: '参观#Tour' }, a.token)).result;
    const bType = (await t.call<{ tid: number }>('addVisitorType', { vType: '参观#Tour' }, b.token)).result;
    const group = (await t.api.addEquipmentGroup({ egname: 'Visitors' }, a.token)).result;
    const bGroup = (await t.api.getEquipmentGroupByUserid({}, b.token)).result[0] as DeviceGroup;
    expect((await t.call<Errors>('setVisitorTypeEgroups', { tid: type.tid, egids: [bGroup.egid] }, a.token)).result.errors).toEqual([
      { field: 'egids', rule: 'notFound' },
    ]);
    expect((await t.api.setVisitorTypeEgroups({ tid: bType.tid, egids: [] }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    expect((await t.api.getVisitorTypeEgroups({ tid: bType.tid }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    const set = await t.api.setVisitorTypeEgroups({ tid: type.tid, egids: [group.egid, group.egid] }, a.token);
    expect(set.result).toEqual({ tid: type.tid, egids: [group.egid] });
    expect((await t.api.getVisitorTypeEgroups({ tid: type.tid }, a.token)).result).toEqual({ tid: type.tid, egids: [group.egid] });
    const refused = await t.call('delEquipmentGroup', { egid: group.egid }, a.token);
    expect([refused.status, refused.result]).toEqual([
      Status.UPDATE_NOT_ALLOWED,
      { devices: 0, employees: 0, visitorTypes: 1, residents: 0, strategies: 0 },
    ]);
    expect((await t.api.setVisitorTypeEgroups({ tid: type.tid, egids: [] }, a.token)).result.egids).toEqual([]);
    expect((await t.api.delEquipmentGroup({ egid: group.egid }, a.token)).status).toBe(0);
  });
});

describe('device authentication', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let log = '';
  beforeAll(async () => {
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    t = await testApp({ logStream: stream }, { LOG_LEVEL: 'warn' });
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  const self = (authorization?: string, token?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/qcvisit/getDeviceSelf',
        headers: { ...(authorization ? { authorization } : {}), ...(token ? { 'x-coolvisit-token': token } : {}) },
        payload: {},
      })
      .then((r) => r.json() as { status: number; result: Record<string, unknown> });

  it('reads its own configuration with its credential; the tenant is the device’s', async () => {
    const group = (await t.api.addEquipmentGroup({ egname: 'Front' }, a.token)).result;
    await t.api.updateCryptoperiod({ cryptoperiod: 5 }, a.token);
    const { device, secret } = (await t.api.addEquipment(reader({ eType: 'face', enterStatus: 2, egids: [group.egid] }), a.token)).result;
    const before = Date.now();
    const r = await self(`Device ${device.eid}.${secret}`);
    expect(r.status).toBe(0);
    expect(r.result).toEqual({
      eid: device.eid,
      deviceName: 'Lobby reader',
      deviceCode: 'QR-001',
      eType: 'face',
      enterStatus: 2,
      egids: [group.egid],
      cryptoperiod: 5,
      serverTime: r.result.serverTime,
    });
    expect(r.result.serverTime as number).toBeGreaterThanOrEqual(before);
    // A userid in the body naming another company changes nothing: the device's company is the tenant.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/getDeviceSelf',
      headers: { authorization: `Device ${device.eid}.${secret}` },
      payload: { userid: b.id },
    });
    expect(other.json().result?.deviceName ?? other.json().status).not.toBe('B');
    const listed = (await t.api.getEquipmentbyUserid({}, a.token)).result[0] as Device;
    expect(listed.onlineStatus).toBe(1);
    expect(listed.lastSeenAt).toBeGreaterThan(0);
  });

  it('stamps last seen at most once a minute', async () => {
    const { device, secret } = (await t.api.addEquipment(reader({ deviceName: 'Stamp', deviceCode: 'S-1' }), a.token)).result;
    await self(`Device ${device.eid}.${secret}`);
    const [first] = await t.db.select().from(devices).where(eq(devices.id, device.eid));
    await self(`Device ${device.eid}.${secret}`);
    const [second] = await t.db.select().from(devices).where(eq(devices.id, device.eid));
    expect(second?.lastSeenAt?.getTime()).toBe(first?.lastSeenAt?.getTime());
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(eq(devices.id, device.eid));
    await self(`Device ${device.eid}.${secret}`);
    const [third] = await t.db.select().from(devices).where(eq(devices.id, device.eid));
    expect(third?.lastSeenAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a missing (28), session (610), wrong or rotated (1111) credential and a disabled device (1130), logging the refusal', async () => {
    const { device, secret } = (await t.api.addEquipment(reader({ deviceName: 'Gate', deviceCode: 'G-1' }), a.token)).result;
    expect((await self()).status).toBe(Status.TOKEN_MISSING);
    expect((await self(undefined, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await self(`Bearer ${secret}`)).status).toBe(Status.TOKEN_MISSING);
    // One character changed (a fixed 'A' was the secret itself when it ended in 'A': one run in 16 failed).
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await self(`Device ${device.eid}.${wrong}`)).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await self(`Device ${device.eid}.short`)).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await self(`Device 99999999.${secret}`)).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await self(`Device ${device.eid}.${secret}`)).status).toBe(0);
    const rotated = (await t.api.rotateEquipmentSecret({ eid: device.eid }, a.token)).result;
    expect(rotated.secret).not.toBe(secret);
    expect((await self(`Device ${device.eid}.${secret}`)).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await self(`Device ${device.eid}.${rotated.secret}`)).status).toBe(0);
    expect((await t.api.setEquipmentStatus({ eid: device.eid, status: 1 }, a.token)).result.status).toBe(1);
    expect((await self(`Device ${device.eid}.${rotated.secret}`)).status).toBe(Status.DEVICE_DISABLED);
    expect((await t.api.setEquipmentStatus({ eid: device.eid, status: 0 }, a.token)).result.status).toBe(0);
    expect((await self(`Device ${device.eid}.${rotated.secret}`)).status).toBe(0);
    expect((await t.api.delEquipment({ eid: device.eid }, a.token)).status).toBe(0);
    expect((await self(`Device ${device.eid}.${rotated.secret}`)).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect(await eventually(() => log.includes(`"device":"${device.eid}"`))).toBe(true);
    expect(log).toContain('device credential refused');
    expect(log).toContain(`"device":"${device.eid}"`);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(rotated.secret);
  });

  it("another company's device reads only its own company", async () => {
    const { device, secret } = (await t.api.addEquipment(reader({ deviceName: 'B door', deviceCode: 'BD' }), b.token)).result;
    const r = await self(`Device ${device.eid}.${secret}`);
    expect(r.result).toMatchObject({ eid: device.eid, deviceName: 'B door', egids: [] });
    // A's device id with B's secret is refused.
    const aDevice = (await t.api.getEquipmentbyUserid({}, a.token)).result[0] as Device;
    expect((await self(`Device ${aDevice.eid}.${secret}`)).status).toBe(Status.DEVICE_NOT_ALLOWED);
  });

  it('is documented as a security scheme of its own', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.device).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.paths['/api/getDeviceSelf'].post.security).toEqual([{ device: [] }]);
  });
});
