import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

interface ImportResult {
  total: number;
  valid: number;
  created: number;
  updated: number;
  errors: { row: number; field: string; rule: string }[];
  exampleRows: number[];
  updating: number;
  updates: { row: number; deptid: number; path: string; changes: { field: string; before: string; after: string }[] }[];
  preview: { row: number; path: string; action: string }[];
}
interface Node {
  deptid: number;
  deptName: string;
  deptNo: string;
  deptManagerEmpid: number | null;
  childDeptList: Node[];
}

/** A legacy BIFF8 .xls, written by SheetJS as Excel 97–2003 would. */
function xls(rows: string[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

function flatten(nodes: Node[], prefix = ''): Record<string, { no: string; manager: number | null }> {
  const out: Record<string, { no: string; manager: number | null }> = {};
  for (const n of nodes) {
    const p = prefix ? `${prefix}/${n.deptName}` : n.deptName;
    out[p] = { no: n.deptNo, manager: n.deptManagerEmpid };
    Object.assign(out, flatten(n.childDeptList, p));
  }
  return out;
}

describe('importDepartment', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let boss: number;
  const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}, token = a.token) =>
    t.upload<ImportResult>('importDepartment', { name, bytes }, fields, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    boss = (await t.api.addEmployee({ employee_name: 'Boss', phone: '13900000001', empNo: 'E001' }, a.token)).result.empid;
    await t.api.addDepartment({ deptName: 'Taken', deptNo: 'D9' }, a.token);
    await t.api.addDepartment({ deptName: 'Elsewhere', deptNo: 'D1' }, b.token);
  });
  afterAll(() => t.close());

  it('no token 28; front desk 610; not a spreadsheet 620', async () => {
    expect((await upload('d.csv', Buffer.from('部门\nA'), {}, '')).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await upload('d.csv', Buffer.from('部门\nA'), {}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await upload('d.zip', Buffer.from('PK'))).status).toBe(Status.FILE_TYPE_ERROR);
    const corrupt = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(200, 7)]);
    expect((await upload('d.xls', corrupt)).status).toBe(Status.FILE_TYPE_ERROR);
    const noColumn = await upload('d.csv', Buffer.from('Name\nA'));
    expect(noColumn.result.errors).toEqual([{ field: 'file.path', rule: 'column' }]);
  });

  it('previews an xls file: per-row errors, nothing written', async () => {
    const rows = [
      ['Department *', 'Department number', 'Manager work number'],
      ['HQ / Sales', 'D1', 'E001'],
      ['HQ/Sales/East', 'D2', ''],
      ['HQ/R&D', 'D9', ''],
      ['HQ/Ops', 'bad no!', ''],
      ['HQ/Legal', 'D1', 'E404'],
      ['', '', ''],
      ['hq/sales', '', ''],
    ];
    const r = await upload('depts.xls', xls(rows), { dryRun: 'true' });
    expect(r.status).toBe(0);
    expect(r.result.errors).toEqual([
      { row: 4, field: 'deptNo', rule: 'taken' },
      { row: 5, field: 'deptNo', rule: 'format' },
      { row: 6, field: 'deptNo', rule: 'duplicateInFile' },
      { row: 6, field: 'managerNo', rule: 'notFound' },
      { row: 8, field: 'path', rule: 'duplicateInFile' },
    ]);
    expect(r.result.valid).toBe(2);
    expect(r.result.preview.map((p) => [p.path, p.action])).toEqual([
      ['HQ/Sales', 'create'],
      ['HQ/Sales/East', 'create'],
    ]);
    expect(Object.keys(flatten((await t.api.getDeptList({}, a.token)).result))).toEqual(['Taken']);
  });

  it('applies valid rows from csv (GB18030 as Excel writes it) and a re-run updates without duplicating', async () => {
    const text = '部门,部门编号,负责人工号\n总部/销售部,S1,E001\n总部/研发部,,\n';
    // Node has no GB18030 encoder: the bytes of these characters, checked by decoding them back.
    const gbk: Record<string, number[]> = {
      部: [0xb2, 0xbf],
      门: [0xc3, 0xc5],
      编: [0xb1, 0xe0],
      号: [0xba, 0xc5],
      负: [0xb8, 0xba],
      责: [0xd4, 0xf0],
      人: [0xc8, 0xcb],
      工: [0xb9, 0xa4],
      总: [0xd7, 0xdc],
      销: [0xcf, 0xfa],
      售: [0xca, 0xdb],
      研: [0xd1, 0xd0],
      发: [0xb7, 0xa2],
    };
    const bytes = Buffer.concat([...text].map((ch) => Buffer.from(gbk[ch] ?? [ch.charCodeAt(0)])));
    expect(new TextDecoder('gb18030').decode(bytes)).toBe(text);
    const r = await upload('depts.csv', bytes, { dryRun: 'false' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ valid: 2, created: 3, updated: 0, errors: [] });
    const tree = flatten((await t.api.getDeptList({}, a.token)).result);
    expect(tree['总部/销售部']).toEqual({ no: 'S1', manager: boss });
    expect(tree['总部/研发部']).toEqual({ no: '', manager: null });

    const again = await upload('depts.csv', bytes, { dryRun: 'false' });
    expect(again.result).toMatchObject({ created: 0, updated: 2 });
    expect(Object.keys(flatten((await t.api.getDeptList({}, a.token)).result)).sort()).toEqual(
      ['Taken', '总部', '总部/研发部', '总部/销售部'].sort(),
    );
    // Beta's tree is its own.
    expect(Object.keys(flatten((await t.api.getDeptList({}, b.token)).result))).toEqual(['Elsewhere']);
  });

  it('xlsx; numbers can move between departments in one file', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('D');
    sheet.addRows([
      ['部门', '部门编号'],
      ['总部/销售部', 'R1'],
      ['总部/研发部', 'S1'],
    ]);
    const r = await upload('d.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), { dryRun: 'false' });
    expect(r.result.errors).toEqual([]);
    const tree = flatten((await t.api.getDeptList({}, a.token)).result);
    expect(tree['总部/销售部']?.no).toBe('R1');
    expect(tree['总部/研发部']?.no).toBe('S1');
  });

  it('the check names each existing department a row changes, with its number and manager before and after (issue 35)', async () => {
    await t.api.addEmployee({ employee_name: 'Deputy', phone: '13900000002', empNo: 'E002' }, a.token);
    const before = flatten((await t.api.getDeptList({}, a.token)).result);
    const sales = (await t.api.getDeptList({}, a.token)).result[1]?.childDeptList.find((d) => d.deptName === '销售部');
    const rows = [
      ['部门', '部门编号', '负责人工号'],
      ['总部/销售部', 'R2', 'E002'],
      ['总部/研发部', 'S1', ''],
      ['总部/法务部', 'L1', ''],
    ];
    const r = await upload('d.xls', xls(rows), { dryRun: 'true' });
    expect(r.status).toBe(0);
    expect(r.result.updating).toBe(2);
    // 研发部 keeps its number: it is an update that changes nothing, so it is not listed.
    expect(r.result.updates).toEqual([
      {
        row: 2,
        deptid: sales?.deptid,
        path: '总部/销售部',
        changes: [
          { field: 'deptNo', before: 'R1', after: 'R2' },
          { field: 'managerNo', before: 'E001', after: 'E002' },
        ],
      },
    ]);
    expect(flatten((await t.api.getDeptList({}, a.token)).result)).toEqual(before);
  });

  it('template in both languages, its marked example row never imported', async () => {
    for (const [lang, header] of [
      ['zh', '部门 *'],
      ['en', 'Department *'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/ExportDepartmentTemplate?lang=${lang}`, headers: { 'x-coolvisit-token': a.token } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]?.getRow(1).getCell(2).value).toBe(header);
      const before = (await t.api.getDeptList({}, a.token)).result;
      const r = await upload('template.xlsx', res.rawPayload, { dryRun: 'false' });
      expect(r.result).toMatchObject({ total: 0, valid: 0, created: 0, exampleRows: [2] });
      expect((await t.api.getDeptList({}, a.token)).result).toEqual(before);
    }
  });
});
