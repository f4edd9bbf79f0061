import zlib from 'node:zlib';
import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { readSheetRows, SHEET_LIMITS, sheetReadsInProgress } from './spreadsheet.js';

/** One zip entry: its name, its raw-deflate data, and the unpacked size its headers claim. */
interface Entry {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

const deflated = (name: string, data: Buffer): Entry => ({
  name,
  deflated: zlib.deflateRawSync(data, { level: 1 }),
  size: data.length,
  crc: zlib.crc32(data),
});

/** A zip archive written by hand, so an entry's headers can claim any size. */
function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.deflated);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.deflated.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/**
 * Raw deflate (one fixed-Huffman block) of `prefix`, then `run` copies of one byte, then `suffix`: the run is coded as
 * back-references of 258 bytes at distance 1, 13 bits each, so hundreds of MB cost a few hundred KB and no CPU to make.
 */
function deflatedRun(prefix: Buffer, byte: number, run: number, suffix: Buffer): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (value: number, n: number) => {
    for (let i = 0; i < n; i++) {
      acc |= ((value >> i) & 1) << bits;
      if (++bits === 8) {
        out.push(acc);
        acc = 0;
        bits = 0;
      }
    }
  };
  // Huffman codes go most significant bit first.
  const code = (c: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) put((c >> i) & 1, 1);
  };
  const literal = (b: number) => (b < 144 ? code(0x30 + b, 8) : code(0x190 + b - 144, 9));
  put(1, 1); // last block
  put(1, 2); // fixed Huffman
  for (const b of prefix) literal(b);
  literal(byte);
  let left = run - 1;
  for (; left >= 258; left -= 258) {
    code(0xc5, 8); // length 258 (code 285)
    code(0, 5); // distance 1
  }
  for (; left > 0; left--) literal(byte);
  for (const b of suffix) literal(b);
  code(0, 7); // end of block
  if (bits) out.push(acc);
  return Buffer.from(out);
}

/** A real workbook (written by ExcelJS) whose first sheet is replaced by `sheet`. */
async function workbookWith(sheet: (others: Record<string, Uint8Array>) => Entry): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Sheet1').addRow(['Name']);
  const files = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
  const entries = Object.entries(files)
    .filter(([name]) => name !== 'xl/worksheets/sheet1.xml')
    .map(([name, data]) => deflated(name, Buffer.from(data)));
  return zipOf([...entries, sheet(files)]);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A workbook of `n` rows under headers every import accepts (visitor/employee name and phone, department path). */
function manyRows(n: number): Promise<Buffer> {
  return workbookWith(() => {
    const parts = [SHEET_HEAD, `<row r="1">${cell('A1', 'Name')}${cell('B1', 'Mobile phone')}${cell('C1', 'Department')}</row>`];
    for (let r = 2; r <= n + 1; r++)
      parts.push(`<row r="${r}">${cell(`A${r}`, `P${r}`)}${cell(`B${r}`, `139${String(r).padStart(8, '0')}`)}${cell(`C${r}`, `D${r}`)}</row>`);
    parts.push(SHEET_TAIL);
    return deflated('xl/worksheets/sheet1.xml', Buffer.from(parts.join('')));
  });
}

/**
 * A zip bomb: the sheet inflates to `inflated` bytes (one cell of blanks, then a well-formed end), while its headers
 * claim a few KB, so only the bytes really inflated can stop it.
 */
function bomb(inflated: number): Promise<Buffer> {
  return workbookWith(() => {
    const prefix = Buffer.from(`${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Name`);
    const suffix = Buffer.from(`</t></is></c></row>${SHEET_TAIL}`);
    const data = deflatedRun(prefix, 0x20, inflated - prefix.length - suffix.length, suffix);
    return { name: 'xl/worksheets/sheet1.xml', deflated: data, size: 4096, crc: 0 };
  });
}

describe('hostile spreadsheets', () => {
  let t: TestApp;
  let a: Tenant;
  let host: number;
  const tomorrow = () => String(Date.now() + 86_400_000);
  const imports = [
    { call: 'importEmpList', fields: () => ({ dryRun: 'true' }) },
    { call: 'importDepartment', fields: () => ({ dryRun: 'true' }) },
    { call: 'UploadApponintment', fields: () => ({ dryRun: 'true', empid: String(host), appointmentDate: tomorrow() }) },
  ];

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
  });
  afterAll(() => t.close());

  it('a workbook of far more rows than any cap is refused as too many rows by every import', async () => {
    const file = await manyRows(50_000);
    for (const { call, fields } of imports) {
      const res = await t.upload(call, { name: 'big.xlsx', bytes: file }, fields(), a.token);
      expect([call, res.status, res.result]).toEqual([call, Status.BAD_PARAMS, { errors: [{ field: 'file', rule: 'tooManyRows' }] }]);
    }
  });

  it('a sheet that inflates past the size limit is refused as a bad file, by the bytes really inflated', async () => {
    const file = await bomb(2 * SHEET_LIMITS.entryBytes);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    // Every import reads through the same reader: the batch invite, open to any employee, stands for the three.
    const res = await t.upload('UploadApponintment', { name: 'bomb.xlsx', bytes: file }, imports[2]?.fields(), a.token);
    expect(res.status).toBe(Status.FILE_TYPE_ERROR);
    expect(res.reason).toMatch(/more than \d+ MB/);
  });

  it('while a big workbook is being read, the server keeps answering', async () => {
    const file = await manyRows(50_000);
    let finished = false;
    const upload = t.upload('importEmpList', { name: 'big.xlsx', bytes: file }, { dryRun: 'true' }, a.token).finally(() => {
      finished = true;
    });
    expect(await eventually(() => sheetReadsInProgress() > 0 || finished)).toBe(true);
    // A health check answered while the workbook is still being read (the old reader held the event loop until the end).
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, finished]).toEqual([200, false]);
    expect((await upload).result).toEqual({ errors: [{ field: 'file', rule: 'tooManyRows' }] });
  });
});

/** How the server read an xlsx before it streamed: ExcelJS's whole-workbook load, cells as text. */
async function loadedWhole(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => {
      if (v === null || v === undefined) return '';
      if (v instanceof Date) {
        const iso = v.toISOString();
        return v.getUTCHours() || v.getUTCMinutes() ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
      }
      if (typeof v === 'object' && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
      if (typeof v === 'object' && 'text' in v) return String((v as { text: unknown }).text);
      if (typeof v === 'object' && 'result' in v) return String((v as { result: unknown }).result ?? '');
      return String(v);
    });
  });
  // Empty rows and trailing empty cells read the same to the imports, which skip them.
  const trim = (r: string[] | undefined) => {
    const out = [...(r ?? [])];
    while (out.length && !out[out.length - 1]) out.pop();
    return out;
  };
  const all = Array.from(rows, trim);
  while (all.length && !all[all.length - 1]?.length) all.pop();
  return all;
}

describe('readSheetRows', () => {
  it('reads cells as the whole-workbook load did: shared and rich text, numbers, dates, times, formulas, links, gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('People');
    sheet.addRow(['Name', 'Mobile phone', 'When', 'Count', 'Flag']);
    sheet.addRow(['张三', '13800138000', new Date(Date.UTC(2026, 2, 14)), 42, true]);
    sheet.addRow([
      { richText: [{ text: 'Rich ' }, { text: 'text', font: { bold: true } }] },
      13900000001,
      new Date(Date.UTC(2026, 2, 14, 9, 30)),
      1.5,
    ]);
    sheet.addRow([]);
    sheet.addRow([
      { text: 'A link', hyperlink: 'https://example.com' },
      { formula: 'A1&"!"', result: 'Name!' },
      { formula: '1+1', result: 2 },
    ]);
    const sparse = sheet.getRow(7);
    sparse.getCell(4).value = 'far';
    sparse.commit();
    sheet.getCell('C3').numFmt = 'yyyy-mm-dd hh:mm';
    sheet.getCell('C2').numFmt = 'yyyy"年"m"月"d"日"';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await readSheetRows(bytes, { maxRows: 100, count: 'all' });
    expect(read.tooManyRows).toBe(false);
    expect(
      read.rows.map((r) => {
        const out = [...r];
        while (out.length && !out[out.length - 1]) out.pop();
        return out;
      }),
    ).toEqual(await loadedWhole(bytes));
    expect(read.rows[1]).toEqual(['张三', '13800138000', '2026-03-14', '42', 'true']);
    expect(read.rows[2]?.slice(0, 3)).toEqual(['Rich text', '13900000001', '2026-03-14 09:30']);
    expect(read.rows[6]).toEqual(['', '', '', 'far']);
  });

  it('stops at the first row past the cap: every row counts, or only rows with text', async () => {
    const csv = (n: number, blanks = 0) =>
      Buffer.from(['Name', ...Array.from({ length: blanks }, () => ''), ...Array.from({ length: n }, (_, i) => `P${i}`)].join('\n'));
    expect((await readSheetRows(csv(5), { maxRows: 5, count: 'all' })).tooManyRows).toBe(false);
    expect((await readSheetRows(csv(6), { maxRows: 5, count: 'all' })).tooManyRows).toBe(true);
    expect((await readSheetRows(csv(5, 3), { maxRows: 5, count: 'all' })).tooManyRows).toBe(true);
    const filled = await readSheetRows(csv(5, 3), { maxRows: 5, count: 'filled' });
    expect(filled).toEqual({ tooManyRows: false, rows: [['Name'], [], [], [], ['P0'], ['P1'], ['P2'], ['P3'], ['P4']] });
    expect((await readSheetRows(csv(6, 3), { maxRows: 5, count: 'filled' })).tooManyRows).toBe(true);
    const xlsBook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(xlsBook, XLSX.utils.aoa_to_sheet([['Name'], ...Array.from({ length: 8 }, (_, i) => [`P${i}`])]), 'S');
    const xls = XLSX.write(xlsBook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(await readSheetRows(xls, { maxRows: 8, count: 'all' })).toEqual({
      tooManyRows: false,
      rows: [['Name'], ...Array.from({ length: 8 }, (_, i) => [`P${i}`])],
    });
    expect((await readSheetRows(xls, { maxRows: 7, count: 'all' })).tooManyRows).toBe(true);
  });

  it('refuses a part whose headers claim more than the limit before inflating it, and a zip that is no workbook', async () => {
    const honest = await workbookWith(() => ({
      ...deflated('xl/worksheets/sheet1.xml', Buffer.from(`${SHEET_HEAD}${SHEET_TAIL}`)),
      size: SHEET_LIMITS.entryBytes + 1,
    }));
    await expect(readSheetRows(honest, { maxRows: 10, count: 'all' })).rejects.toMatchObject({
      status: Status.FILE_TYPE_ERROR,
      message: expect.stringMatching(/more than \d+ MB/),
    });
    const notBook = zipOf([deflated('word/document.xml', Buffer.from('<w:document/>'))]);
    await expect(readSheetRows(notBook, { maxRows: 10, count: 'all' })).rejects.toMatchObject({ status: Status.FILE_TYPE_ERROR });
  });
});
