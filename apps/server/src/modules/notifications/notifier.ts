import { CHANNEL_NOTIFY_BIT, MESSAGE_CHANNELS, type MessageChannel, Status, statusInfo } from '@openvisit/contract';
import { employees } from '../../core/people/people.public.js';
import { AppError } from '../../platform/http/errors.js';
import { scopeForCompany } from '../../platform/identity/tenancy.js';
import type { Mailer } from '../../platform/messages/mail.js';
import type { MessageTemplate, Outbox } from '../../platform/messages/messages.js';
import type { Notice, Notifier as NotifierApi, Recipient, Told } from '../../platform/messages/notify.js';
import { contacts } from '../contacts/contacts.public.js';
import { WORK_APP_BY_PHONE } from '../im/im.public.js';
import { type ChannelDeps, type ChannelProblem, companyChannels } from './notifications.channels.js';
import { DINGTALK_BY_PHONE } from './notifications.providers.js';

export type { Notice, Recipient, Told };

const PROBLEM_STATUS: Record<ChannelProblem, number> = {
  emailOff: Status.EMAIL_NOTICE_OFF,
  smsOff: Status.SMS_SWITCH_OFF,
  smsQuota: Status.SMS_QUOTA_EXCEEDED,
  off: Status.INVALID_CHANNEL,
};

const CHANNEL_NAME: Record<MessageChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  wechat: 'WeChat',
  dingtalk: 'DingTalk',
  rtx: 'RTX',
  voice: 'Voice',
  feishu: 'Feishu',
  wecom: 'WeCom',
};

function problemReason(channel: MessageChannel, problem: ChannelProblem): string {
  if (problem === 'off' && (channel === 'feishu' || channel === 'wecom'))
    return `The ${CHANNEL_NAME[channel]} app is not set up (Settings › Work apps)`;
  if (problem === 'off') return `${CHANNEL_NAME[channel]} notification is switched off`;
  return statusInfo(PROBLEM_STATUS[problem])?.en ?? problem;
}

/** The channels that send a notice's decision as a card with its buttons (WeCom's only where its callback is set up, DingTalk's where the company named its card template: modules/im). */
const CARD_CHANNELS = new Set<MessageChannel>(['feishu', 'wecom', 'dingtalk']);

/** A notice's decision as the delivery record keeps it: the work app's sender turns it into a card. */
function decisionTemplate(notice: Notice): MessageTemplate | undefined {
  const d = notice.decision;
  return d && { kind: 'decision', params: { token: d.token, link: d.link, ref: d.ref, lang: d.lang, ...d.labels } };
}

/** A notice's WeChat template as the delivery record keeps it (its link among the values). */
function wxTemplate(notice: Notice): MessageTemplate | undefined {
  const t = notice.wechat;
  return t && { kind: t.kind, params: { ...t.params, ...(t.link && { link: t.link }) } };
}

/** The channels of an employee's `defaultNotify` bits, in the catalogue's order; none chosen means email. */
export function chosenChannels(defaultNotify: number): MessageChannel[] {
  const chosen = MESSAGE_CHANNELS.filter((c) => (defaultNotify & CHANNEL_NOTIFY_BIT[c]) !== 0);
  return chosen.length ? chosen : ['email'];
}

/** The channels whose address is an id the directory sync (or a sign-in, or the official account) linked. */
const LINKED = new Set<MessageChannel>(['dingtalk', 'rtx', 'wechat', 'feishu', 'wecom']);

/**
 * An employee's address on a channel: email and phone as stored; a linked id, where DingTalk, Feishu and WeCom fall back
 * on the phone (looked up by the platform at delivery); '' when there is none.
 */
function addressOf(channel: MessageChannel, e: { email: string; phone: string }, links: Partial<Record<string, string>>): string {
  if (channel === 'email') return e.email;
  if (channel === 'sms' || channel === 'voice') return e.phone;
  const linked = links[channel] ?? '';
  if (linked || !e.phone) return linked;
  if (channel === 'dingtalk') return `${DINGTALK_BY_PHONE}${e.phone}`;
  return channel === 'feishu' || channel === 'wecom' ? `${WORK_APP_BY_PHONE}${e.phone}` : '';
}

/**
 * Tells people things on the company's channels (the platform's Notifier: platform/messages/notify.ts; app.ts hands it in). Every message becomes a delivery record (`messages`) and is delivered
 * by a job with retries (platform/messages/messages.ts); nothing here waits for a provider, so a check-in or an invitation
 * never hangs on SMTP or SMS. Callers render the notice in the recipient's language first.
 *
 *   await ctx.services.notifier.tellEmployee(companyId, empId, notice, { visitId })   // the channels they chose
 *   await ctx.services.notifier.tell(companyId, { channel: 'sms', to: phone }, notice)  // a visitor
 *   await ctx.services.notifier.require(companyId, 'sms')   // a call that cannot do without the channel: 41 / 53 / 43 / 26
 */
export class Notifier implements NotifierApi {
  constructor(
    private readonly deps: ChannelDeps,
    private readonly mailer: Mailer,
    private readonly outbox: Outbox,
  ) {}

  /** The company a message is for: named by the caller, who acts for it (a call's session or a job's company). */
  private channelsOf(companyId: number, asked?: readonly MessageChannel[]) {
    return companyChannels(scopeForCompany(this.deps.system, companyId), asked);
  }

  /** Throws the catalogued refusal when `channel` cannot carry a message now: 41 email off, 53 SMS off, 43 no SMS left, 26 another channel off. */
  async require(companyId: number, channel: MessageChannel): Promise<void> {
    const problem = (await this.channelsOf(companyId, [channel])).problems[channel];
    if (problem) throw new AppError(PROBLEM_STATUS[problem], problemReason(channel, problem));
  }

  /** Which channels can carry a message now (on, and SMS with quota left). */
  async available(companyId: number): Promise<MessageChannel[]> {
    const { problems } = await this.channelsOf(companyId);
    return MESSAGE_CHANNELS.filter((c) => problems[c] === null);
  }

  /** Tells one address on one channel. A channel that cannot take it now gives a `failed` record with the reason. */
  async tell(companyId: number, r: Recipient, notice: Notice, opts: { visitId?: number | null } = {}): Promise<Told> {
    const { problems } = await this.channelsOf(companyId, [r.channel]);
    return this.deliver(companyId, r, notice, opts.visitId ?? null, problems[r.channel]);
  }

  /**
   * Tells an enabled employee of the company on every channel they chose (`defaultNotify` bits of `NotifyChannel`; none
   * chosen means email): email to their address, SMS and voice to their phone, WeChat to their openid (setEmpOpenid), DingTalk, Feishu and
   * WeCom to the user the directory sync or a sign-in linked (else found by their phone), RTX to the linked account. A chosen channel without an address or
   * switched off is recorded as failed with the reason (except email by default to someone without an address, which is
   * skipped). Answers one outcome per channel; [] for an unknown, forbidden or stopped employee.
   */
  async tellEmployee(companyId: number, empId: number, notice: Notice, opts: { visitId?: number | null } = {}): Promise<Told[]> {
    const scope = scopeForCompany(this.deps.system, companyId);
    const e = await employees.contactOf(scope, empId);
    if (e?.status !== 0) return [];
    const channels = chosenChannels(e.defaultNotify);
    const links = channels.some((c) => LINKED.has(c)) ? await contacts.linksOfEmployee(scope, empId) : {};
    const { problems } = await companyChannels(scope, channels);
    const told: Told[] = [];
    for (const channel of channels) {
      const to = addressOf(channel, e, links);
      if (!to && channel === 'email' && e.defaultNotify === 0) continue;
      const r = { channel, to, toName: e.name };
      told.push(await this.deliver(companyId, r, notice, opts.visitId ?? null, to ? problems[channel] : null));
    }
    return told;
  }

  private async deliver(companyId: number, r: Recipient, notice: Notice, visitId: number | null, problem: ChannelProblem | null): Promise<Told> {
    const text = r.channel === 'sms' || r.channel === 'voice' ? (notice.short ?? notice.text) : notice.text;
    const template =
      r.channel === 'sms'
        ? notice.sms
        : r.channel === 'wechat'
          ? wxTemplate(notice)
          : CARD_CHANNELS.has(r.channel)
            ? decisionTemplate(notice)
            : undefined;
    const message = { companyId, channel: r.channel, to: r.to, toName: r.toName ?? '', subject: notice.subject, text, visitId, template };
    const reason = !r.to
      ? `No ${r.channel === 'email' ? 'email address' : r.channel === 'wechat' ? 'WeChat openid' : r.channel === 'sms' || r.channel === 'voice' ? 'phone' : `${CHANNEL_NAME[r.channel]} account`} to send to`
      : problem
        ? problemReason(r.channel, problem)
        : null;
    if (reason) return { channel: r.channel, messageId: await this.outbox.record(message, 'failed', reason), state: 'failed', reason };
    if (r.channel === 'email') {
      return { channel: 'email', ...(await this.mailer.post({ ...message, html: notice.html ?? '' })) };
    }
    return { channel: r.channel, messageId: await this.outbox.queue(message), state: 'queued' };
  }
}
