import { PassThrough, type Readable } from 'node:stream';
import { type ExportCell, safeCell } from '../formats/exportCells.js';
import { ZipWriter } from './zipWriter.js';

/**
 * Exports as xlsx, written as a stream: one sheet of inline-string rows, deflated into a zip as it is written, the
 * writer waiting whenever the deflater or the reader falls behind. ExcelJS's streaming writer, used before, kept
 * about 1.3 KB per row alive until the end of a large export (its XML chunks, each copied twice, and every row's cell
 * objects), so 100,000 visits grew the server by 120 to 160 MB (issue 14); here a row is one short string.
 */
export interface XlsxColumn {
  header: string;
  /** In characters, as Excel measures them. */
  width: number;
}

export interface XlsxOptions {
  sheet: string;
  columns: readonly XlsxColumn[];
  /** Keep the header row in view while scrolling. */
  freezeHeader?: boolean;
}

export interface XlsxRowStyle {
  bold?: boolean;
  /** Grey italic text cells (an example, not data). */
  muted?: boolean;
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text for XML: the five specials escaped, and the characters XML 1.0 cannot hold at all dropped. */
const xmlText = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);

const columnLetters = (i: number): string => (i < 26 ? '' : columnLetters(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));

/** A moment as Excel's serial day, in the server's time zone (as the console's days are, platform/formats/days.ts). */
const excelDate = (at: Date) => 25569 + (at.getTime() - at.getTimezoneOffset() * 60_000) / 86_400_000;

/** Cell styles (cellXfs below): plain, bold, date-time, bold date-time, muted (grey italic: a template's example row). */
const STYLE = { plain: 0, bold: 1, date: 2, boldDate: 3, muted: 4 } as const;

/**
 * Rows are handed on (as bytes, to the deflater) every 32 K characters: their strings then die young. Held for a
 * batch of 2,000 rows they lived through scavenges into the old generation, which grew 100 MB before it was swept.
 */
const HAND_ON_AT = 32 * 1024;

/** The sheet, written a row at a time; `flush` waits until the rows written so far have been taken. */
export class XlsxSheet {
  private rowCount = 0;
  private pending: string[] = [];
  private pendingLength = 0;
  private handing: Promise<void> = Promise.resolve();
  private readonly letters: string[];

  constructor(
    private readonly target: (xml: string) => Promise<void>,
    columns: number,
  ) {
    this.letters = Array.from({ length: Math.max(columns, 1) }, (_, i) => columnLetters(i));
  }

  /** A row; text cells are neutralised against formulas (exportCells.ts). */
  row(cells: readonly ExportCell[], style: XlsxRowStyle = {}): void {
    const r = ++this.rowCount;
    const s = style.bold ? ` s="${STYLE.bold}"` : style.muted ? ` s="${STYLE.muted}"` : '';
    let xml = `<row r="${r}">`;
    cells.forEach((value, i) => {
      if (value === null || value === undefined || value === '') return;
      const ref = `${this.letters[i] ?? columnLetters(i)}${r}`;
      const cell = safeCell(value);
      if (typeof cell === 'number' && Number.isFinite(cell)) xml += `<c r="${ref}"${s}><v>${cell}</v></c>`;
      else if (cell instanceof Date) {
        if (!Number.isNaN(cell.getTime())) xml += `<c r="${ref}" s="${style.bold ? STYLE.boldDate : STYLE.date}"><v>${excelDate(cell)}</v></c>`;
      } else if (typeof cell === 'boolean') xml += `<c r="${ref}" t="b"${s}><v>${cell ? 1 : 0}</v></c>`;
      else xml += `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(String(cell))}</t></is></c>`;
    });
    xml += '</row>';
    this.pending.push(xml);
    this.pendingLength += xml.length;
    if (this.pendingLength > HAND_ON_AT) this.handOn();
  }

  /** Hands the rows written so far on, and waits while the deflater or the reader is behind. */
  async flush(): Promise<void> {
    this.handOn();
    await this.handing;
  }

  private handOn(): void {
    if (!this.pending.length) return;
    const xml = this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    // In order, after the previous part; a failure surfaces at the next flush.
    const next = this.handing.then(() => this.target(xml));
    next.catch(() => undefined);
    this.handing = next;
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><i/><sz val="11"/><color rgb="FF808080"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

const workbookXml = (name: string) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

function sheetHead(options: XlsxOptions): string {
  const pane = options.freezeHeader ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' : '';
  const cols = options.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
}
const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * The workbook as a stream: `fill` writes the rows (the header row is written first) and should await `flush()` every
 * batch or so. A failure of `fill` or of the reader destroys the stream, so a download ends short rather than silently.
 */
export function xlsxStream(options: XlsxOptions, fill: (sheet: XlsxSheet) => Promise<void>, onError?: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new ZipWriter(out);
  const write = async () => {
    for (const [path, text] of STATIC_PARTS) await zip.file(path, text);
    await zip.file('xl/workbook.xml', workbookXml(options.sheet));
    await zip.streamed('xl/worksheets/sheet1.xml', async (write) => {
      await write(sheetHead(options));
      const sheet = new XlsxSheet(write, options.columns.length);
      sheet.row(
        options.columns.map((c) => c.header),
        { bold: true },
      );
      await fill(sheet);
      await sheet.flush();
      await write(SHEET_TAIL);
    });
    await zip.close();
  };
  write().catch((err: unknown) => {
    onError?.(err);
    out.destroy(err as Error);
  });
  return out;
}
