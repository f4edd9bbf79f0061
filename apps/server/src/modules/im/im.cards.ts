import { formatDateTime, Status, statusInfo } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AuthedContext, jobContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { MessageTemplate } from '../../platform/messages/messages.js';
import { contacts } from '../contacts/contacts.public.js';
import { platformApi } from './im.api.js';
import { updateDingTalkCard } from './im.dingtalk.cards.js';
import { type ImCardRow, imRepository } from './im.repository.js';
import { connectionTarget } from './im.service.js';

/**
 * Decision cards: a notice that carries a decision (platform/messages/notify.ts `NoticeDecision`, kept by the delivery
 * record as the template `decision`) goes to Feishu as an interactive card with Approve, Refuse and a reason field;
 * a press comes back over the long connection, is checked (the card's own value, signed; the presser must be the
 * person the signature names; the company must be the connection's) and decided by the module that owns the decision
 * (approvals, handed in at start-up), and the answer replaces the card only once the decision is committed.
 */

/** What a card's button carries back: ours (`k`), the signed token, the decision. */
interface CardValue {
  k: 'openvisit-decision';
  t: string;
  d: 'approve' | 'refuse';
}

/** The decided state a card shows: decided (by whom), or closed (decided by others, called off, by a deadline). */
export interface Decided {
  result: 'approved' | 'refused' | 'returned' | 'closed';
  /** Who decided ('' when nobody in person: a deadline, the request called off). */
  by: string;
  at: Date;
}

/** Decides for a card press: `personId` is the presser's employee (null when the platform's user is no one's). */
export type CardDecider = (
  ctx: AuthedContext,
  input: { token: string; result: 'approve' | 'refuse'; remark: string; personId: number | null },
) => Promise<Decided>;

/** Where a card's decision stands now: null while it still waits (a card of another company's token: throws). */
export type CardState = (ctx: AuthedContext, token: string) => Promise<Decided | null>;

/** The owner of the decisions (approvals), registered at start-up (app.ts), so im does not import it. */
export interface CardOwner {
  decide: CardDecider;
  state: CardState;
}

let owner: CardOwner | undefined;

export function registerCardOwner(o: CardOwner): void {
  owner = o;
}

type Json = Record<string, unknown>;
const plain = (content: string) => ({ tag: 'plain_text', content });

const DONE = {
  approved: { zh: '已同意', en: 'Approved' },
  refused: { zh: '已拒绝', en: 'Refused' },
  returned: { zh: '已退回', en: 'Returned' },
  closed: { zh: '已无需您处理', en: 'No longer waiting for you' },
} as const;
const HEADER = { approved: 'green', refused: 'red', returned: 'orange', closed: 'grey' } as const;

/** The card a decision notice becomes (Feishu card JSON 2.0: shared, so it can be updated later). */
export function decisionCard(subject: string, text: string, t: MessageTemplate, decided?: Decided): Json {
  const p = t.params;
  const lang = p.lang === 'en' ? 'en' : 'zh';
  const button = (name: 'approve' | 'refuse', label: string, type: string) => ({
    tag: 'button',
    name,
    text: plain(label),
    type,
    form_action_type: 'submit',
    behaviors: [{ type: 'callback', value: { k: 'openvisit-decision', t: p.token ?? '', d: name } satisfies CardValue }],
  });
  const open = { tag: 'button', text: plain(p.open ?? ''), type: 'default', behaviors: [{ type: 'open_url', default_url: p.link ?? '' }] };
  const body: Json[] = [{ tag: 'markdown', content: text }];
  if (decided) {
    body.push({ tag: 'markdown', content: decidedLine(decided, lang) });
  } else {
    body.push({
      tag: 'form',
      name: 'decision',
      elements: [
        { tag: 'input', name: 'reason', placeholder: plain(p.reason ?? ''), max_length: 200 },
        button('approve', p.approve ?? '', 'primary'),
        button('refuse', p.refuse ?? '', 'danger'),
      ],
    });
    body.push(open);
  }
  return {
    schema: '2.0',
    config: { update_multi: true },
    header: { title: plain(subject), template: decided ? HEADER[decided.result] : 'blue' },
    body: { elements: body },
  };
}

/** A press as the platform hands it over (Feishu's long connection, WeCom's callback). */
export interface Press {
  platform: CardPlatform;
  /** The card pressed: Feishu's message id, WeCom's task_id. */
  messageId: string;
  userId: string;
  /** Feishu: the button's callback value; WeCom: the button's key. */
  value: unknown;
  formValue: Json;
}

export type CardPlatform = 'feishu' | 'wecom' | 'dingtalk';

/** Feishu's answer to a press: a toast, and the card replaced (only after a committed decision). */
export interface PressAnswer {
  toast: { type: 'success' | 'error' | 'info' | 'warning'; content: string };
  card?: { type: 'raw'; data: Json };
}

/** What a press came to: decided (committed), or refused with words for the presser in the card's language. */
export type PressOutcome =
  | { ok: true; lang: 'zh' | 'en'; card: ImCardRow; decided: Decided }
  | { ok: false; lang: 'zh' | 'en'; level: 'error' | 'warning'; content: string };

/** A button's key (WeCom's, and DingTalk's press rebuilt): ours, the decision, the signed token (the token has no ':'). */
const KEY_PREFIX = 'openvisit-decision:';
export const buttonKey = (d: CardValue['d'], token: string) => `${KEY_PREFIX}${d}:${token}`;

/** The press's value if it is one of our decision buttons' (anything else: null). */
function cardValueOf(raw: unknown): CardValue | null {
  if (typeof raw === 'string') {
    const m = raw.startsWith(KEY_PREFIX) ? /^(approve|refuse):([^:]{1,300})$/.exec(raw.slice(KEY_PREFIX.length)) : null;
    return m ? { k: 'openvisit-decision', d: m[1] as CardValue['d'], t: m[2] ?? '' } : null;
  }
  const o = raw as Partial<CardValue> | null;
  if (o?.k !== 'openvisit-decision' || typeof o.t !== 'string' || (o.d !== 'approve' && o.d !== 'refuse')) return null;
  return { k: o.k, t: o.t.slice(0, 300), d: o.d };
}

const REASON_FIRST = { zh: '请先填写拒绝原因，再点击拒绝', en: 'Write the reason, then press Refuse' };

/** The decided state stored with a card, as a card shows it. */
const storedDecision = (card: ImCardRow): Decided | null => (card.decided ? { ...card.decided, at: new Date(card.decided.at) } : null);

/**
 * Decides a press on a decision card of `companyId`'s app. Never throws for a refusal: every one comes back worded in
 * the card's language, logged, with nothing changed. A WeCom card already decided can only be pressed again by a
 * retried or replayed callback (its buttons are gone): it answers the decision it shows.
 */
export async function decidePress(
  deps: Parameters<typeof jobContext>[0],
  companyId: number,
  press: Press,
  log: FastifyBaseLogger,
): Promise<PressOutcome> {
  const ctx = jobContext(deps, companyId, { job: 'im.card', account: 'work-app', name: 'Work app' });
  const card = press.messageId ? await imRepository(ctx.tenant).card(press.platform, press.messageId) : undefined;
  const lang = card?.template.params.lang === 'en' ? 'en' : 'zh';
  const v = cardValueOf(press.value);
  const refuse = (content: string, why: string): PressOutcome => {
    log.warn({ companyId, platform: press.platform, userId: press.userId, messageId: press.messageId, why }, 'work app card press refused');
    return { ok: false, lang, level: 'error', content };
  };
  if (!card || !v || !owner || (card.recipient && card.recipient !== press.userId))
    return refuse(statusInfo(Status.APPROVAL_LINK_INVALID)?.[lang] ?? 'invalid', 'not a decision card of ours');
  const before = press.platform === 'wecom' ? storedDecision(card) : null;
  if (before) return { ok: true, lang, card, decided: before };
  const remark = typeof press.formValue.reason === 'string' ? press.formValue.reason.trim().slice(0, 200) : '';
  if (v.d === 'refuse' && !remark) return { ok: false, lang, level: 'warning', content: REASON_FIRST[lang] };
  try {
    const linked = press.userId ? await contacts.employeeOfLink(ctx.tenant, press.platform, press.userId) : undefined;
    const decided = await owner.decide(ctx, { token: v.t, result: v.d, remark, personId: linked?.empId ?? null });
    await imRepository(ctx.tenant).markDecided(card.id, { ...decided, at: decided.at.getTime() });
    return { ok: true, lang, card, decided };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return refuse(statusInfo(err.status)?.[lang] ?? err.message, err.message);
  }
}

/** A press on a Feishu card, answered in the callback's frame: a toast, and the decided card once committed. */
export async function onPress(
  deps: Parameters<typeof jobContext>[0],
  companyId: number,
  press: Omit<Press, 'platform'>,
  log: FastifyBaseLogger,
): Promise<PressAnswer> {
  const o = await decidePress(deps, companyId, { ...press, platform: 'feishu' }, log);
  if (!o.ok) return { toast: { type: o.level, content: o.content } };
  return {
    toast: { type: 'success', content: DONE[o.decided.result][o.lang] },
    card: { type: 'raw', data: decisionCard(o.card.subject, o.card.text, o.card.template, o.decided) },
  };
}

/** A press on a DingTalk card as Stream's CALLBACK carries it: the card, the presser, the button and the form's values. */
export interface DingTalkPress {
  outTrackId: string;
  userId: string;
  actionId: string;
  params: Record<string, unknown>;
}

/**
 * A press on a DingTalk card, answered in the callback's frame within DingTalk's 2 s: the presser's card shows the
 * decision once committed; a refusal leaves the buttons and says why in `result`. The callback names only the card and
 * the button: the decision's signed token is the card's own, kept when it was sent.
 */
export async function onDingTalkPress(
  deps: Parameters<typeof jobContext>[0],
  companyId: number,
  press: DingTalkPress,
  log: FastifyBaseLogger,
): Promise<{ cardData: { cardParamMap: Record<string, string> }; cardUpdateOptions: { updateCardDataByKey: true } }> {
  const ctx = jobContext(deps, companyId, { job: 'im.card', account: 'work-app', name: 'Work app' });
  const card = press.outTrackId ? await imRepository(ctx.tenant).card('dingtalk', press.outTrackId) : undefined;
  const token = card?.template.params.token ?? '';
  const d = press.actionId === 'approve' || press.actionId === 'refuse' ? press.actionId : '';
  const reason = typeof press.params.reason === 'string' ? press.params.reason : '';
  const value = d && token ? buttonKey(d, token) : null;
  const o = await decidePress(
    deps,
    companyId,
    { platform: 'dingtalk', messageId: press.outTrackId, userId: press.userId, value, formValue: { reason } },
    log,
  );
  // By key: the presser's card keeps the rest of its data.
  const cardUpdateOptions = { updateCardDataByKey: true } as const;
  if (!o.ok) return { cardData: { cardParamMap: { result: o.content } }, cardUpdateOptions };
  return { cardData: { cardParamMap: { status: o.decided.result, result: decidedLine(o.decided, o.lang, false) } }, cardUpdateOptions };
}

/** The one line a decided card shows (WeCom: its buttons become this text). */
export function decidedLine(decided: Decided, lang: 'zh' | 'en', bold = true): string {
  const label = DONE[decided.result][lang];
  return [bold ? `**${label}**` : label, decided.by, formatDateTime(decided.at, lang)].filter(Boolean).join(' · ');
}

/**
 * The card a decision notice becomes in WeCom (template card button_interaction, document 90372): Approve calls back;
 * Refuse opens the decision page, since a WeCom card has no field for the reason a refusal needs.
 */
export function weComCard(subject: string, text: string, t: MessageTemplate, taskId: string): Json {
  const p = t.params;
  return {
    card_type: 'button_interaction',
    main_title: { title: subject.slice(0, 36) },
    sub_title_text: text.slice(0, 300),
    card_action: { type: 1, url: p.link ?? '' },
    task_id: taskId,
    button_list: [
      { text: p.approve ?? '', style: 1, key: buttonKey('approve', p.token ?? '') },
      { text: p.refuse ?? '', style: 2, type: 1, url: p.link ?? '' },
    ],
  };
}

/** The job that brings a reference's cards up to date after its decision changed (approvals' `onApprovalSettled`). */
export const CARDS_JOB = 'im.cards';

/**
 * Queues the update of `ref`'s cards when it has any still open (most decisions have none: no job for them); the
 * decision's own answer is not held up by the platform's API.
 */
export async function cardsChanged(scope: TenantScope, jobs: JobQueue, ref: string): Promise<void> {
  if (!(await imRepository(scope).openCards(ref, 1)).length) return;
  await jobs.enqueue(CARDS_JOB, { companyId: scope.companyId, ref }, { maxAttempts: 5 });
}

/**
 * Replaces a sent card on its platform with its decided form: Feishu's message update of a shared card; WeCom's
 * update_template_card with the card's one-time code, its buttons turned into the outcome's line.
 */
async function replaceCard(ctx: AuthedContext, card: ImCardRow, decided: Decided): Promise<void> {
  const platform = card.platform as CardPlatform;
  const lang = card.template.params.lang === 'en' ? 'en' : 'zh';
  if (platform === 'dingtalk') return updateDingTalkCard(ctx, card, { status: decided.result, result: decidedLine(decided, lang, false) });
  const target = await connectionTarget(ctx, platform);
  if (!target) return;
  const api = platformApi({ ...target, platform }, ctx.config.contacts);
  if (platform === 'feishu') {
    const content = decisionCard(card.subject, card.text, card.template, decided);
    await api.patch(`/open-apis/im/v1/messages/${encodeURIComponent(card.messageId)}`, { content: JSON.stringify(content) });
    return;
  }
  if (!card.updateCode) return;
  await api.post('/cgi-bin/message/update_template_card', {
    userids: [card.recipient],
    agentid: Number(target.agentId),
    response_code: card.updateCode,
    button: { replace_name: decidedLine(decided, lang, false).slice(0, 48) },
  });
}

/**
 * Every card of `ref` still showing its buttons whose decision was taken (elsewhere: the console, a mail's page,
 * another approver's card, a deadline) now shows the outcome and who decided. A card the platform refuses to update is
 * logged and left; one it could not reach makes the job try again.
 */
export async function refreshCards(ctx: AuthedContext, ref: string): Promise<number> {
  if (!owner) return 0;
  let updated = 0;
  for (const card of await imRepository(ctx.tenant).openCards(ref)) {
    let decided: Decided | null;
    try {
      decided = await owner.state(ctx, card.template.params.token ?? '');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      continue; // an expired link: the card's buttons answer "no longer valid" themselves
    }
    if (!decided) continue;
    try {
      await replaceCard(ctx, card, decided);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== Status.DIRECTORY_REFUSED) throw err;
      ctx.log.warn({ messageId: card.messageId, reason: err.message }, 'work app card could not be updated');
    }
    await imRepository(ctx.tenant).markDecided(card.id, { ...decided, at: decided.at.getTime() });
    updated += 1;
  }
  return updated;
}
