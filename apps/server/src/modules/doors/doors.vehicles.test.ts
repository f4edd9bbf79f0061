import { Status } from '@openvisit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { vehicleRecords, visits } from '../../db/schema/index.js';

const HOUR = 3_600_000;
describe('uploadVehicleInfo: a barrier reports plates', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let barrier: string;
  let qrReader: string;
  const report = deviceCall(() => t, 'uploadVehicleInfo');

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const add = async (over: Record<string, unknown>) => {
      const r = (await t.api.addEquipment(doorDevice(over), a.token)).result;
      return `Device ${r.device.eid}.${r.secret}`;
    };
    barrier = await add({ deviceName: 'Car park gate', deviceCode: 'BAR-1', eType: 'barrier' });
    qrReader = await add({ deviceName: 'Lobby reader', deviceCode: 'QR-1' });
  });
  afterAll(() => t.close());

  const visitWith = async (plateNum: string, over: Partial<typeof visits.$inferInsert> = {}) => {
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId: a.id,
        kind: 'invite',
        status: 'authorized',
        permission: 1,
        name: 'Driver Dan',
        plateNum,
        appointmentAt: new Date(),
        ...over,
      })
      .returning();
    return v?.id ?? 0;
  };

  it('opens for the plate of an approved visit in its window, whatever its spacing and case; records every report', async () => {
    const vid = await visitWith('粤b 12345');
    const r = await report(barrier, { plateNum: '粤B12345', vehType: 'car' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ open: true, code: 0, vid, name: 'Driver Dan', plateNum: '粤B12345', direction: 1 });
    const records = (await t.api.getVehicleRecordByVid({ vid }, a.token)).result;
    expect(records).toMatchObject([{ plateNum: '粤B12345', vehType: 'car', openStatus: 1, deviceName: 'Car park gate', vname: 'Driver Dan' }]);
  });

  it('keeps the barrier down for an unknown plate (1117), one awaiting approval (1121), or outside its window (1115); exits open', async () => {
    expect((await report(barrier, { plateNum: 'NOBODY1' })).result).toMatchObject({ open: false, code: Status.INVALID_VISITOR, vid: null });
    await visitWith('WAIT001', { status: 'unauthorized', permission: 0 });
    expect((await report(barrier, { plateNum: 'wait001' })).result).toMatchObject({ open: false, code: Status.VISITOR_UNAUTHORIZED });
    await visitWith('LATE001', { appointmentAt: new Date(Date.now() + 48 * HOUR) });
    expect((await report(barrier, { plateNum: 'LATE001' })).result).toMatchObject({ open: false, code: Status.OUTSIDE_VALIDITY });
    expect((await report(barrier, { plateNum: 'LATE001', direction: 2 })).result).toMatchObject({ open: true, code: 0, direction: 2 });
    const refused = (await t.api.getVehicleRecord({ openStatus: 0 }, a.token)).result;
    expect(refused.list.map((r) => r.plateNum).sort()).toEqual(['LATE001', 'NOBODY1', 'WAIT001']);
  });

  it('a signed-in visitor’s plate opens even past the window; only barriers report plates; bad input is 400', async () => {
    await visitWith('IN00001', { status: 'signedIn', visitAt: new Date(Date.now() - 30 * HOUR), appointmentAt: new Date(Date.now() - 30 * HOUR) });
    expect((await report(barrier, { plateNum: 'IN00001' })).result).toMatchObject({ open: true });
    expect((await report(qrReader, { plateNum: 'IN00001' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await report(barrier, { plateNum: '' })).status).toBe(Status.BAD_PARAMS);
    expect((await report(barrier, { plateNum: 'X'.repeat(17) })).status).toBe(Status.BAD_PARAMS);
  });

  it('keeps the camera’s snapshot with the record, shown only to the company; a snapshot that is no picture is 400 and nothing is written', async () => {
    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#357' } })
      .png()
      .toBuffer();
    const r = await report(barrier, { plateNum: 'PIC0001', snapshot: picture.toString('base64') });
    expect(r.status).toBe(0);
    const id = Number(r.result?.recordId);
    const listed = (await t.api.getVehicleRecord({ plateNum: 'PIC0001' }, a.token)).result.list;
    expect(listed.map((v) => [v.id, v.photo])).toEqual([[id, true]]);
    const photo = await t.app.inject({ method: 'GET', url: `/api/vehicleRecordPhoto?id=${id}`, headers: { 'x-coolvisit-token': a.token } });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const foreign = await t.app.inject({ method: 'GET', url: `/api/vehicleRecordPhoto?id=${id}`, headers: { 'x-coolvisit-token': b.token } });
    expect(foreign.json()).toMatchObject({ status: Status.UNKNOWN_RECORD });
    const none = (await report(barrier, { plateNum: 'PIC0002' })).result?.recordId;
    const without = await t.app.inject({ method: 'GET', url: `/api/vehicleRecordPhoto?id=${none}`, headers: { 'x-coolvisit-token': a.token } });
    expect(without.json()).toMatchObject({ status: Status.UNKNOWN_RECORD });
    const before = (await t.db.select().from(vehicleRecords)).length;
    const bad = await report(barrier, { plateNum: 'PIC0003', snapshot: Buffer.from('not a picture').toString('base64') });
    expect(bad).toMatchObject({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'snapshot', rule: 'notImage' }] } });
    expect((await t.db.select().from(vehicleRecords)).length).toBe(before);
  });
});
