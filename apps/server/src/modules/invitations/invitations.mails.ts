import type { Lang } from '@openvisit/contract';
import QRCode from 'qrcode';
import { company as companyRow, settingsOfRow } from '../../core/company/company.public.js';
import { inviteTime, passVisit, type VisitRow } from '../../core/visits/visits.public.js';
import { issueVisitPass } from '../../platform/formats/passes.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import type { InlineAttachment } from '../../platform/messages/mail.js';
import { mailLayout, privacyFooter } from '../../platform/messages/mailLayout.js';

/** The content id the mail's HTML names the QR pass by. */
export const PASS_CID = 'pass@openvisit';

/**
 * The visitor's QR pass as an inline PNG: the signed pass of the check-in code (platform/formats/passes.ts), as the kiosk reads
 * it and the invitation page draws it (in the original's format where the company switched compatibility on).
 */
export async function passAttachment(secrets: SecretBox, scope: TenantScope, v: VisitRow & { code: string }): Promise<InlineAttachment> {
  const company = await companyRow(scope);
  const original = company ? settingsOfRow(company).originalCompat === 1 : false;
  const pass = issueVisitPass(secrets, v.companyId, passVisit(v, v.code), { original });
  const content = await QRCode.toBuffer(pass, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { filename: 'pass.png', cid: PASS_CID, contentType: 'image/png', content };
}

/** The template's texts the invitation was sent with (plain text; escaped and broken into lines by the layout). */
export interface InvitationTexts {
  inviteContent: string;
  address: string;
  traffic: string;
  companyProfile: string;
}

interface VisitFacts {
  visitor: string;
  company: string;
  host: string;
  at: Date;
  gate: string;
}

function sections(lang: Lang, company: string, t: InvitationTexts, withLetter: boolean) {
  const zh = lang === 'zh';
  return [
    ...(withLetter ? [{ heading: '', text: t.inviteContent }] : []),
    { heading: zh ? '地址' : 'Address', text: t.address },
    { heading: zh ? '交通指引' : 'Getting here', text: t.traffic },
    { heading: zh ? `关于${company}` : `About ${company}`, text: t.companyProfile },
  ];
}

/** The inline QR pass of a mail (`passAttachment` carries the image), with its caption. */
export function passImage(lang: Lang, code: string) {
  return lang === 'zh'
    ? { cid: PASS_CID, alt: `签到码 ${code}`, caption: `签到码 ${code}：到达时在访客机上扫描此二维码或输入签到码即可签到。` }
    : {
        cid: PASS_CID,
        alt: `Check-in code ${code}`,
        caption: `Check-in code ${code}: scan this QR code or type the code at the visitor kiosk when you arrive.`,
      };
}

/**
 * The invitation, in the visitor's language: who invites, when, where to go, the template's letter, address,
 * directions and company profile, the QR pass (inline picture, `PASS_CID`); the button opens the invitation page.
 */
export function invitationMail(
  lang: Lang,
  v: VisitFacts & { reason: string; link: string; code: string; texts: InvitationTexts; privacyLink: string },
) {
  const when = inviteTime(v.at, lang);
  const extras = {
    sections: sections(lang, v.company, v.texts, true),
    image: passImage(lang, v.code),
    privacy: privacyFooter(lang, v.privacyLink),
  };
  if (lang === 'zh')
    return {
      subject: `${v.company} 邀请您来访 — ${when}`,
      ...mailLayout(
        `${v.company} 诚邀您来访`,
        [
          `${v.visitor}，您好：`,
          `${v.host} 邀请您于 ${when} 来访${v.gate ? `，请从 ${v.gate} 进入` : ''}。`,
          ...(v.reason ? [`来访事由：${v.reason}`] : []),
          '请打开邀请函接受或拒绝邀请；到达时在访客机上出示邀请函中的二维码即可签到。',
        ],
        { href: v.link, label: '查看邀请函' },
        '此链接和二维码仅供您本人使用，请勿转发。',
        extras,
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
      'This link and QR code are for you only; please do not forward them.',
      extras,
    ),
  };
}

/** A few hours before the visit: when and where, the directions and the QR pass again (the link is in the invitation). */
export function reminderMail(lang: Lang, v: VisitFacts & { code: string; texts: InvitationTexts; privacyLink: string }) {
  const when = inviteTime(v.at, lang);
  const extras = {
    sections: sections(lang, v.company, v.texts, false).slice(0, 2),
    image: passImage(lang, v.code),
    privacy: privacyFooter(lang, v.privacyLink),
  };
  if (lang === 'zh')
    return {
      subject: `来访提醒：${when} 到访 ${v.company}`,
      ...mailLayout(
        '来访提醒',
        [`${v.visitor}，您好：`, `${v.host} 邀请您于 ${when} 到访 ${v.company}${v.gate ? `，请从 ${v.gate} 进入` : ''}。`],
        null,
        '如您无法前来，请告知邀请人。此二维码仅供您本人使用。',
        extras,
      ),
    };
  return {
    subject: `Reminder: your visit to ${v.company} — ${when}`,
    ...mailLayout(
      'Your visit is coming up',
      [`Dear ${v.visitor},`, `${v.host} expects you at ${v.company} on ${when}${v.gate ? `; please come to ${v.gate}` : ''}.`],
      null,
      'If you cannot come, please tell your host. This QR code is for you only.',
      extras,
    ),
  };
}

/** The invitation was called off: its link and code no longer work. */
export function cancellationMail(lang: Lang, v: VisitFacts & { privacyLink: string }) {
  const when = inviteTime(v.at, lang);
  const extras = { privacy: privacyFooter(lang, v.privacyLink) };
  if (lang === 'zh')
    return {
      subject: `${v.company} 已取消 ${when} 的来访邀请`,
      ...mailLayout(
        '来访邀请已取消',
        [`${v.visitor}，您好：`, `${v.host} 已取消邀请您于 ${when} 到访 ${v.company}。邀请函链接和签到码已失效。`, '如有疑问，请联系邀请人。'],
        null,
        '此邮件由系统自动发送。',
        extras,
      ),
    };
  return {
    subject: `${v.company} has called off your visit — ${when}`,
    ...mailLayout(
      'Your invitation was called off',
      [
        `Dear ${v.visitor},`,
        `${v.host} has called off your visit to ${v.company} on ${when}. The invitation link and check-in code no longer work.`,
        'If you have questions, please contact your host.',
      ],
      null,
      'This is an automatic message.',
      extras,
    ),
  };
}

/**
 * The invitation and its cancellation as text messages, for a visitor invited with a phone and no email: short (one
 * or two SMS segments), with the link to the invitation page, which shows the QR pass.
 */
export function invitationSms(lang: Lang, v: Omit<VisitFacts, 'gate'> & { link: string; code: string }) {
  const when = inviteTime(v.at, lang);
  const text =
    lang === 'zh'
      ? `${v.visitor}您好，${v.host}邀请您于${when}到访${v.company}。签到码 ${v.code}，邀请函：${v.link}`
      : `${v.visitor}, ${v.host} invites you to ${v.company} on ${when}. Check-in code ${v.code}. Invitation: ${v.link}`;
  const params = { visitor: v.visitor, host: v.host, company: v.company, time: when, code: v.code, link: v.link };
  return {
    subject: lang === 'zh' ? `${v.company} 来访邀请` : `${v.company} invitation`,
    text,
    short: text,
    sms: { kind: 'invitation' as const, params },
  };
}

export function cancellationSms(lang: Lang, v: Omit<VisitFacts, 'gate'>) {
  const when = inviteTime(v.at, lang);
  const text =
    lang === 'zh'
      ? `${v.visitor}您好，${v.host}已取消您于${when}到访${v.company}的邀请，签到码已失效。`
      : `${v.visitor}, ${v.host} has called off your visit to ${v.company} on ${when}; the check-in code no longer works.`;
  const params = { visitor: v.visitor, host: v.host, company: v.company, time: when };
  return {
    subject: lang === 'zh' ? `${v.company} 邀请已取消` : `${v.company} visit called off`,
    text,
    short: text,
    sms: { kind: 'cancellation' as const, params },
  };
}

/** The host hears the visitor's answer (accepted or declined), in the company's language, on their channels. */
export function replyNotice(lang: Lang, v: { host: string; visitor: string; company: string; at: Date; accepted: boolean; link: string }) {
  const when = inviteTime(v.at, lang);
  const who = v.company ? (lang === 'zh' ? `${v.company} 的 ${v.visitor}` : `${v.visitor} of ${v.company}`) : v.visitor;
  const answer =
    lang === 'zh'
      ? `${who}${v.accepted ? '已接受' : '已拒绝'}您 ${when} 的来访邀请。`
      : `${who} has ${v.accepted ? 'accepted' : 'declined'} your invitation for ${when}.`;
  const subject =
    lang === 'zh' ? `${v.visitor}${v.accepted ? '接受' : '拒绝'}了您的邀请` : `${v.visitor} ${v.accepted ? 'accepted' : 'declined'} your invitation`;
  const layout = mailLayout(
    subject,
    [lang === 'zh' ? `${v.host}，您好：` : `Hello ${v.host},`, answer],
    { href: v.link, label: lang === 'zh' ? '查看我的邀请' : 'My invitations' },
    lang === 'zh' ? '此邮件由系统自动发送。' : 'This is an automatic message.',
  );
  return { subject, ...layout, short: answer };
}

/** The host hears that a visitor booked a visit with them through the company's booking app. */
export function bookingNotice(lang: Lang, v: { host: string; visitor: string; company: string; at: Date; approval: boolean; link: string }) {
  const when = inviteTime(v.at, lang);
  const who = v.company ? (lang === 'zh' ? `${v.company} 的 ${v.visitor}` : `${v.visitor} of ${v.company}`) : v.visitor;
  const waiting = v.approval ? (lang === 'zh' ? '该预约待审批。' : 'The booking is waiting for approval.') : '';
  const booked = lang === 'zh' ? `${who}预约了 ${when} 来访您。${waiting}` : `${who} has booked a visit to you for ${when}. ${waiting}`.trim();
  const subject = lang === 'zh' ? `${v.visitor}预约来访` : `${v.visitor} booked a visit`;
  const layout = mailLayout(
    subject,
    [lang === 'zh' ? `${v.host}，您好：` : `Hello ${v.host},`, booked],
    { href: v.link, label: lang === 'zh' ? '查看我的访客' : 'My visitors' },
    lang === 'zh' ? '此邮件由系统自动发送。' : 'This is an automatic message.',
  );
  const wechat = { kind: 'appointment' as const, params: { visitor: v.visitor, company: v.company, time: when }, link: v.link };
  return { subject, ...layout, short: booked, wechat };
}
