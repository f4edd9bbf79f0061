// Interactive cards of tools/dingtalk-sim.ts: create and deliver (POST /v1.0/card/instances[/deliver|/createAndDeliver]),
// update (PUT /v1.0/card/instances), and a press: the CALLBACK DingTalk pushes over Stream and the answer's card update
// (docs/protocols/dingtalk.md, section "Interactive cards").
import { apiError, headerToken } from './dingtalk-sim.api.js';
import { type DtApp, type DtCard, type DtState, json, parseOpenSpaceId, type SimAnswer, type SimRequest, stringMap } from './dingtalk-sim.state.js';
import { CARD_TOPIC, type DtGateway } from './dingtalk-sim.stream.js';

const invalid = (message: string) => apiError(400, 'param.invalid', message);

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
  if (typeof b.outTrackId !== 'string' || !b.outTrackId) return apiError(400, 'card.outTrackIdEmpty', '业务标识outTrackId为空');
  if (typeof b.cardTemplateId !== 'string' || !b.cardTemplateId) return apiError(400, 'card.templateEmpty', '卡片模板ID为空');
  if (st.cards.has(b.outTrackId)) return apiError(400, 'card.outTrackIdDuplicate', 'outTrackId 已存在');
  const params = stringMap((b.cardData as { cardParamMap?: unknown } | undefined)?.cardParamMap);
  if (!b.cardData || !params) return invalid('cardData.cardParamMap 的值必须是字符串');
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
    spaces: [],
    history: [{ at: st.now(), via: 'create', cardParamMap: params }],
  };
  st.cards.set(card.outTrackId, card);
  return card;
}

/** Delivers to the open spaces: IM_ROBOT (a member, by userid or unionId) and IM_GROUP (any conversation id). */
function deliver(st: DtState, app: DtApp, card: DtCard, b: Record<string, unknown>, created: Record<string, unknown>) {
  const spaces = parseOpenSpaceId(b.openSpaceId);
  if (!spaces) return invalid('openSpaceId 格式为 dtv1.card//IM_ROBOT.<userId>;IM_GROUP.<openConversationId>');
  const corp = st.corp(app.corpId);
  const results = [];
  const to: string[] = [];
  for (const s of spaces) {
    if (s.spaceType === 'IM_ROBOT') {
      if (!b.imRobotOpenDeliverModel) return invalid('投放到 IM_ROBOT 需要 imRobotOpenDeliverModel');
      if (!created.imRobotOpenSpaceModel) return invalid('卡片创建时未声明 imRobotOpenSpaceModel');
      const byUnion = Number(b.userIdType ?? created.userIdType ?? 1) === 2;
      const user = byUnion ? [...corp.users.values()].find((u) => u.unionid === s.spaceId) : corp.users.get(s.spaceId);
      if (user) to.push(user.userid);
      results.push({
        spaceType: s.spaceType,
        spaceId: s.spaceId,
        success: !!user,
        ...(user ? { carrierId: `carrier-${card.outTrackId}-${user.userid}` } : { errorMsg: 'user not found' }),
      });
    } else if (s.spaceType === 'IM_GROUP') {
      if (!(b.imGroupOpenDeliverModel as { robotCode?: unknown } | undefined)?.robotCode)
        return invalid('投放到 IM_GROUP 需要 imGroupOpenDeliverModel.robotCode');
      if (!created.imGroupOpenSpaceModel) return invalid('卡片创建时未声明 imGroupOpenSpaceModel');
      to.push(`group:${s.spaceId}`);
      results.push({ spaceType: s.spaceType, spaceId: s.spaceId, success: true, carrierId: `carrier-${card.outTrackId}-${s.spaceId}` });
    } else return invalid(`不支持的场域 ${s.spaceType}`);
  }
  card.spaces.push(...spaces);
  const invalidIds = results.filter((r) => !r.success).map((r) => r.spaceId);
  st.record({
    kind: 'card',
    appKey: app.appKey,
    to,
    invalid: invalidIds,
    msgtype: 'card',
    content: card.cardParamMap,
    outTrackId: card.outTrackId,
    raw: { ...created, ...b },
  });
  return results;
}

const created = new WeakMap<DtCard, Record<string, unknown>>();

function update(st: DtState, card: DtCard, b: Record<string, unknown>): SimAnswer {
  const opts = (b.cardUpdateOptions ?? {}) as { updateCardDataByKey?: boolean; updatePrivateDataByKey?: boolean };
  const params = b.cardData === undefined ? undefined : stringMap((b.cardData as { cardParamMap?: unknown }).cardParamMap);
  const priv = privateMaps(b.privateData);
  if (params === null || !priv) return invalid('cardParamMap 的值必须是字符串');
  if (params) card.cardParamMap = merge(card.cardParamMap, params, opts.updateCardDataByKey === true);
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
  if (!b) return apiError(400, 'MissingBody', 'body is mandatory for this action.');
  if (req.method === 'PUT' && req.path === '/v1.0/card/instances') {
    const card = st.cards.get(String(b.outTrackId ?? ''));
    return card && card.appKey === app.appKey ? update(st, card, b) : apiError(400, 'card.notExist', '卡片不存在');
  }
  if (req.method !== 'POST') return apiError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
  if (req.path === '/v1.0/card/instances/spaces') {
    // appendSpace: declares (more) open spaces of a created card before it is delivered there.
    const card = st.cards.get(String(b.outTrackId ?? ''));
    if (!card || card.appKey !== app.appKey) return apiError(400, 'card.notExist', '卡片不存在');
    const models = created.get(card) ?? {};
    for (const k of ['imRobotOpenSpaceModel', 'imGroupOpenSpaceModel'] as const) if (b[k]) models[k] = b[k];
    created.set(card, models);
    return json({ success: true, result: true });
  }
  if (req.path === '/v1.0/card/instances/deliver') {
    const card = st.cards.get(String(b.outTrackId ?? ''));
    if (!card || card.appKey !== app.appKey) return apiError(400, 'card.notExist', '卡片不存在');
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
  /** The card after the answer's update. */
  card: DtCard | undefined;
  /** Why it was not answered or what in the answer is not as documented. */
  problems: string[];
}

/** The update an answer carries: {cardUpdateOptions?, cardData?: {cardParamMap}, userPrivateData?: {cardParamMap}}. */
function applyAnswer(st: DtState, card: DtCard, userId: string, response: unknown, problems: string[]) {
  if (response === null || response === undefined) return;
  if (typeof response !== 'object') return void problems.push('response is not an object');
  const r = response as {
    cardUpdateOptions?: { updateCardDataByKey?: boolean; updatePrivateDataByKey?: boolean };
    cardData?: { cardParamMap?: unknown };
    userPrivateData?: { cardParamMap?: unknown };
  };
  const params = r.cardData === undefined ? undefined : stringMap(r.cardData?.cardParamMap);
  const priv = r.userPrivateData === undefined ? undefined : stringMap(r.userPrivateData?.cardParamMap);
  if (params === null) problems.push('response.cardData.cardParamMap values must be strings');
  if (priv === null) problems.push('response.userPrivateData.cardParamMap values must be strings');
  if (params) card.cardParamMap = merge(card.cardParamMap, params, r.cardUpdateOptions?.updateCardDataByKey === true);
  if (priv) card.privateData[userId] = merge(card.privateData[userId] ?? {}, priv, r.cardUpdateOptions?.updatePrivateDataByKey === true);
  if (params || priv) card.history.push({ at: st.now(), via: 'callback', cardParamMap: { ...card.cardParamMap } });
}

/** A user presses a button of a card: the CALLBACK over Stream, the wait for the answer, the answer applied. */
export async function press(st: DtState, gw: DtGateway, input: PressInput, defaultTimeoutMs: number): Promise<PressResult> {
  const card = st.cards.get(input.outTrackId);
  const fail = (why: string): PressResult => ({ answered: false, ms: 0, answer: null, card, problems: [why] });
  if (!card) return fail(`no card ${input.outTrackId}`);
  if (card.callbackType !== 'STREAM') return fail(`the card's callbackType is ${card.callbackType || 'absent'}, not STREAM`);
  const app = st.apps.get(card.appKey)!;
  if (!st.corp(app.corpId).users.has(input.userId)) return fail(`${input.userId} is not a member`);
  const value = JSON.stringify({ cardPrivateData: { actionIds: input.actionIds ?? [], params: input.params ?? {} } });
  const space = card.spaces.find((s) => s.spaceType === 'IM_GROUP');
  const data = {
    extension: '{}',
    corpId: app.corpId,
    spaceType: space ? 'IM_GROUP' : 'IM_ROBOT',
    spaceId: space ? space.spaceId : input.userId,
    userIdType: 1,
    type: 'actionCallback',
    userId: input.userId,
    content: value,
    value,
    outTrackId: card.outTrackId,
  };
  const started = Date.now();
  const p = gw.pushCallback(app.appKey, CARD_TOPIC, data);
  if (!p) return fail(`no open connection subscribed CALLBACK ${CARD_TOPIC}`);
  const acked = await gw.waitForAck(p, input.timeoutMs ?? defaultTimeoutMs);
  const ms = Date.now() - started;
  if (!acked?.ack) return { answered: false, ms, answer: null, card, problems: ['no answer in time'] };
  const problems = [...acked.problems];
  if (acked.ack.code !== 200) problems.push(`code ${acked.ack.code}`);
  const answer = acked.ack.data;
  if (!answer || typeof answer !== 'object' || !('response' in answer))
    problems.push('data has no response (the card update goes in {"response": {...}})');
  else applyAnswer(st, card, input.userId, (answer as { response: unknown }).response, problems);
  return { answered: true, ms, answer, card, problems };
}
