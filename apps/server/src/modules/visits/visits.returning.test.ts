import { maskIdNumber, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { visits } from '../../db/schema/index.js';

interface Returning {
  vid: number;
  vname: string;
  vphone: string;
  vemail: string;
  vcompany: string;
  certificateType: string;
  cardId: string;
  hasCardId: boolean;
  plateNum: string;
  tid: number | null;
  empid: number | null;
  empName: string;
  photo?: unknown;
  vphoto?: unknown;
}
type Errors = { errors: { field: string; rule: string }[] };

const ID = '11010519491231002X';
const LOOKUP = 'getVisitorAppointmentByPhone';

describe('returning visitors ("came before")', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let kiosk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  let tid: number;
  const comeAgain = (on: 0 | 1) => t.api.updateComeAgain({ comeAgain: on }, a.token);
  const walkIn = (body: Record<string, unknown>, token = desk.token) =>
    t.call<{ vid: number; cardId: string; certificateType: string } & Errors>(
      'UpdatePhoto',
      { vname: '回访客', vphone: '13955550001', empid: host, ...body },
      token,
    );

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    kiosk = await seedStaff(t, a.id, 4);
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    // An older visit with other details, then the latest one: the latest is offered.
    expect((await walkIn({ vname: '旧名字', vcompany: 'Old Co' })).status).toBe(0);
    const latest = await walkIn({
      vcompany: 'Star Ltd',
      vemail: 'guest@example.com',
      certificateType: 'idCard',
      cardId: ID,
      plateNum: '京A12345',
      tid,
    });
    expect(latest.status).toBe(0);
  });
  afterAll(() => t.close());

  it('answers the last visit to the front desk, whatever the switch, its ID number masked and never the photo', async () => {
    await comeAgain(0);
    const r = await t.call<Returning>(LOOKUP, { phone: '139 5555 0001' }, desk.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      vname: '回访客',
      vphone: '13955550001',
      vemail: 'guest@example.com',
      vcompany: 'Star Ltd',
      certificateType: 'idCard',
      cardId: maskIdNumber(ID),
      hasCardId: true,
      plateNum: '京A12345',
      tid,
      empid: host,
      empName: 'Host One',
    });
    expect(r.result.photo).toBeUndefined();
    expect(r.result.vphoto).toBeUndefined();
  });

  it('refuses a kiosk with 610 while comeAgain is off; with it on, the certificate number comes masked', async () => {
    await comeAgain(0);
    const off = await t.call(LOOKUP, { phone: '13955550001' }, kiosk.token);
    expect(off.status).toBe(Status.NO_PERMISSION);
    expect(off.reason).toMatch(/switched off/);
    await comeAgain(1);
    const on = await t.call<Returning>(LOOKUP, { phone: '13955550001' }, kiosk.token);
    expect(on.status).toBe(0);
    expect(on.result.cardId).toBe('110*************2X');
    expect(on.result.cardId).not.toContain('0519491231');
    expect(on.result.hasCardId).toBe(true);
    expect(on.result.vname).toBe('回访客');
  });

  it('1117 for an unknown phone or another company’s visitor; 400 for a malformed phone; employees 610', async () => {
    await comeAgain(1);
    expect((await t.call(LOOKUP, { phone: '13900000000' }, kiosk.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.call(LOOKUP, { phone: '13955550001' }, b.token)).status).toBe(Status.INVALID_VISITOR);
    const bad = await t.call<Errors>(LOOKUP, { phone: '12ab' }, kiosk.token);
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect(bad.result.errors[0]).toMatchObject({ field: 'phone', rule: 'format' });
    const emp = await seedEmployee(t, a.id);
    const login = await t.api.empLogin({ phone: emp.phone, empPwd: 'Secret#2026' });
    expect((await t.call(LOOKUP, { phone: '13955550001' }, login.result.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call(LOOKUP, { phone: '13955550001' })).status).toBe(Status.TOKEN_MISSING);
  });

  it('leaves out a host hidden from kiosks or stopped', async () => {
    await comeAgain(1);
    const hidden = (await t.api.addEmployee({ employee_name: 'Hidden Host', phone: '13800001122' }, a.token)).result.empid;
    await walkIn({ vphone: '13955550002', empid: hidden });
    expect((await t.call<Returning>(LOOKUP, { phone: '13955550002' }, kiosk.token)).result).toMatchObject({ empid: hidden, empName: 'Hidden Host' });
    expect((await t.api.updateEmployee({ empid: hidden, hideFromPad: true }, a.token)).status).toBe(0);
    expect((await t.call<Returning>(LOOKUP, { phone: '13955550002' }, kiosk.token)).result).toMatchObject({ empid: null, empName: '' });
    expect((await t.api.updateEmployee({ empid: hidden, hideFromPad: false, status: 2 }, a.token)).status).toBe(0);
    const stopped = await t.call<Returning>(LOOKUP, { phone: '13955550002' }, desk.token);
    expect(stopped.result).toMatchObject({ empid: null, empName: '', hasCardId: false, cardId: '', tid: null });
  });

  it('a walk-in with reuseIdFrom and no certificate number stores the earlier visit’s; a typed one wins', async () => {
    await comeAgain(1);
    const { vid } = (await t.call<Returning>(LOOKUP, { phone: '13955550001' }, kiosk.token)).result;
    const reused = await walkIn({ reuseIdFrom: vid, certificateType: 'passport' }, kiosk.token);
    expect(reused.status).toBe(0);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, reused.result.vid));
    expect(row?.idNumber).toBe(ID);
    expect(row?.certificateType).toBe('idCard');
    const typed = await walkIn({ reuseIdFrom: vid, certificateType: 'passport', cardId: 'E1234567' }, kiosk.token);
    expect(typed.status).toBe(0);
    const [own] = await t.db.select().from(visits).where(eq(visits.id, typed.result.vid));
    expect(own?.idNumber).toBe('E1234567');
  });

  it('refuses reuseIdFrom of another phone or another company’s visit with a field error, storing nothing', async () => {
    const { vid } = (await t.call<Returning>(LOOKUP, { phone: '13955550001' }, desk.token)).result;
    const before = (await t.db.select().from(visits)).length;
    const otherPhone = await walkIn({ vphone: '13955550009', reuseIdFrom: vid }, kiosk.token);
    expect(otherPhone.status).toBe(Status.BAD_PARAMS);
    expect(otherPhone.result.errors).toEqual([{ field: 'reuseIdFrom', rule: 'notFound' }]);
    const bHost = (await t.api.addEmployee({ employee_name: 'Host B', phone: '13800002222' }, b.token)).result.empid;
    const elsewhere = await t.call<Errors>('UpdatePhoto', { vname: '回访客', vphone: '13955550001', empid: bHost, reuseIdFrom: vid }, b.token);
    expect(elsewhere.status).toBe(Status.BAD_PARAMS);
    expect(elsewhere.result.errors).toEqual([{ field: 'reuseIdFrom', rule: 'notFound' }]);
    expect(await t.db.select().from(visits)).toHaveLength(before);
  });
});

describe('returning visitors: rate limit', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('limits look-ups per client address with their own bucket (429)', async () => {
    t = await testApp({ rateLimits: { global: 1000, signin: 1000, captcha: 1000, register: 1000, recovery: 1000, public: 1000, lookup: 2 } });
    const a = await seedCompany(t);
    const desk = await seedStaff(t, a.id, 2);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await t.call(LOOKUP, { phone: '13955550001' }, desk.token)).http);
    expect(codes).toEqual([200, 200, 429]);
    expect((await t.api.getPeopleCounting({}, desk.token)).http).toBe(200);
  });
});
