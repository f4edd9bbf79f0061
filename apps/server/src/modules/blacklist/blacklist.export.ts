import { PassThrough, type Readable } from 'node:stream';
import { type Lang, logDesc } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import type { AuthedContext } from '../../platform/calls.js';
import { safeRow } from '../../platform/exportCells.js';
import { type ListKind, listRepository } from './blacklist.repository.js';

const HEADERS: Record<Lang, string[]> = {
  en: ['Name', 'Mobile phone', 'Certificate number', 'Remark', 'Added by', 'Added'],
  zh: ['姓名', '手机号', '证件号码', '备注', '添加人', '添加时间'],
};
const WIDTHS = [16, 16, 22, 32, 16, 18];
const SHEET: Record<ListKind, Record<Lang, string>> = {
  black: { en: 'Blacklist', zh: '黑名单' },
  white: { en: 'Whitelist', zh: '白名单' },
};
const BATCH = 2000;

/**
 * Streams the blacklist or whitelist entries matching the list's search, newest first, as an xlsx
 * workbook: read in keyset-paged batches and written row by row, so memory stays flat.
 */
export async function exportList(ctx: AuthedContext, kind: ListKind, input: { name?: string; lang: Lang }): Promise<Readable> {
  const repo = listRepository(ctx.tenant, kind);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SHEET[kind][input.lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS[input.lang].map((header, i) => ({ header, width: WIDTHS[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  ctx.audit.desc = input.name
    ? logDesc(kind === 'black' ? 'blacklistSearched' : 'whitelistSearched', { search: input.name })
    : logDesc(kind === 'black' ? 'blacklist' : 'whitelist');
  const write = async () => {
    let before = 0;
    let total = 0;
    for (;;) {
      const rows = await repo.batchBefore(input.name, before, BATCH);
      if (!rows.length) break;
      for (const r of rows) sheet.addRow(safeRow([r.name, r.phone, r.credentialNo, r.remark, r.createdBy, r.createdAt])).commit();
      total += rows.length;
      before = rows[rows.length - 1]?.id ?? before;
      if (rows.length < BATCH) break;
    }
    sheet.commit();
    await workbook.commit();
    ctx.log.info({ rows: total, kind }, 'list exported');
  };
  write().catch((err: unknown) => {
    ctx.log.error({ err }, `${kind}list export failed`);
    out.destroy(err as Error);
  });
  return out;
}
