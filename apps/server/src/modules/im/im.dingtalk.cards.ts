import { Status } from '@openvisit/contract';
import { AppError } from '../../platform/http/errors.js';
import type { MessageTemplate } from '../../platform/messages/messages.js';
import { fetchBounded } from '../contacts/contacts.public.js';
import { type ImCardRow, imRepository } from './im.repository.js';
import { type AppDeps, connectionTarget, dingTalkNewBase } from './im.service.js';
import { fetchToken, type PlatformTarget } from './im.tokens.js';

/**
 * DingTalk's interactive cards (docs/protocols/dingtalk.md "Interactive cards"): an approval request goes as a card of
 * the company's template (made in DingTalk's card builder; Settings › work apps names it) delivered to the approver's
 * chat with the app's robot; a press comes back over Stream (CALLBACK) and is decided like Feishu's. The template's
 * variables are ours: `title`, `text`, `status` (waiting, approved, refused, returned, closed), `result` (who decided
 * and when), the labels `approve`, `refuse`, `reason`, `open`, and `link` (the decision page); its buttons call back with
 * the action ids `approve` and `refuse`, its input with the parameter `reason`.
 */

/** One call of DingTalk's new API with the app's token (the same token the old API's gettoken gives). */
async function newApi(deps: AppDeps, t: PlatformTarget, method: 'POST' | 'PUT', path: string, body: unknown): Promise<Record<string, unknown>> {
  const token = await fetchToken(t, deps.config.contacts);
  if (!token.ok) throw new AppError(token.code ? Status.DIRECTORY_REFUSED : Status.DIRECTORY_UNREACHABLE, token.reason);
  const answer = await fetchBounded(
    'DingTalk',
    `${dingTalkNewBase(deps, t)}${path}`,
    {
      method,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-acs-dingtalk-access-token': token.token },
      body: JSON.stringify(body),
    },
    deps.config.contacts,
    t.company,
  );
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    // below
  }
  if (answer.status >= 500) throw new AppError(Status.DIRECTORY_UNREACHABLE, `DingTalk could not answer ${path}: HTTP ${answer.status}`);
  if (answer.status !== 200)
    throw new AppError(Status.DIRECTORY_REFUSED, `DingTalk refused ${path}: ${String(json.code ?? answer.status).slice(0, 80)}`);
  return json;
}

/** Where a card stands: `status` (waiting, approved, refused, returned, closed) and the line that says who and when. */
export interface CardStanding {
  status: string;
  result: string;
}

/** The card's variables: the request, the labels, and where it stands. */
function cardParams(
  subject: string,
  text: string,
  t: MessageTemplate,
  standing: CardStanding = { status: 'waiting', result: '' },
): Record<string, string> {
  const p = t.params;
  return {
    title: subject,
    text,
    ...standing,
    approve: p.approve ?? '',
    refuse: p.refuse ?? '',
    reason: p.reason ?? '',
    open: p.open ?? '',
    link: p.link ?? '',
  };
}

/** A recipient's DingTalk user id: as linked, or found by the phone of a `tel:` address (old API). */
async function userIdOf(deps: AppDeps, t: PlatformTarget, to: string): Promise<string> {
  if (!to.startsWith('tel:')) return to;
  const token = await fetchToken(t, deps.config.contacts);
  if (!token.ok) throw new AppError(token.code ? Status.DIRECTORY_REFUSED : Status.DIRECTORY_UNREACHABLE, token.reason);
  const answer = await fetchBounded(
    'DingTalk',
    `${t.base}/topapi/v2/user/getbymobile?${new URLSearchParams({ access_token: token.token })}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: to.slice(4) }) },
    deps.config.contacts,
    t.company,
  );
  const json = JSON.parse(answer.body.toString('utf8') || '{}') as { errcode?: number; result?: { userid?: unknown } };
  const id = json.errcode === 0 && typeof json.result?.userid === 'string' ? json.result.userid : '';
  if (!id) throw new AppError(Status.DIRECTORY_REFUSED, 'No DingTalk user has this phone');
  return id;
}

/**
 * Sends a decision notice as the company's card when it named a template (false: it did not, the notice goes as the
 * work notice's text). `to`: the recipient's DingTalk user id, or `tel:<phone>`.
 */
export async function sendDingTalkCard(
  deps: AppDeps,
  m: { id: number; to: string; subject: string; text: string; template: MessageTemplate },
): Promise<boolean> {
  const app = await imRepository(deps.tenant).app('dingtalk');
  const t = await connectionTarget(deps, 'dingtalk');
  if (!app?.cardTemplate || !t) return false;
  const userId = await userIdOf(deps, t, m.to);
  const outTrackId = `openvisit-${m.id}`;
  const r = await newApi(deps, t, 'POST', '/v1.0/card/instances/createAndDeliver', {
    outTrackId,
    cardTemplateId: app.cardTemplate,
    cardData: { cardParamMap: cardParams(m.subject, m.text, m.template) },
    callbackType: 'STREAM',
    openSpaceId: `dtv1.card//IM_ROBOT.${userId}`,
    imRobotOpenSpaceModel: { supportForward: false },
    imRobotOpenDeliverModel: { spaceType: 'IM_ROBOT' },
    userIdType: 1,
  });
  const results = (r.result as { deliverResults?: { success?: boolean; errorMsg?: string }[] } | undefined)?.deliverResults ?? [];
  const failed = results.find((d) => d.success === false);
  if (failed) throw new AppError(Status.DIRECTORY_REFUSED, `DingTalk did not deliver the card: ${String(failed.errorMsg ?? '').slice(0, 80)}`);
  await imRepository(deps.tenant).saveCard({
    platform: 'dingtalk',
    messageId: outTrackId,
    ref: m.template.params.ref ?? '',
    recipient: userId,
    subject: m.subject,
    text: m.text,
    template: m.template,
  });
  return true;
}

/** Everyone's view of a card replaced by its decided state (a decision taken elsewhere). */
export async function updateDingTalkCard(deps: AppDeps, card: ImCardRow, standing: CardStanding): Promise<void> {
  const t = await connectionTarget(deps, 'dingtalk');
  if (!t) return;
  await newApi(deps, t, 'PUT', '/v1.0/card/instances', {
    outTrackId: card.messageId,
    cardData: { cardParamMap: cardParams(card.subject, card.text, card.template, standing) },
    cardUpdateOptions: { updateCardDataByKey: true },
  });
}
