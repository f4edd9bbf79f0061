import { Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { bookingInput, typeInput } from '../logistics.js';
import { originalClient } from './original.js';

type Booking = Record<string, unknown> & { sid: number; pstatus: number; driverExtend: string; vehicleExtend: string };

/**
 * The original front desk's trucks and temporary cards against `/qcvisit/`: today's approved bookings with their field
 * sets as JSON strings, arrival and departure as the original marked them (updating the booking's times), a booking
 * sent with its field sets as strings, and a temporary card applied for, lent, listed and returned with string ids.
 */
describe('the original front desk’s logistics and temporary cards against /qcvisit/', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let desk: string;
  let logistics: string;

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
    const gate = await seedStaff(t, company.id, Role.GATE, 'desk_trucks');
    desk = `${gate.account}-${gate.token}`;
    const manager = await seedStaff(t, company.id, Role.LOGISTICS, 'log_manager');
    logistics = `${manager.account}-${manager.token}`;
  });
  afterAll(() => t.close());

  it('books a truck with its field sets sent as JSON strings, and refuses a set that is not JSON with the field named', async () => {
    const type = (await t.api.addExtendType({ ...typeInput, name: '原版#Original' }, company.token)).result.tid;
    const input = bookingInput(type, {
      driverExtend: JSON.stringify({ licence: 'B1-9' }),
      vehicleExtend: '{"axles":"2"}',
      goodsExtend: '',
      logExtend: '',
    });
    // The desk reads the type's fields with its session (no link token): definitions as JSON strings, cut to the tid.
    const info = await send<{ tid: number; name: string; driverExtend: string }[]>(
      'getExtendTypeInfo',
      { userid: company.id, tid: String(type) },
      desk,
    );
    expect(info.status, info.reason).toBe(0);
    expect(info.result.map((r) => r.tid)).toEqual([type]);
    expect(JSON.parse(info.result[0]?.driverExtend ?? 'null')).toEqual(
      (typeInput.driverExtend ?? []).map((f) => expect.objectContaining({ fieldName: f.fieldName })),
    );
    expect((await send('getExtendTypeInfo', { tid: type })).status).toBe(Status.TOKEN_MISSING);
    const booked = await send<Booking>('addLogisticsInfo', { ...input, logType: String(type) }, logistics);
    expect(booked.status, booked.reason).toBe(0);
    // Answered as the desk app reads a set: [{fieldName, displayName, inputValue}].
    expect(JSON.parse(booked.result.driverExtend)).toEqual([{ fieldName: 'licence', displayName: '驾驶证#Licence', inputValue: 'B1-9' }]);
    expect(JSON.parse(booked.result.vehicleExtend)).toEqual([{ fieldName: 'axles', displayName: '轴数#Axles', inputValue: '2' }]);
    // The same form sent back is taken as the values it lists.
    const edited = await send<Booking>(
      'updateLogisticsInfo',
      { sid: String(booked.result.sid), driverExtend: JSON.stringify([{ fieldName: 'licence', displayName: '驾驶证#Licence', inputValue: 'C1-7' }]) },
      logistics,
    );
    expect(edited.status, edited.reason).toBe(0);
    expect(JSON.parse(edited.result.driverExtend)).toEqual([{ fieldName: 'licence', displayName: '驾驶证#Licence', inputValue: 'C1-7' }]);
    const bad = await send<{ errors: { field: string }[] }>('addLogisticsInfo', { ...input, driverExtend: '{licence' }, logistics);
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect(bad.result.errors.map((e) => e.field)).toContain('driverExtend');
  });

  it('applies for, lends, lists and takes back a visitor’s temporary card with the original’s string ids and numeric statuses', async () => {
    const applied = await send<{ cid: number; icStatus: number }>(
      'addInterimCard',
      { userid: company.id, name: '临时卡访客', phone: '13911112222' },
      desk,
    );
    expect(applied.status, applied.reason).toBe(0);
    expect(applied.result.icStatus).toBe(0);
    const cid = String(applied.result.cid);
    const lent = await send<{ icStatus: number; cardNo: string }>('updateInterimCard', { cid, cardNo: 'T0001' }, desk);
    expect(lent.status, lent.reason).toBe(0);
    expect(lent.result).toMatchObject({ icStatus: 1, cardNo: 'T0001' });
    const page = await send<{ count: number; list: { cid: number; icStatus: number; submitTime: number }[] }>(
      'getInterimCard',
      { startIndex: 1, requestedCount: 10, icStatus: '1' },
      desk,
    );
    expect(page.result.count).toBe(1);
    expect(page.result.list[0]?.cid).toBe(applied.result.cid);
    expect(typeof page.result.list[0]?.submitTime).toBe('number');
    const back = await send<{ icStatus: number }>('returnInterimCard', { cid }, desk);
    expect(back.result.icStatus).toBe(2);
    expect((await send('returnInterimCard', { cid }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
  });
});
