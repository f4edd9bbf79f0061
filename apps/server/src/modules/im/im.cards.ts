import { formatDateTime, Status, statusInfo } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type AuthedContext, jobContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { MessageTemplate } from '../../platform/messages/messages.js';
import { contacts } from '../contacts/contacts.public.js';
import { imRepository } from './im.repository.js';

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

/** The decided state a card shows. */
export interface Decided {
  result: 'approved' | 'refused';
  by: string;
  at: Date;
}

/** Decides for a card press: `personId` is the presser's employee (null when the platform's user is no one's). */
export type CardDecider = (
  ctx: AuthedContext,
  input: { token: string; result: 'approve' | 'refuse'; remark: string; personId: number | null },
) => Promise<Decided>;

let decider: CardDecider | undefined;

/** The owner of the decisions (approvals) registers here at start-up (app.ts), so im does not import it. */
export function registerCardDecider(fn: CardDecider): void {
  decider = fn;
}

type Json = Record<string, unknown>;
const plain = (content: string) => ({ tag: 'plain_text', content });

const DONE = {
  approved: { zh: '已同意', en: 'Approved' },
  refused: { zh: '已拒绝', en: 'Refused' },
} as const;

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
    body.push({ tag: 'markdown', content: `**${DONE[decided.result][lang]}** · ${decided.by} · ${when}` });
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
    header: { title: plain(subject), template: decided ? (decided.result === 'approved' ? 'green' : 'red') : 'blue' },
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
  if (!card || !v || !decider) return refuse(statusInfo(Status.APPROVAL_LINK_INVALID)?.[lang] ?? 'invalid', 'not a decision card of ours');
  const remark = typeof press.formValue.reason === 'string' ? press.formValue.reason.trim().slice(0, 200) : '';
  if (v.d === 'refuse' && !remark) return { toast: { type: 'warning', content: REASON_FIRST[lang] } };
  try {
    const linked = press.userId ? await contacts.employeeOfLink(ctx.tenant, 'feishu', press.userId) : undefined;
    const decided = await decider(ctx, { token: v.t, result: v.d, remark, personId: linked?.empId ?? null });
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
