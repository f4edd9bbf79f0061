// Interactive cards of tools/dingtalk-sim.ts: create and deliver (POST /v1.0/card/instances[/deliver|/createAndDeliver]),
// update (PUT /v1.0/card/instances), and a press: the CALLBACK DingTalk pushes over Stream and the answer's card update
// (docs/protocols/dingtalk.md, section "Interactive cards").
import { apiError, headerToken } from './dingtalk-sim.api.js';
import { type DtApp, type DtCard, type DtState, json, parseOpenSpaceId, type SimAnswer, type SimRequest, stringMap } from './dingtalk-sim.state.js';
import { CARD_TOPIC, type DtGateway } from './dingtalk-sim.stream.js';

// The card API's refusals (创建并投放卡片, 错误码): HTTP 400 with code = message = the code's name.
const refuse = (code: string) => apiError(400, code, code);
const invalid = (_why: string) => refuse('param.invalid');

/** Applies a cardParamMap: merged key by key, or replacing the whole map (DingTalk's default). */
function merge(old: Record<string, string>, next: Record<string, string>, byKey: boolean) {
  return byKey ? { ...old, ...next } : { ...next };
}

function privateMaps(v: unknown): Record<string, Record<string, string>> | null {
  if (v === undefined) return {};
  if (!v || typeof v !== 'object') return null;
  const out: Record<string, Record<string, string>> = {};
  for (const [user, d] of Object.entries(v as Record<string, { cardParamMap?: unknown }>)) {
    const m = stringMap(d?.cardParamMap);
    if (!m) return null;
    out[user] = m;
  }
  return out;
}

function create(st: DtState, app: DtApp, b: Record<string, unknown>): DtCard | SimAnswer {
  if (typeof b.outTrackId !== 'string' || !b.outTrackId) return refuse('param.outTrackIdEmpty');
  if (typeof b.cardTemplateId !== 'string' || !b.cardTemplateId) return refuse('param.cardTemplateIdEmpty');
  if (st.cards.has(b.outTrackId)) return refuse('param.cardAlreadyExist');
  if (!b.cardData) return refuse('param.cardPublicDataEmpty');
  const params = stringMap((b.cardData as { cardParamMap?: unknown }).cardParamMap);
  if (!params) return invalid('cardData.cardParamMap 的值必须是字符串');
  const priv = privateMaps(b.privateData);
  if (!priv) return invalid('privateData.<userId>.cardParamMap 的值必须是字符串');
  const callbackType = String(b.callbackType ?? '');
  if (callbackType && callbackType !== 'STREAM' && callbackType !== 'HTTP') return invalid('callbackType 只能是 STREAM 或 HTTP');
  if (callbackType === 'HTTP' && !b.callbackRouteKey) return invalid('callbackType HTTP 需要 callbackRouteKey');
  const card: DtCard = {
    outTrackId: b.outTrackId,
    appKey: app.appKey,
    cardTemplateId: b.cardTemplateId,
    callbackType,
    ...(b.callbackRouteKey ? { callbackRouteKey: String(b.callbackRouteKey) } : {}),
    cardParamMap: params,
    privateData: priv,
    userIdType: Number(b.userIdType ?? 1) === 2 ? 2 : 1,
    presserViews: {},
    pressPending: false,
    updatedDuringPress: false,
    spaces: [],
    history: [{ at: st.now(), via: 'create', cardParamMap: params }],
  };
  st.cards.set(card.outTrackId, card);
  return card;
}

type Space = { spaceType: string; spaceId: string };
type Delivered = { spaceType: string; spaceId: string; success: boolean; carrierId?: string; errorMsg?: string };

/** One space: IM_ROBOT (a member, by userid or unionId), IM_GROUP / IM_SINGLE / ONE_BOX (a conversation id). */
function deliverOne(st: DtState, app: DtApp, card: DtCard, s: Space, models: Record<string, unknown>): Delivered | SimAnswer {
  const need: Record<string, [string, string]> = {
    IM_ROBOT: ['imRobotOpenDeliverModel', 'imRobotOpenSpaceModel'],
    IM_GROUP: ['imGroupOpenDeliverModel', 'imGroupOpenSpaceModel'],
    IM_SINGLE: ['imSingleOpenDeliverModel', 'imSingleOpenSpaceModel'],
    ONE_BOX: ['topOpenDeliverModel', 'topOpenSpaceModel'],
  };
  const pair = need[s.spaceType];
  if (!pair) return refuse('param.openSpaceIdInvalid');
  if (!models[pair[0]]) return refuse('param.openDeliverModelEmpty');
  if (!models[`created:${pair[1]}`]) return refuse('param.openSpaceModelInvalid');
  if (s.spaceType === 'IM_GROUP' && !(models.imGroupOpenDeliverModel as { robotCode?: unknown }).robotCode)
    return refuse('param.openDeliverModelError');
  const carrierId = `carrier-${card.outTrackId}-${s.spaceId}`;
  if (s.spaceType !== 'IM_ROBOT') return { ...s, success: true, carrierId };
  const corp = st.corp(app.corpId);
  const byUnion = Number(models.userIdType ?? 1) === 2;
  const user = byUnion ? [...corp.users.values()].find((u) => u.unionid === s.spaceId) : corp.users.get(s.spaceId);
  return user ? { ...s, success: true, carrierId } : { ...s, success: false, errorMsg: 'param.userIdNotExist' };
}

/** Delivers to every space of openSpaceId; the open space models come from the create (or appendSpace). */
function deliver(st: DtState, app: DtApp, card: DtCard, b: Record<string, unknown>, createdWith: Record<string, unknown>) {
  if (!b.openSpaceId) return refuse('param.openSpaceIdEmpty');
  const spaces = parseOpenSpaceId(b.openSpaceId);
  if (!spaces) return refuse('param.openSpaceIdInvalid');
  const models: Record<string, unknown> = { ...b, userIdType: b.userIdType ?? createdWith.userIdType };
  for (const [k, v] of Object.entries(createdWith)) if (k.endsWith('OpenSpaceModel')) models[`created:${k}`] = v;
  const results: Delivered[] = [];
  for (const s of spaces) {
    const r = deliverOne(st, app, card, s, models);
    if (!('success' in r)) return r;
    results.push(r);
  }
  card.spaces.push(...spaces);
  const ok = results.filter((r) => r.success);
  const to = ok.map((r) =>
    r.spaceType === 'IM_ROBOT' ? userIdOf(st, app, r.spaceId, Number(models.userIdType ?? 1)) : `${r.spaceType}:${r.spaceId}`,
  );
  const invalidIds = results.filter((r) => !r.success).map((r) => r.spaceId);
  st.record({
    kind: 'card',
    appKey: app.appKey,
    to,
    invalid: invalidIds,
    msgtype: 'card',
    content: card.cardParamMap,
    outTrackId: card.outTrackId,
    raw: { ...createdWith, ...b },
  });
  return results;
}

function userIdOf(st: DtState, app: DtApp, id: string, userIdType: number): string {
  if (userIdType !== 2) return id;
  return [...st.corp(app.corpId).users.values()].find((u) => u.unionid === id)?.userid ?? id;
}

const created = new WeakMap<DtCard, Record<string, unknown>>();

function update(st: DtState, card: DtCard, b: Record<string, unknown>): SimAnswer {
  const opts = (b.cardUpdateOptions ?? {}) as { updateCardDataByKey?: boolean; updatePrivateDataByKey?: boolean };
  const params = b.cardData === undefined ? undefined : stringMap((b.cardData as { cardParamMap?: unknown }).cardParamMap);
  const priv = privateMaps(b.privateData);
  if (params === null || !priv) return invalid('cardParamMap 的值必须是字符串');
  // DingTalk asks not to call the update API while a callback is being answered: recorded for the press to report.
  if (card.pressPending) card.updatedDuringPress = true;
  if (params) {
    card.cardParamMap = merge(card.cardParamMap, params, opts.updateCardDataByKey === true);
    card.presserViews = {};
  }
  for (const [user, m] of Object.entries(priv)) card.privateData[user] = merge(card.privateData[user] ?? {}, m, opts.updatePrivateDataByKey === true);
  card.history.push({ at: st.now(), via: 'update', cardParamMap: { ...card.cardParamMap } });
  return json({ success: true, result: true });
}

/** Answers a card request of the new API, or null. */
export function cardRoute(st: DtState, req: SimRequest): SimAnswer | null {
  const paths = ['/v1.0/card/instances', '/v1.0/card/instances/deliver', '/v1.0/card/instances/createAndDeliver', '/v1.0/card/instances/spaces'];
  if (!paths.includes(req.path)) return null;
  const t = headerToken(st, req, 'app');
  if (!('token' in t)) return t;
  const app = st.apps.get(t.appKey)!;
  const b = req.body;
  if (!b) return refuse('param.empty');
  if (req.method === 'PUT' && req.path === '/v1.0/card/instances') {
    const card = st.cards.get(String(b.outTrackId ?? ''));
    return card && card.appKey === app.appKey ? update(st, card, b) : refuse('param.cardNotExist');
  }
  if (req.method !== 'POST') return apiError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
  if (req.path === '/v1.0/card/instances/spaces') {
    // appendSpace: declares (more) open spaces of a created card before it is delivered there.
    const card = st.cards.get(String(b.outTrackId ?? ''));
    if (!card || card.appKey !== app.appKey) return refuse('param.cardNotExist');
    const models = created.get(card) ?? {};
    for (const [k, v] of Object.entries(b)) if (k.endsWith('OpenSpaceModel') && v) models[k] = v;
    created.set(card, models);
    return json({ success: true, result: true });
  }
  if (req.path === '/v1.0/card/instances/deliver') {
    const card = st.cards.get(String(b.outTrackId ?? ''));
    if (!card || card.appKey !== app.appKey) return refuse('param.cardNotExist');
    const r = deliver(st, app, card, b, created.get(card) ?? {});
    return Array.isArray(r) ? json({ success: true, result: r }) : r;
  }
  const card = create(st, app, b);
  if (!('outTrackId' in card)) return card;
  created.set(card, b);
  if (req.path === '/v1.0/card/instances') return json({ success: true, result: card.outTrackId });
  const r = deliver(st, app, card, b, b);
  if (!Array.isArray(r)) {
    st.cards.delete(card.outTrackId);
    return r;
  }
  return json({ success: true, result: { outTrackId: card.outTrackId, deliverResults: r } });
}

export interface PressInput {
  outTrackId: string;
  /** Who pressed (a userid of the corp). */
  userId: string;
  /** The component ids pressed (content.cardPrivateData.actionIds). */
  actionIds?: string[];
  /** The action's parameters and form values (content.cardPrivateData.params). */
  params?: Record<string, unknown>;
  /** How long DingTalk waits for the answer (default: the simulator's callbackTimeoutMs). */
  timeoutMs?: number;
}
export interface PressResult {
  answered: boolean;
  ms: number;
  /** The ack's parsed data (`{response: …}`), or null. */
  answer: unknown;
  /** The card after the answer (its public data changes only through the REST update: see presserViews). */
  card: DtCard | undefined;
  /** What the presser sees now (public data or their presser view, with their private data). */
  view: Record<string, string> | undefined;
  /** Why it was not answered or what in the answer is not as documented. */
  problems: string[];
}

/** What one user sees of a card. */
export function cardView(card: DtCard | undefined, userId: string): Record<string, string> | undefined {
  if (!card) return undefined;
  return { ...(card.presserViews[userId] ?? card.cardParamMap), ...(card.privateData[userId] ?? {}) };
}

type Answer = {
  cardUpdateOptions?: { updateCardDataByKey?: boolean; updatePrivateDataByKey?: boolean };
  cardData?: { cardParamMap?: unknown };
  userPrivateData?: { cardParamMap?: unknown };
};

/**
 * The update an answer carries: {cardUpdateOptions?, cardData?: {cardParamMap}, userPrivateData?: {cardParamMap}}.
 * Its cardData reaches the presser only (事件回调 / 卡片状态更新: "只会将公有数据下发给触发回传请求事件的用户").
 */
function applyAnswer(st: DtState, card: DtCard, userId: string, response: unknown, problems: string[]) {
  if (response === null || response === undefined) return;
  if (typeof response !== 'object') return void problems.push('response is not an object');
  const r = response as Answer;
  const params = r.cardData === undefined ? undefined : stringMap(r.cardData?.cardParamMap);
  const priv = r.userPrivateData === undefined ? undefined : stringMap(r.userPrivateData?.cardParamMap);
  if (params === null) problems.push('response.cardData.cardParamMap values must be strings');
  if (priv === null) problems.push('response.userPrivateData.cardParamMap values must be strings');
  const seen = card.presserViews[userId] ?? card.cardParamMap;
  if (params) card.presserViews[userId] = merge(seen, params, r.cardUpdateOptions?.updateCardDataByKey === true);
  if (priv) card.privateData[userId] = merge(card.privateData[userId] ?? {}, priv, r.cardUpdateOptions?.updatePrivateDataByKey === true);
  if (params || priv) card.history.push({ at: st.now(), via: 'callback', cardParamMap: { ...(card.presserViews[userId] ?? card.cardParamMap) } });
}

/** The CALLBACK's data (事件回调: type, outTrackId, corpId, userId, content; the SDK's recorded frame adds the rest). */
function callbackData(card: DtCard, corpId: string, userId: string, input: PressInput) {
  const value = JSON.stringify({ cardPrivateData: { actionIds: input.actionIds ?? [], params: input.params ?? {} } });
  const space = card.spaces.find((s) => s.spaceType !== 'IM_ROBOT');
  return {
    extension: '{}',
    corpId,
    spaceType: space ? space.spaceType : 'IM_ROBOT',
    spaceId: space ? space.spaceId : userId,
    userIdType: card.userIdType,
    type: 'actionCallback',
    userId,
    content: value,
    value,
    outTrackId: card.outTrackId,
  };
}

/** A user presses a button of a card: the CALLBACK over Stream, the wait for the answer, the answer applied. */
export async function press(st: DtState, gw: DtGateway, input: PressInput, defaultTimeoutMs: number): Promise<PressResult> {
  const card = st.cards.get(input.outTrackId);
  const fail = (why: string, ms = 0): PressResult => ({
    answered: false,
    ms,
    answer: null,
    card,
    view: cardView(card, input.userId),
    problems: [why],
  });
  if (!card) return fail(`no card ${input.outTrackId}`);
  if (card.callbackType !== 'STREAM') return fail(`the card's callbackType is ${card.callbackType || 'absent'}, not STREAM`);
  const app = st.apps.get(card.appKey)!;
  const user = st.corp(app.corpId).users.get(input.userId);
  if (!user) return fail(`${input.userId} is not a member`);
  const started = Date.now();
  const p = gw.pushCallback(app.appKey, CARD_TOPIC, callbackData(card, app.corpId, card.userIdType === 2 ? user.unionid : user.userid, input));
  if (!p) return fail(`no open connection subscribed CALLBACK ${CARD_TOPIC}`);
  card.pressPending = true;
  card.updatedDuringPress = false;
  const acked = await gw.waitForAck(p, input.timeoutMs ?? defaultTimeoutMs);
  card.pressPending = false;
  const ms = Date.now() - started;
  if (!acked?.ack) return fail('no answer in time', ms);
  const problems = [...acked.problems];
  if (card.updatedDuringPress) problems.push('the card was updated through PUT /v1.0/card/instances while its callback was pending');
  if (acked.ack.code !== 200) problems.push(`code ${acked.ack.code}`);
  const answer = acked.ack.data;
  if (!answer || typeof answer !== 'object' || !('response' in answer))
    problems.push('data has no response (the card update goes in {"response": {...}})');
  else applyAnswer(st, card, input.userId, (answer as { response: unknown }).response, problems);
  return { answered: true, ms, answer, card, view: cardView(card, input.userId), problems };
}
