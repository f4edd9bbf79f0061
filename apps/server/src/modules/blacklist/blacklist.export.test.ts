import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

async function readSheet(body: Buffer): Promise<{ name: string; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    // Empty cells are holes in `values`: Array.from turns them into undefined.
    rows.push(Array.from((row.values as unknown[]).slice(1)).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return { name: sheet?.name ?? '', rows };
}

describe('ExportBlacklist and ExportWhitelist', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    await t.api.addBlacklist({ name: '张三', phone: '13800138000', remark: '闯入' }, a.token);
    await t.api.addBlacklist({ name: 'John Smith', credentialNo: '11010519491231002x', remark: 'fraud' }, a.token);
    await t.api.addWhitelist({ name: 'VIP Guest', phone: '13900139000' }, a.token);
    await t.api.addBlacklist({ name: 'Not Mine', phone: '13700137000' }, b.token);
  });
  afterAll(() => t.close());

  const get = (name: string, query: string, token?: string, app = t) =>
    app.app.inject({ method: 'GET', url: `/api/${name}${query}`, headers: token ? { 'x-coolvisit-token': token } : {} });

  it("streams the company's blacklist, newest first, in the chosen language", async () => {
    const res = await get('ExportBlacklist', '?lang=zh', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="blacklist-\d{8}-\d{4}\.xlsx"/);
    const { name, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('黑名单');
    expect(rows[0]).toEqual(['姓名', '手机号', '证件号码', '备注', '添加人', '添加时间']);
    // Only this company's entries (Beta's "Not Mine" is absent), newest first, stored values as listed.
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['John Smith', '', '110*************2X', 'fraud', 'Admin Person'],
      ['张三', '13800138000', '', '闯入', 'Admin Person'],
    ]);
    expect(Date.parse(rows[1]?.[5] ?? '')).toBeGreaterThan(Date.now() - 3_600_000);

    const en = await readSheet((await get('ExportBlacklist', '?lang=en', a.token)).rawPayload);
    expect(en.name).toBe('Blacklist');
    expect(en.rows[0]?.[2]).toBe('Certificate number');
  });

  it('exports exactly what the search finds, and the whitelist separately', async () => {
    const searched = await readSheet((await get('ExportBlacklist', `?name=${encodeURIComponent('张')}`, a.token)).rawPayload);
    expect(searched.rows.map((r) => r[0])).toEqual(['Name', '张三']);
    const byNumber = await readSheet((await get('ExportBlacklist', '?name=11010519491231002X', a.token)).rawPayload);
    expect(byNumber.rows.map((r) => r[0])).toEqual(['Name', 'John Smith']);
    const none = await readSheet((await get('ExportBlacklist', '?name=nobody', a.token)).rawPayload);
    expect(none.rows).toHaveLength(1);

    const white = await get('ExportWhitelist', '?lang=en', a.token);
    expect(white.headers['content-disposition']).toMatch(/filename="whitelist-\d{8}-\d{4}\.xlsx"/);
    const w = await readSheet(white.rawPayload);
    expect(w.name).toBe('Whitelist');
    expect(w.rows.slice(1).map((r) => r[0])).toEqual(['VIP Guest']);

    const theirs = await readSheet((await get('ExportBlacklist', '', b.token)).rawPayload);
    expect(theirs.rows.slice(1).map((r) => r[0])).toEqual(['Not Mine']);
  });

  it('needs the session in the header (28), a list manager (610), valid input (400); the export is logged', async () => {
    expect((await get('ExportBlacklist', '')).json().status).toBe(Status.TOKEN_MISSING);
    expect((await get('ExportWhitelist', `?token=${a.token}`)).json().status).toBe(Status.TOKEN_MISSING);
    // The front desk may read the list but not take it away as a file.
    const desk = await seedStaff(t, a.id, 2);
    expect((await get('ExportBlacklist', '', desk.token)).json().status).toBe(Status.NO_PERMISSION);
    expect((await get('ExportWhitelist', '', desk.token)).json().status).toBe(Status.NO_PERMISSION);
    const hse = await seedStaff(t, a.id, 0);
    expect((await get('ExportBlacklist', '', hse.token)).statusCode).toBe(200);
    expect((await get('ExportBlacklist', '?lang=fr', a.token)).json().status).toBe(Status.BAD_PARAMS);
    expect((await get('ExportBlacklist', `?name=${'x'.repeat(65)}`, a.token)).json().status).toBe(Status.BAD_PARAMS);

    const logs = await t.api.getLogList({ optEvent: 'export' }, a.token);
    expect(logs.result.list.map((l) => l.objName)).toContain('whitelist.xlsx');
    expect(logs.result.list.find((l) => l.optDesc.includes('search'))).toMatchObject({ optModule: 6, objName: 'blacklist.xlsx' });
    // The details as a key and parameters (rendered in the reader's language), the English kept in optDesc.
    expect(logs.result.list.find((l) => l.descParams.search === 'nobody')).toMatchObject({
      descKey: 'blacklistSearched',
      optDesc: 'blacklist, search "nobody"',
    });
    expect(logs.result.list.find((l) => l.objName === 'whitelist.xlsx')).toMatchObject({
      descKey: 'whitelist',
      descParams: {},
      optDesc: 'whitelist',
    });
  });

  it('the blacklist export disappears with the blacklist section; the whitelist export stays', async () => {
    const off = await testApp({}, { FEATURES_OFF: 'blacklist' });
    const c = await seedCompany(off);
    expect((await get('ExportBlacklist', '', c.token, off)).statusCode).toBe(404);
    expect((await get('ExportWhitelist', '', c.token, off)).statusCode).toBe(200);
    await off.close();
  });
});
