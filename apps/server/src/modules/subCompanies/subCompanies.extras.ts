import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type In,
  logDesc,
  PAD_PICTURE_RULES,
  Status,
  type SubAccount,
  type SubAccountTemplate,
  type SubLogoOutcome,
  settingObject,
} from '@openvisit/contract';
import { patchSettings } from '../../core/company/company.public.js';
import { ImageRejected, normalisePicture } from '../../platform/files/images.js';
import { withZip, type ZipReader, zipRefusal } from '../../platform/files/zip.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { changeOwnPassword as authChangeOwnPassword, mailSubAccountLink } from '../auth/auth.public.js';
import { type SubAccountRow, type SubTemplateRow, subCompaniesRepository } from './subCompanies.repository.js';
import { checkReferences, subAccountOf, toSubAccount } from './subCompanies.service.js';

const repoOf = (ctx: AuthedContext) => subCompaniesRepository(ctx.tenant);

// ---------------------------------------------------------------------------------------------
// Templates: the alike fields of many sub-companies under a name
// ---------------------------------------------------------------------------------------------

function toTemplate(r: SubTemplateRow): SubAccountTemplate {
  const { companyId: _c, createdAt, updatedAt: _u, ...rest } = r;
  return { ...rest, createTime: createdAt.getTime() };
}

export async function saveTemplate(ctx: AuthedContext, input: In<'addSubAccountTemp'>): Promise<SubAccountTemplate> {
  const { userid: _u, ...values } = input;
  await checkReferences(ctx, values);
  const row = await repoOf(ctx).saveTemplate(values);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('subCompanyTemplate', { name: row.name });
  return toTemplate(row);
}

export async function templates(ctx: AuthedContext): Promise<SubAccountTemplate[]> {
  return (await repoOf(ctx).templates()).map(toTemplate);
}

export async function removeTemplate(ctx: AuthedContext, input: In<'delSubAccountTemp'>): Promise<null> {
  if (!(await repoOf(ctx).removeTemplate(input.id))) throw notFound('template');
  ctx.audit.objId = input.id;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Managers: which of its employees manage a sub-company
// ---------------------------------------------------------------------------------------------

async function managersOf(ctx: AuthedContext, sub: SubAccountRow) {
  // Employees who left the sub-company (or were deleted) are no longer its managers: read back only its own.
  const rows = await repoOf(ctx).employeesOf(sub.id, sub.managerEmpIds);
  const byId = new Map(rows.map((e) => [e.id, e]));
  return sub.managerEmpIds.flatMap((id) => {
    const e = byId.get(id);
    return e ? [{ empid: e.id, empName: e.name, empPhone: e.phone, empNo: e.empNo }] : [];
  });
}

export async function managers(ctx: AuthedContext, input: In<'GetSubAccountManager'>) {
  return managersOf(ctx, await subAccountOf(ctx, input.id));
}

export async function setManagers(ctx: AuthedContext, input: In<'UpdateSubAccountManager'>) {
  const sub = await subAccountOf(ctx, input.id);
  const own = new Set((await repoOf(ctx).employeesOf(sub.id, input.empids)).map((e) => e.id));
  if (input.empids.some((id) => !own.has(id))) throw new AppError(Status.EMPLOYEE_NOT_EXIST, 'Managers must be employees of the sub-company');
  const row = (await repoOf(ctx).update(sub.id, { managerEmpIds: input.empids })) ?? sub;
  ctx.audit.objId = sub.id;
  ctx.audit.objName = sub.companyName;
  ctx.audit.desc = logDesc('subCompanyManagers', { count: input.empids.length });
  return managersOf(ctx, row);
}

// ---------------------------------------------------------------------------------------------
// Passwords and the multi-company switch
// ---------------------------------------------------------------------------------------------

export async function changeOwnPassword(ctx: AuthedContext, input: In<'updateSubAccountPwd'>): Promise<null> {
  await authChangeOwnPassword(ctx, input);
  ctx.audit.objId = ctx.session.subAccountId ?? ctx.session.accountId;
  ctx.audit.objName = ctx.session.name;
  return null;
}

export async function mailResetLink(ctx: AuthedContext, input: In<'resetSubAccountPwd'>): Promise<null> {
  const sub = await subAccountOf(ctx, input.id);
  if (sub.archivedAt) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'An archived sub-company cannot sign in');
  await mailSubAccountLink(ctx, { companyId: sub.companyId, id: sub.id, email: sub.email, name: sub.contactName || sub.companyName }, false);
  ctx.audit.objId = sub.id;
  ctx.audit.objName = sub.companyName;
  ctx.audit.desc = logDesc('subCompanyResetLink', { email: sub.email });
  return null;
}

export async function setMultiCompanyMode(ctx: AuthedContext, input: In<'updateSASwitch'>) {
  await patchSettings(ctx, { subAccount: input.subAccount });
  ctx.audit.objName = settingObject('subAccount');
  ctx.audit.desc = logDesc(input.subAccount ? 'switchedOn' : 'switchedOff');
  return { subAccount: input.subAccount };
}

// ---------------------------------------------------------------------------------------------
// Logos: one for a sub-company, or a zip named by short name or email
// ---------------------------------------------------------------------------------------------

const LOGO_RULES = PAD_PICTURE_RULES.logo;

function logoKey(companyId: number, id: number, bytes: Buffer): string {
  return `subcom/${companyId}/${id}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.png`;
}

async function storeLogo(ctx: AuthedContext, sub: SubAccountRow, bytes: Buffer): Promise<SubAccountRow> {
  const picture = await normalisePicture(bytes, LOGO_RULES);
  const key = logoKey(sub.companyId, sub.id, picture.bytes);
  await ctx.services.files.put(key, picture.bytes);
  const row = (await repoOf(ctx).update(sub.id, { logo: key })) ?? sub;
  if (sub.logo && sub.logo !== key) await ctx.services.files.remove(sub.logo);
  return row;
}

export async function uploadLogo(ctx: AuthedContext, input: In<'updateSubAccountLogo'>): Promise<SubAccount> {
  if (!ctx.file) throw badParams([{ field: 'file', rule: 'required' }]);
  const sub = await subAccountOf(ctx, input.id);
  const row = await storeLogo(ctx, sub, ctx.file.bytes).catch((err: unknown) => {
    if (err instanceof ImageRejected)
      throw badParams([{ field: 'file', rule: { notImage: 'type', tooSmall: 'imageTooSmall', tooLarge: 'size' }[err.problem] }]);
    throw err;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.companyName;
  return toSubAccount(row);
}

const IMAGE_NAME = /^(.+)\.(jpe?g|png|webp|gif)$/i;

const LOGO_ZIP_LIMITS = { maxEntries: 500, maxEntryBytes: 20 * 1024 * 1024, maxTotalBytes: 200 * 1024 * 1024 };

/**
 * Each file judged alone: a name that is no sub-company's short name or email, two files for one, a bad picture. The
 * archive is read one file at a time and refused whole before anything is stored (platform/files/zip.ts).
 */
export async function importLogos(ctx: AuthedContext) {
  if (!ctx.upload) throw badParams([{ field: 'file', rule: 'required' }]);
  const results = await withZip(ctx.upload.path, LOGO_ZIP_LIMITS, (zip) => logosOf(ctx, zip)).catch(zipRefusal);
  const saved = results.filter((r) => r.outcome === 'saved').length;
  ctx.audit.desc = logDesc('subCompanyLogos', { saved, files: results.length });
  return { saved, results };
}

async function logosOf(ctx: AuthedContext, zip: ZipReader) {
  const entries = zip.entries;
  const keyOf = (name: string) => IMAGE_NAME.exec(name)?.[1]?.trim().toLowerCase();
  const keys = [...new Set(entries.flatMap((e) => keyOf(e.name) ?? []))];
  const subs = keys.length ? await repoOf(ctx).byShortNameOrEmail(keys) : [];
  const find = (key: string) => subs.find((s) => s.shortName.toLowerCase() === key || s.email.toLowerCase() === key);
  const perSub = new Map<number, number>();
  for (const k of keys) {
    const s = find(k);
    if (s) perSub.set(s.id, (perSub.get(s.id) ?? 0) + entries.filter((e) => keyOf(e.name) === k).length);
  }
  const results: { file: string; key: string; id: number | null; outcome: SubLogoOutcome }[] = [];
  for (const e of entries) {
    const key = keyOf(e.name);
    const sub = key ? find(key) : undefined;
    const report = (outcome: SubLogoOutcome) => results.push({ file: e.name, key: key ?? '', id: sub?.id ?? null, outcome });
    if (!key) report('skipped');
    else if (!sub) report('noSubAccount');
    else if ((perSub.get(sub.id) ?? 0) > 1) report('duplicate');
    else {
      try {
        await storeLogo(ctx, sub, await zip.read(e));
        report('saved');
      } catch (err) {
        if (!(err instanceof ImageRejected)) throw err;
        report(err.problem);
      }
    }
  }
  return results;
}

export async function readLogo(ctx: AuthedContext, input: { id: number; key: string }): Promise<Readable> {
  const sub = await subAccountOf(ctx, ctx.session.subAccountId ? undefined : input.id).catch(() => undefined);
  if (!sub || sub.id !== input.id || !sub.logo || sub.logo !== input.key) throw notFound('logo');
  const stream = await ctx.services.files.stream(sub.logo);
  if (!stream) throw notFound('logo');
  return stream;
}
