/** A label in both languages. */
export interface Label {
  zh: string;
  en: string;
}
export type Lookup = Record<string | number, Label>;

/** An enumeration's values with their labels (lookups.ts, badgeLookups.ts), kept as literal types. */
export function lookup<const T extends Lookup>(t: T): T {
  return t;
}
