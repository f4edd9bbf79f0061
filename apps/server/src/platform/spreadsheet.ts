import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { type Lang, Status, sniffFileType } from '@openvisit/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError, badParams } from './errors.js';

/** A file that is not a readable spreadsheet: 620 with the reason. */
class SpreadsheetUnreadable extends AppError {
  constructor(reason: string) {
    super(Status.FILE_TYPE_ERROR, reason);
  }
}

/** Import columns: the header accepted for each field in either language, and whether it must be present. */
export type ImportColumns<F extends string> = Record<F, { en: string; zh: string; required: boolean }>;

/**
 * Header cells → column index per field, accepting the English or Chinese names in any order (a trailing
 * `*`, as the templates mark required columns, is ignored). A missing required column is a field error `file.<field>`.
 */
export function mapColumns<F extends string>(header: string[], columns: ImportColumns<F>): Map<F, number> {
  const map = new Map<F, number>();
  header.forEach((cell, i) => {
    const name = String(cell ?? '')
      .trim()
      .toLowerCase()
      .replace(/\s*\*$/, '');
    for (const [field, names] of Object.entries(columns) as [F, { en: string; zh: string }][]) {
      if (name === names.en.toLowerCase() || name === names.zh) map.set(field, i);
    }
  });
  const missing = (Object.entries(columns) as [F, { required: boolean }][]).filter(([f, c]) => c.required && !map.has(f));
  if (missing.length) throw badParams(missing.map(([f]) => ({ field: `file.${f}`, rule: 'column' })));
  return map;
}

/** An import template: the columns' headers in one language (required ones marked *), one example row. */
export function templateWorkbook<F extends string>(columns: ImportColumns<F>, opts: { lang: Lang; sheet: string; example: string[] }): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = wb.addWorksheet(opts.sheet);
  sheet.columns = Object.values<{ en: string; zh: string; required: boolean }>(columns).map((c) => ({
    header: `${c[opts.lang]}${c.required ? ' *' : ''}`,
    width: 24,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  sheet.addRow(opts.example).commit();
  sheet.commit();
  wb.commit().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * The first sheet's rows as text cells (620 when the file is none of these), from csv, xlsx or legacy xls: the content decides, not the name.
 * CSV may be UTF-8 (with or without BOM) or GB18030, which Excel on Chinese Windows writes.
 */
export async function readSheetRows(bytes: Buffer): Promise<string[][]> {
  const kind = sniffFileType(new Uint8Array(bytes.subarray(0, 16)));
  if (kind === 'zip') return readXlsx(bytes);
  if (kind === 'xls') return readXls(bytes);
  if (kind !== null) throw new SpreadsheetUnreadable('Only csv, xls and xlsx files are accepted');
  return readCsv(bytes);
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SpreadsheetUnreadable('The workbook could not be read; save it again as .xlsx');
  }
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = (row.values as unknown[]).slice(1).map(cellText);
  });
  return Array.from(rows, (r) => r ?? []);
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  // Workbook dates carry the wall-clock time as UTC: a date alone reads "yyyy-mm-dd", a date and time "yyyy-mm-dd hh:mm".
  if (v instanceof Date) {
    const iso = v.toISOString();
    return v.getUTCHours() || v.getUTCMinutes() ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
  }
  if (typeof v === 'object' && 'richText' in (v as object))
    return ((v as { richText: { text: string }[] }).richText ?? []).map((r) => r.text).join('');
  if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: unknown }).text);
  if (typeof v === 'object' && 'result' in (v as object)) return String((v as { result: unknown }).result ?? '');
  return String(v);
}

function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  if (text.includes('\u0000')) throw new SpreadsheetUnreadable('Only csv, xls and xlsx files are accepted');
  try {
    return parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    throw new SpreadsheetUnreadable(`The csv file could not be read: ${(err as Error).message.slice(0, 120)}`);
  }
}

/**
 * Legacy BIFF .xls through SheetJS, in a worker thread with its own heap limit and a deadline: the npm build
 * of SheetJS has known prototype-pollution and ReDoS advisories on crafted files, so it never runs in the
 * server's own realm, and a worker that hangs or balloons is killed without touching the server.
 */
const XLS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require(workerData.library);
try {
  const wb = XLSX.read(workerData.bytes, { type: 'buffer', cellFormula: false, cellHTML: false, cellDates: true, sheetRows: ${50_001} });
  const sheet = wb.Sheets[wb.SheetNames[0]];
  const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true, dateNF: 'yyyy-mm-dd' }) : [];
  parentPort.postMessage({ rows: JSON.parse(JSON.stringify(rows)) });
} catch (err) {
  parentPort.postMessage({ error: String(err && err.message || err).slice(0, 200) });
}`;

const XLS_DEADLINE_MS = 30_000;
const XLSX_LIBRARY = createRequire(import.meta.url).resolve('xlsx');

function readXls(bytes: Buffer): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(XLS_WORKER, {
      eval: true,
      workerData: { library: XLSX_LIBRARY, bytes },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new SpreadsheetUnreadable('The xls file took too long to read; save it as .xlsx'));
    }, XLS_DEADLINE_MS);
    worker.once('message', (m: { rows?: unknown[][]; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (m.error || !m.rows) reject(new SpreadsheetUnreadable('The xls file could not be read; save it again as .xlsx'));
      else resolve(m.rows.map((r) => (Array.isArray(r) ? r.map((c) => (c === null || c === undefined ? '' : String(c).trim())) : [])));
    });
    worker.once('error', () => {
      clearTimeout(timer);
      reject(new SpreadsheetUnreadable('The xls file could not be read; save it again as .xlsx'));
    });
  });
}
