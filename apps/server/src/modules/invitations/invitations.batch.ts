import type { Readable } from 'node:stream';
import {
  APPOINTMENT_IMPORT_COLUMNS,
  appointmentWindowFailure,
  BATCH_INVITE_MAX_ROWS,
  checkEmail,
  checkPersonName,
  checkPhone,
  type ImportRowError,
  type In,
  inviteLanguageOf,
  type Lang,
  logDesc,
  normalizeEmail,
  normalizePhone,
  Status,
} from '@openvisit/contract';
import { exampleRowTest, type ImportTemplate, mapColumns, readSheetRows, templateWorkbook } from '../../platform/files/spreadsheet.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { screenAll } from '../visits/visits.public.js';
import { checkCommon, createInvitations, type Invitee, invitedThatDay } from './invitations.service.js';

type Field = keyof typeof APPOINTMENT_IMPORT_COLUMNS;

/** The batch invitation's fields beside its file (`UploadApponintment`), as the contract parses them. */
export type BatchInput = In<'UploadApponintment'>;

const DATE_TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/**
 * A row's own time, in server time like the lists' days: "yyyy-mm-dd hh:mm" (also with / or . and seconds; a date-time
 * cell of a workbook reads the same way), or "hh:mm" on the common day. Null when the cell is not a time.
 */
export function rowTime(cell: string, common: Date): Date | null {
  const full = DATE_TIME.exec(cell);
  if (full) {
    const [y, mo, d, h, mi] = full.slice(1, 6).map(Number) as [number, number, number, number, number];
    const at = new Date(y, mo - 1, d, h, mi);
    // new Date() rolls 2026-02-30 over into March: such a day is not a day.
    return at.getMonth() === mo - 1 && at.getDate() === d && h < 24 && mi < 60 ? at : null;
  }
  const time = TIME_ONLY.exec(cell);
  if (time) {
    const [h, mi] = [Number(time[1]), Number(time[2])];
    if (h > 23 || mi > 59) return null;
    const at = new Date(common);
    at.setHours(h, mi, 0, 0);
    return at;
  }
  return null;
}

interface Candidate extends Invitee {
  row: number;
}

/**
 * The rows that may be invited: none already invited that day (the single invite's 112, per row here), and when
 * sending, none screening refuses (its 66): those are reported and the others go on. A check only reads the file: it
 * screens no one.
 */
async function readyRows(ctx: AuthedContext, candidates: Candidate[], errors: ImportRowError[], sending: boolean): Promise<Candidate[]> {
  const ready: Candidate[] = [];
  for (const c of candidates) {
    if (c.phone && (await invitedThatDay(ctx, c.phone, c.at))) errors.push({ row: c.row, field: 'phone', rule: 'invited' });
    else ready.push(c);
  }
  if (!sending || !ready.length) return ready;
  const screened = await screenAll(
    ctx,
    ready.map((c) => ({ name: c.name, phone: c.phone, idNumber: '' })),
  );
  return ready.filter((c, i) => {
    if (screened[i]?.decision !== 'refuse') return true;
    errors.push({ row: c.row, field: 'name', rule: 'screened' });
    return false;
  });
}

/**
 * The batch invite (reference `UploadApponintment`). What the rows share is checked first (host, type, gate: a
 * failure there refuses the whole file with its code); then every row, against the contract's rules, the other rows
 * (a phone twice) and the invitations already made (a phone invited that day). A dry run stops there. Otherwise the
 * valid rows are invited in one transaction through the single invite's own writer (each row a whole record, link and
 * mail, or nothing at all), and the bad rows are reported with their row number, column and rule.
 */
export async function batchInvite(ctx: AuthedContext, input: BatchInput) {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  // Empty rows are not visitors: only rows with text count against the cap.
  const { rows, tooManyRows } = await readSheetRows(file.bytes, { maxRows: BATCH_INVITE_MAX_ROWS, count: 'filled' });
  const columns = mapColumns(rows[0] ?? [], APPOINTMENT_IMPORT_COLUMNS);
  const isExample = exampleRowTest(rows[0] ?? [], TEMPLATE, columns);
  const body = rows.slice(1);
  if (tooManyRows)
    throw new AppError(Status.BAD_PARAMS, `At most ${BATCH_INVITE_MAX_ROWS} visitors per file`, { errors: [{ field: 'file', rule: 'tooManyRows' }] });
  const common = await checkCommon(ctx, { ...input, tid: input.tid ?? null, gid: input.gid ?? null });
  const commonAt = new Date(input.appointmentDate);
  const now = Date.now();

  const errors: ImportRowError[] = [];
  const candidates: Candidate[] = [];
  const seenPhone = new Map<string, number>();
  const exampleRows: number[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => !String(c ?? '').trim())) return;
    if (isExample(cells)) {
      exampleRows.push(row);
      return;
    }
    const cell = (f: Field) => (columns.has(f) ? String(cells[columns.get(f) as number] ?? '').trim() : '');
    const rowErrors: ImportRowError[] = [];
    const fail = (field: Field, rule: string | null) => rule && rowErrors.push({ row, field, rule });
    const name = cell('name');
    fail('name', checkPersonName(name));
    const rawPhone = cell('phone');
    const rawEmail = cell('email');
    if (!rawPhone && !rawEmail) fail('phone', 'phoneOrEmail');
    if (rawPhone) fail('phone', checkPhone(rawPhone));
    if (rawEmail) fail('email', checkEmail(rawEmail));
    const phone = rawPhone ? (normalizePhone(rawPhone) ?? rawPhone) : '';
    if (phone && seenPhone.has(phone)) fail('phone', 'duplicateInFile');
    const company = cell('company');
    if (company.length > 100) fail('company', 'tooLong');
    const langCell = cell('lang');
    const lang = langCell ? inviteLanguageOf(langCell) : input.lang;
    if (!lang) fail('lang', 'format');
    const timeCell = cell('time');
    const at = timeCell ? rowTime(timeCell, commonAt) : commonAt;
    if (!at) fail('time', 'format');
    else if (timeCell) fail('time', appointmentWindowFailure(at.getTime(), now));
    if (rowErrors.length) {
      errors.push(...rowErrors);
      return;
    }
    if (phone) seenPhone.set(phone, row);
    candidates.push({ row, name, phone, email: rawEmail ? normalizeEmail(rawEmail) : '', company, lang: lang as Lang, at: at as Date });
  });

  const ready = await readyRows(ctx, candidates, errors, !input.dryRun);
  errors.sort((a, b) => a.row - b.row);

  const summary = {
    total: ready.length + new Set(errors.map((e) => e.row)).size,
    valid: ready.length,
    errors,
    exampleRows,
    preview: ready.slice(0, 20).map((c) => ({
      row: c.row,
      name: c.name,
      phone: c.phone,
      email: c.email,
      company: c.company,
      lang: c.lang,
      appointmentDate: c.at.getTime(),
    })),
  };
  if (input.dryRun || ready.length === 0) {
    // A check writes nothing, so it leaves no log row either.
    ctx.audit.skip = true;
    return { ...summary, invited: 0, visits: [] };
  }
  const created = await createInvitations(ctx, common, ready);
  ctx.audit.desc = logDesc('visitorsBatchInvited', { invited: created.length, host: common.host.name, refused: summary.total - ready.length });
  return {
    ...summary,
    invited: created.length,
    visits: created.map((v, i) => ({
      row: ready[i]?.row ?? 0,
      vid: v.vid,
      vname: v.vname,
      vphone: v.vphone,
      vemail: v.vemail,
      inviteLink: v.inviteLink,
    })),
  };
}

/** The template's example row in each language (its time left to the form): never invited (a marked first column, or these very cells). */
const TEMPLATE: ImportTemplate<keyof typeof APPOINTMENT_IMPORT_COLUMNS> = {
  columns: APPOINTMENT_IMPORT_COLUMNS,
  examples: {
    en: [['Ann Lee', '13800138000', 'ann.lee@example.com', 'Example Ltd', 'English', '']],
    zh: [['王明', '13800138000', 'wang.ming@example.com', '示例有限公司', '中文', '']],
  },
};

/** The batch invite template: required columns marked with *, one example row (its time left to the form). */
export async function batchTemplate(input: { lang: Lang }): Promise<Readable> {
  return templateWorkbook(TEMPLATE, { lang: input.lang, sheet: input.lang === 'zh' ? '访客' : 'Visitors' });
}
