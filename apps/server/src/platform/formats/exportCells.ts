/**
 * Cells of exported spreadsheets (xlsx or csv) as OWASP's "CSV injection" advice has them: text beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading apostrophe, so a spreadsheet program shows
 * it as text and never runs it as a formula (a visitor named `=HYPERLINK(…)`, a company `@SUM(…)`). A phone
 * number such as "+86 138…" stays readable ('+86 138…). Numbers, dates and empty cells are left as real cells.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type ExportCell = string | number | boolean | Date | null | undefined;

export function safeCell<T extends ExportCell>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A row of an export, every text cell neutralised. */
export function safeRow<T extends ExportCell>(values: readonly T[]): (T | string)[] {
  return values.map(safeCell);
}
