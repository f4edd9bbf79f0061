// Application messages and template cards: POST cgi-bin/message/send (document 90236; template cards 90372),
// POST cgi-bin/message/update_template_card (document 94888), and a user pressing a card's button, which WeCom turns
// into an encrypted template_card_event POST to the app's callback (document 90240) whose passive reply (document
// 90241: update_button or update_template_card) updates the presser's card.
import { type Answer, type Authed, type Ctx, fail, type Json, ok } from './wecom-sim.api.js';
import { type CallbackOptions, type Delivery, deliver } from './wecom-sim.callback.js';
import type { XmlObject, XmlValue } from './wecom-sim.crypto.js';
import { type Corp, type ResponseCodeRec, randomId, subtree, type WeComCard, type WeComSent } from './wecom-sim.state.js';

export interface MsgCtx extends Ctx {
  sent: WeComSent[];
  cards: Map<string, WeComCard>;
  responseCodes: Map<string, ResponseCodeRec>;
  deliveries: Delivery[];
  callbackOptions(): CallbackOptions;
  onSent(): void;
}
/** response_code lives 72 hours and is consumed by one update_template_card call (document 94888). */
export const RESPONSE_CODE_TTL_MS = 72 * 3600_000;
const CALLBACK_CARDS = ['button_interaction', 'vote_interaction', 'multiple_interaction'];
const CARD_TYPES = ['text_notice', 'news_notice', ...CALLBACK_CARDS];
const TASK_ID = /^[A-Za-z0-9_\-@]{1,128}$/;

function newResponseCode(ctx: MsgCtx, msgid: string, userId: string | null): string {
  const code = randomId(32);
  ctx.responseCodes.set(code, { code, msgid, userId, expiresAt: ctx.now() + RESPONSE_CODE_TTL_MS, used: false });
  return code;
}

/** touser `a|b` or `@all`, toparty `1|2`: the members reached (active or not activated) and what was invalid. */
function recipients(corp: Corp, body: Json): { to: string[]; invalidUser: string[]; invalidParty: string[]; invalidTag: string[] } {
  const reachable = (id: string): boolean => {
    const u = corp.users.get(id);
    return !!u && (u.status === 1 || u.status === 4);
  };
  const touser = String(body.touser ?? '');
  const ids = touser === '@all' ? [...corp.users.keys()].filter(reachable) : touser.split('|').filter(Boolean);
  const to = ids.filter(reachable);
  const invalidUser = touser === '@all' ? [] : ids.filter((id) => !reachable(id));
  const invalidParty: string[] = [];
  for (const p of String(body.toparty ?? '')
    .split('|')
    .filter(Boolean)) {
    if (!corp.departments.has(Number(p))) invalidParty.push(p);
    else
      for (const d of subtree(corp, Number(p)))
        for (const u of corp.users.values()) if (u.department.includes(d.id) && reachable(u.userid)) to.push(u.userid);
  }
  // Tags are not simulated: every tag is reported invalid.
  const invalidTag = String(body.totag ?? '')
    .split('|')
    .filter(Boolean);
  return { to: [...new Set(to)], invalidUser, invalidParty, invalidTag };
}

/** What a template card must hold to be accepted; null when valid. */
function cardProblem(card: Json, app: Authed['app'], ctx: MsgCtx): string | null {
  const type = String(card.card_type ?? '');
  if (!CARD_TYPES.includes(type)) return `card_type '${type}' is not a template card type`;
  const title = (card.main_title as Json | undefined)?.title;
  if (type === 'button_interaction' && !title && !card.sub_title_text) return 'main_title.title or sub_title_text is required';
  if (!CALLBACK_CARDS.includes(type) && !card.action_menu) return null;
  if (!app.callback) return 'an app without a callback URL cannot send cards that call back';
  if (typeof card.task_id !== 'string' || !TASK_ID.test(card.task_id)) return 'task_id: 1-128 of digits, letters and _-@';
  const taken = [...ctx.cards.values()].some((c) => c.corpId === app.corpId && c.agentId === app.agentId && c.taskId === card.task_id);
  if (taken) return `task_id '${card.task_id}' is already used by this app`;
  if (type !== 'button_interaction') return null;
  const buttons = card.button_list;
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 6) return 'button_list: 1 to 6 buttons';
  const keys = buttons.map((b: Json) => (b.type === 1 ? null : b.key));
  if (keys.some((k) => k !== null && (typeof k !== 'string' || k === '' || k.length > 1024)))
    return 'every callback button needs a key (1-1024 bytes)';
  if (new Set(keys.filter(Boolean)).size !== keys.filter(Boolean).length) return 'button keys must differ';
  return null;
}

/** POST /cgi-bin/message/send: text and template_card; answers msgid, and response_code for a card that calls back. */
export function messageSend(ctx: MsgCtx, { app, corp }: Authed, body: Json | null): Answer {
  if (!body) return fail('json');
  if (Number(body.agentid) !== app.agentId)
    return ctx.apps.some((a) => a.corpId === app.corpId && a.agentId === Number(body.agentid)) ? fail('otherAgent') : fail('agentid');
  const msgtype = String(body.msgtype ?? '');
  let content: string | undefined;
  let card: Json | undefined;
  if (msgtype === 'text') {
    content = String((body.text as Json | undefined)?.content ?? '');
    if (!content) return fail('emptyContent');
  } else if (msgtype === 'template_card') {
    card = body.template_card as Json | undefined;
    const problem = card ? cardProblem(card, app, ctx) : 'template_card is required';
    if (problem) return fail('param', { errmsg: `invalid parameter: ${problem}` });
  } else if (!msgtype) return fail('param');
  const r = recipients(corp, body);
  const invalid = {
    invaliduser: r.invalidUser.join('|'),
    invalidparty: r.invalidParty.join('|'),
    invalidtag: r.invalidTag.join('|'),
    unlicenseduser: '',
  };
  if (r.to.length === 0) return fail('allInvalid', invalid);
  const msgid = randomId(48);
  const callsBack = !!card && (CALLBACK_CARDS.includes(String(card.card_type)) || !!card.action_menu);
  const response_code = callsBack ? newResponseCode(ctx, msgid, null) : undefined;
  ctx.sent.push({
    msgid,
    corpId: app.corpId,
    agentId: app.agentId,
    to: r.to,
    invalidUsers: r.invalidUser,
    msgtype,
    content,
    template_card: card,
    response_code,
    body,
    at: ctx.now(),
  });
  if (card && callsBack) {
    const users = Object.fromEntries(r.to.map((u) => [u, { template_card: card, replaceName: null, clickedKey: null, updates: 0 }]));
    ctx.cards.set(msgid, { msgid, taskId: String(card.task_id), corpId: app.corpId, agentId: app.agentId, recipients: r.to, users });
  }
  ctx.onSent();
  return ok({ ...invalid, msgid, ...(response_code ? { response_code } : {}) });
}

/** Takes a response_code for an app: null when unknown, used, expired or another app's. */
function takeCode(ctx: MsgCtx, app: Authed['app'], code: unknown): { rec: ResponseCodeRec; card: WeComCard } | null {
  const rec = ctx.responseCodes.get(String(code ?? ''));
  const card = rec ? ctx.cards.get(rec.msgid) : undefined;
  if (!rec || !card || rec.used || rec.expiresAt <= ctx.now() || card.agentId !== app.agentId || card.corpId !== app.corpId) return null;
  return { rec, card };
}

/**
 * POST /cgi-bin/message/update_template_card: `button.replace_name` (the buttons become that text, no longer
 * clickable) or a whole `template_card`, for userids / partyids / atall among the card's recipients.
 */
export function updateTemplateCard(ctx: MsgCtx, { app, corp }: Authed, body: Json | null): Answer {
  if (!body) return fail('json');
  if (Number(body.agentid) !== app.agentId) return fail('otherAgent');
  const taken = takeCode(ctx, app, body.response_code);
  if (!taken) return fail('param', { errmsg: 'invalid parameter: response_code is unknown, used or expired' });
  const { rec, card } = taken;
  const replace = (body.button as Json | undefined)?.replace_name;
  const next = body.template_card as Json | undefined;
  if (typeof replace !== 'string' && !next) return fail('param', { errmsg: 'invalid parameter: button.replace_name or template_card' });
  const userids = Array.isArray(body.userids) ? body.userids.map(String) : [];
  const wanted = new Set(body.atall === 1 ? card.recipients : userids.filter((u) => card.recipients.includes(u)));
  for (const p of Array.isArray(body.partyids) ? body.partyids : []) {
    for (const d of subtree(corp, Number(p))) for (const u of card.recipients) if (corp.users.get(u)?.department.includes(d.id)) wanted.add(u);
  }
  const invaliduser = userids.filter((u) => !card.recipients.includes(u));
  if (wanted.size === 0) return fail('allInvalid', { invaliduser });
  // Only interaction cards have buttons to replace (document 94888).
  const types = [...wanted].map((u) => String(card.users[u]?.template_card.card_type));
  if (!next && types.some((t) => !CALLBACK_CARDS.includes(t)))
    return fail('param', { errmsg: 'invalid parameter: this card has no buttons to replace' });
  rec.used = true;
  for (const u of wanted) {
    const view = card.users[u];
    if (!view) continue;
    if (next) Object.assign(view, { template_card: next, replaceName: null });
    else view.replaceName = replace as string;
    view.updates++;
  }
  return ok({ invaliduser });
}

export interface PressInput {
  /** The card: its task_id (with agentId when two apps share one) or its msgid. */
  taskId?: string;
  msgid?: string;
  agentId?: number;
  userId: string;
  /** The button's key (EventKey). */
  key: string;
  /** vote / multiple choice answers: question key → option ids. */
  selected?: Record<string, string[]>;
}
export interface PressResult {
  /** An attempt got HTTP 200 within the time limit. */
  answered: boolean;
  ms: number;
  /** The decrypted passive reply (null when empty or not answered). */
  answer: unknown;
  /** The presser's view of the card after the reply was applied. */
  card: unknown;
  attempts: number;
  /** Why the press went unanswered or its answer was refused. */
  error: string | null;
  delivery: Delivery;
}

export function findCard(ctx: MsgCtx, r: { taskId?: string; msgid?: string; agentId?: number }): WeComCard | undefined {
  if (r.msgid) return ctx.cards.get(r.msgid);
  return [...ctx.cards.values()].find((c) => c.taskId === r.taskId && (r.agentId === undefined || c.agentId === r.agentId));
}

/** A user presses a button: the template_card_event goes to the app's callback, its passive reply is applied. */
export async function press(ctx: MsgCtx, input: PressInput): Promise<PressResult> {
  const card = findCard(ctx, input);
  if (!card) throw new Error(`no card ${input.msgid ?? input.taskId}`);
  const view = card.users[input.userId];
  if (!view) throw new Error(`${input.userId} did not receive card ${card.taskId}`);
  if (view.replaceName !== null) throw new Error(`card ${card.taskId} shows '${view.replaceName}' to ${input.userId}: its buttons are gone`);
  const keys = ((view.template_card.button_list as Json[] | undefined) ?? []).map((b) => b.key);
  const menuKeys = (((view.template_card.action_menu as Json | undefined)?.action_list as Json[] | undefined) ?? []).map((b) => b.key);
  // vote and multiple-choice cards call back with their submit button's key.
  const submitKey = (view.template_card.submit_button as Json | undefined)?.key;
  if (![...keys, ...menuKeys, submitKey].includes(input.key)) throw new Error(`card ${card.taskId} has no button '${input.key}'`);
  const app = ctx.apps.find((a) => a.corpId === card.corpId && a.agentId === card.agentId)!;
  if (!app.callback) throw new Error(`app ${app.agentId} has no callback URL`);
  view.clickedKey = input.key;
  const selected = input.selected
    ? { SelectedItem: Object.entries(input.selected).map(([q, ids]) => ({ QuestionKey: q, OptionIds: { OptionId: ids } })) }
    : undefined;
  const fields = {
    ToUserName: app.corpId,
    FromUserName: input.userId,
    CreateTime: Math.floor(ctx.now() / 1000),
    MsgType: 'event',
    Event: 'template_card_event',
    EventKey: input.key,
    TaskId: card.taskId,
    CardType: String(view.template_card.card_type),
    ResponseCode: newResponseCode(ctx, card.msgid, input.userId),
    AgentID: app.agentId,
    SelectedItems: selected,
  };
  const d = await deliver(app, fields, ctx.callbackOptions());
  ctx.deliveries.push(d);
  const error = d.delivered
    ? (d.answerError ?? applyReply(view, d.answer, input.userId, app.corpId))
    : (d.attempts.at(-1)?.error ?? `HTTP ${d.attempts.at(-1)?.status}`);
  return { answered: d.delivered, ms: d.ms, answer: d.answer, card: structuredClone(view), attempts: d.attempts.length, error, delivery: d };
}

/** Applies update_button / update_template_card to the presser's view; returns why it cannot, or null. */
function applyReply(view: WeComCard['users'][string], answer: XmlObject | null, userId: string, corpId: string): string | null {
  if (!answer) return null;
  const to = answer.ToUserName;
  if (typeof to === 'string' && to !== '' && to !== userId) return `the reply's ToUserName is '${to}', not the presser '${userId}'`;
  const from = answer.FromUserName;
  if (typeof from === 'string' && from !== '' && from !== corpId) return `the reply's FromUserName is '${from}', not the corpid`;
  if (answer.MsgType === 'update_button') {
    const name = (answer.Button as XmlObject | undefined)?.ReplaceName;
    if (typeof name !== 'string' || name === '') return 'update_button without Button.ReplaceName';
    view.replaceName = name;
  } else if (answer.MsgType === 'update_template_card') {
    const card = answer.TemplateCard;
    if (!card || typeof card !== 'object' || Array.isArray(card)) return 'update_template_card without TemplateCard';
    view.template_card = snake(card) as Json;
    view.replaceName = null;
  } else return `a template_card_event is answered with update_button or update_template_card, not '${String(answer.MsgType)}'`;
  view.updates++;
  return null;
}

/** The reply's CamelCase XML card as the snake_case JSON the REST API uses (CardType → card_type). */
function snake(v: XmlValue): unknown {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(snake);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(), snake(x)]));
}
