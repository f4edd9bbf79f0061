/**
 * The source of the worker thread that reads an import file (spreadsheet.ts starts it with `eval: true`). It is plain
 * CommonJS in a string so it runs the same under tsx, vitest and the esbuild bundle, which has no file of its own for
 * a worker; the libraries come in as resolved paths (workerData.libs).
 *
 * Everything is read as it streams, with the limits applied on the way:
 *  - xlsx: the zip's entries are inflated one at a time through yauzl, counting the bytes really inflated (an entry's
 *    headers may lie), and the XML goes through saxes chunk by chunk; the first sheet's rows stop at the first row past
 *    the cap, and the entry's inflation stops with them. Shared strings and styles (for dates) are read first, as the
 *    non-streaming ExcelJS reader did, and cells become text as that reader's values did;
 *  - csv: csv-parse, stopped by the record past the cap;
 *  - xls: SheetJS (BIFF is not compressed, so the upload limit bounds it), with its own row cap.
 * It answers one message: { rows, tooManyRows } or { error: 'unreadable' | 'tooLarge' | 'badText', detail }; and
 * { reading: true } once, when the rows start, so the server can tell a read under way.
 */
export const SHEET_WORKER = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const { kind, bytes, maxRows, count, limits, libs } = workerData;

class Refusal extends Error {
  constructor(problem, detail) {
    super(problem);
    this.problem = problem;
    this.detail = detail || '';
  }
}
const STOP = new Error('stop');

/** The rows kept so far and the cap: 'all' counts every row after the header, 'filled' only those with text. */
function rowSink() {
  const rows = [];
  let filled = 0;
  let reading = false;
  return {
    rows,
    tooManyRows: false,
    /** False once the cap is passed: the reader stops there. */
    add(index, cells) {
      if (!reading) {
        reading = true;
        parentPort.postMessage({ reading: true });
      }
      if (index >= limits.sheetRows) throw new Refusal('unreadable', 'row number past the end of a sheet');
      if (count === 'all' && index > maxRows) {
        this.tooManyRows = true;
        return false;
      }
      if (count === 'filled' && index > 0 && cells.some((c) => c.trim() !== '') && ++filled > maxRows) {
        this.tooManyRows = true;
        return false;
      }
      // Empty rows are not kept (the imports skip them); the holes become [] at the end, trailing ones not at all.
      if (cells.some((c) => c !== '')) rows[index] = cells;
      return true;
    },
    result() {
      // Past the cap the imports refuse the file after checking its header: the other rows need not cross threads.
      if (this.tooManyRows) return { rows: [rows[0] || []], tooManyRows: true };
      const out = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = rows[i] || [];
      return { rows: out, tooManyRows: this.tooManyRows };
    },
  };
}

// ---- xlsx -------------------------------------------------------------------------------------------------------

const yauzl = kind === 'zip' ? require(libs.yauzl) : null;
const saxes = kind === 'zip' ? require(libs.saxes) : null;

function openZip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: false }, (err, zip) => {
      if (err || !zip) return reject(new Refusal('unreadable', 'not a zip archive'));
      if (zip.entryCount > limits.entries) {
        zip.close();
        return reject(new Refusal('unreadable', 'too many files in the archive'));
      }
      const entries = new Map();
      zip.on('entry', (entry) => {
        entries.set(entry.fileName.replace(/^\/+/, ''), entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.on('error', () => reject(new Refusal('unreadable', 'a damaged zip archive')));
      zip.readEntry();
    });
  });
}

let inflatedTotal = 0;

/**
 * Streams one entry's text into a saxes parser built by handlers(parser). The bytes are counted as they are inflated:
 * past the entry's or the archive's limit the inflation stops and the file is refused. A handler may throw STOP to
 * end the entry early (rows past the cap, or the end of the sheet's data).
 */
function parseEntry(zip, entry, handlers) {
  if (entry.uncompressedSize > limits.entryBytes) return Promise.reject(new Refusal('tooLarge'));
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new Refusal('unreadable', 'a damaged zip entry'));
      const parser = new saxes.SaxesParser();
      handlers(parser);
      const decoder = new TextDecoder('utf-8');
      let size = 0;
      let settled = false;
      const finish = (error) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        if (error === undefined || error === STOP) resolve();
        else if (error instanceof Refusal) reject(error);
        else reject(new Refusal('unreadable', String((error && error.message) || error).slice(0, 120)));
      };
      stream.on('data', (chunk) => {
        if (settled) return;
        size += chunk.length;
        inflatedTotal += chunk.length;
        if (size > limits.entryBytes || inflatedTotal > limits.totalBytes) return finish(new Refusal('tooLarge'));
        try {
          parser.write(decoder.decode(chunk, { stream: true }));
        } catch (e) {
          finish(e);
        }
      });
      stream.on('end', () => {
        if (settled) return;
        try {
          parser.write(decoder.decode());
          parser.close();
          finish();
        } catch (e) {
          finish(e);
        }
      });
      stream.on('error', (e) => finish(e));
    });
  });
}

/** The element's name without a namespace prefix ("x:row" → "row"). */
const local = (name) => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};
/** An attribute by its local name, whatever prefix it carries ("r:id"). */
function attr(node, name) {
  for (const key of Object.keys(node.attributes)) if (local(key) === name) return node.attributes[key];
  return undefined;
}
/** Excel's escape of control characters in text: _x000D_. */
const unescapeText = (s) => s.replace(/_x([0-9A-F]{4})_/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The first sheet's path: the first <sheet> of the workbook, through the workbook's relationships. */
async function firstSheetPath(zip, entries) {
  let relId;
  let date1904 = false;
  const workbook = entries.get('xl/workbook.xml');
  if (!workbook) throw new Refusal('unreadable', 'no workbook in the archive');
  await parseEntry(zip, workbook, (p) => {
    p.on('opentag', (node) => {
      const name = local(node.name);
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(String(attr(node, 'date1904')));
      else if (name === 'sheet' && relId === undefined) relId = attr(node, 'id');
    });
  });
  if (relId === undefined) return { sheet: null, date1904 };
  let target = null;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels)
    await parseEntry(zip, rels, (p) => {
      p.on('opentag', (node) => {
        if (local(node.name) === 'Relationship' && node.attributes.Id === relId) target = node.attributes.Target;
      });
    });
  if (!target) return { sheet: null, date1904 };
  const sheet = target.startsWith('/') ? target.slice(1) : path.posix.normalize('xl/' + target);
  return { sheet, date1904 };
}

/** Shared strings as ExcelJS read them: a string's plain text, or its rich-text runs joined; phonetic runs left out. */
async function sharedStrings(zip, entries) {
  const out = [];
  const entry = entries.get('xl/sharedStrings.xml');
  if (!entry) return out;
  await parseEntry(zip, entry, (p) => {
    let parts = null;
    let inText = false;
    let phonetic = 0;
    p.on('opentag', (node) => {
      const name = local(node.name);
      if (name === 'si') parts = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && parts && !phonetic) inText = true;
    });
    p.on('text', (text) => {
      if (inText) parts.push(text);
    });
    p.on('closetag', (node) => {
      const name = local(node.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && parts) {
        out.push(unescapeText(parts.join('')));
        parts = null;
      }
    });
  });
  return out;
}

/** Per cell style (cellXfs index): whether its number format is a date, by ExcelJS's own rule and default formats. */
async function dateStyles(zip, entries) {
  const defaults = require(libs.numFormats);
  const isDateFmt = (fmt) => !!fmt && /[ymdhMsb]+/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
  const custom = new Map();
  const xfs = [];
  const entry = entries.get('xl/styles.xml');
  if (!entry) return [];
  await parseEntry(zip, entry, (p) => {
    let inCellXfs = false;
    p.on('opentag', (node) => {
      const name = local(node.name);
      if (name === 'numFmt') custom.set(Number(node.attributes.numFmtId), node.attributes.formatCode);
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) xfs.push(Number(node.attributes.numFmtId) || 0);
    });
    p.on('closetag', (node) => {
      if (local(node.name) === 'cellXfs') inCellXfs = false;
    });
  });
  return xfs.map((id) => {
    if (!id) return false;
    const fmt = custom.get(id) || (defaults[id] && defaults[id].f);
    return isDateFmt(fmt);
  });
}

/** A workbook date carries the wall-clock time as UTC: a date alone reads "yyyy-mm-dd", a date and time "yyyy-mm-dd hh:mm". */
function dateText(serial, date1904) {
  const d = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
  if (Number.isNaN(d.getTime())) return String(serial);
  const iso = d.toISOString();
  return d.getUTCHours() || d.getUTCMinutes() ? iso.slice(0, 10) + ' ' + iso.slice(11, 16) : iso.slice(0, 10);
}

/** "AB12" → 27 (0-based column 27). */
function columnOf(ref) {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col - 1;
}

async function readXlsx() {
  const { zip, entries } = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const { sheet, date1904 } = await firstSheetPath(zip, entries);
  const sink = rowSink();
  const sheetEntry = sheet && entries.get(sheet);
  if (!sheetEntry) return sink.result();
  const shared = await sharedStrings(zip, entries);
  const dates = await dateStyles(zip, entries);
  await parseEntry(zip, sheetEntry, (p) => {
    let rowIndex = -1;
    let cells = null;
    let nextCol = 0;
    let c = null;
    let capture = null;
    p.on('opentag', (node) => {
      switch (local(node.name)) {
        case 'row': {
          const r = Number.parseInt(node.attributes.r, 10);
          rowIndex = r > 0 ? r - 1 : rowIndex + 1;
          cells = [];
          nextCol = 0;
          break;
        }
        case 'c': {
          const ref = node.attributes.r;
          const col = ref ? columnOf(ref) : nextCol;
          if (col < 0 || col >= limits.sheetColumns) throw new Refusal('unreadable', 'a cell past the last column of a sheet');
          // Imports read named columns near the start; a far column is dropped rather than padding every row up to it.
          c = { col, t: node.attributes.t || 'n', s: Number(node.attributes.s) || 0, v: null, f: false, inline: null, phonetic: 0 };
          break;
        }
        case 'v':
          if (c) capture = c.v = [];
          break;
        case 'f':
          if (c) c.f = true;
          break;
        case 'is':
          if (c) c.inline = [];
          break;
        case 'rPh':
          if (c) c.phonetic++;
          break;
        case 't':
          if (c && c.inline && !c.phonetic) capture = c.inline;
          break;
      }
    });
    p.on('text', (text) => {
      if (capture) capture.push(text);
    });
    p.on('closetag', (node) => {
      switch (local(node.name)) {
        case 'v':
        case 't':
          capture = null;
          break;
        case 'rPh':
          if (c) c.phonetic--;
          break;
        case 'c':
          if (c && cells && c.col < limits.keptColumns) {
            while (cells.length < c.col) cells.push('');
            cells[c.col] = cellText(c);
            nextCol = c.col + 1;
          }
          c = null;
          break;
        case 'row':
          if (cells && !sink.add(rowIndex, cells)) throw STOP;
          cells = null;
          break;
        case 'sheetData':
          throw STOP;
      }
    });
  });
  return sink.result();

  function cellText(cell) {
    const v = cell.v === null ? null : cell.v.join('');
    const isDate = cell.s > 0 && dates[cell.s] === true;
    const number = (text) => {
      const n = Number.parseFloat(text);
      return isDate && Number.isFinite(n) ? dateText(n, date1904) : String(n);
    };
    if (cell.f) {
      if (v === null || v === '') return '';
      if (cell.t === 'str' || cell.t === 'e') return v;
      if (cell.t === 'b') return String(Number.parseInt(v, 10) !== 0);
      return number(v);
    }
    if (cell.t === 'inlineStr') return cell.inline ? cell.inline.join('') : v || '';
    if (v === null) return '';
    switch (cell.t) {
      case 's': {
        const s = shared[Number.parseInt(v, 10)];
        return s === undefined ? '' : s;
      }
      case 'str':
      case 'e':
        return v;
      case 'b':
        return String(Number.parseInt(v, 10) !== 0);
      default:
        return number(v);
    }
  }
}

// ---- csv --------------------------------------------------------------------------------------------------------

function readCsv() {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('gb18030').decode(buffer);
  }
  if (text.includes('\u0000')) throw new Refusal('badText');
  const { parse } = require(libs.csvParse);
  const sink = rowSink();
  let index = 0;
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      on_record: (record) => {
        if (!sink.add(index++, record)) throw STOP;
        return null;
      },
    });
  } catch (err) {
    if (err !== STOP) throw new Refusal('unreadable', 'The csv file could not be read: ' + String(err && err.message).slice(0, 120));
  }
  return sink.result();
}

// ---- xls --------------------------------------------------------------------------------------------------------

/**
 * Legacy BIFF .xls through SheetJS. The npm build of SheetJS has known prototype-pollution and ReDoS advisories on
 * crafted files: it runs here, never in the server's own realm, under the worker's heap limit and deadline.
 */
function readXls() {
  const XLSX = require(libs.xlsx);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let rows;
  try {
    // One row past the cap is enough to know the cap is passed; 'filled' counts need every row (65,536 at most in BIFF8).
    const sheetRows = count === 'all' ? maxRows + 2 : 0;
    const wb = XLSX.read(buffer, { type: 'buffer', cellFormula: false, cellHTML: false, cellDates: true, sheetRows });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true, dateNF: 'yyyy-mm-dd' }) : [];
  } catch {
    throw new Refusal('unreadable', 'The xls file could not be read; save it again as .xlsx');
  }
  const sink = rowSink();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const cells = Array.isArray(r) ? Array.from(r, (c) => (c === null || c === undefined ? '' : String(c).trim())) : [];
    if (!sink.add(i, cells)) break;
  }
  return sink.result();
}

(async () => {
  try {
    const result = kind === 'zip' ? await readXlsx() : kind === 'xls' ? readXls() : readCsv();
    parentPort.postMessage(result);
  } catch (err) {
    if (err instanceof Refusal) parentPort.postMessage({ error: err.problem, detail: err.detail });
    else parentPort.postMessage({ error: 'unreadable', detail: String((err && err.message) || err).slice(0, 120) });
  }
})();
`;
