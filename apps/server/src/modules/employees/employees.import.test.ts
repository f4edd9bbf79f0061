import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

interface ImportResult {
  total: number;
  valid: number;
  created: number;
  updated: number;
  departmentsCreated: number;
  errors: { row: number; field: string; rule: string }[];
  preview: { row: number; empName: string; action: string }[];
  exampleRows: number[];
  updating: number;
  leftOut: number;
  updates: {
    row: number;
    empid: number;
    empName: string;
    empNo: string;
    phone: string;
    changes: { field: string; before: string; after: string }[];
  }[];
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Employees');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('importEmpList', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}, token = a.token) =>
    t.upload<ImportResult>('importEmpList', { name, bytes }, fields, token);
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  const csv = [
    '姓名,手机号,工号,邮箱,部门,职位',
    '王小明,13900000001,A001,ming@alpha.example,总部/销售部,经理',
    'Li Lei,+86 139 0000 0002,A002,,总部/销售部;总部/市场部,',
    'Bad<Name>,123,A 3,nope,,',
    '张三,13900000001,A004,,,',
    '',
  ].join('\n');

  it('previews without writing: valid rows, per-row errors with row numbers and fields', async () => {
    const r = await upload('staff.csv', Buffer.from(`\ufeff${csv}`), { dryRun: 'true' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ total: 4, valid: 2, created: 0, updated: 0 });
    expect(r.result.preview.map((p) => [p.row, p.empName, p.action])).toEqual([
      [2, '王小明', 'create'],
      [3, 'Li Lei', 'create'],
    ]);
    expect(r.result.errors).toEqual(
      expect.arrayContaining([
        { row: 4, field: 'employee_name', rule: 'illegalChars' },
        { row: 4, field: 'phone', rule: 'format' },
        { row: 4, field: 'empNo', rule: 'format' },
        { row: 4, field: 'email', rule: 'format' },
        { row: 5, field: 'phone', rule: 'duplicateInFile' },
      ]),
    );
    expect((await t.api.getEmpListPages({}, a.token)).result.count).toBe(0);
  });

  it('imports the valid rows, creates the department paths, and a second run updates instead of duplicating', async () => {
    const r = await upload('staff.csv', Buffer.from(csv), { dryRun: 'false' });
    expect(r.result).toMatchObject({ valid: 2, created: 2, updated: 0, departmentsCreated: 3 });
    const list = await t.api.getEmpListPages({ sortBy: 'empName', sortOrder: 'asc' }, a.token);
    expect(list.result.count).toBe(2);
    expect(list.result.list.find((e) => e.empName === 'Li Lei')).toMatchObject({ empPhone: '13900000002', deptNames: ['市场部', '销售部'] });
    const again = await upload('staff.csv', Buffer.from(csv), { dryRun: 'false' });
    expect(again.result).toMatchObject({ created: 0, updated: 2, departmentsCreated: 0 });
    expect((await t.api.getEmpListPages({}, a.token)).result.count).toBe(2);
    const log = await t.api.getLogList({ optEvent: 'import' }, a.token);
    expect(log.result.list[0]?.objName).toBe('staff.csv');
  });

  it('reads xlsx with English headers in any order; another company is untouched', async () => {
    const bytes = await xlsx([
      ['Mobile phone *', 'Name *', 'Work number'],
      ['13800000009', 'Ada', 'B001'],
    ]);
    const r = await upload('people.xlsx', bytes, { dryRun: 'false' }, b.token);
    expect(r.result).toMatchObject({ created: 1, errors: [] });
    expect((await t.api.getEmpListPages({}, b.token)).result.count).toBe(1);
    expect((await t.api.getEmpListPages({}, a.token)).result.count).toBe(2);
  });

  it('reads a legacy Excel 97–2003 .xls; a re-run of the same file duplicates nothing', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['姓名', '手机号', '工号', '部门'],
        ['李雷', '13800000011', 'B011', '工厂/质检'],
        ['韩梅梅', '138000000', 'B012', ''],
      ]),
      'Sheet1',
    );
    const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const r = await upload('people.xls', bytes, { dryRun: 'false' }, b.token);
    expect(r.result).toMatchObject({ created: 1, departmentsCreated: 2, errors: [{ row: 3, field: 'phone', rule: 'format' }] });
    const again = await upload('people.xls', bytes, { dryRun: 'false' }, b.token);
    expect(again.result).toMatchObject({ created: 0, updated: 1, departmentsCreated: 0 });
    expect((await t.api.getEmpListPages({}, b.token)).result.count).toBe(2);
  });

  it('a 50 MB csv is refused with 413 and nothing is imported', async () => {
    const before = (await t.api.getEmpListPages({}, a.token)).result.count;
    const line = '某人,13900000077,Z9,,,\n';
    const big = Buffer.from(`姓名,手机号,工号,邮箱,部门,职位\n${line.repeat(Math.ceil((50 * 1024 * 1024) / Buffer.byteLength(line)))}`);
    const r = await upload('huge.csv', big, { dryRun: 'false' });
    expect(r.http).toBe(413);
    expect(r.status).toBe(413);
    expect(JSON.stringify(r)).not.toMatch(/at .*\.ts/);
    expect((await t.api.getEmpListPages({}, a.token)).result.count).toBe(before);
  });

  it('refuses other files by content and name (620), missing columns (400), no file (400)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload('photo.csv', png)).status).toBe(Status.FILE_TYPE_ERROR);
    expect((await upload('notes.txt', Buffer.from('a,b'))).status).toBe(Status.FILE_TYPE_ERROR);
    expect((await upload('broken.xlsx', Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(64)]))).status).toBe(Status.FILE_TYPE_ERROR);
    const cols = await upload('cols.csv', Buffer.from('Name,Email\nAda,a@b.co'));
    expect(cols.status).toBe(Status.BAD_PARAMS);
    expect(cols.result).toMatchObject({ errors: [{ field: 'file.phone', rule: 'column' }] });
    const none = await t.api.importEmpList({}, a.token);
    expect(none.status).toBe(Status.BAD_PARAMS);
  });

  it('the import skipping example rows and naming who an update changes', async () => {
    const c = (await twoTenants(t)).a;
    const added = await t.api.addEmployee({ employee_name: 'Zhang Wei', phone: '13700000001', empNo: 'E001', email: 'zw@corp.example' }, c.token);
    expect(added.status).toBe(0);
    const list = async () => (await t.api.getEmpListPages({ sortBy: 'empName', sortOrder: 'asc' }, c.token)).result.list;
    const departments = async () => (await t.api.getDeptList({}, c.token)).result;
    const deptsBefore = JSON.stringify(await departments());
    // The template as downloaded, in either language: its example row (Wang Ming, E001) is marked and skipped, even on a real run.
    for (const lang of ['en', 'zh']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/ExportEmployeeTemplate?lang=${lang}`, headers: { 'x-coolvisit-token': c.token } });
      const r = await upload('template.xlsx', res.rawPayload, { dryRun: 'false' }, c.token);
      expect(r.result).toMatchObject({ total: 0, valid: 0, created: 0, updated: 0, departmentsCreated: 0, exampleRows: [2], errors: [] });
    }
    // A template saved before the mark (no marker column), in the other language, with a real row after the example.
    const legacy = await xlsx([
      ['Name *', 'Mobile phone *', 'Work number', 'Email', 'Departments', 'Position'],
      ['Wang Ming', '13800138000', 'E001', 'wang.ming@example.com', 'Headquarters/Sales', 'Sales manager'],
      ['Ada', '13700000002', 'E002', '', '', ''],
    ]);
    const zh = await xlsx([
      ['示例', '姓名 *', '手机号 *', '工号', '邮箱', '部门', '职位'],
      ['Example, not imported', '王明', '13800138000', 'E001', 'wang.ming@example.com', '总部/销售部', '销售经理'],
    ]);
    expect((await upload('zh.xlsx', zh, { dryRun: 'false' }, c.token)).result).toMatchObject({ created: 0, updated: 0, exampleRows: [2] });
    expect((await upload('old.xlsx', legacy, { dryRun: 'false' }, c.token)).result).toMatchObject({ created: 1, updated: 0, exampleRows: [2] });
    expect((await list()).map((e) => [e.empName, e.empNo])).toEqual([
      ['Ada', 'E002'],
      ['Zhang Wei', 'E001'],
    ]);
    expect(JSON.stringify(await departments())).toBe(deptsBefore);

    // A real row matching E001: the check names the employee as they are and each field before and after.
    const update = await xlsx([
      ['Name', 'Mobile phone', 'Work number', 'Email', 'Departments'],
      ['Zhang Wei-Li', '13700000001', 'E001', '', 'Plant/QA'],
      ['Bo', '13700000003', 'E003', '', ''],
    ]);
    const check = await upload('update.xlsx', update, { dryRun: 'true' }, c.token);
    expect(check.result).toMatchObject({ valid: 2, updating: 1, leftOut: 0, exampleRows: [] });
    expect(check.result.updates).toEqual([
      {
        row: 2,
        empid: added.result.empid,
        empName: 'Zhang Wei',
        empNo: 'E001',
        phone: '13700000001',
        changes: [
          { field: 'employee_name', before: 'Zhang Wei', after: 'Zhang Wei-Li' },
          { field: 'departments', before: '', after: 'Plant/QA' },
        ],
      },
    ]);
    // New rows only: the server leaves the update out, whatever the console shows.
    const run = await upload('update.xlsx', update, { dryRun: 'false', updateExisting: 'false' }, c.token);
    expect(run.result).toMatchObject({ created: 1, updated: 0, leftOut: 1, departmentsCreated: 0 });
    expect((await list()).map((e) => [e.empName, e.empNo])).toEqual([
      ['Ada', 'E002'],
      ['Bo', 'E003'],
      ['Zhang Wei', 'E001'],
    ]);
    const all = await upload('update.xlsx', update, { dryRun: 'false' }, c.token);
    expect(all.result).toMatchObject({ created: 0, updated: 2, departmentsCreated: 2 });
    expect((await list()).find((e) => e.empNo === 'E001')?.empName).toBe('Zhang Wei-Li');
  });
});
