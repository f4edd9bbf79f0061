import type { MessageChannel, SmsTemplate, WxTemplate } from '@openvisit/contract';

/*
 * What callers use to tell people things. Declared here so the platform (Services, calls) depends on no module: the
 * notifications module implements it (modules/notifications/notifier.ts) and app.ts hands the instance in.
 */

/**
 * What to tell: a subject and text on every channel; email also takes `html`; `short` replaces `text` on SMS and voice;
 * `sms` is the notice as a template message for providers that send only templates (without it: the `notice` kind
 * with the short text as `content`); `wechat` the notice as a WeChat template message (without it: the `notice` kind).
 */
export interface Notice {
  subject: string;
  text: string;
  html?: string;
  short?: string;
  sms?: SmsTemplate;
  wechat?: WxTemplate;
  /** A decision the recipient may take in the message itself: a work app sends it as a card with the buttons. */
  decision?: NoticeDecision;
}

/**
 * What a card's buttons decide: `token` is the signed link's (whoever presses must be the person it names), `link` the
 * same decision's page for a browser; the labels in the recipient's language.
 */
export interface NoticeDecision {
  token: string;
  link: string;
  /** What the decision is about, for updating the cards when it is taken elsewhere (e.g. `approval:<request id>`). */
  ref: string;
  lang: 'zh' | 'en';
  labels: { approve: string; refuse: string; reason: string; open: string };
}

/** One address on one channel: an email address, a phone (SMS, WeChat, voice), a DingTalk user id or an RTX account. */
export interface Recipient {
  channel: MessageChannel;
  to: string;
  toName?: string;
}

/**
 * The outcome per channel: `queued` (delivery runs in a job: see the delivery record `messageId`), `kept` (email
 * without any mail server), or `failed` with the reason when the channel could not take it (switched off, no quota, no
 * address) — also recorded, so the delivery records show why someone was not told.
 */
export interface Told {
  channel: MessageChannel;
  messageId: number;
  state: 'queued' | 'kept' | 'failed';
  reason?: string;
}

/**
 * Tells people things on the company's channels; every message becomes a delivery record delivered by a job, so no
 * caller waits on a provider. Callers render the notice in the recipient's language first.
 *
 *   await ctx.services.notifier.tellEmployee(companyId, empId, notice, { visitId })   // the channels they chose
 *   await ctx.services.notifier.tell(companyId, { channel: 'sms', to: phone }, notice)  // a visitor
 *   await ctx.services.notifier.require(companyId, 'sms')   // a call that cannot do without the channel: 41 / 53 / 43 / 26
 */
export interface Notifier {
  /** Throws the catalogued refusal when `channel` cannot carry a message now: 41 email off, 53 SMS off, 43 no SMS left, 26 another channel off. */
  require(companyId: number, channel: MessageChannel): Promise<void>;
  /** Which channels can carry a message now (on, and SMS with quota left). */
  available(companyId: number): Promise<MessageChannel[]>;
  /** Tells one address on one channel. A channel that cannot take it now gives a `failed` record with the reason. */
  tell(companyId: number, r: Recipient, notice: Notice, opts?: { visitId?: number | null }): Promise<Told>;
  /** Tells an enabled employee on every channel they chose; [] for an unknown, forbidden or stopped employee. */
  tellEmployee(companyId: number, empId: number, notice: Notice, opts?: { visitId?: number | null }): Promise<Told[]>;
}
