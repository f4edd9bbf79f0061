/**
 * Cells of exported spreadsheets (xlsx or csv) as OWASP's "CSV injection" advice has them: text beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading apostrophe, so a spreadsheet program shows
 * it as text and never runs it as a formula (a visitor named `=HYPERLINK(…)`, a company `@SUM(…)`). A phone
 * number such as "+86 138…" stays readable ('+86 138…). Numbers, dates and empty cells are left as real cells.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text the server itself made from the base64url alphabet (a hash, a code), written exactly: a copy must compare byte
 * for byte with the server's, and a text cell of a workbook is never run as a formula, whatever its first character.
 */
export class ServerText {
  private constructor(readonly text: string) {}
  static of(text: string): ServerText | string {
    return /^[A-Za-z0-9_-]*$/.test(text) ? new ServerText(text) : text;
  }
}

export type ExportCell = string | number | boolean | Date | ServerText | null | undefined;

export function safeCell<T extends ExportCell>(value: T): Exclude<T, ServerText> | string {
  if (value instanceof ServerText) return value.text;
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : (value as Exclude<T, ServerText>);
}

/** A row of an export, every text cell neutralised. */
export function safeRow<T extends ExportCell>(values: readonly T[]): (T | string)[] {
  return values.map(safeCell);
}
