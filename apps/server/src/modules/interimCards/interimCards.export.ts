import type { Readable } from 'node:stream';
import { type Lang, logDesc, tempCardStatusLabels } from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { interimCardsRepository } from './interimCards.repository.js';
import { filterOf, type ListFilters, toCard } from './interimCards.service.js';

const HEADERS: Record<Lang, string[]> = {
  en: [
    'Name',
    'Department',
    'Work number',
    'Phone',
    'Email',
    'Office',
    'Card number',
    'Status',
    'Overdue',
    'Applied',
    'Lent',
    'Due',
    'Returned',
    'Refusal reason',
  ],
  zh: ['姓名', '部门', '工号', '手机号', '邮箱', '办公地点', '卡号', '状态', '逾期', '申请时间', '发放时间', '应还时间', '归还时间', '拒绝原因'],
};
const WIDTHS = [14, 18, 12, 16, 24, 16, 14, 12, 8, 18, 18, 18, 18, 24];
const SHEET: Record<Lang, string> = { en: 'Temporary cards', zh: '临时卡' };
const YES: Record<Lang, [string, string]> = { en: ['Yes', ''], zh: ['是', ''] };
const BATCH = 2000;
const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/** Streams the cards matching the list's filters, newest first, in keyset-paged batches so memory stays flat. */
export async function exportCards(ctx: AuthedContext, input: ListFilters & { lang: Lang }): Promise<Readable> {
  const { lang, ...filters } = input;
  const repo = interimCardsRepository(ctx.tenant);
  const filter = filterOf(ctx, filters);
  ctx.audit.desc = logDesc('tempCards');
  const columns = HEADERS[lang].map((header, i) => ({ header, width: WIDTHS[i] ?? 16 }));
  return xlsxStream(
    { sheet: SHEET[lang], columns, freezeHeader: true },
    async (sheet) => {
      let before = 0;
      const now = new Date();
      for (;;) {
        const rows = await repo.batchBefore(filter, before, BATCH);
        for (const row of rows) {
          const c = toCard(ctx, row, now);
          sheet.row([
            c.name,
            c.deptName,
            c.empNo,
            c.phone,
            c.email,
            c.office,
            c.cardNo,
            tempCardStatusLabels[c.icStatus as 0]?.[lang] ?? String(c.icStatus),
            YES[lang][c.overdue ? 0 : 1],
            at(c.submitTime),
            at(c.lendTime),
            at(c.returnDue),
            at(c.returnTime),
            c.refuseReason,
          ]);
        }
        await sheet.flush();
        before = rows[rows.length - 1]?.id ?? before;
        if (rows.length < BATCH) break;
      }
    },
    (err) => ctx.log.error({ err }, 'temporary card export failed'),
  );
}
