import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

async function readSheet(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return rows;
}

describe('ExportEmployeeList', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const sales = (await t.api.addDepartment({ deptName: '销售部' }, a.token)).result.deptid;
    await t.api.addEmployee({ employee_name: '王小明', phone: '13900000001', empNo: 'A001', deptIds: [sales] }, a.token);
    await t.api.addEmployee({ employee_name: 'Li Lei', phone: '13900000002', empNo: 'A002', status: 1 }, a.token);
    await t.api.addEmployee({ employee_name: 'Not Mine', phone: '13900000003' }, b.token);
  });
  afterAll(() => t.close());

  const get = (query: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/ExportEmployeeList${query}`, headers: token ? { 'x-coolvisit-token': token } : {} });

  it('streams an xlsx of exactly the filtered employees of the company, in the chosen language', async () => {
    const res = await get('?lang=zh', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="employees-\d{8}-\d{4}\.xlsx"/);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['姓名', '工号', '手机号']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Li Lei', '王小明']);
    expect(rows.find((r) => r[0] === '王小明')?.[4]).toBe('销售部');
    expect(rows.find((r) => r[0] === 'Li Lei')?.[6]).toBe('禁用');

    const filtered = await readSheet((await get('?status=1&lang=en', a.token)).rawPayload);
    expect(filtered.map((r) => r[0])).toEqual(['Name', 'Li Lei']);
  });

  it('needs the session in the header (28), an allowed role (610), valid filters (400); the export is logged', async () => {
    expect((await get('')).json().status).toBe(Status.TOKEN_MISSING);
    expect((await get(`?token=${a.token}`)).json().status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await get('', desk.token)).json().status).toBe(Status.NO_PERMISSION);
    expect((await get('?status=7', a.token)).json().status).toBe(Status.BAD_PARAMS);
    const logs = await t.api.getLogList({ optEvent: 'export' }, a.token);
    expect(logs.result.list[0]?.objName).toBe('employees.xlsx');
  });
});
