import {
  IM_ID_FIELD,
  IM_PLATFORMS,
  IM_TOKEN_SECRET,
  type ImApp,
  type ImAppFields,
  type ImPlatform,
  type In,
  imAppProblems,
  logDesc,
  type Out,
  Status,
  settingObject,
} from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { contacts } from '../contacts/contacts.public.js';
import { type ImAppRow, type ImSecrets, imRepository, openSecrets } from './im.repository.js';
import { fetchToken, type PlatformTarget, type TokenResult } from './im.tokens.js';

/** The write-only fields of each platform. */
const SECRET_FIELDS: Record<ImPlatform, (keyof ImSecrets)[]> = {
  dingtalk: ['appSecret'],
  feishu: ['appSecret'],
  wecom: ['secret', 'callbackToken', 'encodingAesKey'],
};
const LOGGED = { dingtalk: 'imDingTalk', feishu: 'imFeishu', wecom: 'imWeCom' } as const;

const repoOf = (ctx: AuthedContext) => imRepository(ctx.tenant);

function installedBase(ctx: AuthedContext, platform: ImPlatform): string {
  if (platform === 'dingtalk') return ctx.config.contacts.dingtalkApiUrl;
  return platform === 'feishu' ? ctx.config.im.feishuApiUrl : ctx.config.im.wecomApiUrl;
}

/** The base in force and whether it is the company's own (then reached only through the endpoint checks). */
function baseOf(ctx: AuthedContext, platform: ImPlatform, apiBase: string): Pick<PlatformTarget, 'base' | 'company'> {
  const installed = installedBase(ctx, platform);
  const own = apiBase.replace(/\/+$/, '');
  if (!own || own === installed) return { base: installed };
  return { base: own, company: { allowPrivate: ctx.config.allowPrivateEndpoints } };
}

interface Current {
  app: ImApp;
  secrets: ImSecrets;
}

function appOf(
  ctx: AuthedContext,
  platform: ImPlatform,
  row: ImAppRow | undefined,
  ident: { appId: string; agentId: string },
  secrets: ImSecrets,
): ImApp {
  const apiBase = row?.apiBase ?? '';
  return {
    platform,
    appId: ident.appId,
    agentId: ident.agentId,
    apiBase,
    effectiveBase: baseOf(ctx, platform, apiBase).base,
    secrets: Object.fromEntries(SECRET_FIELDS[platform].map((f) => [f, !!secrets[f]])),
    lastTest: row?.lastTest ?? null,
  };
}

/** An app as stored, its secrets opened. DingTalk's AppKey, AgentId and secret are the directory sync's (contacts). */
async function current(ctx: AuthedContext, platform: ImPlatform, rows?: ImAppRow[]): Promise<Current> {
  const row = rows ? rows.find((r) => r.platform === platform) : await repoOf(ctx).app(platform);
  if (platform === 'dingtalk') {
    const [s, appSecret] = await Promise.all([settingsOf(ctx), contacts.appSecret(ctx.tenant, ctx.services.secrets)]);
    const secrets: ImSecrets = appSecret ? { appSecret } : {};
    return { app: appOf(ctx, platform, row, { appId: s.ddcorpid, agentId: s.ddagentid }, secrets), secrets };
  }
  const secrets = openSecrets(ctx.services.secrets, row);
  return { app: appOf(ctx, platform, row, { appId: row?.appId ?? '', agentId: row?.agentId ?? '' }, secrets), secrets };
}

export async function list(ctx: AuthedContext): Promise<ImApp[]> {
  const rows = await repoOf(ctx).all();
  return Promise.all(IM_PLATFORMS.map(async (p) => (await current(ctx, p, rows)).app));
}

/** The form's fields over the stored app: another app id forgets the stored secrets it does not bring. */
function merge(cur: Current, input: ImAppFields): Current {
  const appId = (input.platform === 'dingtalk' ? input.appKey : input.platform === 'feishu' ? input.appId : input.corpId) ?? cur.app.appId;
  const agentId = (input.platform === 'feishu' ? undefined : input.agentId) ?? cur.app.agentId;
  const given = input as Partial<Record<keyof ImSecrets, string>>;
  const secrets: ImSecrets = {};
  for (const f of SECRET_FIELDS[input.platform]) {
    const v = given[f] || (appId === cur.app.appId ? cur.secrets[f] : undefined);
    if (v) secrets[f] = v;
  }
  const app: ImApp = {
    ...cur.app,
    appId,
    agentId,
    apiBase: input.apiBase ?? cur.app.apiBase,
    secrets: Object.fromEntries(SECRET_FIELDS[input.platform].map((f) => [f, !!secrets[f]])),
  };
  return { app, secrets };
}

function targetOf(ctx: AuthedContext, c: Current): PlatformTarget {
  return {
    platform: c.app.platform,
    ...baseOf(ctx, c.app.platform, c.app.apiBase),
    appId: c.app.appId,
    secret: c.secrets[IM_TOKEN_SECRET[c.app.platform]] ?? '',
  };
}

async function tryToken(ctx: AuthedContext, c: Current): Promise<{ result: TokenResult; ms: number }> {
  const started = performance.now();
  const result = await fetchToken(targetOf(ctx, c), ctx.config.contacts);
  return { result, ms: Math.round(performance.now() - started) };
}

export async function update(ctx: AuthedContext, input: In<'updateImApp'>): Promise<ImApp> {
  const platform = input.platform;
  const cur = await current(ctx, platform);
  const next = merge(cur, input);
  const problems = imAppProblems(next.app);
  if (problems.length) throw badParams(problems);
  const credentialsChanged =
    next.app.appId !== cur.app.appId ||
    next.app.apiBase !== cur.app.apiBase ||
    SECRET_FIELDS[platform].some((f) => next.secrets[f] !== cur.secrets[f]);
  let lastTest = undefined as ImApp['lastTest'] | undefined;
  // As DingTalk's settings always did: changed credentials are checked with the platform before they are saved.
  if (credentialsChanged) {
    const { result, ms } = await tryToken(ctx, next);
    if (!result.ok) throw new AppError(result.code ? Status.DINGTALK_VERIFY_FAILED : Status.DIRECTORY_UNREACHABLE, result.reason);
    lastTest = { at: Date.now(), ok: true, reason: '', ms };
  }
  await inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const common = { apiBase: next.app.apiBase, ...(lastTest ? { lastTest } : {}) };
    if (platform === 'dingtalk') {
      const i = input as Extract<ImAppFields, { platform: 'dingtalk' }>;
      if (i.appKey !== undefined || i.appSecret || i.agentId !== undefined)
        await contacts.updateDingTalk(txCtx, { ddcorpid: i.appKey, ddcorpsecret: i.appSecret, ddagentid: i.agentId });
      await imRepository(tx).save(platform, common);
    } else {
      await imRepository(tx).save(
        platform,
        { ...common, appId: next.app.appId, agentId: next.app.agentId },
        { box: ctx.services.secrets, values: next.secrets },
      );
    }
  });
  ctx.audit.objName = settingObject(LOGGED[platform]);
  ctx.audit.desc = logDesc(credentialsChanged ? 'imAppSavedSecret' : 'imAppSaved');
  return (await current(ctx, platform)).app;
}

export async function test(ctx: AuthedContext, input: In<'testImApp'>): Promise<Out<'testImApp'>> {
  const cur = await current(ctx, input.platform);
  const next = merge(cur, input);
  if (!next.app.appId) throw badParams([{ field: IM_ID_FIELD[input.platform], rule: 'required' }]);
  if (!next.secrets[IM_TOKEN_SECRET[input.platform]]) throw badParams([{ field: IM_TOKEN_SECRET[input.platform], rule: 'required' }]);
  const { result, ms } = await tryToken(ctx, next);
  const answer = result.ok ? { ok: true, reason: '', code: '', ms } : { ok: false, reason: result.reason, code: result.code, ms };
  // The stored app's last test is what the console shows beside it (only when the form tried the stored app).
  if (cur.app.appId !== '' && next.app.appId === cur.app.appId)
    await repoOf(ctx).save(input.platform, { lastTest: { at: Date.now(), ok: answer.ok, reason: answer.reason, ms } });
  return answer;
}

export async function remove(ctx: AuthedContext, input: In<'delImApp'>): Promise<null> {
  if (input.platform === 'dingtalk') {
    const s = await settingsOf(ctx);
    if (s.ddnotify === 1 || s.ddautosync === 1)
      throw new AppError(Status.UPDATE_NOT_ALLOWED, "DingTalk's notices or directory sync are on: switch them off first");
  }
  await inTransaction(ctx.tenant, async (tx) => {
    if (input.platform === 'dingtalk') await contacts.updateDingTalk(inTx(ctx, tx), { ddcorpid: '', ddcorpsecret: '', ddagentid: '' });
    await imRepository(tx).remove(input.platform);
  });
  ctx.audit.objName = settingObject(LOGGED[input.platform]);
  return null;
}
