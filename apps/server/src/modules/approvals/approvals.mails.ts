import type { Lang } from '@openvisit/contract';
import { inviteTime } from '../../core/visits/visits.public.js';
import { mailLayout, privacyFooter } from '../../platform/messages/mailLayout.js';

/** To an approver: a visit has reached their level. */
export function approvalRequestMail(
  lang: Lang,
  v: { approver: string; visitor: string; company: string; host: string; at: Date; reason: string; level: number; levels: number; link: string },
) {
  const when = inviteTime(v.at, lang);
  const who = v.company ? `${v.visitor} (${v.company})` : v.visitor;
  if (lang === 'zh')
    return {
      subject: `访客待审批：${v.visitor}（第 ${v.level}/${v.levels} 级）`,
      ...mailLayout(
        '有访客等待您的审批',
        [
          `${v.approver}，您好：`,
          v.host
            ? `${who} 将于 ${when} 拜访 ${v.host}，现等待您的审批（第 ${v.level}/${v.levels} 级）。`
            : `${who}（${when}）等待您的审批（第 ${v.level}/${v.levels} 级）。`,
          ...(v.reason ? [`来访事由：${v.reason}`] : []),
        ],
        { href: v.link, label: '去审批' },
        '审批通过后访客方可签到。',
      ),
    };
  return {
    subject: `Visit waiting for your approval: ${v.visitor} (level ${v.level} of ${v.levels})`,
    ...mailLayout(
      'A visit is waiting for your approval',
      [
        `Dear ${v.approver},`,
        v.host
          ? `${who} will visit ${v.host} on ${when} and is waiting for your approval (level ${v.level} of ${v.levels}).`
          : `${who} (${when}) is waiting for your approval (level ${v.level} of ${v.levels}).`,
        ...(v.reason ? [`Purpose: ${v.reason}`] : []),
      ],
      { href: v.link, label: 'Review it' },
      'The visitor can check in only once the visit is approved.',
    ),
  };
}

const OUTCOME = {
  zh: { agreed: '已通过审批', refused: '未通过审批', returned: '被退回' },
  en: { agreed: 'has been approved', refused: 'has not been approved', returned: 'was returned' },
} as const;

/** To the host (any outcome) or the visitor (approved or refused). */
export function approvalResultMail(
  lang: Lang,
  v: {
    recipient: string;
    visitor: string;
    host: string;
    company?: string;
    at: Date;
    outcome: 'agreed' | 'refused' | 'returned';
    remark: string;
    forHost: boolean;
    link?: string;
    /** The visitor's mail: the company's privacy page, under the footer. */
    privacyLink?: string;
  },
) {
  const extras = v.privacyLink ? { privacy: privacyFooter(lang, v.privacyLink) } : {};
  const when = inviteTime(v.at, lang);
  const what = OUTCOME[lang][v.outcome];
  if (lang === 'zh') {
    const subject = v.forHost ? `访客 ${v.visitor} 的来访${what}` : `您 ${when} 的来访${what}`;
    return {
      subject,
      ...mailLayout(
        subject,
        [
          `${v.recipient}，您好：`,
          v.forHost ? `${v.visitor} 于 ${when} 的来访${what}。` : `您于 ${when} 拜访 ${v.company ?? ''} ${v.host} 的申请${what}。`,
          ...(v.remark ? [`审批意见：${v.remark}`] : []),
          ...(v.outcome === 'returned' ? ['请修改后在邀请记录中重新提交审批。'] : []),
          ...(v.outcome === 'agreed' && !v.forHost ? ['到达时请在访客机上出示邀请函中的二维码签到。'] : []),
        ],
        v.link ? { href: v.link, label: '查看' } : null,
        '此邮件由系统自动发送。',
        extras,
      ),
    };
  }
  const subject = v.forHost ? `The visit of ${v.visitor} ${what}` : `Your visit on ${when} ${what}`;
  return {
    subject,
    ...mailLayout(
      subject,
      [
        `Dear ${v.recipient},`,
        v.forHost
          ? `The visit of ${v.visitor} on ${when} ${what}.`
          : `Your visit to ${v.host}${v.company ? ` at ${v.company}` : ''} on ${when} ${what}.`,
        ...(v.remark ? [`Approver's note: ${v.remark}`] : []),
        ...(v.outcome === 'returned' ? ['Correct it and submit it again from your invitation list.'] : []),
        ...(v.outcome === 'agreed' && !v.forHost ? ['When you arrive, show the QR code of your invitation at the visitor kiosk to check in.'] : []),
      ],
      v.link ? { href: v.link, label: 'Open' } : null,
      'This message was sent automatically.',
      extras,
    ),
  };
}
