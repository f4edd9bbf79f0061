import { formatTime, type Lang } from '@openvisit/contract';
import { escapeHtml } from '../../platform/messages/mailLayout.js';

/** "Your visitor has arrived", in the company's language; a proxy's copy says for whom. */
export function arrivalMail(
  lang: Lang,
  v: { recipient: string; host: string; visitor: string; company: string; people: number; gate: string; at: Date; proxy: boolean },
) {
  const time = formatTime(v.at, lang);
  const who = v.company ? (lang === 'zh' ? `${v.company} 的 ${v.visitor}` : `${v.visitor} of ${v.company}`) : v.visitor;
  const lines =
    lang === 'zh'
      ? [
          `${v.recipient}，您好：`,
          v.proxy ? `您代理的 ${v.host} 的访客已到达。` : '您的访客已到达。',
          `${who}${v.people > 1 ? `（共 ${v.people} 人）` : ''}于 ${time} 在${v.gate || '前台'}签到。`,
        ]
      : [
          `Hello ${v.recipient},`,
          v.proxy ? `A visitor of ${v.host}, for whom you stand in, has arrived.` : 'Your visitor has arrived.',
          `${who}${v.people > 1 ? ` (${v.people} people)` : ''} checked in at ${v.gate || 'reception'} at ${time}.`,
        ];
  const subject = lang === 'zh' ? `访客已到达：${v.visitor}` : `Your visitor has arrived: ${v.visitor}`;
  const html = `<!doctype html><html><body style="font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#1f2329;max-width:560px;margin:24px auto">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}</body></html>`;
  // SMS and voice: without the greeting.
  const sms = { kind: 'arrival' as const, params: { visitor: v.visitor, company: v.company, time, gate: v.gate } };
  const wechat = { kind: 'arrival' as const, params: sms.params };
  return { subject, text: lines.join('\n'), short: lines.slice(1).join(lang === 'zh' ? '' : ' '), html, sms, wechat };
}
