import {
  certificateTypeLabels,
  formatDateTime,
  type InductionPass,
  type Lang,
  maskIdNumber,
  type PrivacyNoticeGiven,
  type ProtocolAcceptance,
  type VisitorStatus,
  visitorStatusLabels,
  visitTypeText,
} from '@openvisit/contract';
import type { VisitRow } from '../../core/visits/visits.public.js';
import type { FileStore } from '../../platform/files/files.js';
import { cjkPdf } from '../../platform/files/pdf.js';

/**
 * The per-visit PDF (reference 4: the signed safety agreement), one A4 page in the visitor's language: visitor, host,
 * times, photo, the protocol as accepted and the signature, in the CJK font (platform/files/pdf.ts).
 */

const TEXT = {
  en: {
    title: 'Visitor safety agreement',
    visitor: 'Visitor',
    company: 'Company',
    phone: 'Phone',
    certificate: 'Certificate',
    host: 'Host',
    type: 'Visit type',
    reason: 'Reason',
    followers: 'Accompanying',
    plate: 'Plate number',
    signedIn: 'Signed in',
    signedOut: 'Signed out',
    status: 'Status',
    protocol: 'Safety protocol',
    noProtocol: 'No safety protocol was set when the visitor registered.',
    termsVersion: (t: AcceptedTerms, at: string) =>
      `Version ${t.version} (${t.lang === 'zh' ? 'Chinese' : 'English'}), accepted ${at}${t.via === 'earlier' ? ' at an earlier visit' : ''}`,
    signature: 'Signature:',
    signedAt: 'Signed on:',
    none: '—',
    record: 'Visit no.',
    induction: 'Safety induction',
    inductionText: (p: InductionPass, at: string) => `${p.title} (version ${p.version}), ${p.totalScore}/${p.fullScore}, passed ${at}`,
    notice: 'Privacy notice',
    noticeText: (n: PrivacyNoticeGiven, at: string) => `Version ${n.version} (${n.lang === 'zh' ? 'Chinese' : 'English'}), given ${at}`,
  },
  zh: {
    title: '访客安全协议',
    visitor: '访客',
    company: '单位',
    phone: '手机号',
    certificate: '证件',
    host: '被访人',
    type: '来访类型',
    reason: '来访事由',
    followers: '随行人员',
    plate: '车牌号',
    signedIn: '签到时间',
    signedOut: '签出时间',
    status: '状态',
    protocol: '安全协议',
    noProtocol: '访客登记时未设置安全协议。',
    termsVersion: (t: AcceptedTerms, at: string) =>
      `第 ${t.version} 版（${t.lang === 'zh' ? '中文' : '英文'}），${at}${t.via === 'earlier' ? '于此前来访时' : ''}接受`,
    signature: '签名：',
    signedAt: '签署日期：',
    none: '—',
    record: '来访编号',
    induction: '安全培训',
    inductionText: (p: InductionPass, at: string) => `${p.title}（版本 ${p.version}），${p.totalScore}/${p.fullScore} 分，${at} 通过`,
    notice: '隐私声明',
    noticeText: (n: PrivacyNoticeGiven, at: string) => `第 ${n.version} 版（${n.lang === 'zh' ? '中文' : '英文'}），${at} 告知`,
  },
} as const;

/** A phone shown with its middle hidden: the PDF may be printed and filed. */
function maskPhone(p: string): string {
  return p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p;
}

function when(d: Date | null, lang: Lang): string {
  if (!d) return TEXT[lang].none;
  return formatDateTime(d, lang);
}

type AcceptedTerms = Pick<ProtocolAcceptance, 'version' | 'lang' | 'via'>;

/**
 * The visit's PDF; `induction` the visitor's safety induction pass for the visit's type, when they hold one; `terms`
 * the version of the safety terms accepted (visits from before versions show the words they stored); `notice` the
 * privacy notice's version given.
 */
export async function buildVisitPdf(
  v: VisitRow,
  company: string,
  files: FileStore,
  {
    induction = null,
    terms = null,
    notice = null,
  }: { induction?: InductionPass | null; terms?: (ProtocolAcceptance & { text: string }) | null; notice?: PrivacyNoticeGiven | null } = {},
): Promise<Buffer> {
  const lang: Lang = v.lang === 'en' ? 'en' : 'zh';
  const t = TEXT[lang];
  const [photo, signature] = await Promise.all([v.photo ? files.read(v.photo) : undefined, v.signature ? files.read(v.signature) : undefined]);

  const doc = await cjkPdf({ margin: 50, info: { Title: `${t.title} ${v.id}`, Author: company } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(18).text(company, { align: 'center' });
  doc.moveDown(0.2).fontSize(14).text(t.title, { align: 'center' });
  doc.moveDown(0.2).fontSize(9).fillColor('#666').text(`${t.record} ${v.id}`, { align: 'center' }).fillColor('#000');
  doc.moveDown(1);

  const top = doc.y;
  const rows: [string, string][] = [
    [t.visitor, v.name],
    [t.company, v.company || t.none],
    [t.phone, v.phone ? maskPhone(v.phone) : t.none],
    [
      t.certificate,
      v.idNumber
        ? `${certificateTypeLabels[v.certificateType as keyof typeof certificateTypeLabels]?.[lang] ?? ''} ${maskIdNumber(v.idNumber)}`
        : t.none,
    ],
    [t.host, v.empName || t.none],
    [t.type, visitTypeText(v.visitType, lang) || t.none],
    [t.reason, v.visitReason || t.none],
    [t.followers, v.followers.length ? v.followers.map((f) => f.name).join(lang === 'zh' ? '、' : ', ') : t.none],
    [t.plate, v.plateNum || t.none],
    [t.signedIn, when(v.visitAt, lang)],
    [t.signedOut, when(v.signOutAt, lang)],
    [t.status, visitorStatusLabels[v.status as VisitorStatus]?.[lang] ?? v.status],
  ];
  if (induction) rows.push([t.induction, t.inductionText(induction, formatDateTime(induction.passedAt, lang))]);
  if (notice) rows.push([t.notice, t.noticeText(notice, formatDateTime(notice.at, lang))]);
  doc.fontSize(10);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor('#555').text(label, 50, y, { width: 90 });
    doc.fillColor('#000').text(value, 145, y, { width: 250 });
    doc.moveDown(0.35);
  }
  if (photo) doc.image(photo, 420, top, { fit: [125, 160], align: 'center' });
  doc.y = Math.max(doc.y, top + 170);

  doc.moveDown(1).fontSize(12).text(t.protocol, 50);
  if (terms)
    doc
      .moveDown(0.2)
      .fontSize(9)
      .fillColor('#555')
      .text(t.termsVersion(terms, formatDateTime(terms.at, lang)), 50)
      .fillColor('#000');
  doc
    .moveDown(0.3)
    .fontSize(9.5)
    .text((terms?.text ?? v.protocolText).trim() || t.noProtocol, { align: 'justify', width: 495 });

  doc.moveDown(1.5).fontSize(11).text(t.signature, 50);
  if (signature) doc.image(signature, 50, doc.y + 4, { fit: [220, 90] });
  doc.y += 100;
  doc.fontSize(10).text(`${t.signedAt} ${when(v.visitAt ?? v.createdAt, lang)}`, 50);
  doc.end();
  return done;
}
