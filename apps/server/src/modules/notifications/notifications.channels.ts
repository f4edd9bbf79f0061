import { type CompanySettings, EmailType, type MessageChannel, type SmsConf, Status, type WxConf } from '@openvisit/contract';
import type { Config } from '../../config.js';
import { settingsIn } from '../../core/company/company.public.js';
import { AppError } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import type { SmtpRoute } from '../../platform/messages/mail.js';
import { type MessageRow, type MessageTemplate, PermanentFailure } from '../../platform/messages/messages.js';
import type { Services } from '../../platform/services.js';
import { contacts } from '../contacts/contacts.public.js';
import { appsSetUp, sendDingTalkCard, sendWorkAppText, type WorkAppPlatform, WorkAppSendError } from '../im/im.public.js';
import { aliyunSms, tencentSmsClient } from './notifications.cloudSms.js';
import { routeOf } from './notifications.config.js';
import { dingTalkNotice, rtxNotice, smsClient, voiceClient } from './notifications.providers.js';
import { emailOf, ivrOf, type NotifyConfigRow, notifyRepository, secretOf, smsOf, wxOf } from './notifications.repository.js';
import { WxTokens, wechatTemplateClient } from './notifications.wechat.js';

/** What the channel senders and the notifier need; no call context (they run in jobs too). */
export interface ChannelDeps {
  /** Messages name their company; senders and the notifier scope each to it with `scopeForCompany`. */
  system: SystemScope;
  config: Pick<Config, 'contacts' | 'notify' | 'allowPrivateEndpoints' | 'cloudSms' | 'wechatApiUrl' | 'im' | 'publicUrl'>;
  secrets: SecretBox;
}

function settingsOf(deps: ChannelDeps, companyId: number): Promise<CompanySettings> {
  return settingsIn(scopeForCompany(deps.system, companyId));
}

/** Why a channel cannot carry a message now, in the words of the catalogue; null when it can. */
export type ChannelProblem = 'emailOff' | 'smsOff' | 'smsQuota' | 'off';

export interface CompanyChannels {
  /** Each channel's problem, or null when it is on (SMS: and has quota). */
  problems: Record<MessageChannel, ChannelProblem | null>;
  smsLeft: number;
}

/**
 * Which channels the company has on now: email unless switched off; the others by their switches; a work app once set
 * up. `asked`: only these matter to the caller (the work apps' table is then read only when one of them is asked).
 */
export async function companyChannels(scope: TenantScope, asked?: readonly MessageChannel[]): Promise<CompanyChannels> {
  const needApps = !asked || asked.some((c) => c === 'feishu' || c === 'wecom');
  const [rows, s, apps] = await Promise.all([
    notifyRepository(scope).all(),
    settingsIn(scope),
    needApps ? appsSetUp(scope) : Promise.resolve(new Set<WorkAppPlatform>()),
  ]);
  const sms = smsOf(rows.get('sms'));
  return {
    problems: {
      email: emailOf(rows.get('email')).emailNotify === 1 ? null : 'emailOff',
      sms: sms.smsNotify !== 1 ? 'smsOff' : sms.smsQuota <= 0 ? 'smsQuota' : null,
      wechat: wxOf(rows.get('wechat')).wxNotify === 1 ? null : 'off',
      voice: ivrOf(rows.get('voice')).ivrNotify === 1 ? null : 'off',
      dingtalk: s.ddnotify === 1 ? null : 'off',
      rtx: s.rtxnotify === 1 ? null : 'off',
      feishu: apps.has('feishu') ? null : 'off',
      wecom: apps.has('wecom') ? null : 'off',
    },
    smsLeft: sms.smsQuota,
  };
}

/** The company's own mail server when it has one and email notices are on; null: the installation's server. */
export async function companySmtp(deps: ChannelDeps, companyId: number): Promise<SmtpRoute | null> {
  const row = await notifyRepository(scopeForCompany(deps.system, companyId)).get('email');
  const c = emailOf(row);
  if (c.emailNotify !== 1 || c.type === EmailType.INSTALLATION || !c.smtp) return null;
  return routeOf(c, c.account ? secretOf(deps.secrets, row, 'mail password') : '');
}

const off = (what: string) => new PermanentFailure(`${what} is switched off`);

/** A channel's client as the outbox uses it (its failures are PermanentFailure or Error, never an AppError). */
type SmsService = { send(m: MessageRow): Promise<void> };

/**
 * The SMS services by vendor: our relay (a company's endpoint, held to the private-address check), Aliyun's or Tencent
 * Cloud's API (the operator's URLs). Each answers failures as PermanentFailure / Error, never an AppError: the relay's
 * request turns the HTTP layer's into plain errors.
 */
const SMS_SERVICES: Record<SmsConf['vendor'], (config: ChannelDeps['config'], c: SmsConf, secret: string) => SmsService> = {
  relay: ({ notify, allowPrivateEndpoints }, c, secret) => {
    const relay = smsClient(
      { endpoint: c.endpoint, appKey: c.appKey, appSecret: secret, signature: c.signature },
      { ...notify, allowPrivate: allowPrivateEndpoints },
    );
    return { send: (m) => relay.send({ id: m.id, to: m.to, subject: m.subject, text: m.text }) };
  },
  aliyun: ({ notify, cloudSms }, c, secret) =>
    aliyunSms({
      accessKey: c.appKey,
      secret,
      signName: c.signature,
      templates: c.templates,
      timeoutMs: notify.timeoutMs,
      apiUrl: cloudSms.aliyunUrl,
    }),
  tencent: ({ notify, cloudSms }, c, secret) =>
    tencentSmsClient({
      accessKey: c.appKey,
      secret,
      signName: c.signature,
      templates: c.templates,
      timeoutMs: notify.timeoutMs,
      apiUrl: cloudSms.tencentUrl,
      sdkAppId: c.sdkAppId,
      region: c.region,
    }),
};

/** The client of the company's SMS service. */
export function smsService(deps: Pick<ChannelDeps, 'config'>, c: SmsConf, secret: string): SmsService {
  return SMS_SERVICES[c.vendor](deps.config, c, secret);
}

type WxFactory = (deps: Pick<ChannelDeps, 'config'>, c: WxConf, secret: string, tokens: WxTokens) => SmsService;

/**
 * The official account's API by kind of account (one today), looked up like SMS_SERVICES so the settings' test reaches
 * the client as the outbox does: the status check then does not count the HTTP layer's 674, which the client turns
 * into a plain error.
 */
const WX_SERVICES: Record<'officialAccount', WxFactory> = {
  officialAccount: ({ config }, c, secret, tokens) =>
    wechatTemplateClient({ apiUrl: config.wechatApiUrl, appId: c.appId, secret, templates: c.templates }, tokens, config.notify),
};
const WX_ACCOUNT = 'officialAccount' as const;

/** The client of the company's official account (a test passes its own token cache: its settings may be unsaved). */
export function wechatService(deps: Pick<ChannelDeps, 'config'>, c: WxConf, secret: string, tokens: WxTokens): SmsService {
  return WX_SERVICES[WX_ACCOUNT](deps, c, secret, tokens);
}

function enabledRow(row: NotifyConfigRow | undefined, what: string): NotifyConfigRow {
  if (row?.enabled !== 1) throw off(what);
  return row;
}

/** A work app's sender: the im module delivers; what trying again cannot cure is a PermanentFailure. */
function workAppSender(deps: ChannelDeps, platform: WorkAppPlatform) {
  return async (m: MessageRow) => {
    if (!m.companyId) throw new PermanentFailure('A message of no company');
    const appDeps = { tenant: scopeForCompany(deps.system, m.companyId), config: deps.config, services: { secrets: deps.secrets } };
    try {
      await sendWorkAppText(appDeps, platform, { id: m.id, to: m.to, subject: m.subject, text: m.text, template: m.template });
    } catch (err) {
      if (err instanceof WorkAppSendError && err.permanent) throw new PermanentFailure(err.message);
      throw err;
    }
  };
}

/** Sends a decision as a DingTalk card (false: the company has no card template); refusals are final. */
async function dingTalkCard(deps: ChannelDeps, companyId: number, m: MessageRow, template: MessageTemplate): Promise<boolean> {
  const appDeps = { tenant: scopeForCompany(deps.system, companyId), config: deps.config, services: { secrets: deps.secrets } };
  try {
    return await sendDingTalkCard(appDeps, { id: m.id, to: m.to, subject: m.subject, text: m.text, template });
  } catch (err) {
    if (err instanceof AppError && err.status === Status.DIRECTORY_REFUSED) throw new PermanentFailure(err.message);
    throw err;
  }
}

/** One sender per channel for the outbox, reading the company's settings at delivery (a switch turned off stops what waits). */
export function channelSenders(deps: ChannelDeps): Record<Exclude<MessageChannel, 'email'>, (m: MessageRow) => Promise<void>> {
  const limits = { ...deps.config.notify, allowPrivate: deps.config.allowPrivateEndpoints };
  const companyOf = (m: MessageRow): number => {
    if (!m.companyId) throw new PermanentFailure('A message of no company');
    return m.companyId;
  };
  const outgoing = (m: MessageRow) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text });
  // The process's WeChat access tokens, kept across messages until they expire.
  const wxTokens = new WxTokens();
  return {
    async sms(m) {
      const repo = notifyRepository(scopeForCompany(deps.system, companyOf(m)));
      const row = enabledRow(await repo.get('sms'), 'SMS');
      const client = smsService(deps, smsOf(row), secretOf(deps.secrets, row, 'SMS app secret'));
      if (!(await repo.takeSms())) throw new PermanentFailure('The SMS quota is used up; buy SMS first');
      try {
        await client.send(m);
      } catch (err) {
        // Only messages the provider took count against the quota.
        await repo.returnSms();
        throw err;
      }
    },
    async wechat(m) {
      const row = enabledRow(await notifyRepository(scopeForCompany(deps.system, companyOf(m))).get('wechat'), 'WeChat');
      await wechatService(deps, wxOf(row), secretOf(deps.secrets, row, 'WeChat app secret'), wxTokens).send(m);
    },
    async voice(m) {
      const row = enabledRow(await notifyRepository(scopeForCompany(deps.system, companyOf(m))).get('voice'), 'Voice');
      await voiceClient({ endpoint: ivrOf(row).endpoint, key: secretOf(deps.secrets, row, 'voice key') }, limits).send(outgoing(m));
    },
    async dingtalk(m) {
      const companyId = companyOf(m);
      const s = await settingsOf(deps, companyId);
      if (s.ddnotify !== 1) throw off('DingTalk');
      // An approval request is the company's DingTalk card when it named a template (modules/im), else the text.
      if (m.template?.kind === 'decision' && (await dingTalkCard(deps, companyId, m, m.template))) return;
      const appSecret = await contacts.appSecret(scopeForCompany(deps.system, companyId), deps.secrets);
      await dingTalkNotice({ baseUrl: deps.config.contacts.dingtalkApiUrl, appKey: s.ddcorpid, appSecret, agentId: s.ddagentid }, limits).send(
        outgoing(m),
      );
    },
    async rtx(m) {
      const s = await settingsOf(deps, companyOf(m));
      if (s.rtxnotify !== 1) throw off('RTX');
      await rtxNotice({ host: s.rtxip, port: s.rtxport }, limits).send(outgoing(m));
    },
    feishu: workAppSender(deps, 'feishu'),
    wecom: workAppSender(deps, 'wecom'),
  };
}

/** Wires the channels into the platform's mailer and outbox (at start-up). */
export function registerNotificationChannels(deps: ChannelDeps & { services: Pick<Services, 'mailer' | 'outbox'> }): void {
  deps.services.mailer.useCompanySmtp((companyId) => companySmtp(deps, companyId));
  for (const [channel, sender] of Object.entries(channelSenders(deps))) deps.services.outbox.setSender(channel as MessageChannel, sender);
}
