import { z } from 'zod';
import { defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { CONTACT_ADMINS, checkDdAgentId, checkDdAppKey, checkDdSecret, checkedText } from './contacts.js';
import { checkEndpoint, zChecked } from './notifications.js';

/**
 * Work apps (issue 40): the company's own app on DingTalk, Feishu (Lark) or WeCom (企业微信), one per platform: its
 * credentials and a connection test. Sign-in, the directory, notices and approval cards through it come in later parts.
 */
export const IM_PLATFORMS = ['dingtalk', 'feishu', 'wecom'] as const;
export type ImPlatform = (typeof IM_PLATFORMS)[number];
export const zImPlatform = z.enum(IM_PLATFORMS);

/** Feishu App ID: `cli_` and 16 lower-case letters or digits. */
export const checkFeishuAppId = (s: string) => checkedText(s, 20, /^cli_[0-9a-z]{16}$/);
/** A platform's app secret: printable ASCII without spaces. */
export const checkImSecret = (s: string) => checkedText(s, 128, /^[\x21-\x7e]+$/);
/** WeCom CorpID: `ww` (or `wx` for older corporations) and 16 hex digits. */
export const checkWeComCorpId = (s: string) => checkedText(s, 18, /^w[wx][0-9a-f]{16}$/);
/** WeCom AgentId: digits. */
export const checkWeComAgentId = (s: string) => checkedText(s, 10, /^\d+$/);
/** WeCom callback Token: letters and digits, at most 32 (WeCom generates them so). */
export const checkWeComToken = (s: string) => checkedText(s, 32, /^[A-Za-z0-9]+$/);
/** WeCom EncodingAESKey: exactly 43 letters and digits. */
export const checkWeComAesKey = (s: string) => (s.trim() === '' ? 'required' : /^[A-Za-z0-9]{43}$/.test(s.trim()) ? null : 'format');

/**
 * DingTalk's interactive card template (卡片模板 ID, made in DingTalk's card builder): optional; with one, approval
 * requests arrive as cards with Approve and Refuse (docs/modules/im.md lists the variables it must use).
 */
export const checkDdCardTemplate = (s: string) => (s.trim() === '' ? null : checkedText(s, 80, /^[A-Za-z0-9][A-Za-z0-9._-]*$/));

/**
 * Whether employees sign in with the app: `on` beside their passwords, `required` instead of them (at most one
 * platform per company; the console's own accounts keep their passwords).
 */
export const IM_SIGNIN = ['off', 'on', 'required'] as const;
export type ImSignIn = (typeof IM_SIGNIN)[number];
const zSignIn = z.enum(IM_SIGNIN).optional().describe('employees sign in with it: off, on (beside passwords), required (instead)');

const zSecret = (check: Parameters<typeof zChecked>[0]) =>
  zChecked(check).optional().describe('write-only; omit (or send empty) to keep the stored one');

/** The platform's API base: empty for the installation's (DINGTALK_API_URL, FEISHU_API_URL, WECOM_API_URL). */
const zApiBase = zChecked(checkEndpoint).optional().describe("empty: the installation's; a private deployment or a proxy otherwise");

/** The fields a form sends per platform (saved by updateImApp, tried by testImApp); omitted fields stay. */
export const imAppFields = z.discriminatedUnion('platform', [
  z.object({
    userid: z.int32().optional(),
    platform: z.literal('dingtalk'),
    signIn: zSignIn,
    appKey: zChecked(checkDdAppKey).optional(),
    appSecret: zSecret(checkDdSecret),
    agentId: zChecked(checkDdAgentId).optional(),
    cardTemplateId: zChecked(checkDdCardTemplate).optional().describe('DingTalk: the approval card template; empty for none (text notices)'),
    apiBase: zApiBase,
  }),
  z.object({
    userid: z.int32().optional(),
    platform: z.literal('feishu'),
    signIn: zSignIn,
    appId: zChecked(checkFeishuAppId).optional(),
    appSecret: zSecret(checkImSecret),
    apiBase: zApiBase,
  }),
  z.object({
    userid: z.int32().optional(),
    platform: z.literal('wecom'),
    signIn: zSignIn,
    corpId: zChecked(checkWeComCorpId).optional(),
    agentId: zChecked(checkWeComAgentId).optional(),
    secret: zSecret(checkImSecret),
    callbackToken: zSecret(checkWeComToken),
    encodingAesKey: zSecret(checkWeComAesKey),
    apiBase: zApiBase,
  }),
]);
export type ImAppFields = z.infer<typeof imAppFields>;

/** An app as answered: its identity, which secrets are stored (never the secrets) and the last test. */
export const imApp = z.object({
  platform: zImPlatform,
  /** The app's id on the platform: DingTalk AppKey, Feishu App ID, WeCom CorpID. */
  appId: z.string(),
  agentId: z.string(),
  /** DingTalk: the approval card template ('' when none, and on other platforms). */
  cardTemplateId: z.string(),
  apiBase: z.string(),
  /** The base in force: the company's, else the installation's. */
  effectiveBase: z.string(),
  secrets: z.record(z.string(), z.boolean()).describe('which write-only secrets are stored'),
  signIn: z.enum(IM_SIGNIN),
  lastTest: z.object({ at: epochMs, ok: z.boolean(), reason: z.string(), ms: z.int32() }).nullable(),
});
export type ImApp = z.infer<typeof imApp>;

/** The app's id and the secret a token is asked with, by each platform's field name. */
export const IM_ID_FIELD = { dingtalk: 'appKey', feishu: 'appId', wecom: 'corpId' } as const;
export const IM_TOKEN_SECRET = { dingtalk: 'appSecret', feishu: 'appSecret', wecom: 'secret' } as const;

/**
 * What a saved app needs (shared by the server and the console's form): its id and the secret its token is asked with;
 * for sign-in, WeCom's AgentId (its sign-in pages name the app); and one platform at most required (`others`: the
 * company's other apps).
 */
export function imAppProblems(a: ImApp, others: readonly Pick<ImApp, 'platform' | 'signIn'>[] = []): { field: string; rule: string }[] {
  const out: { field: string; rule: string }[] = [];
  if (a.appId === '') out.push({ field: IM_ID_FIELD[a.platform], rule: 'required' });
  if (a.secrets[IM_TOKEN_SECRET[a.platform]] !== true) out.push({ field: IM_TOKEN_SECRET[a.platform], rule: 'required' });
  if (a.signIn !== 'off' && a.platform === 'wecom' && a.agentId === '') out.push({ field: 'agentId', rule: 'required' });
  if (a.signIn === 'required' && others.some((o) => o.platform !== a.platform && o.signIn === 'required'))
    out.push({ field: 'signIn', rule: 'oneRequired' });
  return out;
}

const IM_ADMINS = CONTACT_ADMINS;
const imLog = { module: LogModule.ACCOUNT, event: 'update' } as const;

export const getImApps = defineCall({
  name: 'getImApps',
  area: 'contacts',
  module: 'im',
  summary: "The company's work apps on DingTalk, Feishu and WeCom (one per platform, unconfigured ones empty), without secrets",
  access: IM_ADMINS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.array(imApp),
});

export const updateImApp = defineCall({
  name: 'updateImApp',
  area: 'contacts',
  module: 'im',
  summary:
    "Save a work app's credentials; omitted fields stay, secrets are write-only (another app id forgets the stored ones). The app id and its token's secret are needed (imAppProblems: 400 with field errors); changed credentials are first checked with the platform (51 with its words when refused, 674 when unreachable)",
  access: IM_ADMINS,
  statuses: [Status.DIRECTORY_UNREACHABLE, Status.SYNC_COUNT_EXCEEDED],
  fieldStatuses: { [Status.DINGTALK_VERIFY_FAILED]: null },
  log: imLog,
  input: imAppFields,
  output: imApp,
});

export const testImApp = defineCall({
  name: 'testImApp',
  area: 'contacts',
  module: 'im',
  summary:
    "Try a work app's credentials now (the form's unsaved values over the stored ones; an empty secret uses the stored one while the app id is unchanged): gets a token from the platform. Answers whether it worked, else the platform's words and code, and how long it took; never the secret",
  access: IM_ADMINS,
  statuses: [Status.DIRECTORY_UNREACHABLE],
  input: imAppFields,
  output: z.object({ ok: z.boolean(), reason: z.string(), code: z.string(), ms: z.int32() }),
});

export const delImApp = defineCall({
  name: 'delImApp',
  area: 'contacts',
  module: 'im',
  summary:
    "Forget a work app: its credentials and secrets (DingTalk's are the directory sync's: 58 while its notices or sync are on; Feishu's or WeCom's: 58 while the directory is synced from it)",
  access: IM_ADMINS,
  statuses: [Status.UPDATE_NOT_ALLOWED, Status.DINGTALK_VERIFY_FAILED, Status.DIRECTORY_UNREACHABLE, Status.SYNC_COUNT_EXCEEDED],
  log: { module: LogModule.ACCOUNT, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), platform: zImPlatform }),
  output: z.null(),
});

export const imCalls = [getImApps, updateImApp, testImApp, delImApp] as const;
