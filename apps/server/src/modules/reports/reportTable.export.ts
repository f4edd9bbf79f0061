import type { Readable } from 'node:stream';
import {
  type Lang,
  type ReportFigures,
  type ReportGrouping,
  type VisitKind,
  type VisitorStatus,
  visitorStatusLabels,
  visitTypeText,
} from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { groupsOf, type ReportQuery, repoOf, reportFilter, totalsOf } from './reportTable.service.js';

type Texts = {
  sheet: string;
  group: Record<Exclude<ReportGrouping, 'none'>, string>;
  figures: string[];
  none: Record<Exclude<ReportGrouping, 'none' | 'day'>, string>;
  total: string;
  visitTotal: (n: number) => string;
  departmentNote: string;
  visit: string[];
  kinds: Record<VisitKind, string>;
};

const TEXTS: Record<Lang, Texts> = {
  en: {
    sheet: 'Visitor report',
    group: { day: 'Day', department: 'Department', visitType: 'Visit type', company: 'Company' },
    figures: ['Visits', 'People', 'Signed in', 'Signed out', 'On site', 'Average stay (min)'],
    none: { department: 'No department', visitType: 'No visit type', company: 'No company' },
    total: 'Total',
    visitTotal: (n) => `Total: ${n} visits`,
    departmentNote: "A visit counts in each of its host's departments; the total counts it once.",
    visit: [
      'Visitor',
      'Mobile phone',
      'Company',
      'Host',
      'Visit type',
      'Kind',
      'Status',
      'People',
      'Expected',
      'Signed in',
      'Signed out',
      'Stay (min)',
    ],
    kinds: { walkin: 'Walk-in', appointment: 'Appointment', invite: 'Invited', resident: 'Resident' },
  },
  zh: {
    sheet: '访客报表',
    group: { day: '日期', department: '部门', visitType: '来访类型', company: '访客单位' },
    figures: ['来访次数', '人数', '已签到', '已签出', '在场', '平均停留（分钟）'],
    none: { department: '无部门', visitType: '无来访类型', company: '无单位' },
    total: '合计',
    visitTotal: (n) => `合计：${n} 次来访`,
    departmentNote: '被访人属于多个部门时，来访计入每个部门；合计只计一次。',
    visit: ['访客', '手机号', '单位', '被访人', '来访类型', '来访方式', '状态', '人数', '预约时间', '签到时间', '签出时间', '停留（分钟）'],
    kinds: { walkin: '临时访客', appointment: '预约', invite: '邀请', resident: '常驻访客' },
  },
};

export const REPORT_EXPORT_TEXTS = TEXTS;
const BATCH = 2000;
function figureCells(f: ReportFigures): (number | null)[] {
  return [f.visits, f.people, f.signedIn, f.signedOut, f.onSite, f.avgStayMinutes];
}

const minutes = (from: Date | null, to: Date | null) => (from && to ? Math.round((to.getTime() - from.getTime()) / 60_000) : null);

/**
 * Streams the visitor report as the screen shows it: the groups and the totals row, or every visit of the query
 * (keyset-paged in the list's order, written batch by batch, so memory stays flat) and the totals row.
 */
export async function exportVisitReport(ctx: AuthedContext, q: ReportQuery & { lang: Lang }): Promise<Readable> {
  const filter = await reportFilter(ctx, q); // a bad department answers before the stream starts
  const t = TEXTS[q.lang];
  const columns =
    q.groupBy === 'none'
      ? t.visit.map((header, i) => ({ header, width: [14, 16, 22, 14, 14, 12, 10, 8, 18, 18, 18, 10][i] ?? 12 }))
      : [t.group[q.groupBy], ...t.figures].map((header, i) => ({ header, width: i ? 14 : 28 }));
  return xlsxStream(
    { sheet: t.sheet, columns, freezeHeader: true },
    async (sheet) => {
      const totals = await totalsOf(ctx, filter);
      if (q.groupBy !== 'none') {
        const grouping = q.groupBy;
        for (const g of await groupsOf(ctx, q, filter)) {
          const label = grouping === 'visitType' ? visitTypeText(g.label, q.lang) : g.label;
          sheet.row([label || (grouping === 'day' ? g.key : t.none[grouping]), ...figureCells(g)]);
        }
        sheet.row([t.total, ...figureCells(totals)], { bold: true });
        if (grouping === 'department') sheet.row([t.departmentNote]);
      } else {
        const repo = repoOf(ctx);
        let after: { at: string; id: number } | null = null;
        for (;;) {
          const rows = await repo.batchAfter(filter, after, BATCH);
          for (const r of rows)
            sheet.row([
              r.name,
              r.phone,
              r.company,
              r.empName,
              visitTypeText(r.visitType, q.lang),
              t.kinds[r.kind as VisitKind] ?? r.kind,
              visitorStatusLabels[r.status as VisitorStatus]?.[q.lang] ?? r.status,
              1 + r.followers.length,
              r.appointmentAt,
              r.visitAt,
              r.signOutAt,
              minutes(r.visitAt, r.signOutAt),
            ]);
          await sheet.flush();
          const last = rows[rows.length - 1];
          if (rows.length < BATCH || !last) break;
          after = { at: last.at, id: last.id };
        }
        // The totals under the columns they sum: people, how many signed in and out, the average stay.
        sheet.row(
          [t.visitTotal(totals.visits), '', '', '', '', '', '', totals.people, '', totals.signedIn, totals.signedOut, totals.avgStayMinutes],
          {
            bold: true,
          },
        );
      }
      ctx.log.info({ groupBy: q.groupBy }, 'visitor report exported');
    },
    (err) => ctx.log.error({ err }, 'visitor report export failed'),
  );
}
