import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { recordPasses, recordVehicles } from '../../core/entitlements/entitlements.public.js';
import { devices, staffAccounts, visits } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';

async function readSheet(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return rows;
}

const HOUR = 3_600_000;

describe('pass records (getOpendoorInfo, getVehicleRecord, getVehicleRecordByVid, exports)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let g1: number;
  let g2: number;
  let eid: number;
  let vid: number;
  let bVid: number;
  const now = Date.now();

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    g1 = (await t.api.addGate({ gname: 'North' }, a.token)).result.gid;
    g2 = (await t.api.addGate({ gname: 'South' }, a.token)).result.gid;
    const [d] = await t.db.insert(devices).values({ companyId: a.id, name: 'North turnstile', code: 'QR-N1' }).returning();
    eid = d?.id ?? 0;
    const [v] = await t.db
      .insert(visits)
      .values({ companyId: a.id, kind: 'invite', status: 'signedIn', name: '张三', phone: '+8613900000001' })
      .returning();
    vid = v?.id ?? 0;
    const [bv] = await t.db.insert(visits).values({ companyId: b.id, kind: 'invite', status: 'signedIn', name: 'Beta visitor' }).returning();
    bVid = bv?.id ?? 0;
    const emp = await seedEmployee(t, a.id, '13900000002');
    const scopeA = tenantScope(t.db, { companyId: a.id });
    await recordPasses(scopeA, [
      {
        at: new Date(now - HOUR),
        deviceId: eid,
        deviceName: 'North turnstile',
        deviceCode: 'QR-N1',
        gid: g1,
        gateName: 'North',
        personType: 2,
        visitId: vid,
        name: '张三',
        phone: '+8613900000001',
        company: 'Acme',
        direction: 1,
        way: 'qr',
        result: 1,
        code: 0,
      },
      {
        at: new Date(now - 2 * HOUR),
        gid: g2,
        gateName: 'South',
        personType: 1,
        personId: emp.id,
        name: 'Li Lei',
        direction: 2,
        way: 'face',
        result: 0,
        code: 1124,
      },
      { at: new Date(now - 30 * HOUR), personType: -1, way: 'card', result: 2, code: 0, temperature: 36.6 },
    ]);
    await recordPasses(tenantScope(t.db, { companyId: b.id }), [{ at: new Date(now), name: 'Beta person', personType: 2, result: 1 }]);
    await recordVehicles(scopeA, [
      { at: new Date(now - HOUR), deviceId: eid, deviceName: 'North turnstile', plate: '粤b 12345', visitId: vid, name: '张三', result: 1 },
      { at: new Date(now - 2 * HOUR), plate: 'AB-999', direction: 2, result: 0, code: 1115 },
    ]);
    await recordVehicles(tenantScope(t.db, { companyId: b.id }), [{ at: new Date(now), plate: '粤B12345', visitId: bVid, result: 1 }]);
  });
  afterAll(() => t.close());

  const names = (r: { result: { list: { vname: string }[] } }) => r.result.list.map((p) => p.vname);

  it('lists the company’s door passes newest first, with every field', async () => {
    const r = await t.api.getOpendoorInfo({}, a.token);
    expect(r.result.count).toBe(3);
    expect(names(r)).toEqual(['张三', 'Li Lei', '']);
    expect(r.result.list[0]).toEqual({
      id: expect.any(Number),
      openDate: now - HOUR,
      eid,
      deviceName: 'North turnstile',
      deviceCode: 'QR-N1',
      egid: null,
      gname: '',
      gid: g1,
      gateName: 'North',
      vtype: 2,
      vid,
      vname: '张三',
      mobile: '+8613900000001',
      company: 'Acme',
      direction: 1,
      passWay: 'qr',
      openStatus: 1,
      code: 0,
      schedule: '',
      temp: null,
      photo: false,
    });
    expect(r.result.list[2]).toMatchObject({ vtype: -1, passWay: 'card', openStatus: 2, temp: 36.6 });
    expect(names(await t.api.getOpendoorInfo({}, b.token))).toEqual(['Beta person']);
  });

  it('filters by text, device, gate, person type, direction, result, way, visit and days', async () => {
    const by = async (f: Parameters<typeof t.api.getOpendoorInfo>[0]) => names(await t.api.getOpendoorInfo(f, a.token));
    expect(await by({ name: '三' })).toEqual(['张三']);
    expect(await by({ name: '0000001' })).toEqual(['张三']);
    expect(await by({ name: '%' })).toEqual([]);
    expect(await by({ eid })).toEqual(['张三']);
    expect(await by({ gid: g2 })).toEqual(['Li Lei']);
    expect(await by({ vtype: 1 })).toEqual(['Li Lei']);
    expect(await by({ direction: 2 })).toEqual(['Li Lei']);
    expect(await by({ openStatus: 0 })).toEqual(['Li Lei']);
    expect(await by({ passWay: 'card' })).toEqual(['']);
    expect(await by({ vid })).toEqual(['张三']);
    const day = (ms: number) => {
      const d = new Date(ms);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const older = day(now - 30 * HOUR);
    expect(await by({ date: older, endDate: older })).toContain('');
    expect(await by({ date: day(now + 48 * HOUR) })).toEqual([]);
  });

  it('shows a front desk tied to a gate only that gate’s passes', async () => {
    const desk = await seedStaff(t, a.id, 2);
    await t.db
      .update(staffAccounts)
      .set({ gids: [g1] })
      .where(eq(staffAccounts.id, desk.id));
    const login = await t.api.Login({ email: desk.account, password: PASSWORD });
    expect(names(await t.api.getOpendoorInfo({}, login.result.token))).toEqual(['张三']);
  });

  it('refuses bad filters and callers without the right', async () => {
    expect((await t.call('getOpendoorInfo', { date: '2026-05-02', endDate: '2026-05-01' }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('getOpendoorInfo', { vtype: 9 }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('getOpendoorInfo', { passWay: 'retina' }, a.token)).status).toBe(Status.BAD_PARAMS);
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.getOpendoorInfo({}, kiosk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('lists vehicle passes by plate (spaces and case ignored) and by visit; another company’s visit is 1117', async () => {
    const all = await t.api.getVehicleRecord({}, a.token);
    expect(all.result.list.map((v) => v.plateNum)).toEqual(['粤B12345', 'AB-999']);
    expect(all.result.list[0]).toMatchObject({ eid, vid, vname: '张三', direction: 1, openStatus: 1, photo: false });
    expect((await t.api.getVehicleRecord({ plateNum: 'b 123' }, a.token)).result.list.map((v) => v.plateNum)).toEqual(['粤B12345']);
    expect((await t.api.getVehicleRecord({ direction: 2 }, a.token)).result.list.map((v) => v.plateNum)).toEqual(['AB-999']);
    expect((await t.api.getVehicleRecordByVid({ vid }, a.token)).result.map((v) => v.plateNum)).toEqual(['粤B12345']);
    expect((await t.api.getVehicleRecordByVid({ vid: bVid }, a.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.api.getVehicleRecord({}, b.token)).result.count).toBe(1);
  });

  it('exports the filtered passes and vehicles as xlsx in the chosen language, with the refusal’s reason', async () => {
    const get = (path: string) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { 'x-coolvisit-token': a.token } });
    const passes = await get('ExportRfidRecordsList?lang=zh&openStatus=0');
    expect(passes.statusCode).toBe(200);
    expect(passes.headers['content-disposition']).toMatch(/filename="pass-records-\d{8}-\d{4}\.xlsx"/);
    const rows = await readSheet(passes.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['时间', '姓名', '手机号']);
    expect(rows.slice(1).map((r) => [r[1], r[4], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      ['Li Lei', '员工', 'South', '出', '人脸', '拒绝通行', '1124 不在访客通行时间内'],
    ]);
    const vehicles = await readSheet((await get('ExportVehicleInfoList?lang=en')).rawPayload);
    expect(vehicles.map((r) => r[1])).toEqual(['Plate', '粤B12345', 'AB-999']);
    expect(vehicles[2]?.[7]).toBe('1115 Not within the validity period');
    expect((await get('ExportRfidRecordsList?vtype=x')).json()).toMatchObject({ status: Status.BAD_PARAMS });
  });
});
