import {
  IM_ID_FIELD,
  IM_PLATFORMS,
  IM_TOKEN_SECRET,
  type ImApp,
  type ImAppFields,
  type ImPlatform,
  type ImSignIn,
  type ImSignInTarget,
  type In,
  imAppProblems,
  logDesc,
  normalizePhone,
  type Out,
  Status,
  settingObject,
} from '@openvisit/contract';
import type { Config } from '../../config.js';
import { settingsIn, settingsOf } from '../../core/company/company.public.js';
import { type EmployeeRow, employeesRepository } from '../../core/people/people.public.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import { type AppDirectory, contacts, type DirectoryProvider } from '../contacts/contacts.public.js';
import { feishuDirectory, weComDirectory } from './im.directory.js';
import { type ImAppRow, type ImSecrets, imRepository, openSecrets } from './im.repository.js';
import { authorizeUrl, identify, openState, redirectUriOf, type SignInTarget, sealState } from './im.signin.js';
import { fetchToken, type PlatformTarget, type TokenResult } from './im.tokens.js';

/** The write-only fields of each platform. */
const SECRET_FIELDS: Record<ImPlatform, (keyof ImSecrets)[]> = {
  dingtalk: ['appSecret'],
  feishu: ['appSecret'],
  wecom: ['secret', 'callbackToken', 'encodingAesKey'],
};
const LOGGED = { dingtalk: 'imDingTalk', feishu: 'imFeishu', wecom: 'imWeCom' } as const;

const repoOf = (ctx: AuthedContext) => imRepository(ctx.tenant);

/** What reading an app needs: a call's context, a public sign-in's (the company named, no session), or a job's. */
export interface AppDeps {
  tenant: TenantScope;
  config: Pick<Config, 'contacts' | 'im' | 'allowPrivateEndpoints' | 'publicUrl'>;
  services: Pick<Services, 'secrets'>;
}

function installedBase(ctx: AppDeps, platform: ImPlatform): string {
  if (platform === 'dingtalk') return ctx.config.contacts.dingtalkApiUrl;
  return platform === 'feishu' ? ctx.config.im.feishuApiUrl : ctx.config.im.wecomApiUrl;
}

/** The base in force and whether it is the company's own (then reached only through the endpoint checks). */
function baseOf(ctx: AppDeps, platform: ImPlatform, apiBase: string): Pick<PlatformTarget, 'base' | 'company'> {
  const installed = installedBase(ctx, platform);
  const own = apiBase.replace(/\/+$/, '');
  if (!own || own === installed) return { base: installed };
  return { base: own, company: { allowPrivate: ctx.config.allowPrivateEndpoints } };
}

interface Current {
  app: ImApp;
  secrets: ImSecrets;
}

function appOf(ctx: AppDeps, platform: ImPlatform, row: ImAppRow | undefined, ident: { appId: string; agentId: string }, secrets: ImSecrets): ImApp {
  const apiBase = row?.apiBase ?? '';
  return {
    platform,
    appId: ident.appId,
    agentId: ident.agentId,
    cardTemplateId: row?.cardTemplate ?? '',
    apiBase,
    effectiveBase: baseOf(ctx, platform, apiBase).base,
    secrets: Object.fromEntries(SECRET_FIELDS[platform].map((f) => [f, !!secrets[f]])),
    signIn: (row?.signIn ?? 'off') as ImSignIn,
    lastTest: row?.lastTest ?? null,
  };
}

/** An app as stored, its secrets opened. DingTalk's AppKey, AgentId and secret are the directory sync's (contacts). */
async function current(ctx: AppDeps, platform: ImPlatform, rows?: ImAppRow[]): Promise<Current> {
  const row = rows ? rows.find((r) => r.platform === platform) : await imRepository(ctx.tenant).app(platform);
  if (platform === 'dingtalk') {
    const [s, appSecret] = await Promise.all([settingsIn(ctx.tenant), contacts.appSecret(ctx.tenant, ctx.services.secrets)]);
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
    cardTemplateId: (input.platform === 'dingtalk' ? input.cardTemplateId?.trim() : undefined) ?? cur.app.cardTemplateId,
    signIn: input.signIn ?? cur.app.signIn,
    secrets: Object.fromEntries(SECRET_FIELDS[input.platform].map((f) => [f, !!secrets[f]])),
  };
  return { app, secrets };
}

function targetOf(ctx: AppDeps, c: Current): PlatformTarget {
  return {
    platform: c.app.platform,
    ...baseOf(ctx, c.app.platform, c.app.apiBase),
    appId: c.app.appId,
    secret: c.secrets[IM_TOKEN_SECRET[c.app.platform]] ?? '',
    agentId: c.app.agentId,
  };
}

async function tryToken(ctx: AuthedContext, c: Current): Promise<{ result: TokenResult; ms: number }> {
  const started = performance.now();
  const result = await fetchToken(targetOf(ctx, c), ctx.config.contacts);
  return { result, ms: Math.round(performance.now() - started) };
}

export async function update(ctx: AuthedContext, input: In<'updateImApp'>): Promise<ImApp> {
  const platform = input.platform;
  const rows = await repoOf(ctx).all();
  const cur = await current(ctx, platform, rows);
  const next = merge(cur, input);
  const others = rows.map((r) => ({ platform: r.platform as ImPlatform, signIn: r.signIn as ImSignIn }));
  const problems = imAppProblems(next.app, others);
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
    const common = { apiBase: next.app.apiBase, signIn: next.app.signIn, cardTemplate: next.app.cardTemplateId, ...(lastTest ? { lastTest } : {}) };
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
  } else if ((await contacts.appDirectoryOf(ctx.tenant)) === input.platform) {
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The directory is synced from this app: switch that off first (Employees › Directory sync)');
  }
  await inTransaction(ctx.tenant, async (tx) => {
    if (input.platform === 'dingtalk') await contacts.updateDingTalk(inTx(ctx, tx), { ddcorpid: '', ddcorpsecret: '', ddagentid: '' });
    await imRepository(tx).remove(input.platform);
  });
  ctx.audit.objName = settingObject(LOGGED[input.platform]);
  return null;
}

// ---- The directory of a work app ------------------------------------------------------------------------------

/** The directory of the company's Feishu or WeCom app, which contacts' sync reads; null when the app is not set up. */
async function appDirectory(deps: AppDeps, platform: 'feishu' | 'wecom'): Promise<DirectoryProvider | null> {
  const t = await connectionTarget(deps, platform);
  if (!t) return null;
  return platform === 'feishu' ? feishuDirectory({ ...t, platform }, deps.config.contacts) : weComDirectory({ ...t, platform }, deps.config.contacts);
}

/** Where and as whom a company's app is reached, for its outgoing connection; null when the app is not set up. */
export async function connectionTarget(deps: AppDeps, platform: ImPlatform): Promise<PlatformTarget | null> {
  const c = await current(deps, platform);
  if (!c.app.appId || !c.secrets[IM_TOKEN_SECRET[platform]]) return null;
  return targetOf(deps, c);
}

/** Handed to contacts at start-up (app.ts): the work apps' directories. */
export const appDirectories: Record<'feishu' | 'wecom', AppDirectory> = {
  feishu: { provider: (deps) => appDirectory(deps, 'feishu') },
  wecom: { provider: (deps) => appDirectory(deps, 'wecom') },
};

// ---- Signing in with a work app -------------------------------------------------------------------------------

/** The app a company's employees sign in with; 1136 when the company does not offer it (or it is not complete). */
async function signInApp(deps: AppDeps, platform: ImPlatform): Promise<Current> {
  const c = await current(deps, platform);
  if (c.app.signIn === 'off' || imAppProblems(c.app).length) throw new AppError(Status.IM_SIGNIN_OFF);
  return c;
}

function signInTarget(deps: AppDeps, c: Current): SignInTarget {
  const t = targetOf(deps, c);
  return { ...t, newBase: c.app.platform === 'dingtalk' ? dingTalkNewBase(deps, t) : t.base };
}

/** The platforms a company's employees may sign in with, and the one it requires. */
export async function signInOptions(deps: AppDeps): Promise<{ platforms: ImPlatform[]; required: ImPlatform | null }> {
  const apps = await Promise.all(IM_PLATFORMS.map((p) => current(deps, p)));
  const usable = apps.filter((c) => c.app.signIn !== 'off' && imAppProblems(c.app).length === 0).map((c) => c.app);
  return { platforms: usable.map((a) => a.platform), required: usable.find((a) => a.signIn === 'required')?.platform ?? null };
}

/** Where the browser goes to sign in: the platform's page, with a sealed state naming the company, target and nonce. */
export async function signInUrl(
  deps: AppDeps,
  input: { platform: ImPlatform; target: ImSignInTarget; nonce: string },
  userAgent: string,
): Promise<string> {
  const c = await signInApp(deps, input.platform);
  const state = sealState(deps.services.secrets, { c: deps.tenant.companyId, p: input.platform, t: input.target, n: input.nonce });
  return authorizeUrl(deps.config, c.app, redirectUriOf(deps.config, input.platform), state, userAgent);
}

/** The sealed state of a sign-in coming back, if this browser started it and it has not expired; null otherwise. */
export function signInState(box: SecretBox, raw: string, platform: ImPlatform, nonce: string) {
  const s = openState(box, raw, platform, nonce);
  return s ? { companyId: s.c, target: s.t } : null;
}

/** A phone as employees' phones are stored (normalised); a platform's `+86 138…` is the bare mainland number. */
const phoneOf = (mobile: string) => (mobile ? (normalizePhone(mobile) ?? '') : '');

/**
 * The employee the platform's person is: the one linked to their user id, else the single one with their mobile, else
 * with their e-mail (then linked, so a later change of phone still finds them). Stopped and forbidden employees are
 * refused (60); nobody matching is 1137.
 */
export async function signedInEmployee(deps: AppDeps, platform: ImPlatform, code: string, web: boolean): Promise<EmployeeRow> {
  const c = await signInApp(deps, platform);
  const who = await identify(signInTarget(deps, c), deps.config.contacts, code, web ? redirectUriOf(deps.config, platform) : undefined);
  const scope = deps.tenant;
  const repo = employeesRepository(scope);
  const linked = who.userId ? await contacts.employeeOfLink(scope, platform, who.userId) : undefined;
  let emp = linked ? await repo.byId(linked.empId) : undefined;
  if (!emp) {
    const phone = phoneOf(who.mobile);
    emp = phone ? await repo.byPhone(phone) : undefined;
    if (!emp && who.email) {
      const byEmail = await repo.byEmail(who.email.trim());
      emp = byEmail.length === 1 ? byEmail[0] : undefined;
    }
    if (!emp) throw new AppError(Status.IM_NO_EMPLOYEE);
    // Linked only when the employee has no id of this platform yet: a directory's link is never overwritten.
    if (who.userId && !(await contacts.linksOfEmployee(scope, emp.id))[platform]) await contacts.linkEmployee(scope, platform, emp.id, who.userId);
  }
  if (emp.status !== 0) throw new AppError(Status.ACCOUNT_DISABLED);
  return emp;
}

/** DingTalk's new API (api.dingtalk.com: OAuth, cards, Stream) unless the company's own base (a proxy) stands for both. */
export function dingTalkNewBase(deps: Pick<AppDeps, 'config'>, t: PlatformTarget): string {
  return t.company ? t.base : deps.config.im.dingtalkNewApiUrl;
}

/** What checks and opens WeCom's callbacks to the company's app: null unless its Token and EncodingAESKey are stored. */
export async function weComCallbackKeys(deps: AppDeps): Promise<{ corpId: string; agentId: string; token: string; aesKey: string } | null> {
  const c = await current(deps, 'wecom');
  const { callbackToken, encodingAesKey } = c.secrets;
  if (!c.app.appId || !callbackToken || !encodingAesKey) return null;
  return { corpId: c.app.appId, agentId: c.app.agentId, token: callbackToken, aesKey: encodingAesKey };
}
