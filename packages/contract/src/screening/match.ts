import { compareNames } from './names.js';
import type { ListedLevel, MatchReason, MatchRule, MatchStrength, NameRule, ScreeningDecision, ScreeningMode } from './terms.js';

/**
 * A person screened against one watchlist entry: the strength and the reason of the match. Identifiers (a phone, a
 * certificate number) are exact; a name is strong when written the same, possible when only its pinyin or a letter
 * differs, or when the entry knows the person by a phone or number the person did not give (a namesake, perhaps); a
 * date of birth on both sides that differs turns a name-only match into none, one that agrees makes it strong.
 */

/** Who is screened; identifiers come normalised (a phone as stored, a certificate number's keyed hash). */
export interface ScreenedPerson {
  name?: string;
  phone?: string;
  idHash?: string;
  birthDate?: string;
}

/** An entry as screening reads it (names: the name, then its aliases). */
export interface ScreenedEntry {
  names: string[];
  phones: string[];
  idHashes: string[];
  birthDate: string;
}

export interface EntryMatch {
  strength: MatchStrength;
  reason: MatchReason;
  /** Whether the match rests on the name alone (a whitelisted person is never stopped by one). */
  nameOnly: boolean;
}

const RANK: Record<MatchStrength, number> = { exact: 3, strong: 2, possible: 1 };
export const strongerThan = (a: MatchStrength, b: MatchStrength) => RANK[a] > RANK[b];

/** The best of the entry's names (the name, then each alias) against the person's name. */
function bestName(probe: string, names: string[], mode: ScreeningMode): { alias: number; strength: 'strong' | 'possible'; rules: NameRule[] } | null {
  let best: { alias: number; strength: 'strong' | 'possible'; rules: NameRule[] } | null = null;
  names.forEach((listed, alias) => {
    const m = compareNames(probe, listed, mode);
    if (m && (!best || strongerThan(m.strength, best.strength) || (m.strength === best.strength && m.rules.length < best.rules.length)))
      best = { alias, ...m };
  });
  return best;
}

/** The person against one entry: null when nothing matches. */
export function matchEntry(person: ScreenedPerson, entry: ScreenedEntry, mode: ScreeningMode): EntryMatch | null {
  const ids: MatchRule[] = [];
  if (person.idHash && entry.idHashes.includes(person.idHash)) ids.push('idNumber');
  if (person.phone && entry.phones.includes(person.phone)) ids.push('phone');
  const name = person.name?.trim() ? bestName(person.name, entry.names, mode) : null;
  if (ids.length) {
    const rules: MatchRule[] = name ? [...ids, ...name.rules.filter((r) => r === 'same')] : ids;
    return { strength: 'exact', reason: { rules, ...(name && { alias: name.alias }) }, nameOnly: false };
  }
  if (!name) return null;
  const births = person.birthDate && entry.birthDate ? person.birthDate === entry.birthDate : undefined;
  if (births === false) return null;
  // A person listed with a phone or number who gives none of them may be a namesake: possible, unless born the same day.
  const known = entry.phones.length > 0 || entry.idHashes.length > 0;
  const strength = births ? 'strong' : known ? 'possible' : name.strength;
  return { strength, reason: { alias: name.alias, rules: births ? [...name.rules, 'birthDate'] : name.rules }, nameOnly: true };
}

/** A match found for a person, with its entry's list and level. */
export interface ListedMatch {
  list: 'black' | 'white';
  level: ListedLevel;
  strength: MatchStrength;
  nameOnly: boolean;
}

/**
 * What the matches mean for a visit: a refuse-level exact or strong match stops it; a possible match, or one at review
 * level, sends it to review; anything else is only noted. A person whitelisted by an identifier is not stopped nor held
 * by a match on the name alone.
 */
export function screeningDecision(matches: ListedMatch[]): ScreeningDecision {
  const allowed = matches.some((m) => m.list === 'white' && !m.nameOnly);
  let decision: ScreeningDecision = 'clear';
  for (const m of matches) {
    if (m.list !== 'black') continue;
    const acting = !(allowed && m.nameOnly) && m.level !== 'note';
    const d: ScreeningDecision = !acting ? 'note' : m.level === 'refuse' && m.strength !== 'possible' ? 'refuse' : 'review';
    if (DECISION_RANK[d] > DECISION_RANK[decision]) decision = d;
  }
  return decision;
}
const DECISION_RANK: Record<ScreeningDecision, number> = { clear: 0, note: 1, review: 2, refuse: 3 };
