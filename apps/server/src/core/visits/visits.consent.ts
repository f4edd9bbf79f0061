import type {
  FaceConsentState,
  FaceConsentVia,
  Lang,
  ManagedAgreementKind,
  PrivacyNoticeGiven,
  ProtocolAcceptance,
  ProtocolVia,
} from '@openvisit/contract';
import { badParams } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { agreementOf, currentProtocol, currentTextIn, type ProtocolTexts } from '../agreements/agreements.public.js';
import { consentRepository } from './visits.consent.repository.js';
import type { VisitInsert, VisitRow } from './visits.kernel.js';

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
  return (await consentRepository(scope).withdrawFaceConsents(visitIds, new Date())).length;
}

/** The visitors whose face photo is held, and the face consents given (not withdrawn) and withdrawn. */
export function visitFaceCounts(scope: TenantScope): Promise<{ people: number; given: number; withdrawn: number }> {
  return consentRepository(scope).faceCounts();
}

type ProtocolColumns = Pick<VisitInsert, 'protocolAccepted' | 'protocolAgreementId' | 'protocolAcceptedAt' | 'protocolVia'>;

/** What a registration or check-in says of the safety terms, and who the visitor is (a returning one is not asked again). */
export interface ProtocolAsked {
  accepted: boolean;
  /** The version shown (protocolVersion); else the current one in `lang`. */
  versionId?: number;
  lang: Lang;
  phone: string;
  via: Exclude<ProtocolVia, 'earlier'>;
}

/**
 * The visit's columns for the safety terms: the version accepted now, or, when the visitor did not accept them here,
 * the acceptance of the same current version at an earlier visit of the same phone. Neither, while the company has
 * terms: 400 protocolAccepted/required; a version that is not this company's terms: 400 protocolVersion/notFound.
 */
export async function protocolColumns(scope: TenantScope, texts: ProtocolTexts, asked: ProtocolAsked): Promise<ProtocolColumns> {
  const current = await currentProtocol(scope, texts);
  if (!current) return asked.accepted ? { protocolAccepted: true } : {};
  const shown = asked.versionId ? await agreementOf(scope, asked.versionId, 'protocol') : current[asked.lang];
  if (!shown) throw badParams([{ field: 'protocolVersion', rule: 'notFound' }]);
  if (asked.accepted) return { protocolAccepted: true, protocolAgreementId: shown.id, protocolAcceptedAt: new Date(), protocolVia: asked.via };
  const earlier = await protocolAcceptedEarlier(scope, current[asked.lang].id, asked.phone);
  if (!earlier) throw badParams([{ field: 'protocolAccepted', rule: 'required' }]);
  return earlier;
}

/** The acceptance of this version of the terms at an earlier visit of this phone, carried over; null when there is none. */
export async function protocolAcceptedEarlier(scope: TenantScope, versionId: number, phone: string): Promise<ProtocolColumns | null> {
  const at = phone ? await consentRepository(scope).protocolAcceptedAt(versionId, phone) : undefined;
  return at ? { protocolAccepted: true, protocolAgreementId: versionId, protocolAcceptedAt: at, protocolVia: 'earlier' } : null;
}

/**
 * A visit that has not accepted the company's terms, checked against the same phone's earlier acceptances of the
 * current version in its language: the columns that carry one over, null when the visitor must still accept them
 * ({} when the company has no terms or the visit accepted them).
 */
export async function protocolCarried(scope: TenantScope, texts: ProtocolTexts, v: VisitRow): Promise<ProtocolColumns | null> {
  if (v.protocolAccepted) return {};
  const current = await currentProtocol(scope, texts);
  if (!current) return {};
  return protocolAcceptedEarlier(scope, current[v.lang === 'en' ? 'en' : 'zh'].id, v.phone);
}

/** The current versions of the terms (their ids) this phone accepted at an earlier visit: the kiosk does not ask again. */
export async function protocolsAccepted(scope: TenantScope, texts: ProtocolTexts, phone: string): Promise<number[]> {
  const current = await currentProtocol(scope, texts);
  if (!current || !phone) return [];
  const ids = [...new Set([current.zh.id, current.en.id])];
  const found = await Promise.all(ids.map((id) => consentRepository(scope).protocolAcceptedAt(id, phone)));
  return ids.filter((_, i) => found[i]);
}

/** The terms a visit's visitor accepted, their words with them (the PDF), or null: none, or accepted before versions. */
export async function acceptedTerms(scope: TenantScope, v: VisitRow): Promise<(ProtocolAcceptance & { text: string }) | null> {
  if (!v.protocolAgreementId || !v.protocolAcceptedAt) return null;
  const version = await agreementOf(scope, v.protocolAgreementId, 'protocol');
  if (!version) return null;
  const { text, lang } = version;
  return { at: v.protocolAcceptedAt.getTime(), version: version.version, lang, via: v.protocolVia as ProtocolVia, text };
}

/** The terms a visit's visitor accepted (version, language, when, where), or null, as the console shows them. */
export async function protocolOf(scope: TenantScope, v: VisitRow): Promise<ProtocolAcceptance | null> {
  const terms = await acceptedTerms(scope, v);
  return terms && { at: terms.at, version: terms.version, lang: terms.lang, via: terms.via };
}

/** How many visits accepted each of these versions (of any kind; a version accepted cannot be deleted). */
export async function agreementUse(scope: TenantScope, ids: number[]): Promise<Map<number, number>> {
  const rows = await consentRepository(scope).agreementUse(ids);
  return new Map(rows.map((r) => [r.id ?? 0, r.n]));
}

/** The visits the caller may see that accepted a version, latest first, one page of them with the total. */
export function acceptancesOf(scope: TenantScope, kind: ManagedAgreementKind, id: number, offset: number, limit: number) {
  return consentRepository(scope).acceptances(kind, id, offset, limit);
}

type NoticeColumns = Pick<VisitInsert, 'privacyNoticeId' | 'privacyNoticeAt' | 'privacyNoticeVia'>;

/**
 * The visit's columns for the privacy notice given with a registration or check-in: the version shown (`privacyNotice`),
 * else the current one in the visit's language; now, and where. A version not this company's notice: 400 on the field.
 */
export async function privacyNoticeColumns(
  scope: TenantScope,
  asked: { versionId?: number; lang: Lang; via: PrivacyNoticeGiven['via'] },
): Promise<NoticeColumns> {
  const shown = asked.versionId ? await agreementOf(scope, asked.versionId, 'privacy') : await currentTextIn(scope, 'privacy', asked.lang);
  if (!shown) throw badParams([{ field: 'privacyNotice', rule: 'notFound' }]);
  return { privacyNoticeId: shown.id, privacyNoticeAt: new Date(), privacyNoticeVia: asked.via };
}

/** The privacy notice a visit's visitor was given (version, language, when, where), or null: none recorded (before versions). */
export async function privacyNoticeOf(scope: TenantScope, v: VisitRow): Promise<PrivacyNoticeGiven | null> {
  if (!v.privacyNoticeId || !v.privacyNoticeAt) return null;
  const version = await agreementOf(scope, v.privacyNoticeId, 'privacy');
  if (!version) return null;
  return { at: v.privacyNoticeAt.getTime(), version: version.version, lang: version.lang, via: v.privacyNoticeVia as PrivacyNoticeGiven['via'] };
}
