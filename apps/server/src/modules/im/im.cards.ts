import { formatDateTime, Status, statusInfo } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AuthedContext, jobContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { MessageTemplate } from '../../platform/messages/messages.js';
import { contacts } from '../contacts/contacts.public.js';
import { platformApi } from './im.api.js';
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
    const when = formatDateTime(decided.at, lang);
    const line = [`**${DONE[decided.result][lang]}**`, decided.by, when].filter(Boolean).join(' · ');
    body.push({ tag: 'markdown', content: line });
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

/** A press as the long connection hands it over. */
export interface Press {
  /** The card message pressed. */
  messageId: string;
  userId: string;
  value: unknown;
  formValue: Json;
}

/** Feishu's answer to a press: a toast, and the card replaced (only after a committed decision). */
export interface PressAnswer {
  toast: { type: 'success' | 'error' | 'info' | 'warning'; content: string };
  card?: { type: 'raw'; data: Json };
}

/** The press's value if it is one of our decision buttons' (anything else: null). */
function cardValueOf(raw: unknown): CardValue | null {
  const o = raw as Partial<CardValue> | null;
  if (o?.k !== 'openvisit-decision' || typeof o.t !== 'string' || (o.d !== 'approve' && o.d !== 'refuse')) return null;
  return { k: o.k, t: o.t.slice(0, 300), d: o.d };
}

const REASON_FIRST = { zh: '请先填写拒绝原因，再点击拒绝', en: 'Write the reason, then press Refuse' };

/**
 * Handles a press on a decision card of `companyId`'s app. Never throws for a refusal: every one is a toast in the
 * card's language, logged, with nothing changed.
 */
export async function onPress(deps: Parameters<typeof jobContext>[0], companyId: number, press: Press, log: FastifyBaseLogger): Promise<PressAnswer> {
  const ctx = jobContext(deps, companyId, { job: 'im.card', account: 'work-app', name: 'Work app' });
  const card = press.messageId ? await imRepository(ctx.tenant).card('feishu', press.messageId) : undefined;
  const lang = card?.template.params.lang === 'en' ? 'en' : 'zh';
  const v = cardValueOf(press.value);
  const refuse = (content: string, why: string): PressAnswer => {
    log.warn({ companyId, userId: press.userId, messageId: press.messageId, why }, 'work app card press refused');
    return { toast: { type: 'error', content } };
  };
  if (!card || !v || !owner) return refuse(statusInfo(Status.APPROVAL_LINK_INVALID)?.[lang] ?? 'invalid', 'not a decision card of ours');
  const remark = typeof press.formValue.reason === 'string' ? press.formValue.reason.trim().slice(0, 200) : '';
  if (v.d === 'refuse' && !remark) return { toast: { type: 'warning', content: REASON_FIRST[lang] } };
  try {
    const linked = press.userId ? await contacts.employeeOfLink(ctx.tenant, 'feishu', press.userId) : undefined;
    const decided = await owner.decide(ctx, { token: v.t, result: v.d, remark, personId: linked?.empId ?? null });
    await imRepository(ctx.tenant).markDecided(card.id, { ...decided, at: decided.at.getTime() });
    return {
      toast: { type: 'success', content: DONE[decided.result][lang] },
      card: { type: 'raw', data: decisionCard(card.subject, card.text, card.template, decided) },
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return refuse(statusInfo(err.status)?.[lang] ?? err.message, err.message);
  }
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

/** Replaces a sent card on its platform (Feishu: the message update of a shared card). */
async function replaceCard(ctx: AuthedContext, card: ImCardRow, content: Json): Promise<void> {
  const target = await connectionTarget(ctx, 'feishu');
  if (!target) return;
  const api = platformApi({ ...target, platform: 'feishu' }, ctx.config.contacts);
  await api.patch(`/open-apis/im/v1/messages/${encodeURIComponent(card.messageId)}`, { content: JSON.stringify(content) });
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
      await replaceCard(ctx, card, decisionCard(card.subject, card.text, card.template, decided));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== Status.DIRECTORY_REFUSED) throw err;
      ctx.log.warn({ messageId: card.messageId, reason: err.message }, 'work app card could not be updated');
    }
    await imRepository(ctx.tenant).markDecided(card.id, { ...decided, at: decided.at.getTime() });
    updated += 1;
  }
  return updated;
}
