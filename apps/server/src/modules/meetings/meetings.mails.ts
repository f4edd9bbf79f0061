import { formatTime, type Lang } from '@openvisit/contract';
import { inviteTime } from '../../core/visits/visits.public.js';
import { mailLayout, privacyFooter } from '../../platform/messages/mailLayout.js';
import { passImage } from '../invitations/invitations.public.js';

/** "Mon 23 Nov 2026, 10:30 – 11:30" (the end's day only when it is another day), server time zone. */
function span(start: Date, end: Date, lang: Lang): string {
  const sameDay = start.toDateString() === end.toDateString();
  const until = sameDay ? formatTime(end, lang) : inviteTime(end, lang);
  return `${inviteTime(start, lang)} – ${until}`;
}

export interface MeetingMailFacts {
  visitor: string;
  company: string;
  host: string;
  subject: string;
  start: Date;
  end: Date;
  address: string;
  gate: string;
  /** The company's privacy page, under the footer. */
  privacyLink: string;
}

function where(m: MeetingMailFacts, lang: Lang): string[] {
  if (lang === 'zh') return [...(m.address ? [`地点：${m.address}`] : []), ...(m.gate ? [`请从 ${m.gate} 进入。`] : [])];
  return [...(m.address ? [`Place: ${m.address}`] : []), ...(m.gate ? [`Please come to ${m.gate}.`] : [])];
}

/** The invitation to a meeting, in the visitor's language; the button opens the visitor's invitation page. */
export function meetingInvitationMail(lang: Lang, m: MeetingMailFacts & { link: string; code: string }) {
  const when = span(m.start, m.end, lang);
  const extras = { ...(m.code ? { image: passImage(lang, m.code) } : {}), privacy: privacyFooter(lang, m.privacyLink) };
  if (lang === 'zh')
    return {
      subject: `${m.company} 邀请您参加会议：${m.subject}`,
      ...mailLayout(
        `${m.company} 诚邀您参加会议`,
        [
          `${m.visitor}，您好：`,
          `${m.host} 邀请您参加会议「${m.subject}」，时间：${when}。`,
          ...where(m, lang),
          '请打开邀请函接受或拒绝邀请；到达时在访客机上出示邀请函中的二维码即可签到。会议结束后邀请函失效。',
        ],
        { href: m.link, label: '查看邀请函' },
        '此链接仅供您本人使用，请勿转发。',
        extras,
      ),
    };
  return {
    subject: `${m.company} invites you to a meeting: ${m.subject}`,
    ...mailLayout(
      `${m.company} invites you to a meeting`,
      [
        `Dear ${m.visitor},`,
        `${m.host} invites you to the meeting "${m.subject}" on ${when}.`,
        ...where(m, lang),
        'Open the invitation to accept or decline it. When you arrive, show its QR code at the visitor kiosk to check in. The invitation ends with the meeting.',
      ],
      { href: m.link, label: 'Open the invitation' },
      'This link is for you only; please do not forward it.',
      extras,
    ),
  };
}

/** The meeting moved or changed place; the invitation link the visitor has stays valid. */
export function meetingChangedMail(lang: Lang, m: MeetingMailFacts) {
  const when = span(m.start, m.end, lang);
  if (lang === 'zh')
    return {
      subject: `会议时间或地点有变：${m.subject}`,
      ...mailLayout(
        `会议「${m.subject}」有变`,
        [`${m.visitor}，您好：`, `${m.host} 邀请您参加的会议现改为：${when}。`, ...where(m, lang), '您之前收到的邀请函链接和二维码仍然有效。'],
        null,
        `${m.company}`,
        { privacy: privacyFooter(lang, m.privacyLink) },
      ),
    };
  return {
    subject: `Meeting changed: ${m.subject}`,
    ...mailLayout(
      `The meeting "${m.subject}" has changed`,
      [
        `Dear ${m.visitor},`,
        `The meeting ${m.host} invited you to is now on ${when}.`,
        ...where(m, lang),
        'Your invitation link and QR code stay valid.',
      ],
      null,
      `${m.company}`,
      { privacy: privacyFooter(lang, m.privacyLink) },
    ),
  };
}

/** The meeting is cancelled: the invitation's link and code no longer work. */
export function meetingCancelledMail(lang: Lang, m: MeetingMailFacts) {
  const when = span(m.start, m.end, lang);
  if (lang === 'zh')
    return {
      subject: `会议已取消：${m.subject}`,
      ...mailLayout(
        `会议「${m.subject}」已取消`,
        [`${m.visitor}，您好：`, `${m.host} 邀请您参加的会议（${when}）已取消，邀请函及其二维码已失效。`],
        null,
        `${m.company}`,
        { privacy: privacyFooter(lang, m.privacyLink) },
      ),
    };
  return {
    subject: `Meeting cancelled: ${m.subject}`,
    ...mailLayout(
      `The meeting "${m.subject}" is cancelled`,
      [`Dear ${m.visitor},`, `The meeting on ${when} that ${m.host} invited you to is cancelled. Its invitation and QR code no longer work.`],
      null,
      `${m.company}`,
      { privacy: privacyFooter(lang, m.privacyLink) },
    ),
  };
}
