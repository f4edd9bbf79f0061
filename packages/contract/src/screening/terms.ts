/**
 * The words of screening (issue 42), free of the conversion tables so the call schemas (and the console) can use them
 * without loading OpenCC or pinyin-pro.
 */

export const SCREENING_MODES = ['narrow', 'standard'] as const;
export type ScreeningMode = (typeof SCREENING_MODES)[number];
export const MATCH_STRENGTHS = ['exact', 'strong', 'possible'] as const;
export type MatchStrength = (typeof MATCH_STRENGTHS)[number];
/** What a listed person's match does: stops the visit, sends it to review, or is only noted. */
export const LISTED_LEVELS = ['refuse', 'review', 'note'] as const;
export type ListedLevel = (typeof LISTED_LEVELS)[number];
/** The steps of a name's written form: a rule is named in a match's reason when the match needs it. */
export type WrittenRule = 'width' | 'case' | 'tones' | 'script' | 'spacing' | 'order';
export type NameRule = WrittenRule | 'same' | 'pinyin' | 'homophone' | 'spelling';
export const MATCH_RULES = [
  'same',
  'width',
  'case',
  'tones',
  'script',
  'spacing',
  'order',
  'pinyin',
  'homophone',
  'spelling',
  'phone',
  'idNumber',
  'birthDate',
] as const satisfies readonly (NameRule | 'phone' | 'idNumber' | 'birthDate')[];
export type MatchRule = (typeof MATCH_RULES)[number];
export const SCREENING_DECISIONS = ['clear', 'note', 'review', 'refuse'] as const;
export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

export interface MatchReason {
  /** 0: the entry's name; n: its alias n. Absent for an identifier's match. */
  alias?: number;
  rules: MatchRule[];
}
