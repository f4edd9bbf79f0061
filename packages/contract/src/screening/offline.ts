import { screeningDecision } from './match.js';
import { probeKeys } from './names.js';
import type { ListedLevel, MatchStrength, ScreeningDecision, ScreeningMode } from './terms.js';

/**
 * The kiosk's offline screening (issue 42): the server hands the tablet a copy of the lists as keyed digests of their
 * keys (`getScreeningCopy`), no name, phone or number in clear; offline, the kiosk digests the person's keys with the
 * same key and looks them up. Names match by their written and pinyin forms (not by spelling: those keys would make the
 * copy ten times larger), phones and certificate numbers exactly; without dates of birth the copy is stricter, never
 * looser, than the server, which screens the record again when it is sent.
 */

/** A digest: HMAC-SHA-256 of the key under the company's kiosk key, its first 9 bytes as base64url (12 characters). */
export type Digest = (key: string) => Promise<string>;
export const OFFLINE_DIGEST_BYTES = 9;

/** The person's plain keys as the copy holds them: names' written and pinyin forms, the phone, the number. */
export function offlineProbeKeys(p: { name?: string; phone?: string; idNumber?: string }, mode: ScreeningMode): string[] {
  const names = p.name?.trim() ? probeKeys(p.name, mode).filter((k) => k.startsWith('w:') || k.startsWith('p:')) : [];
  return [...names, ...(p.phone ? [`t:${p.phone}`] : []), ...(p.idNumber ? [`c:${p.idNumber}`] : [])];
}

/** Whether a listed key goes into the copy (spelling keys stay on the server). */
export const offlineKey = (key: string) => key.startsWith('w:') || key.startsWith('p:') || key.startsWith('t:');

/** An entry as the copy holds it: its keys' digests, what a match does, and whether it knows the person by a phone or number. */
export interface OfflineEntry {
  bid: number;
  list: 'black' | 'white';
  level: ListedLevel;
  known: boolean;
  keys: string[];
}

export interface OfflineMatch {
  bid: number;
  list: 'black' | 'white';
  level: ListedLevel;
  strength: MatchStrength;
}

/** Indexes a copy's entries by digest, once per copy. */
export function offlineIndex(entries: OfflineEntry[]): Map<string, OfflineEntry[]> {
  const index = new Map<string, OfflineEntry[]>();
  for (const e of entries) for (const k of e.keys) index.set(k, [...(index.get(k) ?? []), e]);
  return index;
}

/**
 * Screens a person against a copy: an identifier's digest is exact, a written form's strong (possible when the entry
 * knows the person by identifiers), a pinyin form's possible; the decision is the server's rule.
 */
export async function screenOffline(
  index: Map<string, OfflineEntry[]>,
  digest: Digest,
  person: { name?: string; phone?: string; idNumber?: string },
  mode: ScreeningMode,
): Promise<{ decision: ScreeningDecision; matches: OfflineMatch[] }> {
  const best = new Map<number, OfflineMatch & { nameOnly: boolean }>();
  for (const key of offlineProbeKeys(person, mode)) {
    for (const e of index.get(await digest(key)) ?? []) {
      const identifier = key.startsWith('t:') || key.startsWith('c:');
      const strength: MatchStrength = identifier ? 'exact' : key.startsWith('w:') && !e.known ? 'strong' : 'possible';
      const had = best.get(e.bid);
      if (!had || RANK[strength] > RANK[had.strength]) best.set(e.bid, { bid: e.bid, list: e.list, level: e.level, strength, nameOnly: !identifier });
    }
  }
  const found = [...best.values()];
  return { decision: screeningDecision(found), matches: found.map(({ nameOnly: _, ...m }) => m) };
}
const RANK: Record<MatchStrength, number> = { exact: 3, strong: 2, possible: 1 };
