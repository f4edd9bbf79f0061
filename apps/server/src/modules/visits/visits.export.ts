import type { Readable } from 'node:stream';
import { certificateTypeLabels, type IdNumbersShown, type Lang, type VisitorStatus, visitorStatusLabels, visitTypeText } from '@openvisit/contract';
import { filterOf, type VisitQuery, visitsRepository } from '../../core/visits/visits.public.js';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { exportedIdNumber } from '../../platform/identity/idNumbers.js';

const HEADERS: Record<Lang, string[]> = {
  en: [
    'Visitor',
    'Mobile phone',
    'Company',
    'Certificate',
    'Certificate number',
    'Host',
    'Host phone',
    'Visit type',
    'Reason',
    'People',
    'Plate',
    'Status',
    'Expected',
    'Signed in',
    'Signed out',
    'Badge',
  ],
  zh: [
    '访客',
    '手机号',
    '单位',
    '证件类型',
    '证件号码',
    '被访人',
    '被访人电话',
    '来访类型',
    '来访事由',
    '人数',
    '车牌号',
    '状态',
    '预约时间',
    '签到时间',
    '签出时间',
    '卡号',
  ],
};
const WIDTHS = [14, 16, 22, 10, 22, 14, 16, 14, 22, 8, 12, 10, 18, 18, 18, 12];
const BATCH = 2000;

/** Streams the visitor list as a workbook: keyset-paged reads, each batch written as the next is read. */
export async function exportVisits(ctx: AuthedContext, input: VisitQuery & { lang: Lang; idNumbers: IdNumbersShown }): Promise<Readable> {
  const idNumber = exportedIdNumber(ctx, input.idNumbers);
  const repo = visitsRepository(ctx.tenant);
  const filter = await filterOf(ctx, input);
  const columns = HEADERS[input.lang].map((header, i) => ({ header, width: WIDTHS[i] ?? 14 }));
  return xlsxStream(
    { sheet: input.lang === 'zh' ? '访客' : 'Visitors', columns, freezeHeader: true },
    async (sheet) => {
      type Batch = Awaited<ReturnType<typeof repo.batchBefore>>;
      const batch = (before: number): Promise<Batch> => {
        const rows = Promise.resolve(repo.batchBefore(filter, before, BATCH)); // runs the query now, once
        rows.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
        return rows;
      };
      let next = batch(2 ** 31 - 1);
      let total = 0;
      for (;;) {
        const rows = await next;
        if (!rows.length) break;
        // The next batch is read while this one is written (on PostgreSQL the two overlap).
        next = rows.length === BATCH ? batch(rows[rows.length - 1]?.id ?? 0) : Promise.resolve([]);
        for (const r of rows) {
          sheet.row([
            r.name,
            r.phone,
            r.company,
            r.idNumber ? (certificateTypeLabels[r.certificateType as keyof typeof certificateTypeLabels]?.[input.lang] ?? '') : '',
            idNumber(r.idNumber),
            r.empName,
            r.empPhone,
            visitTypeText(r.visitType, input.lang),
            r.visitReason,
            1 + r.followers.length,
            r.plateNum,
            visitorStatusLabels[r.status as VisitorStatus]?.[input.lang] ?? r.status,
            r.appointmentAt,
            r.visitAt,
            r.signOutAt,
            r.cardNo,
          ]);
        }
        await sheet.flush();
        total += rows.length;
      }
      ctx.log.info({ rows: total }, 'visitors exported');
    },
    (err) => ctx.log.error({ err }, 'visitor export failed'),
  );
}
