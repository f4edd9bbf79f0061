import { idNumberKey, phoneKey } from '@openvisit/contract';

/**
 * A person as a privacy request names them (issue 41, modules/privacy): every phone, e-mail and ID number known to be
 * theirs. Each module holding people's data answers what it holds under these keys and forgets it; the privacy module
 * collects the answers, so no module reads another's tables.
 */
export interface PersonKeys {
  /** Each as the modules store it: normalised (a mainland mobile's bare 11 digits, else '+' and digits). */
  phones: string[];
  /** Lower case. */
  emails: string[];
  /** Upper case, no spaces. */
  idNumbers: string[];
  /** Only to find candidates by name (findPerson): the same name may be several people, so nothing else takes names. */
  names?: string[];
}

/** One record a module holds about the person, as the export shows it and an erasure names it. */
export interface PersonRecord {
  id: number;
  /** When it happened (a visit's start, else its expected time; a booking's arrival), else when it was written. */
  at: Date | null;
  /** The record's personal fields by name (the privacy module's labels name them in the person's language). */
  fields: Record<string, string>;
  /** Stored files of the person on this record (photos, signatures, PDFs): file-store keys. */
  files: string[];
  /** The names this record gives the person (the operation log's entries are found by them). */
  names: string[];
  /** Further keys this record gives the person (an ID number on a visit found by phone): the search widens by them. */
  keys: PersonKeys;
  /** The keyed hash of an ID number the record holds only so (a blacklist entry): it joins the person whose number it is. */
  idHash?: string;
}

export const noKeys = (): PersonKeys => ({ phones: [], emails: [], idNumbers: [] });

export const emailKey = (s: string) => s.trim().toLowerCase();
/** The contract's rule, which the kiosk's offline screening shares: white space removed, upper case. */
export { idNumberKey, phoneKey };

/** The keys a record carries, normalised, blanks left out. */
export function keysOf(phones: readonly string[], emails: readonly string[], idNumbers: readonly string[]): PersonKeys {
  const keep = (xs: readonly string[], f: (s: string) => string) => [...new Set(xs.filter((x) => x.trim() !== '').map(f))];
  return { phones: keep(phones, phoneKey), emails: keep(emails, emailKey), idNumbers: keep(idNumbers, idNumberKey) };
}

/**
 * The forms a stored phone may take for these keys: older rows and other modules kept a mainland mobile with '+86' or
 * '86' in front, so a search matches each form.
 */
export function phoneForms(phones: readonly string[]): string[] {
  return [...new Set(phones.flatMap((p) => (/^1\d{10}$/.test(p) ? [p, `+86${p}`, `86${p}`] : [p])))];
}

export function hasKeys(k: PersonKeys): boolean {
  return k.phones.length + k.emails.length + k.idNumbers.length > 0;
}
