import type { Lang } from '@openvisit/contract';

/** localStorage key of the language the user chose; it survives sign-out. */
export const LANG_STORAGE_KEY = 'openvisit.lang';
export const SUPPORTED_LANGS: readonly Lang[] = ['zh', 'en'];

export function isLang(v: unknown): v is Lang {
  return v === 'zh' || v === 'en';
}

/**
 * 'zh', 'zh-CN' (and Simplified 'zh-Hans-*', 'zh-SG') and 'zh-HK' → 'zh', as the spec has it (section 1: Chinese for
 * zh-cn and zh-hk); 'en-*' → 'en'. Taiwan's Traditional Chinese is not ours: the next browser language decides.
 */
export function langOfTag(tag: string): Lang | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return null;
  const rest = parts.slice(1);
  if (rest.includes('tw') || (rest.includes('hant') && !rest.includes('hk'))) return null;
  return 'zh';
}

/**
 * The console language (spec section 1): the saved preference wins, otherwise the first browser
 * language we support (zh-* is Chinese, en-* English), otherwise English.
 */
export function detectLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Lang {
  if (isLang(saved)) return saved;
  for (const tag of browserLanguages) {
    const lang = langOfTag(tag);
    if (lang) return lang;
  }
  return 'en';
}

export function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLanguagePreference(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
