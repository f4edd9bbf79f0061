import type { Readable } from 'node:stream';
import { type In, type Lang, passDirectionLabels, RV_EXPORT_MAX_ROWS, type RvOpenRecord } from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { residentPasses } from '../passRecords/passRecords.public.js';
import { residentVisitPage } from '../visits/visits.public.js';
import { doorRecord, newestFirst, openFilterOf, report, signInRecord } from './residents.reports.js';

/*
 * The supplier section's two workbooks: the workers' pass records (ExportgetRvrList, what getRvOpenInfo lists) and
 * the traffic statistics (ExportRvOdList, what getRvReport answers). The reference gives only their names and purposes
 * (导出供应商通行记录, 供应商进出记录); the pass records are the list export, so the other is the per-company, per-day
 * table of the statistics screen, the only other list this section shows.
 */

type OpenExportInput = Omit<In<'getRvOpenInfo'>, 'startIndex' | 'requestedCount' | 'userid'> & { lang: Lang };
type ReportExportInput = Omit<In<'getRvReport'>, 'userid'> & { lang: Lang };

const BATCH = 2000;

const OPEN_HEADERS: Record<Lang, string[]> = {
  en: ['Time', 'Kind', 'Name', 'Mobile phone', 'Supplier company', 'Gate or door', 'Direction', 'Result'],
  zh: ['时间', '类型', '姓名', '手机号', '供应商公司', '门岗或门禁', '方向', '结果'],
};
const OPEN_WIDTHS = [18, 12, 14, 16, 22, 18, 8, 8];
const KIND: Record<RvOpenRecord['kind'], Record<Lang, string>> = {
  signIn: { en: 'Desk sign-in', zh: '前台签到' },
  door: { en: 'Door', zh: '门禁' },
};
const RESULT: Record<Lang, [string, string]> = { en: ['Refused', 'Passed'], zh: ['拒绝', '通过'] };

/** One source's rows, newest first, read a batch at a time by offset up to `max`. */
async function* batches<R>(read: (offset: number, limit: number) => Promise<R[]>, max: number): AsyncGenerator<R> {
  for (let offset = 0; offset < max; offset += BATCH) {
    const limit = Math.min(BATCH, max - offset);
    const rows = await read(offset, limit);
    yield* rows;
    if (rows.length < limit) return;
  }
}

/** Two newest-first sources merged into one, newest first (the page's order, newestFirst). */
async function* merged(a: AsyncGenerator<RvOpenRecord>, b: AsyncGenerator<RvOpenRecord>): AsyncGenerator<RvOpenRecord> {
  let x = await a.next();
  let y = await b.next();
  for (;;) {
    if (x.done && y.done) return;
    if (!x.done && (y.done || newestFirst(x.value, y.value) <= 0)) {
      yield x.value;
      x = await a.next();
    } else if (!y.done) {
      yield y.value;
      y = await b.next();
    }
  }
}

const empty = async function* (): AsyncGenerator<RvOpenRecord> {};

/** Streams the pass records matching the list's filters, newest first, at most RV_EXPORT_MAX_ROWS. */
export async function exportOpenInfo(ctx: AuthedContext, input: OpenExportInput): Promise<Readable> {
  const f = await openFilterOf(ctx, input);
  const signIns =
    input.kind === 'door' ? empty() : batches(async (o, n) => (await residentVisitPage(ctx, f, o, n)).rows.map(signInRecord), RV_EXPORT_MAX_ROWS);
  const doors =
    input.kind === 'signIn' ? empty() : batches(async (o, n) => (await residentPasses(ctx, f, o, n)).rows.map(doorRecord), RV_EXPORT_MAX_ROWS);
  const lang = input.lang;
  const columns = OPEN_HEADERS[lang].map((header, i) => ({ header, width: OPEN_WIDTHS[i] ?? 14 }));
  return xlsxStream(
    { sheet: lang === 'zh' ? '供应商通行记录' : 'Supplier pass records', columns, freezeHeader: true },
    async (sheet) => {
      let written = 0;
      for await (const r of merged(signIns, doors)) {
        sheet.row([
          new Date(r.at),
          KIND[r.kind][lang],
          r.name,
          r.phone,
          r.company,
          r.place,
          passDirectionLabels[r.direction as 1]?.[lang] ?? String(r.direction),
          RESULT[lang][r.result === 1 ? 1 : 0],
        ]);
        if (++written % BATCH === 0) await sheet.flush();
        if (written >= RV_EXPORT_MAX_ROWS) break;
      }
      ctx.log.info({ rows: written }, 'supplier pass records exported');
    },
    (err) => ctx.log.error({ err }, 'supplier pass records export failed'),
  );
}

/** The statistics as a table: a row per supplier company (its sign-ins per day, then its total), a totals row last. */
export async function exportReport(ctx: AuthedContext, input: ReportExportInput): Promise<Readable> {
  const data = await report(ctx, input);
  const lang = input.lang;
  const head = lang === 'zh' ? ['供应商公司', '合计'] : ['Supplier company', 'Total'];
  const columns = [...head, ...data.days].map((header, i) => ({ header, width: i === 0 ? 28 : i === 1 ? 10 : 12 }));
  return xlsxStream(
    { sheet: lang === 'zh' ? '供应商进出统计' : 'Supplier traffic', columns, freezeHeader: true },
    async (sheet) => {
      for (const c of data.companies) sheet.row([c.company, c.total, ...c.counts]);
      const perDay = data.days.map((_, i) => data.companies.reduce((n, c) => n + (c.counts[i] ?? 0), 0));
      sheet.row([lang === 'zh' ? '合计' : 'Total', data.total, ...perDay], { bold: true });
    },
    (err) => ctx.log.error({ err }, 'supplier traffic export failed'),
  );
}
