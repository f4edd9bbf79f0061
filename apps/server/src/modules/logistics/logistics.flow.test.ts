import { LogModule, Role, Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { eventsOf, everyRole, knownCaptcha, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { bookingInput, DRIVER_ID, dayAfter, OTHER_DRIVER_ID, seedBooking, typeInput } from '../../../test/logistics.js';

async function readSheet(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1)).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return rows;
}

describe('logistics: approval, the gate, barriers, export', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let roles: Map<number, string>;
  const as = (role: number) => roles.get(role) ?? '';
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    roles = await everyRole(t, a);
  });
  afterAll(() => t.close());

  it('lets the manager approve or refuse (with a reason) a waiting booking, never the specialist; a decided one answers 58', async () => {
    const one = await seedBooking(t, a.token);
    expect((await t.api.approveLogistics({ sid: one.sid, pstatus: 1 }, as(Role.LOGISTICS_SPECIALIST))).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.approveLogistics({ sid: one.sid, pstatus: 1 }, as(Role.GATE))).status).toBe(Status.NO_PERMISSION);
    const refusedNoReason = await t.call('approveLogistics', { sid: one.sid, pstatus: 2 }, as(Role.LOGISTICS));
    expect(refusedNoReason.status).toBe(Status.BAD_PARAMS);
    expect(JSON.stringify(refusedNoReason.result)).toContain('"field":"reason"');
    const refused = await t.api.approveLogistics({ sid: one.sid, pstatus: 2, reason: 'No dock free' }, as(Role.LOGISTICS));
    expect(refused.result).toMatchObject({ pstatus: 2, approveReason: 'No dock free' });
    expect(refused.result.approver).not.toBe('');
    expect(refused.result.approveTime).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.api.approveLogistics({ sid: one.sid, pstatus: 1 }, as(Role.LOGISTICS))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.logisticsArrive({ sid: one.sid }, as(Role.GATE))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.call('approveLogistics', { sid: one.sid, pstatus: 3 }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('signs a truck in, releases it and out at the desk; departure before arrival and a second arrival answer 58; ended cannot be approved', async () => {
    const { sid } = await seedBooking(t, a.token, { plateNum: '浙A12345' });
    expect((await t.api.logisticsArrive({ sid }, as(Role.GATE))).status).toBe(Status.UPDATE_NOT_ALLOWED); // still waiting
    await t.api.approveLogistics({ sid, pstatus: 1 }, a.token);
    expect((await t.api.logisticsLeave({ sid }, as(Role.GATE))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.logisticsRelease({ sid }, as(Role.LOGISTICS_SPECIALIST))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const arrived = await t.api.logisticsArrive({ sid }, as(Role.GATE));
    expect(arrived.result.visitdate).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.api.logisticsArrive({ sid }, as(Role.GATE))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.logisticsRelease({ sid }, as(Role.GATE))).status).toBe(Status.NO_PERMISSION);
    const released = await t.api.logisticsRelease({ sid }, as(Role.LOGISTICS_SPECIALIST));
    expect(released.result.exitTime).not.toBeNull();
    const left = await t.api.logisticsLeave({ sid }, as(Role.GATE));
    expect(left.result).toMatchObject({ pstatus: 3 });
    expect(left.result.leaveTime).not.toBeNull();
    expect(left.result.finishTime).toBe(left.result.leaveTime);
    expect((await t.api.logisticsLeave({ sid }, as(Role.GATE))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.approveLogistics({ sid, pstatus: 1 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // The gate's two moves are webhook events (the refused repeats none).
    const events = (await eventsOf(t, a.id, 'truck.arrived', 'truck.left')).filter((e) => e.data.bookingId === sid);
    expect(events.map((e) => e.type)).toEqual(['truck.arrived', 'truck.left']);
    expect(events[1]?.data).toMatchObject({
      plate: '浙A12345',
      arrivedAt: expect.any(String),
      releasedAt: expect.any(String),
      leftAt: expect.any(String),
    });
    const log = (await t.api.getLogList({ optModule: LogModule.LOGISTICS, requestedCount: 100 }, a.token)).result.list;
    expect(log.filter((l) => l.objName.includes('浙A12345')).map((l) => l.optEvent)).toEqual(['update', 'update', 'update', 'update', 'add']);
  });

  it('lets the kiosk find today’s approved booking by the driver’s ID number; another day’s is not arrived', async () => {
    const later = await seedBooking(t, a.token, { dcardId: OTHER_DRIVER_ID, appointmentDate: dayAfter(1), plateNum: '鲁B12345F' });
    await t.api.approveLogistics({ sid: later.sid, pstatus: 1 }, a.token);
    expect((await t.api.logisticsArrive({ dcardId: OTHER_DRIVER_ID }, as(Role.MACHINE))).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.logisticsArrive({ sid: later.sid }, as(Role.MACHINE))).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const today = await seedBooking(t, a.token, { dcardId: OTHER_DRIVER_ID, plateNum: '鲁B54321F' });
    await t.api.approveLogistics({ sid: today.sid, pstatus: 1 }, a.token);
    const arrived = await t.api.logisticsArrive({ dcardId: OTHER_DRIVER_ID.toLowerCase() }, as(Role.MACHINE));
    expect(arrived.result).toMatchObject({ sid: today.sid, plateNum: '鲁B54321F' });
    const left = await t.api.logisticsLeave({ dcardId: OTHER_DRIVER_ID }, as(Role.MACHINE));
    expect(left.result).toMatchObject({ sid: today.sid, pstatus: 3 });
    expect((await t.api.logisticsLeave({ dcardId: OTHER_DRIVER_ID }, as(Role.MACHINE))).status).toBe(Status.NO_SUCH_RECORD);
    const bad = await t.call('logisticsArrive', { dcardId: '123' }, as(Role.MACHINE));
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect((await t.call('logisticsArrive', {}, as(Role.MACHINE))).status).toBe(Status.BAD_PARAMS);
    // Another company's driver is not found here.
    const theirs = await seedBooking(t, b.token, { dcardId: DRIVER_ID, plateNum: '晋A11111' });
    await t.api.approveLogistics({ sid: theirs.sid, pstatus: 1 }, b.token);
    expect((await t.api.logisticsArrive({ dcardId: DRIVER_ID }, as(Role.MACHINE))).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('lets a barrier’s plate read sign an approved truck in and out, and opens for it', async () => {
    const eq = (await t.api.addEquipment(doorDevice({ deviceName: 'Dock gate', deviceCode: 'BAR-L', eType: 'barrier' }), a.token)).result;
    const barrier = `Device ${eq.device.eid}.${eq.secret}`;
    const report = deviceCall(() => t, 'uploadVehicleInfo');
    const { sid } = await seedBooking(t, a.token, { plateNum: '川A12345D', dname: '陈司机' });
    const before = await report(barrier, { plateNum: '川A12345D', direction: 1 });
    expect(before.result).toMatchObject({ open: false }); // waiting for approval: nothing expects it
    await t.api.approveLogistics({ sid, pstatus: 1 }, a.token);
    const entry = await report(barrier, { plateNum: '川a·12345d', direction: 1 });
    expect(entry.result).toMatchObject({ open: true, code: 0, name: '陈司机' });
    const find = async () => (await t.api.getLogisticsInfo({ plateNum: '川A12345D' }, a.token)).result.list[0];
    expect((await find())?.visitdate).not.toBeNull();
    const exit = await report(barrier, { plateNum: '川A12345D', direction: 2 });
    expect(exit.result).toMatchObject({ open: true, name: '陈司机' });
    expect(await find()).toMatchObject({ pstatus: 3 });
  });

  it('exports the filtered bookings as xlsx in the chosen language, read back; the desk may not export', async () => {
    const { sid } = await seedBooking(t, a.token, { plateNum: '闽D88888', goods: '=cmd|calc', appointmentDate: dayAfter(5) });
    await t.api.approveLogistics({ sid, pstatus: 1 }, a.token);
    const get = (q: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/ExportLogisticsList${q}`, headers: { 'x-coolvisit-token': token } });
    const zh = await get(`?lang=zh&plateNum=${encodeURIComponent('闽D88888')}&psList=1`, as(Role.LOGISTICS_SPECIALIST));
    expect(zh.statusCode).toBe(200);
    const rows = await readSheet(zh.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['物流单号', '物流类型', '承运公司']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[1]).toMatch(/^类型/);
    expect(rows[1]?.[9]).toBe('闽D88888');
    expect(rows[1]?.[10]).toBe("'=cmd|calc");
    expect(rows[1]?.[14]).toBe('已通过');
    const en = await readSheet((await get(`?lang=en&plateNum=${encodeURIComponent('闽D88888')}`, a.token)).rawPayload);
    expect(en[1]?.[1]).toMatch(/^Type /);
    expect(en[1]?.[14]).toBe('Approved');
    expect(await readSheet((await get(`?lang=en&psList=0,2&plateNum=${encodeURIComponent('闽D88888')}`, a.token)).rawPayload)).toHaveLength(1);
    expect((await get('?lang=en', as(Role.GATE))).json()).toMatchObject({ status: Status.NO_PERMISSION });
    expect((await get('?lang=en', b.token)).statusCode).toBe(200);
    expect((await readSheet((await get(`?plateNum=${encodeURIComponent('闽D88888')}`, b.token)).rawPayload)).length).toBe(1);
  });
});

describe('logistics: the public booking link', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tid: number;
  let specialist: string;
  beforeAll(async () => {
    t = await testApp({
      rateLimits: { global: 100000, signin: 100000, captcha: 100000, register: 3, recovery: 100000, public: 100000, lookup: 100000 },
    });
    ({ a, b } = await twoTenants(t));
    tid = (await t.api.addExtendType(typeInput, a.token)).result.tid;
    await t.api['logistics-company-create']({ name: 'Public Carrier' }, a.token);
    specialist = (await everyRole(t, a)).get(Role.LOGISTICS_SPECIALIST) ?? '';
    // Captchas on once the sessions are made (the seeds sign in without one).
    (t.config as { captcha: boolean }).captcha = true;
  });
  afterAll(() => t.close());

  const verified = async () => {
    const c = await knownCaptcha(t);
    expect((await t.api.validationCode({ digest: c.digest, vcode: c.code })).status).toBe(0);
    return c.digest;
  };

  it('hands out a link the managers make and rotate; the page shows the company, shown fields and carriers; a carrier books with a captcha', async () => {
    expect((await t.api.getLogisticsLink({}, a.token)).result).toEqual({ token: null, createTime: null });
    const first = (await t.api.resetLogisticsLink({}, a.token)).result.token ?? '';
    expect((await t.api.getLogisticsLink({}, a.token)).result.token).toBe(first);
    const page = await t.api.getExtendTypeInfo({ token: first });
    expect(page.result.company).toBe(a.name);
    expect(page.result.carriers.map((c) => c.name)).toEqual(['Public Carrier']);
    expect(page.result.types[0]?.vehicleExtend.map((f) => f.fieldName)).toEqual(['axles', 'inspected']);
    expect((await t.api.getExtendTypeInfo({ token: first, tid: 999999 })).status).toBe(Status.NO_SUCH_RECORD);

    expect((await t.api.addLogisticsBooking({ token: first, ...bookingInput(tid) })).status).toBe(Status.CAPTCHA_INVALID);
    const booked = await t.api.addLogisticsBooking({ token: first, digest: await verified(), ...bookingInput(tid, { plateNum: '桂A12345' }) });
    expect(booked.result).toMatchObject({ pstatus: 0 });
    const queued = (await t.api.getLogisticsInfo({ psList: [0], plateNum: '桂A12345' }, a.token)).result.list[0];
    expect(queued).toMatchObject({ source: 'link', creator: '王发货', logNum: booked.result.logNum });

    const second = (await t.api.resetLogisticsLink({}, a.token)).result.token ?? '';
    expect(second).not.toBe(first);
    expect((await t.api.getExtendTypeInfo({ token: first })).status).toBe(Status.LOGISTICS_LINK_INVALID);
    const forged = `${second.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await t.api.getExtendTypeInfo({ token: forged })).status).toBe(Status.LOGISTICS_LINK_INVALID);
    expect((await t.call('getExtendTypeInfo', { token: 'nonsense' })).status).toBe(Status.BAD_PARAMS);
    // The link books with its own company only: another company's type is not found.
    const theirType = (await t.api.addExtendType({ ...typeInput, name: '乙#Beta type' }, b.token)).result.tid;
    expect((await t.api.addLogisticsBooking({ token: second, digest: await verified(), ...bookingInput(theirType) })).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect((await t.api.resetLogisticsLink({}, specialist)).status).toBe(Status.NO_PERMISSION);
  });

  it('is rate-limited (429 past the register bucket)', async () => {
    const token = (await t.api.getLogisticsLink({}, a.token)).result.token ?? '';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await t.call('addLogisticsBooking', { token, ...bookingInput(tid) })).http);
    expect(codes).toContain(429);
  });
});
