import type { MatchReason, MatchRule } from './terms.js';

/**
 * A match's reason as a sentence in either language ("traditional form of alias 2", "pinyin of the name, tones
 * ignored"): the rule that compared the names, the steps it needed, and what else agreed.
 */

type Lang = 'zh' | 'en';
type Texts = Record<Lang, string>;

const TARGET = {
  en: (alias: number) => (alias ? `alias ${alias}` : 'the name'),
  zh: (alias: number) => (alias ? `别名${alias}` : '姓名'),
};

/** The rule comparing the names, with the listed name (or alias) in it. */
const MAIN: Partial<Record<MatchRule | 'spellingPinyin', Record<Lang, (t: string) => string>>> = {
  same: { en: (t) => `same as ${t}`, zh: (t) => `与${t}相同` },
  script: { en: (t) => `traditional or simplified form of ${t}`, zh: (t) => `${t}的繁简体写法` },
  pinyin: { en: (t) => `pinyin of ${t}`, zh: (t) => `${t}的拼音` },
  homophone: { en: (t) => `same pinyin as ${t}`, zh: (t) => `与${t}同音` },
  spelling: { en: (t) => `spelt close to ${t}`, zh: (t) => `与${t}拼写相近` },
  spellingPinyin: { en: (t) => `spelt close to the pinyin of ${t}`, zh: (t) => `与${t}的拼音拼写相近` },
};

/** Every other step or agreement, after the main rule. */
const MODIFIERS: Partial<Record<MatchRule, Texts>> = {
  width: { en: 'full-width letters', zh: '全角字符' },
  case: { en: 'letter case ignored', zh: '忽略大小写' },
  tones: { en: 'tones ignored', zh: '忽略声调' },
  spacing: { en: 'spaces and dots ignored', zh: '忽略空格和间隔号' },
  order: { en: 'surname and given name in the other order', zh: '姓与名顺序不同' },
  birthDate: { en: 'same date of birth', zh: '出生日期相同' },
  phone: { en: 'same phone', zh: '手机号相同' },
  idNumber: { en: 'same certificate number', zh: '证件号相同' },
};

const MAIN_ORDER: MatchRule[] = ['spelling', 'pinyin', 'homophone', 'script', 'same'];

/** The reason in one language. */
export function reasonText(reason: MatchReason, lang: Lang): string {
  const main = reason.alias === undefined ? undefined : (MAIN_ORDER.find((r) => reason.rules.includes(r)) ?? 'same');
  const parts: string[] = [];
  for (const r of reason.rules) if (r === 'phone' || r === 'idNumber') parts.push((MODIFIERS[r] as Texts)[lang]);
  const spellingPinyin = main === 'spelling' && reason.rules.includes('pinyin');
  if (main)
    parts.push((MAIN[spellingPinyin ? 'spellingPinyin' : main] as Record<Lang, (t: string) => string>)[lang](TARGET[lang](reason.alias ?? 0)));
  const shown = (r: MatchRule) => r !== 'phone' && r !== 'idNumber' && r !== main && !(spellingPinyin && r === 'pinyin');
  for (const r of reason.rules) if (shown(r) && MODIFIERS[r]) parts.push((MODIFIERS[r] as Texts)[lang]);
  return parts.join(lang === 'zh' ? '，' : ', ');
}

/** The reason in both languages (an answer's `reasonText`). */
export function reasonTexts(reason: MatchReason): Texts {
  return { zh: reasonText(reason, 'zh'), en: reasonText(reason, 'en') };
}
