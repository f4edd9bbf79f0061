import type { FaceConsentState, FaceConsentVia } from '@openvisit/contract';
import { badParams } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { agreementOf } from '../agreements/agreements.public.js';
import type { VisitInsert, VisitRow } from './visits.kernel.js';
import { visitsRepository } from './visits.repository.js';

/**
 * The visit's columns for a face consent given with a registration, a check-in or a photo upload (none without one):
 * the version accepted, now, and where. A version that is not this company's face consent answers 400 on the field.
 */
export async function faceConsentColumns(
  scope: TenantScope,
  id: number | undefined,
  via: FaceConsentVia,
): Promise<Pick<VisitInsert, 'faceConsentId' | 'faceConsentAt' | 'faceConsentVia' | 'faceWithdrawnAt'>> {
  if (!id) return {};
  if (!(await agreementOf(scope, id, 'face'))) throw badParams([{ field: 'faceConsent', rule: 'notFound' }]);
  return { faceConsentId: id, faceConsentAt: new Date(), faceConsentVia: via, faceWithdrawnAt: null };
}

/** A visit's face consent as the console shows it (the version and language of the text), or null when none was given. */
export async function faceConsentOf(scope: TenantScope, v: VisitRow): Promise<FaceConsentState | null> {
  if (!v.faceConsentId || !v.faceConsentAt) return null;
  const version = await agreementOf(scope, v.faceConsentId, 'face');
  if (!version) return null;
  return {
    at: v.faceConsentAt.getTime(),
    version: version.version,
    lang: version.lang,
    via: v.faceConsentVia as FaceConsentVia,
    withdrawnAt: v.faceWithdrawnAt?.getTime() ?? null,
  };
}

/** The visitor consented to face recognition and has not withdrawn: their photo may go to face terminals. */
export function faceConsented(v: Pick<VisitRow, 'faceConsentId' | 'faceWithdrawnAt'>): boolean {
  return v.faceConsentId !== null && v.faceWithdrawnAt === null;
}

/** Records the withdrawal of the face consent on the person's visits that had one; answers how many. */
export async function withdrawFaceConsents(scope: TenantScope, visitIds: number[]): Promise<number> {
  return (await visitsRepository(scope).withdrawFaceConsents(visitIds, new Date())).length;
}

/** The visitors whose face photo is held, and the face consents given (not withdrawn) and withdrawn. */
export function visitFaceCounts(scope: TenantScope): Promise<{ people: number; given: number; withdrawn: number }> {
  return visitsRepository(scope).faceCounts();
}

/** How many visits accepted each face-consent version (a version accepted cannot be deleted). */
export async function faceConsentUse(scope: TenantScope, ids: number[]): Promise<Map<number, number>> {
  return new Map((await visitsRepository(scope).faceConsentUse(ids)).map((r) => [r.id ?? 0, r.n]));
}
