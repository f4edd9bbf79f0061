import type { Readable } from 'node:stream';
import { type IdNumbersShown, type In, type Lang, labelIn, logisticsApprovalLabels } from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { exportedIdNumber } from '../../platform/identity/idNumbers.js';
import { filterFor } from './logistics.bookings.js';
import { type BookingRow, logisticsRepository } from './logistics.repository.js';

type ExportInput = Omit<In<'getLogisticsInfo'>, 'startIndex' | 'requestedCount' | 'idNumbers'> & { lang: Lang; idNumbers: IdNumbersShown };

const HEADERS: Record<Lang, string[]> = {
  en: [
    'Number',
    'Type',
    'Carrier',
    'Carrier phone',
    'Sender',
    'Sender phone',
    'Driver',
    'Driver phone',
    'Driver ID number',
    'Plate',
    'Goods',
    'Appointment date',
    'Load start',
    'Load end',
    'Status',
    'Approver',
    'Decided',
    'Reason',
    'Arrived',
    'Released',
    'Left',
    'Companions',
    'Remark',
    'Booked',
  ],
  zh: [
    '物流单号',
    '物流类型',
    '承运公司',
    '承运联系电话',
    '发货人',
    '发货人电话',
    '司机',
    '司机电话',
    '司机身份证号',
    '车牌号',
    '货物',
    '预约日期',
    '装货开始',
    '装货结束',
    '状态',
    '审批人',
    '审批时间',
    '审批意见',
    '到达时间',
    '放行时间',
    '离开时间',
    '随行人员',
    '备注',
    '预约时间',
  ],
};
const WIDTHS = [20, 16, 20, 16, 12, 16, 12, 16, 22, 12, 20, 14, 18, 18, 12, 12, 18, 20, 18, 18, 18, 20, 24, 18];
const BATCH = 2000;

function cells(r: BookingRow, lang: Lang, idNumber: (n: string) => string) {
  return [
    r.logNum,
    labelIn(r.logTypeName, lang),
    r.carrierName,
    r.carrierPhone,
    r.sname,
    r.smobile,
    r.dname,
    r.dmobile,
    idNumber(r.dcardId),
    r.plateNum,
    r.goods,
    r.appointmentDate,
    r.loadStart,
    r.loadEnd,
    logisticsApprovalLabels[r.pstatus as 0]?.[lang] ?? String(r.pstatus),
    r.approver,
    r.approveTime,
    r.approveReason,
    r.visitdate,
    r.exitTime,
    r.leaveTime,
    r.memberInfo.map((m) => m.name).join(', '),
    r.remark,
    r.createdAt,
  ];
}

/** Streams the bookings matching the list's filters, newest first, in keyset-paged batches (memory stays flat). */
export async function exportBookings(ctx: AuthedContext, input: ExportInput): Promise<Readable> {
  const idNumber = exportedIdNumber(ctx, input.idNumbers);
  const repo = logisticsRepository(ctx.tenant);
  const filter = filterFor(ctx, input);
  const columns = HEADERS[input.lang].map((header, i) => ({ header, width: WIDTHS[i] ?? 16 }));
  return xlsxStream(
    { sheet: input.lang === 'zh' ? '物流记录' : 'Logistics', columns, freezeHeader: true },
    async (sheet) => {
      let before = 0;
      for (;;) {
        const rows = await repo.batchBefore(filter, before, BATCH);
        for (const r of rows) sheet.row(cells(r, input.lang, idNumber));
        await sheet.flush();
        before = rows[rows.length - 1]?.id ?? before;
        if (rows.length < BATCH) break;
      }
    },
    (err) => ctx.log.error({ err }, 'logistics export failed'),
  );
}
