import { type AgreementRecord, type In, type Lang, logDesc, type Out, Status } from '@openvisit/contract';
import {
  type AgreementRow,
  addVersion,
  agreementOf,
  currentFaceConsent,
  removeVersion,
  versionsOf,
} from '../../core/agreements/agreements.public.js';
import { faceConsentUse } from '../../core/visits/visits.public.js';
import { foreignKeyViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';

/*
 * The texts visitors accept, in versions (docs/modules/privacy.md, "Face consent"): listed with how many visits
 * accepted each, a new version added, a version nobody accepted deleted. A version is never edited.
 */

const IN_USE = 'Visitors accepted this version: the record keeps the words they read';

function record(row: AgreementRow, accepted: number, current: boolean): AgreementRecord {
  return {
    id: row.id,
    version: row.version,
    lang: row.lang as Lang,
    text: row.text,
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
    accepted,
    current,
  };
}

export async function listVersions(ctx: AuthedContext, input: In<'listAgreementVersions'>): Promise<Out<'listAgreementVersions'>> {
  // Read through the current texts first: a company that never had one gets the product's as version 1.
  await currentFaceConsent(ctx.tenant);
  const rows = await versionsOf(ctx.tenant, input.kind);
  const use = await faceConsentUse(
    ctx.tenant,
    rows.map((r) => r.id),
  );
  const newest = new Map<string, number>();
  for (const r of rows) if ((newest.get(r.lang) ?? 0) < r.version) newest.set(r.lang, r.version);
  return { versions: rows.map((r) => record(r, use.get(r.id) ?? 0, newest.get(r.lang) === r.version)) };
}

export async function addAgreementVersion(ctx: AuthedContext, input: In<'addAgreementVersion'>): Promise<Out<'addAgreementVersion'>> {
  const row = await addVersion(ctx.tenant, input.kind, input.lang, input.text, ctx.session.name);
  ctx.audit.objId = row.id;
  ctx.audit.desc = logDesc('faceConsentVersionAdded', { lang: row.lang, version: row.version });
  return record(row, 0, true);
}

export async function deleteAgreementVersion(ctx: AuthedContext, input: In<'deleteAgreementVersion'>): Promise<Out<'deleteAgreementVersion'>> {
  const v = await agreementOf(ctx.tenant, input.id, 'face');
  if (!v) throw notFound();
  if ((await faceConsentUse(ctx.tenant, [v.id])).get(v.id)) throw new AppError(Status.UPDATE_NOT_ALLOWED, IN_USE);
  const sameLang = (await versionsOf(ctx.tenant, 'face')).filter((r) => r.lang === v.lang);
  if (sameLang.length <= 1) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The only version of its language cannot be deleted');
  await removeVersion(ctx.tenant, v.id).catch((err: unknown) => {
    // A visit accepted it between the check and the delete: it stays, as if it had been accepted before.
    if (foreignKeyViolation(err) !== undefined) throw new AppError(Status.UPDATE_NOT_ALLOWED, IN_USE);
    throw err;
  });
  ctx.audit.objId = v.id;
  ctx.audit.desc = logDesc('faceConsentVersionDeleted', { lang: v.lang, version: v.version });
  return { id: v.id };
}
