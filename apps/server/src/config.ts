import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { FEATURE_FLAGS, type FeatureFlag, VIDEO_MAX_BYTES } from '@openvisit/contract';
import { z } from 'zod';

/** The only reader of process.env: everything configurable is parsed here once. */
const onOff = z.enum(['on', 'off']).transform((v) => v === 'on');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('OpenVisit <no-reply@openvisit.local>'),
  PUBLIC_URL: z.url().optional(),
  CAPTCHA: onOff.default(true),
  FEATURES_OFF: z.string().default(''),
  VERSION_LABEL: z.string().default('v2.4.8'),
  SITE_LABEL: z.string().default('OpenVisit'),
  /** The spec's HSE-administrator-change flag: role 0 is shown as Executive rather than HSE. */
  HSE_ADMIN_CHANGE: onOff.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default('off'),
  DINGTALK_API_URL: z.url().default('https://oapi.dingtalk.com'),
  WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
  /** The work apps' platforms (issue 40): a private deployment, a proxy or a simulator may stand in. */
  FEISHU_API_URL: z.url().default('https://open.feishu.cn'),
  IM_CONNECTIONS: onOff.default(true),
  IM_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).default(15),
  WECOM_API_URL: z.url().default('https://qyapi.weixin.qq.com'),
  /** DingTalk's new API (api.dingtalk.com: OAuth, cards); DINGTALK_API_URL is the old one (oapi). */
  DINGTALK_NEW_API_URL: z.url().default('https://api.dingtalk.com'),
  /** The platforms' sign-in pages, which the employee's browser is sent to. */
  DINGTALK_LOGIN_URL: z.url().default('https://login.dingtalk.com'),
  FEISHU_LOGIN_URL: z.url().default('https://accounts.feishu.cn'),
  WECOM_LOGIN_URL: z.url().default('https://login.work.weixin.qq.com'),
  WECOM_OAUTH_URL: z.url().default('https://open.weixin.qq.com'),
  /** The cloud SMS APIs the companies' Aliyun / Tencent Cloud settings reach (a proxy or a test double may stand in). */
  ALIYUN_SMS_URL: z.url().default('https://dysmsapi.aliyuncs.com'),
  TENCENT_SMS_URL: z.url().default('https://sms.tencentcloudapi.com'),
  /** Encrypts provider passwords and keys at rest; without it one is generated into DATA_DIR/secret.key. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Lets companies point their SMTP server and SMS/WeChat/voice/RTX endpoints at private and local addresses. */
  ALLOW_PRIVATE_ENDPOINTS: onOff.default(false),
  /** How long a company's endpoint (SMS relay, webhook…) has to answer. */
  ENDPOINT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /** Server processes sharing the port (Node cluster); more than one needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
});

export interface RateLimits {
  /** Requests per minute per client address. */
  global: number;
  signin: number;
  captcha: number;
  register: number;
  recovery: number;
  public: number;
  /** Look-ups of visitor details by phone at a kiosk. */
  lookup: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite; `memory` is an in-memory PGlite (tests). */
  database: { kind: 'pglite'; dir: string | 'memory' } | { kind: 'postgres'; url: string };
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  captcha: boolean;
  features: Record<FeatureFlag, boolean>;
  versionLabel: string;
  siteLabel: string;
  /** Role 0 is labelled Executive (the spec's HSE-administrator-change flag), not HSE. */
  hseAdminChange: boolean;
  logLevel: string;
  corsOrigins: string[];
  /**
   * Which proxies' `X-Forwarded-For` entries are believed (Fastify's `trustProxy`): none; the last N hops (`on` is
   * one, the proxy in front, whose appended entry is the client); or the proxies at these addresses or CIDR ranges.
   * Never `true` (every hop), which would believe the entry a client writes itself.
   */
  trustProxy: false | number | string[];
  rateLimits: RateLimits;
  /**
   * Sign-in failures (platform/identity/signinGuard.ts), counted per account and source: warnings after `warnAfter`, the pair
   * locked at `lockAfter` for `lockMinutes`, each further lock twice as long up to `maxLockMinutes`. With the captcha
   * on, an account failed `captchaAfter` times from anywhere, or a source failed `sourceCaptchaAfter` times against any
   * account, needs one even where it is otherwise exempt (visitor machines). Failures of an account from other
   * sources than the one asking, from `spreadAfter` on, make it wait after the last failure (1 s, doubling, up to
   * `spreadMaxDelaySeconds`) unless it signs in from a device the account signed in from before (platform/identity/knownDevices.ts).
   */
  lockout: {
    warnAfter: number;
    lockAfter: number;
    lockMinutes: number;
    maxLockMinutes: number;
    captchaAfter: number;
    sourceCaptchaAfter: number;
    spreadAfter: number;
    spreadMaxDelaySeconds: number;
  };
  /**
   * Live on-site streams open at once in one process (platform/jobs/events.ts): per session (a browser's tabs; a browser
   * keeps about six connections to a server, so five streams leave it one for its calls) and per company (its boards
   * and desks together). One more is refused with HTTP 429 until one closes.
   */
  onsiteStreams: { perSession: number; perCompany: number };
  /**
   * The visit lists: how long a total past the count cap ("1,000+") is kept per company and filter, so the same first
   * page asked again within it is not counted again (0: count every time). Inserts never bring such a total under
   * the cap; see `page` in modules/visits/visits.repository.ts.
   */
  lists: { keepCappedTotalSeconds: number };
  /** Session lifetime in hours: administrators 24, others 12 (as the original). */
  sessionHours: { admin: number; other: number };
  bodyLimit: number;
  /** The largest training video accepted (the contract's VIDEO_MAX_BYTES; lower only in tests). */
  videoMaxBytes: number;
  /** Where the built console is served from; absent when not built (API only). */
  webDist?: string;
  /** Directory sync (contacts module): DingTalk's API base, and the limits every provider request keeps to. */
  contacts: { dingtalkApiUrl: string; timeoutMs: number; maxResponseBytes: number };
  /** The work apps' platforms' API bases (modules/im; DingTalk's is contacts.dingtalkApiUrl). */
  im: {
    feishuApiUrl: string;
    wecomApiUrl: string;
    dingtalkNewApiUrl: string;
    /** The sign-in pages: DingTalk's, Feishu's, WeCom's web (QR) login and its in-app OAuth page. */
    login: { dingtalk: string; feishu: string; wecom: string; wecomInApp: string };
    /**
     * The work apps' outgoing connections (Feishu's long connection): held by one process per app through a database
     * lease of `leaseMs` (IM_LEASE_SECONDS), renewed every third of it; off (IM_CONNECTIONS=off) none is opened.
     */
    connections: { enabled: boolean; leaseMs: number };
  };
  /**
   * The key provider secrets are sealed with (SECRET_KEY). Absent: generated once into DATA_DIR/secret.key — several
   * processes sharing one PostgreSQL must be given the same SECRET_KEY instead.
   */
  secretKey?: string;
  /** Notification providers (SMS, WeChat, DingTalk and RTX notices, voice): every request's time and answer size limits. */
  notify: { timeoutMs: number; maxResponseBytes: number };
  /** The cloud SMS APIs (ALIYUN_SMS_URL, TENCENT_SMS_URL): the operator's, so not held to the private-address check. */
  cloudSms: { aliyunUrl: string; tencentUrl: string };
  /** WeChat's official-account API base (WECHAT_API_URL). */
  wechatApiUrl: string;
  /**
   * Whether a company's SMTP server and notification endpoints may be loopback, private or link-local addresses
   * (ALLOW_PRIVATE_ENDPOINTS); off, a company administrator cannot reach into the hosting network through them.
   */
  allowPrivateEndpoints: boolean;
  /** Server processes on the port (WORKERS): several only on PostgreSQL; the embedded database is one process's. */
  workers: number;
  /** Where the log goes instead of stdout (tests read it back); never from the environment. */
  logStream?: Writable;
}

// Per client address and minute. An office behind one NAT address shares them, hence the generous global budget.
export const DEFAULT_RATE_LIMITS: RateLimits = { global: 6000, signin: 60, captcha: 120, register: 10, recovery: 10, public: 300, lookup: 60 };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** `off`, `on` (one hop), a hop count, or proxy addresses and CIDR ranges separated by commas. */
export function parseTrustProxy(value: string, problems: string[]): Config['trustProxy'] {
  const v = value.trim().toLowerCase();
  if (v === 'off' || v === '0' || v === '') return false;
  if (v === 'on') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 16) return hops;
  } else {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const isRange = (s: string) => {
      const [ip, bits, ...rest] = s.split('/');
      const family = net.isIP(ip ?? '');
      if (!family || rest.length) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    };
    if (list.length && list.every(isRange)) return list;
  }
  problems.push('TRUST_PROXY: off, on (one proxy hop), a hop count from 1 to 16, or proxy addresses/CIDR ranges separated by commas');
  return false;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const features = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as Record<FeatureFlag, boolean>;
  for (const name of e.FEATURES_OFF.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(FEATURE_FLAGS as readonly string[]).includes(name))
      problems.push(`FEATURES_OFF: unknown feature "${name}" (known: ${FEATURE_FLAGS.join(', ')})`);
    else features[name as FeatureFlag] = false;
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    problems.push('WORKERS: several server processes need DATABASE_URL (the embedded database is opened by one process only)');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  if (problems.length) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dir: path.join(dataDir, 'pgdata') },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    captcha: e.CAPTCHA,
    features,
    versionLabel: e.VERSION_LABEL,
    siteLabel: e.SITE_LABEL,
    hseAdminChange: e.HSE_ADMIN_CHANGE,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy,
    rateLimits: DEFAULT_RATE_LIMITS,
    lockout: {
      warnAfter: 5,
      lockAfter: 8,
      lockMinutes: 15,
      maxLockMinutes: 24 * 60,
      captchaAfter: 3,
      sourceCaptchaAfter: 10,
      spreadAfter: 5,
      spreadMaxDelaySeconds: 60,
    },
    onsiteStreams: { perSession: 5, perCompany: 100 },
    lists: { keepCappedTotalSeconds: 30 },
    sessionHours: { admin: 24, other: 12 },
    bodyLimit: 1024 * 1024,
    videoMaxBytes: VIDEO_MAX_BYTES,
    contacts: { dingtalkApiUrl: e.DINGTALK_API_URL.replace(/\/$/, ''), timeoutMs: 15_000, maxResponseBytes: 4 * 1024 * 1024 },
    im: {
      feishuApiUrl: e.FEISHU_API_URL.replace(/\/$/, ''),
      wecomApiUrl: e.WECOM_API_URL.replace(/\/$/, ''),
      dingtalkNewApiUrl: e.DINGTALK_NEW_API_URL.replace(/\/$/, ''),
      login: {
        dingtalk: e.DINGTALK_LOGIN_URL.replace(/\/$/, ''),
        feishu: e.FEISHU_LOGIN_URL.replace(/\/$/, ''),
        wecom: e.WECOM_LOGIN_URL.replace(/\/$/, ''),
        wecomInApp: e.WECOM_OAUTH_URL.replace(/\/$/, ''),
      },
      connections: { enabled: e.IM_CONNECTIONS, leaseMs: e.IM_LEASE_SECONDS * 1000 },
    },
    secretKey: e.SECRET_KEY,
    notify: { timeoutMs: e.ENDPOINT_TIMEOUT_SECONDS * 1000, maxResponseBytes: 64 * 1024 },
    cloudSms: { aliyunUrl: e.ALIYUN_SMS_URL.replace(/\/$/, ''), tencentUrl: e.TENCENT_SMS_URL.replace(/\/$/, '') },
    wechatApiUrl: e.WECHAT_API_URL.replace(/\/$/, ''),
    allowPrivateEndpoints: e.ALLOW_PRIVATE_ENDPOINTS,
    workers: e.WORKERS,
    ...overrides,
  };
}
