import {
  idNumberBirthDate,
  type ListedLevel,
  phoneKey,
  reasonTexts,
  SCREENING_MODES,
  type ScreeningDecision,
  type ScreeningMatch,
  type ScreeningMode,
} from '@openvisit/contract';
import { listedKeys, matchEntry, probeKeys, screeningDecision, strongerThan } from '@openvisit/contract/screening';
import { settingsOf } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { idNumberHash } from '../../platform/identity/idNumbers.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { idNumberKey } from '../../platform/personData.js';
import { type ListedRow, screeningRepository } from './blacklist.repository.js';

/**
 * Screening a person against the watchlists (issue 42): the person's keys (names' written, pinyin and spelling forms,
 * the phone, the certificate number's hash) find the entries sharing one (listed_keys), each is compared
 * (`matchEntry`), and the matches decide (`screeningDecision`). Names are compared by `@openvisit/contract/screening`.
 */

/** Bumped when the keys' derivation changes: entries keyed before are keyed again when next screened or swept. */
export const KEYS_VERSION = 1;

/** The most matches an answer (and a review) carries, strongest first. */
export const MATCHES_ANSWERED = 50;

/** A person as screened: what a registration, the desk or a check knows of them. */
export interface Probe {
  name?: string;
  phone?: string;
  credentialNo?: string;
  birthDate?: string;
}

/** The index's keys of a phone and of a certificate number's hash (listed_keys). */
const phoneIndexKey = (p: string) => `t:${p}`;
const idIndexKey = (hash: string) => `c:${hash}`;

/** Every certificate hash an entry holds (one from before hashing: the number's hash). */
function hashesOf(r: ListedRow, secrets: SecretBox): string[] {
  const legacy = r.credentialNo ? idNumberHash(secrets, r.credentialNo) : '';
  return [r.credentialHash, legacy, ...r.moreCredentials.map((c) => c.hash)].filter(Boolean);
}
const phonesOf = (r: ListedRow) => [r.phone, ...r.morePhones].filter(Boolean);

/** The keys an entry is found by. */
export function keysOfEntry(r: ListedRow, secrets: SecretBox): string[] {
  const names = [r.name, ...r.aliases].flatMap(listedKeys);
  return [...new Set([...names, ...phonesOf(r).map(phoneIndexKey), ...hashesOf(r, secrets).map(idIndexKey)])];
}

/** An entry keyed again (inside the caller's transaction, with its write). */
export function keyEntry(scope: TenantScope, secrets: SecretBox, r: ListedRow): Promise<void> {
  return screeningRepository(scope).setKeys(r.id, keysOfEntry(r, secrets), KEYS_VERSION);
}

/** Keys the entries not keyed yet (the nightly sweep), a batch at a time; answers how many. */
export async function keyUnkeyed(scope: TenantScope, secrets: SecretBox): Promise<number> {
  const repo = screeningRepository(scope);
  let done = 0;
  for (;;) {
    const rows = await repo.unkeyed(KEYS_VERSION, 500);
    for (const r of rows) await keyEntry(scope, secrets, r);
    done += rows.length;
    if (rows.length < 500) return done;
  }
}

export interface Screened {
  mode: ScreeningMode;
  matches: ScreeningMatch[];
  decision: ScreeningDecision;
}

/** The person against both lists, in the mode given or the company's; matches strongest first. */
export async function screenPerson(ctx: AuthedContext, probe: Probe, mode?: ScreeningMode): Promise<Screened> {
  const m = mode ?? companyMode((await settingsOf(ctx)).screeningMode);
  const { secrets } = ctx.services;
  const phone = phoneKey(probe.phone ?? '');
  const idHash = idNumberHash(secrets, probe.credentialNo ?? '');
  const name = probe.name?.trim() ?? '';
  const birthDate = probe.birthDate || idNumberBirthDate(idNumberKey(probe.credentialNo ?? '')) || '';
  const keys = [...(name ? probeKeys(name, m) : []), ...(phone ? [phoneIndexKey(phone)] : []), ...(idHash ? [idIndexKey(idHash)] : [])];
  if (!keys.length) return { mode: m, matches: [], decision: 'clear' };
  const rows = await screeningRepository(ctx.tenant).candidates(keys, KEYS_VERSION);
  const found: { match: ScreeningMatch; nameOnly: boolean }[] = [];
  for (const r of rows) {
    if (r.keysVersion < KEYS_VERSION) await keyEntry(ctx.tenant, secrets, r);
    const hit = matchEntry(
      { name, phone, idHash, birthDate },
      { names: [r.name, ...r.aliases], phones: phonesOf(r), idHashes: hashesOf(r, secrets), birthDate: r.birthDate },
      m,
    );
    if (!hit) continue;
    const list = r.kind === 'white' ? 'white' : 'black';
    const match = {
      bid: r.id,
      list,
      name: r.name,
      level: r.level as ListedLevel,
      photo: r.photo,
      strength: hit.strength,
      reason: hit.reason,
      reasonText: reasonTexts(hit.reason),
    } as const;
    found.push({ match, nameOnly: hit.nameOnly });
  }
  found.sort((a, b) => byStrength(a.match, b.match));
  const decision = screeningDecision(found.map((f) => ({ ...f.match, nameOnly: f.nameOnly })));
  // A common name's pinyin may meet hundreds of a long list: the strongest are answered, every one decided on.
  return { mode: m, matches: found.slice(0, MATCHES_ANSWERED).map((f) => f.match), decision };
}

const byStrength = (a: ScreeningMatch, b: ScreeningMatch) =>
  strongerThan(a.strength, b.strength) ? -1 : strongerThan(b.strength, a.strength) ? 1 : a.bid - b.bid;

function companyMode(v: string | undefined): ScreeningMode {
  return (SCREENING_MODES as readonly string[]).includes(v ?? '') ? (v as ScreeningMode) : 'standard';
}
