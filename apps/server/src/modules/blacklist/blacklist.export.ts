import type { Readable } from 'node:stream';
import { type Lang, logDesc } from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { idNumberHash } from '../../platform/identity/idNumbers.js';
import { type ListKind, listRepository } from './blacklist.repository.js';
import { shownNumber } from './blacklist.service.js';

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
 * workbook: read in keyset-paged batches and written batch by batch, so memory stays flat.
 */
export async function exportList(ctx: AuthedContext, kind: ListKind, input: { name?: string; lang: Lang }): Promise<Readable> {
  const repo = listRepository(ctx.tenant, kind);
  ctx.audit.desc = input.name
    ? logDesc(kind === 'black' ? 'blacklistSearched' : 'whitelistSearched', { search: input.name })
    : logDesc(kind === 'black' ? 'blacklist' : 'whitelist');
  const textHash = idNumberHash(ctx.services.secrets, input.name?.trim() ?? '');
  const columns = HEADERS[input.lang].map((header, i) => ({ header, width: WIDTHS[i] ?? 16 }));
  return xlsxStream(
    { sheet: SHEET[kind][input.lang], columns, freezeHeader: true },
    async (sheet) => {
      let before = 0;
      let total = 0;
      for (;;) {
        const rows = await repo.batchBefore(input.name, textHash, before, BATCH);
        if (!rows.length) break;
        for (const r of rows) sheet.row([r.name, r.phone, shownNumber(r), r.remark, r.createdBy, r.createdAt]);
        await sheet.flush();
        total += rows.length;
        before = rows[rows.length - 1]?.id ?? before;
        if (rows.length < BATCH) break;
      }
      ctx.log.info({ rows: total, kind }, 'list exported');
    },
    (err) => ctx.log.error({ err }, `${kind}list export failed`),
  );
}
