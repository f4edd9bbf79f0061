import {
  type AppContactChannel,
  appDirectoryErrors,
  type CompanySettings,
  type ContactChannel,
  type ContactSyncState,
  dingTalkConfigErrors,
  type In,
  type LogDescription,
  type LoggedSetting,
  logDesc,
  rtxConfigErrors,
  Status,
  type SyncReport,
  type SyncStep,
  settingObject,
  syncError,
  syncReport,
} from '@openvisit/contract';
import { patchSettings, settingsOf } from '../../core/company/company.public.js';
import { checkClause, employeesService } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { applyDepartments, applyEmployees, applyRelations, newReport } from './contacts.apply.js';
import { appDirectoryProvider } from './contacts.apps.js';
import { type DirectoryProvider, dingTalkProvider, type ExtDepartment, type ExtUser, rtxProvider } from './contacts.providers.js';
import { type ContactSyncRow, contactsRepository, type EmployeeLinkSource } from './contacts.repository.js';

/** The directory app's secret (DingTalk notices use the same app), for code without a call context (notification jobs). */
export function appSecret(scope: TenantScope, secrets: SecretBox): Promise<string> {
  return contactsRepository(scope).secret(secrets);
}

/** The provider ids linked to an employee, by source (the notifier's DingTalk and RTX addresses); takes a scope for jobs. */
export function linksOfEmployee(scope: TenantScope, empId: number): Promise<Partial<Record<EmployeeLinkSource, string>>> {
  return contactsRepository(scope).linksOf(empId);
}

/** The employee linked to a platform's user id (a sign-in's first lookup). */
export function employeeOfLink(scope: TenantScope, source: EmployeeLinkSource, externalId: string) {
  return contactsRepository(scope).employeeOfLink(source, externalId);
}

/** Links an employee to a platform's user id (a sign-in matched by mobile or e-mail); false when another employee holds it. */
export function linkEmployee(scope: TenantScope, source: EmployeeLinkSource, empId: number, externalId: string): Promise<boolean> {
  return contactsRepository(scope).setEmployeeLink(source, empId, externalId);
}

/** Sets (or, with '', removes) an employee's openid under the company's official account; false when another has it. */
export function setWechatOpenid(scope: TenantScope, empId: number, openid: string): Promise<boolean> {
  return contactsRepository(scope).setEmployeeLink('wechat', empId, openid);
}

/** How long a sync may hold the company's lease before another may take over (a crashed node's lease lapses). */
const LEASE_SECONDS = 30 * 60;

/** How a step reads as the log row's object (beside the channel). */
const SYNC_STEP_LABEL = { departments: 'syncDepartments', employees: 'syncEmployees', relations: 'syncRelations' } as const satisfies Record<
  SyncStep,
  LoggedSetting
>;

/** The first 00:00 (server time) after `now`: when the automatic sync runs (spec section 9). */
export function nextMidnight(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
}

function repoOf(ctx: AuthedContext) {
  return contactsRepository(ctx.tenant);
}

/** The work app the directory is synced from, if any (its switch is ours; DingTalk's and RTX's are settings). */
function appChannelOf(row: Pick<ContactSyncRow, 'appChannel'> | undefined): AppContactChannel | null {
  const c = row?.appChannel;
  return c === 'feishu' || c === 'wecom' ? c : null;
}

/** The work app the company's directory is read from now, if any (im keeps such an app from being forgotten). */
export async function appDirectoryOf(scope: TenantScope): Promise<AppContactChannel | null> {
  return appChannelOf(await contactsRepository(scope).state());
}

/** The channel whose switch is on (they are exclusive), if any. */
export function activeChannel(s: CompanySettings, row: Pick<ContactSyncRow, 'appChannel'> | undefined): ContactChannel | null {
  if (s.ddnotify === 1) return 'dingtalk';
  if (s.rtxnotify === 1) return 'rtx';
  return appChannelOf(row);
}

/** The channel the daily job syncs: auto-sync on, and its channel switched on. */
export function autoChannel(s: CompanySettings, row: Pick<ContactSyncRow, 'appChannel' | 'autoChannel'> | undefined): ContactChannel | null {
  if (s.ddnotify === 1 && s.ddautosync === 1) return 'dingtalk';
  if (s.rtxnotify === 1 && s.rtxAuto === 1) return 'rtx';
  const app = appChannelOf(row);
  return app && row?.autoChannel === app ? app : null;
}

const bit = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** Whether each work app is set up, so its directory can be switched on. */
async function appsReady(ctx: AuthedContext): Promise<Record<AppContactChannel, boolean>> {
  const [feishu, wecom] = await Promise.all([appDirectoryProvider(ctx, 'feishu'), appDirectoryProvider(ctx, 'wecom')]);
  return { feishu: feishu !== null, wecom: wecom !== null };
}

export async function getState(ctx: AuthedContext): Promise<ContactSyncState> {
  const [s, row, ready] = await Promise.all([settingsOf(ctx), repoOf(ctx).state(), appsReady(ctx)]);
  const app = appChannelOf(row);
  const appState = (c: AppContactChannel) => ({
    on: bit(app === c ? 1 : 0),
    auto: bit(app === c && row?.autoChannel === c ? 1 : 0),
    ready: ready[c],
  });
  const last = (row?.lastResult ?? {}) as Record<string, unknown>;
  const report = (v: unknown) =>
    syncReport
      .nullable()
      .catch(null)
      .parse(v ?? null);
  return {
    channel: activeChannel(s, row),
    dingtalk: { ddnotify: bit(s.ddnotify), ddcorpid: s.ddcorpid, ddagentid: s.ddagentid, ddautosync: bit(s.ddautosync), hasSecret: !!row?.ddSecret },
    rtx: { rtxnotify: bit(s.rtxnotify), rtxip: s.rtxip, rtxport: s.rtxport, rtxAuto: bit(s.rtxAuto) },
    apps: { feishu: appState('feishu'), wecom: appState('wecom') },
    last: {
      departments: report(last.departments),
      employees: report(last.employees),
      relations: report(last.relations),
      error: syncError
        .nullable()
        .catch(null)
        .parse(last.error ?? null),
    },
    running: !!row?.runningUntil && row.runningUntil.getTime() > Date.now(),
    nextAutoSync: autoChannel(s, row) ? nextMidnight(new Date()).getTime() : null,
  };
}

/** Keeps the daily job's company list in step with the settings (it reads our table, not every company's JSON). */
async function syncAutoChannel(ctx: AuthedContext): Promise<void> {
  const [s, row] = await Promise.all([settingsOf(ctx), repoOf(ctx).state()]);
  await repoOf(ctx).setAutoChannel(autoChannel(s, row));
}

/** A channel's switches for the log: auto-sync is only ever on with its channel (the settings checks refuse the rest). */
type SwitchState = 'off' | 'on' | 'auto';
function switchState(on: number, auto: number): SwitchState {
  if (on !== 1) return 'off';
  return auto === 1 ? 'auto' : 'on';
}
const SWITCHES = { off: 'directoryOff', on: 'directoryOn', auto: 'directoryOnAuto' } as const;
const SWITCHES_SECRET_CHANGED = { off: 'directoryOffSecretChanged', on: 'directoryOnSecretChanged', auto: 'directoryOnAutoSecretChanged' } as const;
const SWITCHES_SERVER = { off: 'directoryOffServer', on: 'directoryOnServer', auto: 'directoryOnAutoServer' } as const;

export async function updateDingTalk(
  ctx: AuthedContext,
  input: { ddnotify?: 0 | 1; ddcorpid?: string; ddcorpsecret?: string; ddagentid?: string; ddautosync?: 0 | 1; acceptClause?: boolean },
): Promise<null> {
  const repo = repoOf(ctx);
  const [s, stored, row] = await Promise.all([settingsOf(ctx), repo.secret(ctx.services.secrets), repo.state()]);
  const newSecret = input.ddcorpsecret || '';
  // Clearing the AppKey forgets the secret that went with it.
  const secret = input.ddcorpid === '' ? newSecret : newSecret || stored;
  const next = {
    ddnotify: input.ddnotify ?? bit(s.ddnotify),
    ddcorpid: input.ddcorpid ?? s.ddcorpid,
    ddagentid: input.ddagentid ?? s.ddagentid,
    // Switching the channel off switches its automatic sync off with it.
    ddautosync: input.ddautosync ?? (input.ddnotify === 0 ? 0 : bit(s.ddautosync)),
    hasSecret: secret !== '',
  };
  const errors = dingTalkConfigErrors(next, s.rtxnotify === 1 || appChannelOf(row) !== null);
  if (errors.length) throw badParams(errors);
  if (next.ddautosync === 1 && s.ddautosync !== 1) await checkClause(ctx, input.acceptClause);
  // As the original did: credentials are checked with DingTalk when the channel is switched on or they change.
  const credentialsChanged = newSecret !== '' || next.ddcorpid !== s.ddcorpid;
  if (next.ddnotify === 1 && (s.ddnotify !== 1 || credentialsChanged))
    await dingTalkProvider({
      baseUrl: ctx.config.contacts.dingtalkApiUrl,
      appKey: next.ddcorpid,
      appSecret: secret,
      limits: ctx.config.contacts,
    }).verify();
  if (secret !== stored) await repo.setSecret(ctx.services.secrets, secret);
  await patchSettings(ctx, { ddnotify: next.ddnotify, ddcorpid: next.ddcorpid, ddagentid: next.ddagentid, ddautosync: next.ddautosync });
  await syncAutoChannel(ctx);
  ctx.audit.objName = settingObject('DingTalk');
  const state = switchState(next.ddnotify, next.ddautosync);
  ctx.audit.desc = logDesc(newSecret ? SWITCHES_SECRET_CHANGED[state] : SWITCHES[state]);
  return null;
}

export async function updateRtx(
  ctx: AuthedContext,
  input: { rtxnotify?: 0 | 1; rtxIp?: string; rtxPort?: number; rtxAuto?: 0 | 1; acceptClause?: boolean },
): Promise<null> {
  const [s, row] = await Promise.all([settingsOf(ctx), repoOf(ctx).state()]);
  const next = {
    rtxnotify: input.rtxnotify ?? bit(s.rtxnotify),
    rtxip: input.rtxIp ?? s.rtxip,
    rtxport: input.rtxPort ?? s.rtxport,
    rtxAuto: input.rtxAuto ?? (input.rtxnotify === 0 ? 0 : bit(s.rtxAuto)),
  };
  const errors = rtxConfigErrors(next, s.ddnotify === 1 || appChannelOf(row) !== null);
  if (errors.length) throw badParams(errors);
  if (next.rtxAuto === 1 && s.rtxAuto !== 1) await checkClause(ctx, input.acceptClause);
  await patchSettings(ctx, next);
  await syncAutoChannel(ctx);
  ctx.audit.objName = settingObject('RTX');
  const state = switchState(next.rtxnotify, next.rtxAuto);
  ctx.audit.desc = next.rtxip ? logDesc(SWITCHES_SERVER[state], { ip: next.rtxip, port: next.rtxport }) : logDesc(SWITCHES[state]);
  return null;
}

export async function updateAppDirectory(ctx: AuthedContext, input: In<'updateAppDirectory'>): Promise<null> {
  const repo = repoOf(ctx);
  const [s, row] = await Promise.all([settingsOf(ctx), repo.state()]);
  const c = input.channel;
  const current = appChannelOf(row);
  const wasOn = current === c;
  const wasAuto = wasOn && row?.autoChannel === c;
  const on = input.on ?? bit(wasOn ? 1 : 0);
  // Switching the directory off switches its automatic sync off with it.
  const auto = input.auto ?? (input.on === 0 ? 0 : bit(wasAuto ? 1 : 0));
  const provider = on === 1 ? await appDirectoryProvider(ctx, c) : null;
  const otherOn = s.ddnotify === 1 || s.rtxnotify === 1 || (current !== null && current !== c);
  const errors = appDirectoryErrors({ on, auto, ready: provider !== null }, otherOn);
  if (errors.length) throw badParams(errors);
  if (auto === 1 && !wasAuto) await checkClause(ctx, input.acceptClause);
  // As DingTalk's: the app's credentials are checked with the platform when its directory is switched on.
  if (provider && !wasOn) await provider.verify();
  await repo.setAppChannel(on === 1 ? c : wasOn ? null : current, auto === 1 ? c : wasAuto ? null : autoChannel(s, row));
  ctx.audit.objName = settingObject(c);
  ctx.audit.desc = logDesc(on !== 1 ? 'appDirectoryOff' : auto === 1 ? 'appDirectoryOnAuto' : 'appDirectoryOn');
  return null;
}

/** The provider of a channel from the company's settings; 400 when that channel is not switched on. */
async function providerOf(ctx: AuthedContext, s: CompanySettings, channel: ContactChannel | undefined): Promise<DirectoryProvider> {
  const row = await repoOf(ctx).state();
  const chosen = channel ?? activeChannel(s, row);
  if (!chosen) throw badParams([{ field: 'channel', rule: 'required' }]);
  const limits = ctx.config.contacts;
  if (chosen === 'feishu' || chosen === 'wecom') {
    if (appChannelOf(row) !== chosen) throw badParams([{ field: 'channel', rule: 'channelOff' }]);
    const provider = await appDirectoryProvider(ctx, chosen);
    if (!provider) throw badParams([{ field: 'channel', rule: 'appMissing' }]);
    return provider;
  }
  if (chosen === 'dingtalk') {
    if (s.ddnotify !== 1) throw badParams([{ field: 'channel', rule: 'channelOff' }]);
    const appSecret = await repoOf(ctx).secret(ctx.services.secrets);
    return dingTalkProvider({ baseUrl: limits.dingtalkApiUrl, appKey: s.ddcorpid, appSecret, limits });
  }
  if (s.rtxnotify !== 1) throw badParams([{ field: 'channel', rule: 'channelOff' }]);
  return rtxProvider({ host: s.rtxip, port: s.rtxport, limits, allowPrivate: ctx.config.allowPrivateEndpoints });
}

/** Runs `fn` holding the company's sync lease: two syncs of one company never overlap, on one node or many (58). */
async function withLease<T>(ctx: AuthedContext, fn: () => Promise<T>): Promise<T> {
  const repo = repoOf(ctx);
  if (!(await repo.acquire(LEASE_SECONDS)))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'A directory sync of this company is running; try again when it has finished');
  try {
    return await fn();
  } finally {
    await repo.release();
  }
}

/** Fetches the directory once and applies the steps in order; every report and any failure are stored. */
async function syncSteps(ctx: AuthedContext, provider: DirectoryProvider, steps: readonly SyncStep[], auto: boolean): Promise<SyncReport[]> {
  const repo = repoOf(ctx);
  const channel = provider.channel;
  let step: SyncStep = steps[0] ?? 'departments';
  const started = Date.now();
  try {
    const ext: ExtDepartment[] = await provider.departments();
    const users: ExtUser[] = steps.some((s) => s !== 'departments') ? await provider.users(ext) : [];
    const reports: SyncReport[] = [];
    for (step of steps) {
      const report = newReport(channel, step, auto);
      report.startedAt = reports.length ? Date.now() : started;
      if (step === 'departments') await applyDepartments(ctx, repo, channel, ext, report);
      else if (step === 'employees') await applyEmployees(ctx, repo, channel, users, report);
      else await applyRelations(ctx, repo, channel, users, report);
      report.finishedAt = Date.now();
      reports.push(report);
      await repo.saveResult({ [step]: report, error: null });
    }
    return reports;
  } catch (err) {
    if (err instanceof AppError) await repo.saveResult({ error: { step, channel, status: err.status, reason: err.message, at: Date.now(), auto } });
    throw err;
  }
}

function counts(r: SyncReport | undefined) {
  return r
    ? { created: r.created, updated: r.updated, unchanged: r.unchanged, failed: r.failed, vanished: r.vanishedCount }
    : { created: 0, updated: 0, unchanged: 0, failed: 0, vanished: 0 };
}

/** The log details of one step run by a person. */
function summary(r: SyncReport): LogDescription {
  return logDesc('directorySynced', counts(r));
}

/** The log details of the daily job: the three steps' counts in one row (runAutomatic always runs all three). */
export function autoSummary(reports: SyncReport[]): LogDescription {
  const of = (step: SyncStep) => counts(reports.find((x) => x.step === step));
  const d = of('departments');
  const e = of('employees');
  const r = of('relations');
  return logDesc('directoryAutoSynced', {
    deptCreated: d.created,
    deptUpdated: d.updated,
    deptUnchanged: d.unchanged,
    deptFailed: d.failed,
    deptVanished: d.vanished,
    empCreated: e.created,
    empUpdated: e.updated,
    empUnchanged: e.unchanged,
    empFailed: e.failed,
    empVanished: e.vanished,
    relCreated: r.created,
    relUpdated: r.updated,
    relUnchanged: r.unchanged,
    relFailed: r.failed,
    relVanished: r.vanished,
  });
}

/** One step, run by an administrator (autoGetDeptFromCT, autoGetEmployeeFromCT, autoGetEmpDeptRelation). */
export async function runStep(ctx: AuthedContext, step: SyncStep, input: { channel?: ContactChannel; acceptClause?: boolean }): Promise<SyncReport> {
  const s = await settingsOf(ctx);
  const provider = await providerOf(ctx, s, input.channel);
  // Adding employees in bulk is an edit like an import: the company's exemption clause applies.
  if (step === 'employees') await checkClause(ctx, input.acceptClause);
  const [report] = await withLease(ctx, () => syncSteps(ctx, provider, [step], false));
  if (!report) throw new Error('sync answered no report');
  ctx.audit.objName = settingObject(provider.channel, SYNC_STEP_LABEL[step]);
  ctx.audit.desc = summary(report);
  return report;
}

/**
 * Every step with one fetch: the daily job, and a pushed change of `only`'s directory. Answers null when the company's
 * auto-sync is no longer on (or no longer with that channel).
 */
export async function runAutomatic(ctx: AuthedContext, only?: ContactChannel): Promise<SyncReport[] | null> {
  const [s, row] = await Promise.all([settingsOf(ctx), repoOf(ctx).state()]);
  const channel = autoChannel(s, row);
  if (!channel || (only && channel !== only)) return null;
  const provider = await providerOf(ctx, s, channel);
  return withLease(ctx, () => syncSteps(ctx, provider, ['departments', 'employees', 'relations'], true));
}

/** The directory accounts of an employee; employees read only their own. */
export async function employeeAccounts(ctx: AuthedContext, input: In<'getEmpRexAccountInFo'>) {
  const empid = ctx.tenant.visibility.employee ?? input.empid;
  const names = empid ? await employeesService.namesOf(ctx, [empid]) : new Map<number, string>();
  const empName = empid ? names.get(empid) : undefined;
  if (!empid || empName === undefined) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
  const links = await contactsRepository(ctx.tenant).linksOf(empid);
  return { empid, empName, empRtxAccount: links.rtx ?? '', ddid: links.dingtalk ?? '' };
}
