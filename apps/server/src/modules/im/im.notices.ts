import { Status } from '@openvisit/contract';
import { AppError } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import type { MessageTemplate } from '../../platform/messages/messages.js';
import { platformApi } from './im.api.js';
import { decisionCard, weComCard } from './im.cards.js';
import { imRepository } from './im.repository.js';
import { type AppDeps, connectionTarget, weComCallbackKeys } from './im.service.js';

/**
 * Notices as the work apps' own messages (docs/protocols/feishu.md "Messages", wecom.md "Messages and template cards"),
 * sent by the notifications module's outbox (delivery records, retries). A recipient is the organisation's user id the
 * directory sync or a sign-in linked, or `tel:<phone>` when none is linked: looked up at delivery.
 */

/** A recipient addressed by phone rather than user id (as DingTalk's notices are). */
export const WORK_APP_BY_PHONE = 'tel:';

export type WorkAppPlatform = 'feishu' | 'wecom';

/** Why a message could not be delivered: `permanent` when trying again cannot help (a refusal, no such person). */
export class WorkAppSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The platforms whose app the company has set up (an id and secrets saved): their notices can be sent. */
export async function appsSetUp(scope: TenantScope): Promise<Set<WorkAppPlatform>> {
  const rows = await imRepository(scope).all();
  return new Set(
    rows
      .filter((r) => (r.platform === 'feishu' || r.platform === 'wecom') && r.appId !== '' && r.secrets !== '')
      .map((r) => r.platform as WorkAppPlatform),
  );
}

export interface WorkAppMessage {
  /** The delivery record's id: the platform's de-duplication key, so a retry after a lost answer sends nothing twice. */
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The delivery record's template: `decision` becomes a card with its buttons (Feishu). */
  template?: MessageTemplate | null;
}

const LABEL: Record<WorkAppPlatform, string> = { feishu: 'Feishu', wecom: 'WeCom' };
const str = (v: unknown) => (typeof v === 'string' ? v : '');

async function feishuSend(deps: AppDeps, api: ReturnType<typeof platformApi>, m: WorkAppMessage, text: string): Promise<void> {
  let userId = m.to;
  if (m.to.startsWith(WORK_APP_BY_PHONE)) {
    const r = await api.post(
      '/open-apis/contact/v3/users/batch_get_id',
      { mobiles: [m.to.slice(WORK_APP_BY_PHONE.length)] },
      { user_id_type: 'user_id' },
    );
    const found = ((r.data as { user_list?: { user_id?: unknown }[] } | undefined)?.user_list ?? [])[0];
    userId = str(found?.user_id);
    if (!userId) throw new WorkAppSendError('No Feishu user has this phone', true);
  }
  const card = m.template?.kind === 'decision' ? m.template : null;
  const content = card ? decisionCard(m.subject, m.text, card) : { text };
  const r = await api.post(
    '/open-apis/im/v1/messages',
    { receive_id: userId, msg_type: card ? 'interactive' : 'text', content: JSON.stringify(content), uuid: `openvisit-message-${m.id}` },
    { receive_id_type: 'user_id' },
  );
  const messageId = str((r.data as { message_id?: unknown } | undefined)?.message_id);
  if (card && messageId)
    await imRepository(deps.tenant).saveCard({
      platform: 'feishu',
      messageId,
      ref: card.params.ref ?? '',
      subject: m.subject,
      text: m.text,
      template: card,
    });
}

async function weComSend(deps: AppDeps, api: ReturnType<typeof platformApi>, agentId: string, m: WorkAppMessage, text: string): Promise<void> {
  let userId = m.to;
  if (m.to.startsWith(WORK_APP_BY_PHONE)) {
    try {
      userId = str((await api.post('/cgi-bin/user/getuserid', { mobile: m.to.slice(WORK_APP_BY_PHONE.length) })).userid);
    } catch (err) {
      if (err instanceof AppError && err.status === Status.DIRECTORY_REFUSED && /\(46004\)/.test(err.message))
        throw new WorkAppSendError('No WeCom member has this phone', true);
      throw err;
    }
  }
  // A decision is a card only where WeCom can call back (the app's callback set up here); otherwise the text and its link.
  const decision = m.template?.kind === 'decision' && (await weComCallbackKeys(deps)) ? m.template : null;
  const taskId = `openvisit-${m.id}`;
  const content = decision
    ? { msgtype: 'template_card', template_card: weComCard(m.subject, m.text, decision, taskId) }
    : { msgtype: 'text', text: { content: text } };
  // WeCom's own duplicate check (30 min) stands in for a message id: a retry after a lost answer is not sent twice.
  const r = await api.post('/cgi-bin/message/send', {
    touser: userId,
    agentid: Number(agentId),
    ...content,
    enable_duplicate_check: 1,
    duplicate_check_interval: 1800,
  });
  if (str(r.invaliduser).split('|').includes(userId)) throw new WorkAppSendError('WeCom does not know this member, or they left', true);
  if (decision)
    await imRepository(deps.tenant).saveCard({
      platform: 'wecom',
      messageId: taskId,
      ref: decision.params.ref ?? '',
      recipient: userId,
      updateCode: str(r.response_code),
      subject: m.subject,
      text: m.text,
      template: decision,
    });
}

/** Sends one notice as a text message of the company's app; throws WorkAppSendError. */
export async function sendWorkAppText(deps: AppDeps, platform: WorkAppPlatform, m: WorkAppMessage): Promise<void> {
  const t = await connectionTarget(deps, platform);
  if (!t) throw new WorkAppSendError(`The ${LABEL[platform]} app is not set up`, true);
  const api = platformApi({ ...t, platform }, deps.config.contacts);
  const text = m.subject ? `${m.subject}\n${m.text}` : m.text;
  try {
    if (platform === 'feishu') await feishuSend(deps, api, m, text);
    else await weComSend(deps, api, t.agentId ?? '', m, text);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A refusal (credentials, permissions, a receiver that left) is not cured by trying again; the unreachable may be.
    throw new WorkAppSendError(err.message, err.status === Status.DIRECTORY_REFUSED);
  }
}
