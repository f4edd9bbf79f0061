// Card presses of the Feishu simulator (docs/protocols/feishu.md, "Card callbacks"): the card.action.trigger callback
// (schema 2.0) a press produces, the answer's documented shape ({toast?, card?}), and the card update it carries.
import type { Gateway } from './feishu-sim.gateway.js';
import { hex, type Obj, openIdOf, type SimState, unionIdOf } from './feishu-sim.model.js';
import { applyCard, chatIdOf } from './feishu-sim.rest.js';

export interface PressOptions {
  /** The card message (om_…) pressed. */
  messageId: string;
  /** The user (user_id) who presses. */
  userId: string;
  /** The component's callback value; by default the value of the button named/labelled `button` in the card. */
  value?: unknown;
  /** Finds the pressed button in the card by its `name` or its text, and takes its value. */
  button?: string;
  /** The component tag (default 'button'). */
  tag?: string;
  /** The component's name (form submit buttons carry one). */
  name?: string;
  /** A form container's submitted values (`action.form_value`). */
  formValue?: Obj;
  inputValue?: string;
  option?: string;
}
export interface PressResult {
  /** A response frame with code 200 and a well-formed answer came back within the time limit. */
  answered: boolean;
  ms: number;
  /** The answer decoded from the response frame's `data` (base64 JSON), if any. */
  answer: unknown;
  /** What was wrong: 'no connection', 'timeout', 'handler failed (code 500)', or the answer's shape problem. */
  error?: string;
  toast?: unknown;
  /** The card's content after the press (updated when the answer carried a card). */
  card: unknown;
}

/** Walks a card JSON for a button whose name or text matches, returning its callback value. */
export function buttonValue(card: unknown, button: string): { found: boolean; value?: unknown; name?: string } {
  const stack: unknown[] = [card];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const o = node as Obj;
    const text = (o.text as Obj | undefined)?.content;
    if (o.tag === 'button' && (o.name === button || text === button)) {
      const behaviors = Array.isArray(o.behaviors) ? (o.behaviors as Obj[]) : [];
      const cb = behaviors.find((b) => b.type === 'callback');
      return { found: true, value: cb ? cb.value : o.value, name: typeof o.name === 'string' ? o.name : undefined };
    }
    stack.push(...Object.values(o));
  }
  return { found: false };
}

/** The card.action.trigger callback body (schema 2.0) a press sends over the long connection. */
export function callbackEvent(s: SimState, appId: string, p: PressOptions, value: unknown, name: string | undefined): Obj {
  const action: Obj = { value: value ?? {}, tag: p.tag ?? 'button' };
  if (name) action.name = name;
  if (p.formValue) action.form_value = p.formValue;
  if (p.inputValue !== undefined) action.input_value = p.inputValue;
  if (p.option !== undefined) action.option = p.option;
  const sent = s.sent.find((m) => m.messageId === p.messageId);
  return {
    operator: { tenant_key: s.tenantKey, user_id: p.userId, open_id: openIdOf(appId, p.userId), union_id: unionIdOf(p.userId) },
    token: `c-${hex(20)}`,
    action,
    host: 'im_message',
    context: { open_message_id: p.messageId, open_chat_id: sent?.chatId || chatIdOf(appId, p.userId) },
  };
}

const TOAST_TYPES = ['info', 'success', 'error', 'warning'];

/** Why an answer is not the documented {toast?, card?} shape, or null. */
export function answerProblem(answer: unknown): string | null {
  if (answer === undefined || answer === null) return null;
  if (typeof answer !== 'object' || Array.isArray(answer)) return `answer must be an object {toast?, card?}, got ${JSON.stringify(answer)}`;
  const a = answer as Obj;
  const extra = Object.keys(a).filter((k) => k !== 'toast' && k !== 'card');
  if (extra.length) return `answer has unknown fields ${extra.join(', ')} (a card goes in card: {type, data})`;
  if (a.toast !== undefined) {
    const t = a.toast as Obj;
    if (!TOAST_TYPES.includes(String(t?.type))) return 'toast.type must be info|success|error|warning';
    if (typeof t.content !== 'string' && (typeof t.i18n !== 'object' || !t.i18n)) return 'toast needs content or i18n';
  }
  if (a.card !== undefined) {
    const c = a.card as Obj;
    if (c?.type !== 'raw' && c?.type !== 'template') return 'card.type must be raw|template';
    if (!c.data || typeof c.data !== 'object') return 'card.data must be an object';
    if (c.type === 'template' && !(c.data as Obj).template_id) return 'a template card needs data.template_id';
  }
  return null;
}

/** Performs a press as the platform does and applies the card update the answer carries. */
export async function press(s: SimState, gw: Gateway, p: PressOptions): Promise<PressResult> {
  const card = s.cards.get(p.messageId);
  if (!card) throw new Error(`press: no card message ${p.messageId}`);
  const sent = s.sent.find((m) => m.messageId === p.messageId);
  if (sent?.userId && sent.userId !== p.userId) throw new Error(`press: ${p.userId} cannot see the card sent to ${sent.userId}`);
  const app = s.apps.get(card.appId);
  if (!app?.callbacks) throw new Error(`press: app ${card.appId} has not subscribed card callbacks`);
  let value = p.value;
  let name = p.name;
  if (p.button !== undefined) {
    const b = buttonValue(card.content, p.button);
    if (!b.found) throw new Error(`press: no button ${p.button} in the card`);
    value = value ?? b.value;
    name = name ?? b.name;
  }
  const payload = gw.envelope(card.appId, 'card.action.trigger', callbackEvent(s, card.appId, p, value, name));
  // A callback is not re-pushed: the user sees an error when it is not answered in time.
  const d = await gw.deliver(card.appId, payload, gw.o.callbackTimeoutMs);
  const result = (answered: boolean, extra: Partial<PressResult>): PressResult => ({
    answered,
    ms: d.ms,
    answer: undefined,
    card: card.content,
    ...extra,
  });
  if (!d.connId) return result(false, { error: 'no connection' });
  if (!d.response) return result(false, { error: 'timeout' });
  if (d.response.code !== 200) return result(false, { error: `handler failed (code ${d.response.code})` });
  let answer: unknown;
  try {
    answer = d.response.data ? JSON.parse(Buffer.from(d.response.data, 'base64').toString()) : undefined;
  } catch {
    return result(false, { error: 'answer data is not base64 JSON' });
  }
  const problem = answerProblem(answer);
  if (problem) return result(false, { answer, error: problem });
  const a = (answer ?? {}) as Obj;
  const c = a.card as Obj | undefined;
  if (c) applyCard(card, c.type === 'raw' ? c.data : { type: 'template', data: c.data }, 'callback');
  return result(true, { answer, card: card.content, ...(a.toast ? { toast: a.toast } : {}) });
}
