import type { AgreementKind, AgreementTexts, AgreementVersion, Lang, WrittenAgreementKind } from '@openvisit/contract';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { DEFAULT_TEXTS } from './agreements.defaults.js';
import { type AgreementRow, agreementsRepository } from './agreements.repository.js';

/*
 * The texts a visitor accepts, in versions per language (docs/modules/privacy.md, "Consent"): the kiosk, the invitation
 * page and the desk show the current version and send its id back; what was accepted stays readable as it was.
 */

export type { AgreementRow };

function shown(row: AgreementRow): AgreementVersion {
  return { id: row.id, version: row.version, lang: row.lang as Lang, text: row.text };
}

/**
 * The current version of a text the company writes (the face consent, the privacy notice) in each language; a company
 * without one gets the product's text as version 1.
 */
export async function currentText(scope: TenantScope, kind: WrittenAgreementKind): Promise<AgreementTexts> {
  return { zh: await currentTextIn(scope, kind, 'zh'), en: await currentTextIn(scope, kind, 'en') };
}

/** `currentText` in one language (a registration records the version in its visitor's). */
export async function currentTextIn(scope: TenantScope, kind: WrittenAgreementKind, lang: Lang): Promise<AgreementVersion> {
  const repo = agreementsRepository(scope);
  return shown((await repo.latest(kind, lang)) ?? (await repo.add(kind, lang, DEFAULT_TEXTS[kind][lang], '')));
}

/** The current consent to face recognition in each language. */
export const currentFaceConsent = (scope: TenantScope) => currentText(scope, 'face');

/** The safety terms as the company's settings hold them now (updateSecureProtocol writes them). */
export interface ProtocolTexts {
  secureProtocol: string;
  secureProtocolEn: string;
}

/**
 * The current version of the safety terms a visitor of each language is shown (an English visitor the Chinese text
 * when no English one is set), or null while the company has none. The settings hold the words; a version follows each
 * change (written by `by` when an administrator changes them, else on first read: texts from before versions existed).
 */
export async function currentProtocol(scope: TenantScope, texts: ProtocolTexts, by = ''): Promise<AgreementTexts | null> {
  if (!texts.secureProtocol.trim()) return null;
  const repo = agreementsRepository(scope);
  const following = async (lang: Lang, text: string) => {
    const latest = await repo.latest('protocol', lang);
    return shown(latest?.text === text ? latest : await repo.add('protocol', lang, text, by));
  };
  const zh = await following('zh', texts.secureProtocol);
  return { zh, en: texts.secureProtocolEn.trim() ? await following('en', texts.secureProtocolEn) : zh };
}

/** Every version of a kind (the repository's rows: the console lists them with who wrote them and when). */
export function versionsOf(scope: TenantScope, kind: AgreementKind): Promise<AgreementRow[]> {
  return agreementsRepository(scope).ofKind(kind);
}

/** Adds the next version of a kind in a language: shown from now on. */
export function addVersion(scope: TenantScope, kind: AgreementKind, lang: Lang, text: string, by: string): Promise<AgreementRow> {
  return agreementsRepository(scope).add(kind, lang, text, by);
}

/** Deletes a version (the caller has checked that nothing points at it). */
export async function removeVersion(scope: TenantScope, id: number): Promise<void> {
  await agreementsRepository(scope).remove(id);
}

/** One of this company's versions (any kind), as stored. */
export function versionById(scope: TenantScope, id: number): Promise<AgreementRow | undefined> {
  return agreementsRepository(scope).byId(id);
}

/** A version of this company's texts of that kind, or null (another company's, another kind's, none). */
export async function agreementOf(scope: TenantScope, id: number, kind: AgreementKind): Promise<AgreementVersion | null> {
  const row = await agreementsRepository(scope).byId(id);
  return row && row.kind === kind ? shown(row) : null;
}

/** Versions by id, for showing what each of several records accepted. */
export async function agreementsById(scope: TenantScope, ids: number[]): Promise<Map<number, AgreementVersion>> {
  const rows = ids.length ? await agreementsRepository(scope).byIds([...new Set(ids)]) : [];
  return new Map(rows.map((r) => [r.id, shown(r)]));
}
