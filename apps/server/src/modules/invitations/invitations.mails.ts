import type { Lang } from '@openvisit/contract';
import { mailLayout } from '../../platform/mailLayout.js';

/** The expected time as the visitor reads it (server time zone), e.g. "Monday 23 November 2026 at 10:30". */
export function inviteTime(at: Date, lang: Lang): string {
  return at.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'full', timeStyle: 'short' });
}

/** The invitation, in the visitor's language: who invites, when, where to go; the button opens the invitation page. */
export function invitationMail(
  lang: Lang,
  v: { visitor: string; company: string; host: string; at: Date; gate: string; reason: string; link: string },
) {
  const when = inviteTime(v.at, lang);
  if (lang === 'zh')
    return {
      subject: `${v.company} 邀请您来访 — ${when}`,
      ...mailLayout(
        `${v.company} 诚邀您来访`,
        [
          `${v.visitor}，您好：`,
          `${v.host} 邀请您于 ${when} 来访${v.gate ? `，请从 ${v.gate} 进入` : ''}。`,
          ...(v.reason ? [`来访事由：${v.reason}`] : []),
          '请打开邀请函接受或拒绝邀请；到达时在访客自助机上出示邀请函中的二维码即可签到。',
        ],
        { href: v.link, label: '查看邀请函' },
        '此链接仅供您本人使用，请勿转发。',
      ),
    };
  return {
    subject: `${v.company} invites you — ${when}`,
    ...mailLayout(
      `${v.company} invites you`,
      [
        `Dear ${v.visitor},`,
        `${v.host} invites you to visit on ${when}${v.gate ? `; please come to ${v.gate}` : ''}.`,
        ...(v.reason ? [`Purpose: ${v.reason}`] : []),
        'Open the invitation to accept or decline it. When you arrive, show its QR code at the visitor kiosk to check in.',
      ],
      { href: v.link, label: 'Open the invitation' },
      'This link is for you only; please do not forward it.',
    ),
  };
}
