import { formatDateTime, type Lang } from '@openvisit/contract';
import { mailLayout } from '../../platform/messages/mailLayout.js';

/** To the administrator: an endpoint that failed for a day was switched off (once per failing episode). */
export function endpointOffMail(lang: Lang, v: { url: string; since: Date; link: string }) {
  const since = formatDateTime(v.since, lang);
  if (lang === 'zh')
    return {
      subject: `Webhook 地址已停用：${v.url}`,
      ...mailLayout(
        'Webhook 地址已停用',
        [
          `自 ${since} 起，发往 ${v.url} 的事件一直未能送达，该地址已停用，不再发送新事件。`,
          '修复接收端后，请在控制台重新启用，并可重发这段时间的事件。',
        ],
        { href: v.link, label: '查看投递记录' },
        '',
      ),
    };
  return {
    subject: `Webhook endpoint switched off: ${v.url}`,
    ...mailLayout(
      'Webhook endpoint switched off',
      [
        `Events sent to ${v.url} have failed since ${since}, so the endpoint was switched off and new events are not sent to it.`,
        'Once the receiver is fixed, switch it on again in the console; you can send the events of that time again.',
      ],
      { href: v.link, label: 'Open the delivery log' },
      '',
    ),
  };
}
