import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import yauzl from 'yauzl';
import { xlsxStream } from './xlsx.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Every entry's bytes as inflated, beside what the central directory records of them. */
function zipEntries(bytes: Buffer): Promise<{ name: string; crc: number; size: number; recordedCrc: number; recordedSize: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: { name: string; crc: number; size: number; recordedCrc: number; recordedSize: number }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, async (e, stream) => {
          if (e || !stream) return reject(e);
          const data = await bytesOf(stream);
          out.push({ name: entry.fileName, crc: crc32(data), size: data.length, recordedCrc: entry.crc32, recordedSize: entry.uncompressedSize });
          zip.readEntry();
        }),
      );
      zip.readEntry();
    });
  });
}

const at = new Date(2026, 10, 24, 18, 25); // local time: the sheet shows the server's wall clock

describe('xlsxStream', () => {
  it('writes a workbook Excel readers open: header, text, numbers, dates, booleans, blanks, neutralised formulas', async () => {
    const bytes = await bytesOf(
      xlsxStream(
        {
          sheet: 'Visitors: a/b',
          columns: [
            { header: '访客', width: 14 },
            { header: 'N', width: 8 },
            { header: 'When', width: 18 },
            { header: 'Ok', width: 6 },
          ],
          freezeHeader: true,
        },
        async (sheet) => {
          sheet.row(['张三 <&> "q"', 3, at, true]);
          sheet.row(['=HYPERLINK("x")', null, undefined, false]);
          sheet.row(['bad\u0000char\u0008s', Number.NaN, new Date(Number.NaN), '']);
          sheet.row(['Totals', 12], { bold: true });
          await sheet.flush();
        },
      ),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Visitors  a b');
    expect(ws?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws?.getColumn(1).width).toBe(14);
    expect(ws?.getRow(1).getCell(1).value).toBe('访客');
    expect(ws?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws?.getRow(2).getCell(1).value).toBe('张三 <&> "q"');
    expect(ws?.getRow(2).getCell(2).value).toBe(3);
    // ExcelJS reads a serial day as UTC: the wall clock written is the server's local one.
    const read = ws?.getRow(2).getCell(3).value as Date;
    expect([read.getUTCFullYear(), read.getUTCMonth(), read.getUTCDate(), read.getUTCHours(), read.getUTCMinutes()]).toEqual([2026, 10, 24, 18, 25]);
    expect(ws?.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(ws?.getRow(2).getCell(4).value).toBe(true);
    expect(ws?.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("x")');
    expect(ws?.getRow(3).getCell(2).value).toBeNull();
    expect(ws?.getRow(3).getCell(4).value).toBe(false);
    expect(ws?.getRow(4).getCell(1).value).toBe('badchars');
    expect(ws?.getRow(4).getCell(2).value).toBe('NaN');
    expect(ws?.getRow(4).getCell(3).value).toBeNull();
    expect(ws?.getRow(5).getCell(2).font?.bold).toBe(true);
    expect(ws?.rowCount).toBe(5);

    // A second reader, and the zip's own records: each entry's CRC and sizes as its bytes have them.
    const sheet = XLSX.read(bytes, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0] ?? ''] as XLSX.WorkSheet, { header: 1, raw: false });
    expect(rows[0]).toEqual(['访客', 'N', 'When', 'Ok']);
    expect(rows[1]?.[2]).toBe('2026-11-24 18:25');
    const entries = await zipEntries(bytes);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    for (const e of entries) expect([e.crc, e.size]).toEqual([e.recordedCrc, e.recordedSize]);
  });

  it('streams many rows with the reader setting the pace, and ends short when the writer fails', async () => {
    const n = 30_000;
    const stream = xlsxStream(
      {
        sheet: 'Big',
        columns: [
          { header: 'i', width: 8 },
          { header: 'text', width: 30 },
        ],
      },
      async (sheet) => {
        for (let i = 0; i < n; i++) {
          sheet.row([i, `row ${i} ${'x'.repeat(i % 50)}`]);
          if (i % 1000 === 999) await sheet.flush();
        }
      },
    );
    // A slow reader: the writer waits for it instead of piling the sheet up in memory.
    const chunks: Buffer[] = [];
    for await (const c of stream) {
      chunks.push(c as Buffer);
      if (chunks.length % 8 === 0) await new Promise((r) => setImmediate(r));
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(n + 1);
    expect(wb.worksheets[0]?.getRow(n + 1).getCell(1).value).toBe(n - 1);

    let reported: unknown;
    const failing = xlsxStream(
      { sheet: 'Bad', columns: [{ header: 'a', width: 8 }] },
      async (sheet) => {
        sheet.row(['one']);
        await sheet.flush();
        throw new Error('database went away');
      },
      (err) => {
        reported = err;
      },
    );
    await expect(bytesOf(failing)).rejects.toThrow('database went away');
    expect(String(reported)).toContain('database went away');
  });
});
