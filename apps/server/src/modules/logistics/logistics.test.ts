import { maskIdNumber, Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRole, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { bookingInput, DRIVER_ID, dayAfter, seedBooking, today, typeInput } from '../../../test/logistics.js';

const errorsOf = (r: { result: unknown }) => (r.result as { errors: { field: string; rule: string }[] }).errors;

describe('logistics settings and bookings', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let roles: Map<number, string>;
  let tid: number;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    roles = await everyRole(t, a);
    tid = (await t.api.addExtendType(typeInput, a.token)).result.tid;
  });
  afterAll(() => t.close());
  const as = (role: number) => roles.get(role) ?? '';

  it('keeps a logistics type with its fields by group, bilingual and unique by name (3)', async () => {
    const types = (await t.api.getExtendType({}, as(Role.GATE))).result;
    const type = types.find((x) => x.tid === tid);
    expect(type?.name).toBe('冷链#Cold chain');
    expect(type?.vehicleExtend.map((f) => [f.fieldName, f.inputType, f.inputValue, f.shown, f.required])).toEqual([
      ['axles', 'button', ['2', '3', '4'], true, true],
      ['inspected', 'date', [], true, false],
      ['hiddenNote', 'text', [], false, false],
    ]);
    expect((await t.api.addExtendType({ ...typeInput, name: '冷链#COLD CHAIN' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    const bad = await t.call(
      'addExtendType',
      { name: 'Only one', driverExtend: [{ fieldName: '1x', displayName: 'a', inputType: 'button' }] },
      a.token,
    );
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect(errorsOf(bad).map((e) => `${e.field}/${e.rule}`)).toEqual(
      expect.arrayContaining([
        'name/bothNames',
        'driverExtend.0.fieldName/format',
        'driverExtend.0.displayName/bothNames',
        'driverExtend.0.inputValue/required',
      ]),
    );
    const renamed = await t.api.updateExtendType(
      { tid, goodsExtend: [{ fieldName: 'temp', displayName: '温度#Temperature', inputType: 'text' }] },
      a.token,
    );
    expect(renamed.result.goodsExtend.map((f) => f.fieldName)).toEqual(['temp']);
    expect(renamed.result.vehicleExtend).toHaveLength(3);
  });

  it('lets only the managers configure types; the specialist keeps carriers; others are refused (610)', async () => {
    for (const role of [Role.LOGISTICS_SPECIALIST, Role.GATE, Role.MACHINE, Role.HSE, Role.EMPLOYEE])
      expect((await t.api.addExtendType({ ...typeInput, name: `x${role}#X${role}` }, as(role))).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addExtendType({ ...typeInput, name: '经理#Manager type' }, as(Role.LOGISTICS))).status).toBe(0);
    expect((await t.api['logistics-company-create']({ name: 'Specialist Freight' }, as(Role.LOGISTICS_SPECIALIST))).status).toBe(0);
    expect((await t.api['logistics-company-create']({ name: 'Desk Freight' }, as(Role.GATE))).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getExtendType({}, '')).status).toBe(Status.TOKEN_MISSING);
  });

  it('keeps carriers unique by name whatever the case and spacing (3 on name), paged and searchable', async () => {
    const made = await t.api['logistics-company-create']({ name: 'Swift  Logistics', contact: 'Mr Wu', phone: '13700137000' }, a.token);
    expect(made.result).toMatchObject({ name: 'Swift Logistics', contact: 'Mr Wu', phone: '13700137000' });
    const dup = await t.api['logistics-company-create']({ name: ' swift logistics ' }, a.token);
    expect(dup.status).toBe(Status.ALREADY_EXISTS);
    const other = await t.api['logistics-company-create']({ name: 'Other Freight' }, a.token);
    expect((await t.api['logistics-company-update']({ id: other.result.id, name: 'SWIFT LOGISTICS' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    const page = (await t.api['logistics-company-page']({ name: 'swift', startIndex: 0, requestedCount: 10 }, a.token)).result;
    expect(page).toMatchObject({ pageNo: 1, pageSize: 10, count: 1 });
    expect(page.list.map((x) => x.name)).toEqual(['Swift Logistics']);
    // The same name is another company's own business.
    expect((await t.api['logistics-company-create']({ name: 'Swift Logistics' }, b.token)).status).toBe(0);
    expect((await t.api['logistics-company-delete']({ id: other.result.id }, a.token)).status).toBe(0);
    expect((await t.api['logistics-company-delete']({ id: other.result.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('books a truck waiting for approval, with a number, the carrier’s name and phone and the type’s name', async () => {
    const carrier = (await t.api['logistics-company-create']({ name: 'Booked Carrier', phone: '13600136000' }, a.token)).result;
    const r = await t.api.addLogisticsInfo(
      bookingInput(tid, { companyId: carrier.id, plateNum: '粤b·d12345', memberInfo: [{ name: '张三' }], appointmentDate: dayAfter(1) }),
      as(Role.LOGISTICS_SPECIALIST),
    );
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      pstatus: 0,
      company: 'Booked Carrier',
      companyPhone: '13600136000',
      logTypeName: '冷链#Cold chain',
      plateNum: '粤BD12345',
      dcardId: maskIdNumber(DRIVER_ID),
      memberInfo: [{ name: '张三', phone: '' }],
      source: 'console',
      visitdate: null,
    });
    expect(r.result.logNum).toMatch(/^L\d{8}\d{6}$/);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ plateNum: '粤B1234' }, 'plateNum/format'],
      [{ plateNum: '京AX12345' }, 'plateNum/format'],
      [{ dcardId: '110105194912310021' }, 'dcardId/checksum'],
      [{ scardId: '12345' }, 'scardId/length'],
      [{ loadStart: Date.now() + 7_200_000, loadEnd: Date.now() + 3_600_000 }, 'loadEnd/beforeStart'],
      [{ appointmentDate: dayAfter(-1) }, 'appointmentDate/past'],
      [{ appointmentDate: '2026-02-30' }, 'appointmentDate/format'],
      [{ driverExtend: {} }, 'driverExtend.licence/required'],
      [{ vehicleExtend: { axles: '9' } }, 'vehicleExtend.axles/invalid_value'],
      [{ vehicleExtend: { axles: '3', inspected: '2026-13-01' } }, 'vehicleExtend.inspected/format'],
      [{ vehicleExtend: { axles: '3', colour: 'red' } }, 'vehicleExtend.colour/unrecognized_keys'],
      [{ vehicleExtend: { axles: '3', hiddenNote: 'x' } }, 'vehicleExtend.hiddenNote/unrecognized_keys'],
      [{ smobile: '123' }, 'smobile/format'],
    ];
    for (const [over, expected] of cases) {
      const r = await t.call('addLogisticsInfo', bookingInput(tid, over), a.token);
      expect(r.status, expected).toBe(Status.BAD_PARAMS);
      expect(
        errorsOf(r).map((e) => `${e.field}/${e.rule}`),
        expected,
      ).toContain(expected);
    }
  });

  it('answers another company’s type, carrier and booking as not found (602), and changes none of them', async () => {
    const theirs = await seedBooking(t, b.token);
    const carrier = (await t.api['logistics-company-create']({ name: 'Beta Carrier' }, b.token)).result;
    expect((await t.api.addLogisticsInfo(bookingInput(theirs.tid), a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.addLogisticsInfo(bookingInput(tid, { companyId: carrier.id }), a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateExtendType({ tid: theirs.tid, name: '偷#Stolen' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delExtendType({ tid: theirs.tid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api['logistics-company-update']({ id: carrier.id, name: 'Mine now' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api['logistics-company-delete']({ id: carrier.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateLogisticsInfo({ sid: theirs.sid, goods: 'x' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.approveLogistics({ sid: theirs.sid, pstatus: 1 }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.logisticsArrive({ sid: theirs.sid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const list = (await t.api.getLogisticsInfo({ requestedCount: 100 }, a.token)).result.list;
    expect(list.some((x) => x.sid === theirs.sid)).toBe(false);
    const still = (await t.api.getLogisticsInfo({ requestedCount: 100 }, b.token)).result.list.find((x) => x.sid === theirs.sid);
    expect(still).toMatchObject({ pstatus: 0, goods: 'Frozen fish' });
  });

  it('changes a waiting booking only, checked again; a decided one answers 58', async () => {
    const { sid } = await seedBooking(t, a.token);
    const changed = await t.api.updateLogisticsInfo({ sid, goods: 'Ice cream', plateNum: '沪AF12345' }, as(Role.LOGISTICS_SPECIALIST));
    expect(changed.result).toMatchObject({ goods: 'Ice cream', plateNum: '沪AF12345', pstatus: 0 });
    const bad = await t.call('updateLogisticsInfo', { sid, vehicleExtend: {} }, a.token);
    expect(errorsOf(bad).map((e) => `${e.field}/${e.rule}`)).toContain('vehicleExtend.axles/required');
    expect((await t.api.approveLogistics({ sid, pstatus: 1 }, as(Role.LOGISTICS))).status).toBe(0);
    expect((await t.api.updateLogisticsInfo({ sid, goods: 'late' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
  });

  it('answers per booking what the caller may do now, from its status and gate times and the caller’s calls', async () => {
    const none = { edit: false, approve: false, refuse: false, arrive: false, release: false, leave: false };
    const { sid } = await seedBooking(t, a.token, { plateNum: '浙C12321' });
    const canOf = async (token: string) =>
      (await t.api.getLogisticsInfo({ requestedCount: 100, plateNum: '浙C12321' }, token)).result.list.find((x) => x.sid === sid)?.can;
    expect(await canOf(as(Role.LOGISTICS))).toEqual({ ...none, edit: true, approve: true, refuse: true });
    expect(await canOf(as(Role.LOGISTICS_SPECIALIST))).toEqual({ ...none, edit: true });
    expect((await t.api.approveLogistics({ sid, pstatus: 1 }, a.token)).result.can).toEqual({ ...none, arrive: true });
    expect(await canOf(as(Role.GATE))).toEqual({ ...none, arrive: true });
    const arrived = (await t.api.logisticsArrive({ sid }, as(Role.GATE))).result;
    // On site: the desk signs it out; the release for exit is the logistics staff's.
    expect(arrived.can).toEqual({ ...none, leave: true });
    expect(await canOf(a.token)).toEqual({ ...none, release: true, leave: true });
    expect((await t.api.logisticsRelease({ sid }, a.token)).result.can).toEqual({ ...none, leave: true });
    expect((await t.api.logisticsLeave({ sid }, as(Role.GATE))).result.can).toEqual(none);
  });

  it('filters the list by every filter of the original', async () => {
    const { tid: other } = await seedBooking(t, a.token, {
      sname: '赵筛选',
      smobile: '13512345678',
      plateNum: '京A99999',
      dcardId: '310115198506154568',
      appointmentDate: dayAfter(3),
    });
    const find = async (f: Record<string, unknown>) =>
      (await t.api.getLogisticsInfo({ requestedCount: 100, ...f }, a.token)).result.list.map((x) => x.plateNum);
    expect(await find({ sname: '赵筛' })).toEqual(['京A99999']);
    expect(await find({ mobile: '1351234' })).toEqual(['京A99999']);
    expect(await find({ plateNum: 'a999' })).toEqual(['京A99999']);
    expect(await find({ cardid: '310115198506154568' })).toEqual(['京A99999']);
    expect(await find({ logType: other })).toEqual(['京A99999']);
    expect(await find({ startDate: dayAfter(3), endDate: dayAfter(3) })).toEqual(['京A99999']);
    expect(await find({ startDate: dayAfter(3), endDate: dayAfter(3), psList: [1, 2] })).toEqual([]);
    const page = (await t.api.getLogisticsInfo({ startIndex: 0, requestedCount: 1 }, a.token)).result;
    expect(page.pageSize).toBe(1);
    expect(page.count).toBeGreaterThan(1);
    expect(page.list[0]?.appointmentDate).toBe(dayAfter(3));
  });

  it('shows the desk and the kiosk only today’s approved and ended bookings', async () => {
    const waiting = await seedBooking(t, a.token, { plateNum: '苏E11111' });
    const approved = await seedBooking(t, a.token, { plateNum: '苏E22222' });
    const later = await seedBooking(t, a.token, { plateNum: '苏E33333', appointmentDate: dayAfter(1) });
    for (const s of [approved.sid, later.sid]) await t.api.approveLogistics({ sid: s, pstatus: 1 }, a.token);
    for (const role of [Role.GATE, Role.MACHINE]) {
      const plates = (await t.api.getLogisticsInfo({ requestedCount: 100, psList: [0, 1] }, as(role))).result.list.map((x) => x.plateNum);
      expect(plates).toContain('苏E22222');
      expect(plates).not.toContain('苏E11111');
      expect(plates).not.toContain('苏E33333');
    }
    expect(waiting.booking.appointmentDate).toBe(today());
  });
});
