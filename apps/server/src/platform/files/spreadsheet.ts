import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { type Lang, Status, sniffFileType } from '@openvisit/contract';
import { AppError, badParams } from '../http/errors.js';
import { SHEET_WORKER } from './spreadsheet.worker.js';
import { xlsxStream } from './xlsx.js';

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

/**
 * A template's example rows never import (issue 35: the example of the employee template, left in, renamed the real
 * E001). The template puts them under a first column of its own, headed EXAMPLE_COLUMN, whose cell reads EXAMPLE_MARK,
 * greyed; the importers skip a row so marked, in either language, and report it. A template downloaded before the
 * mark (or with the column deleted) is still caught: a row whose imported cells are exactly an example's, in either
 * language, is that example.
 */
export const EXAMPLE_COLUMN: Record<Lang, string> = { en: 'Example', zh: '示例' };
export const EXAMPLE_MARK: Record<Lang, string> = { en: 'Example, not imported', zh: '示例，不会导入' };

/** A template: its columns and its example rows in each language (cells in the columns' order). */
export interface ImportTemplate<F extends string> {
  columns: ImportColumns<F>;
  examples: Record<Lang, string[][]>;
}

/** An import template: the marker column, the columns' headers in one language (required ones marked *), the example rows greyed. */
export function templateWorkbook<F extends string>(template: ImportTemplate<F>, opts: { lang: Lang; sheet: string }): Readable {
  const headers = [
    { header: EXAMPLE_COLUMN[opts.lang], width: 20 },
    ...Object.values<{ en: string; zh: string; required: boolean }>(template.columns).map((c) => ({
      header: `${c[opts.lang]}${c.required ? ' *' : ''}`,
      width: 24,
    })),
  ];
  return xlsxStream({ sheet: opts.sheet, columns: headers }, async (sheet) => {
    for (const example of template.examples[opts.lang]) sheet.row([EXAMPLE_MARK[opts.lang], ...example], { muted: true });
  });
}

const plain = (s: unknown) =>
  String(s ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Is this body row one of the template's examples? Built once per file from its header and mapped columns. */
export function exampleRowTest<F extends string>(
  header: string[],
  template: ImportTemplate<F>,
  mapped: Map<F, number>,
): (cells: string[]) => boolean {
  const markNames = new Set(Object.values(EXAMPLE_COLUMN).map(plain));
  const marks = new Set(Object.values(EXAMPLE_MARK).map(plain));
  const markAt = header.findIndex((h) => markNames.has(plain(h)));
  const fields = Object.keys(template.columns) as F[];
  // Each example as [column index in this file, expected text], over the columns the file has.
  const known = Object.values(template.examples)
    .flat()
    .map((cells) => fields.flatMap((f, i) => (mapped.has(f) ? [[mapped.get(f) as number, plain(cells[i])] as const] : [])))
    .filter((pairs) => pairs.some(([, v]) => v));
  return (cells) => (markAt >= 0 && marks.has(plain(cells[markAt]))) || known.some((pairs) => pairs.every(([at, v]) => plain(cells[at]) === v));
}

/** The bounds of reading one import file, whatever its format. */
export const SHEET_LIMITS = {
  /** Unpacked bytes of one xlsx part (sheet, shared strings…), counted as inflated: 20,000 plain rows take a few MB. */
  entryBytes: 64 * 1024 * 1024,
  /** Unpacked bytes of all the parts read together. */
  totalBytes: 128 * 1024 * 1024,
  entries: 10_000,
  /** Excel's own bounds: a row or column past them is no sheet Excel wrote. */
  sheetRows: 1_048_576,
  sheetColumns: 16_384,
  /** Columns kept per row; the imports' columns are the first few. */
  keptColumns: 256,
  /** Heap of the reading worker, and how long it may take (a worker past either is stopped, the file refused). */
  heapMb: 512,
  deadlineMs: 30_000,
  /** Files read at once; more wait their turn, so a burst of uploads cannot start a worker (and a heap) each. */
  concurrent: 2,
} as const;

export interface SheetRead {
  /** The first sheet's rows as text cells (the header first); only the header when the file has too many. */
  rows: string[][];
  /** The file has more rows than the cap: reading stopped at the first row past it. */
  tooManyRows: boolean;
}

export interface SheetCap {
  /** Rows after the header. */
  maxRows: number;
  /** Which rows count: every row (an empty one too), or only those with text. */
  count: 'all' | 'filled';
}

const resolve = createRequire(import.meta.url).resolve;
const EXCELJS = resolve('exceljs');
const LIBS = {
  yauzl: resolve('yauzl'),
  // ExcelJS's own XML parser and default number formats, so cells and dates read as ExcelJS read them.
  saxes: createRequire(EXCELJS).resolve('saxes'),
  numFormats: resolve('exceljs/lib/xlsx/defaultnumformats.js'),
  csvParse: resolve('csv-parse/sync'),
  xlsx: resolve('xlsx'),
};

let reading = 0;
/** Files whose rows are being read right now (a worker has started on the rows and not finished). */
export const sheetReadsInProgress = (): number => reading;

let running = 0;
const waiting: (() => void)[] = [];
async function slot(): Promise<() => void> {
  if (running >= SHEET_LIMITS.concurrent) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * The first sheet of a csv, xlsx or legacy xls file (the content decides, not the name; 620 when it is none of these),
 * read in a worker thread with its own heap and a deadline, streamed and bounded while reading: an xlsx part that
 * inflates past SHEET_LIMITS is refused as soon as it does (620), and the rows stop at the first one past the cap.
 * CSV may be UTF-8 (with or without BOM) or GB18030, which Excel on Chinese Windows writes.
 */
export async function readSheetRows(bytes: Buffer, cap: SheetCap): Promise<SheetRead> {
  const kind = sniffFileType(new Uint8Array(bytes.subarray(0, 16)));
  if (kind !== null && kind !== 'zip' && kind !== 'xls') throw new SpreadsheetUnreadable('Only csv, xls and xlsx files are accepted');
  const release = await slot();
  try {
    return await inWorker(kind ?? 'csv', bytes, cap);
  } finally {
    release();
  }
}

const MB = 1024 * 1024;
const REFUSALS: Record<string, string> = {
  tooLarge: `The workbook unpacks to more than ${SHEET_LIMITS.entryBytes / MB} MB in one part or ${SHEET_LIMITS.totalBytes / MB} MB in all; it is not an import file`,
  badText: 'Only csv, xls and xlsx files are accepted',
  zip: 'The workbook could not be read; save it again as .xlsx',
  xls: 'The xls file could not be read; save it again as .xlsx',
  csv: 'The csv file could not be read',
};

function inWorker(kind: 'zip' | 'xls' | 'csv', bytes: Buffer, cap: SheetCap): Promise<SheetRead> {
  return new Promise((resolve, reject) => {
    let started = false;
    let done = false;
    const worker = new Worker(SHEET_WORKER, {
      eval: true,
      workerData: { kind, bytes, maxRows: cap.maxRows, count: cap.count, limits: SHEET_LIMITS, libs: LIBS },
      resourceLimits: { maxOldGenerationSizeMb: SHEET_LIMITS.heapMb },
    });
    const end = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (started) reading--;
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        end(() => reject(new SpreadsheetUnreadable(`The file took more than ${SHEET_LIMITS.deadlineMs / 1000} s to read; it is not an import file`))),
      SHEET_LIMITS.deadlineMs,
    );
    worker.on('message', (m: { reading?: true; rows?: string[][]; tooManyRows?: boolean; error?: string; detail?: string }) => {
      if (m.reading) {
        if (!started && !done) reading++;
        started = true;
        return;
      }
      if (m.rows) end(() => resolve({ rows: m.rows as string[][], tooManyRows: m.tooManyRows === true }));
      else {
        const reason = REFUSALS[m.error ?? ''] ?? (kind === 'csv' && m.detail ? m.detail : REFUSALS[kind]);
        end(() => reject(new SpreadsheetUnreadable(reason ?? 'The file could not be read')));
      }
    });
    // A worker past its heap limit ends with an error, never an answer.
    worker.on('error', (err: Error & { code?: string }) =>
      end(() =>
        reject(
          new SpreadsheetUnreadable(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'The file needs too much memory to read; it is not an import file' : (REFUSALS[kind] ?? ''),
          ),
        ),
      ),
    );
    worker.on('exit', () => end(() => reject(new SpreadsheetUnreadable(REFUSALS[kind] ?? 'The file could not be read'))));
  });
}
