import type { Readable } from 'node:stream';
import { formatDateTime, type Lang, type VisitKind } from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import { cjkPdf } from '../../platform/files/pdf.js';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { type OnSiteGate, onSiteList } from './onsite.service.js';

const TEXTS = {
  en: {
    title: 'Evacuation list',
    at: 'On site at',
    total: (visits: number, people: number) => `${visits} visits, ${people} people`,
    gate: (name: string, people: number) => `${name || 'No gate'}: ${people} ${people === 1 ? 'person' : 'people'}`,
    noGate: 'No gate',
    none: 'Nobody is on site.',
    sheet: 'Evacuation',
    headers: ['Gate', 'Name', 'Company', 'Phone', 'Host', 'Host phone', 'Signed in', 'With them', 'Kind', 'Badge'],
    kinds: { walkin: 'Walk-in', invite: 'Invited', appointment: 'Appointment', resident: 'Resident' } as Record<VisitKind, string>,
    check: 'Checked',
  },
  zh: {
    title: '紧急疏散名单',
    at: '在场时间',
    total: (visits: number, people: number) => `共 ${visits} 条来访，${people} 人`,
    gate: (name: string, people: number) => `${name || '无门岗'}：${people} 人`,
    noGate: '无门岗',
    none: '当前无人在场。',
    sheet: '疏散名单',
    headers: ['门岗', '姓名', '单位', '电话', '被访人', '被访人电话', '签到时间', '随行人数', '类型', '卡号'],
    kinds: { walkin: '现场登记', invite: '邀请', appointment: '预约', resident: '常驻' } as Record<VisitKind, string>,
    check: '已清点',
  },
} as const;

function time(ms: number, lang: Lang): string {
  return formatDateTime(ms, lang);
}

/** The evacuation list as a workbook: a title, then each gate's people under a heading row with its headcount. */
export async function evacuationWorkbook(ctx: AuthedContext, lang: Lang): Promise<Readable> {
  const list = await onSiteList(ctx);
  const t = TEXTS[lang];
  const columns = t.headers.map((header, i) => ({ header, width: [14, 14, 22, 16, 14, 16, 18, 10, 12, 12][i] ?? 12 }));
  return xlsxStream(
    { sheet: t.sheet, columns },
    async (sheet) => {
      sheet.row([`${t.title} · ${t.at} ${time(list.at, lang)} · ${t.total(list.visits, list.people)}`]);
      for (const g of list.gates) {
        sheet.row([t.gate(g.gname, g.people)], { bold: true });
        for (const p of g.list)
          sheet.row([
            g.gname || t.noGate,
            p.name,
            p.company,
            p.phone,
            p.empName,
            p.empPhone,
            new Date(p.visitdate),
            p.followers,
            t.kinds[p.kind],
            p.cardNo,
          ]);
      }
    },
    (err) => ctx.log.error({ err }, 'evacuation list export failed'),
  );
}

/** The evacuation list as an A4 PDF to print: the company, the time, the totals, then a table per gate with a tick box. */
export async function evacuationPdfFile(ctx: AuthedContext, lang: Lang): Promise<Readable> {
  const [list, company] = await Promise.all([onSiteList(ctx), companyRow(ctx.tenant)]);
  const t = TEXTS[lang];
  const doc = await cjkPdf({ margin: 36, info: { Title: t.title, Author: company?.name ?? '' } });
  doc.fontSize(16).text(`${company?.name ?? ''} · ${t.title}`);
  doc
    .fontSize(10)
    .fillColor('#444')
    .text(`${t.at} ${time(list.at, lang)} · ${t.total(list.visits, list.people)}`)
    .fillColor('#000');
  if (!list.gates.length) doc.moveDown().fontSize(12).text(t.none);
  // Name, company, phone, host, host phone, signed in, +people, tick.
  const cols = [90, 95, 80, 70, 80, 60, 30, 18];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    let x = doc.page.margins.left;
    let height = 0;
    doc.fontSize(bold ? 8.5 : 8.5).fillColor(bold ? '#333' : '#000');
    cells.forEach((c, i) => {
      const w = cols[i] ?? 40;
      height = Math.max(height, doc.heightOfString(c, { width: w - 4 }));
      doc.text(c, x, y, { width: w - 4 });
      x += w;
    });
    doc.x = doc.page.margins.left;
    doc.y = y + height + 4;
    doc
      .moveTo(doc.page.margins.left, doc.y - 2)
      .lineTo(doc.page.width - doc.page.margins.right, doc.y - 2)
      .lineWidth(0.3)
      .strokeColor('#bbb')
      .stroke();
  };
  const section = (g: OnSiteGate) => {
    if (doc.y > doc.page.height - 100) doc.addPage();
    doc.moveDown(0.8).fontSize(12).fillColor('#000').text(t.gate(g.gname, g.people), doc.page.margins.left);
    doc.moveDown(0.3);
    row([t.headers[1], t.headers[2], t.headers[3], t.headers[4], t.headers[5], t.headers[6], '+', t.check].map(String), true);
    for (const p of g.list)
      row([p.name, p.company, p.phone, p.empName, p.empPhone, time(p.visitdate, lang), p.followers ? `+${p.followers}` : '', '☐']);
  };
  for (const g of list.gates) section(g);
  doc.end();
  return doc as unknown as Readable;
}
