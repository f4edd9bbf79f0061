import {
  type AgreementAcceptance,
  type AgreementKind,
  type AgreementRecord,
  type In,
  type Lang,
  type LogDescKey,
  logDesc,
  MANAGED_AGREEMENT_KINDS,
  type ManagedAgreementKind,
  type Out,
  Status,
} from '@openvisit/contract';
import {
  type AgreementRow,
  addVersion,
  currentProtocol,
  currentText,
  removeVersion,
  versionById,
  versionsOf,
} from '../../core/agreements/agreements.public.js';
import { settingsOf } from '../../core/company/company.public.js';
import { acceptancesOf, agreementUse } from '../../core/visits/visits.public.js';
import { foreignKeyViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';

/*
 * The texts visitors accept, in versions (docs/modules/privacy.md, "Versioned agreements"): listed with how many visits
 * accepted each and who, a new face-consent version added, a version nobody accepted deleted. A version is never
 * edited; the terms' versions follow the kiosk settings' text (updateSecureProtocol).
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

/** The current texts of a kind read first: a company without one gets the product's (face, notice) or its settings' (terms) as a version. */
async function current(ctx: AuthedContext, kind: AgreementKind): Promise<void> {
  if (kind === 'protocol') await currentProtocol(ctx.tenant, await settingsOf(ctx));
  else await currentText(ctx.tenant, kind);
}

const ADDED = { face: 'faceConsentVersionAdded', privacy: 'privacyNoticeVersionAdded' } as const;
const DELETED = {
  face: 'faceConsentVersionDeleted',
  privacy: 'privacyNoticeVersionDeleted',
  protocol: 'protocolVersionDeleted',
} as const satisfies Record<ManagedAgreementKind, LogDescKey>;

export async function listVersions(ctx: AuthedContext, input: In<'listAgreementVersions'>): Promise<Out<'listAgreementVersions'>> {
  await current(ctx, input.kind);
  const rows = await versionsOf(ctx.tenant, input.kind);
  const use = await agreementUse(
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
  ctx.audit.desc = logDesc(ADDED[input.kind], { lang: row.lang, version: row.version });
  return record(row, 0, true);
}

export async function deleteAgreementVersion(ctx: AuthedContext, input: In<'deleteAgreementVersion'>): Promise<Out<'deleteAgreementVersion'>> {
  const row = await managedVersion(ctx, input.id);
  if ((await agreementUse(ctx.tenant, [row.id])).get(row.id)) throw new AppError(Status.UPDATE_NOT_ALLOWED, IN_USE);
  const sameLang = (await versionsOf(ctx.tenant, row.kind)).filter((r) => r.lang === row.lang);
  if (row.kind !== 'protocol' && sameLang.length <= 1)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The only version of its language cannot be deleted');
  // The terms' current words are the kiosk settings': their version goes when they change there.
  if (row.kind === 'protocol' && sameLang.every((r) => r.version <= row.version))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The current terms are changed in the kiosk settings, not deleted');
  await removeVersion(ctx.tenant, row.id).catch((err: unknown) => {
    // A visit accepted it between the check and the delete: it stays, as if it had been accepted before.
    if (foreignKeyViolation(err) !== undefined) throw new AppError(Status.UPDATE_NOT_ALLOWED, IN_USE);
    throw err;
  });
  ctx.audit.objId = row.id;
  ctx.audit.desc = logDesc(DELETED[row.kind], { lang: row.lang, version: row.version });
  return { id: row.id };
}

/** A version of the kinds the console manages, of this company: 602 otherwise. */
async function managedVersion(ctx: AuthedContext, id: number): Promise<AgreementRow & { kind: ManagedAgreementKind }> {
  const row = await versionById(ctx.tenant, id);
  if (!row || !(MANAGED_AGREEMENT_KINDS as readonly string[]).includes(row.kind)) throw notFound();
  return row as AgreementRow & { kind: ManagedAgreementKind };
}

export async function listAcceptances(ctx: AuthedContext, input: In<'listAgreementAcceptances'>): Promise<Out<'listAgreementAcceptances'>> {
  const { kind } = await managedVersion(ctx, input.id);
  const rows = await acceptancesOf(ctx.tenant, kind, input.id, input.startIndex, input.requestedCount);
  return {
    count: rows[0]?.total ?? 0,
    list: rows.map((r) => ({
      vid: r.id,
      name: r.name,
      company: r.company,
      host: r.empName,
      at: r.at?.getTime() ?? 0,
      via: r.via as AgreementAcceptance['via'],
      withdrawnAt: kind === 'face' ? (r.withdrawnAt?.getTime() ?? null) : null,
    })),
  };
}
