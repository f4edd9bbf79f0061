import { type Lang, type LookupName, lookups } from '@openvisit/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { browserLanguages, detectLanguage, isLang, readSavedLanguage, saveLanguagePreference } from './language';
import { platformEn } from './locales/en';
import type { DeepStrings } from './locales/types';
import { platformZh } from './locales/zh';

/**
 * The text namespaces and their English source, added by the layer that owns each by declaration merging
 * (`declare module '…/platform/i18n'`): the console shell adds `translation` (app/texts.ts), the kiosk `kiosk`
 * (kiosk/i18n.ts). So `t` is typed from every text while the platform imports neither.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the layers above
export interface TextNamespaces {}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: TextNamespaces;
    returnNull: false;
  }
}

// Localized formats ('L', 'LT'…) follow the language through dayjs's locale.
dayjs.extend(localizedFormat);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // The platform's own texts; the shell and the kiosk add theirs at start-up (registerTexts).
  resources: { en: { translation: platformEn }, zh: { translation: platformZh } },
  lng: detectLanguage(readSavedLanguage(), browserLanguages()),
  supportedLngs: ['zh', 'en'],
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * Adds a namespace's texts in both languages (merged into what it holds: `translation` starts with the platform's).
 * The Chinese must have exactly the English keys, checked by tsc.
 */
export function registerTexts<N extends keyof TextNamespaces>(ns: N, texts: { en: TextNamespaces[N]; zh: DeepStrings<TextNamespaces[N]> }): void {
  i18n.addResourceBundle('en', ns, texts.en, true, true);
  i18n.addResourceBundle('zh', ns, texts.zh, true, true);
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'en';
}

function applyLocale(lang: Lang): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  try {
    sessionStorage.setItem('language', lang);
  } catch {
    // storage unavailable: nothing to keep
  }
}

applyLocale(currentLang());
i18n.on('languageChanged', (lng) => {
  if (isLang(lng)) applyLocale(lng);
});

/** The user picked a language: it becomes the saved preference (kept across sign-outs). */
export async function changeLanguage(lang: Lang): Promise<void> {
  saveLanguagePreference(lang);
  await i18n.changeLanguage(lang);
}

type LookupKey<N extends LookupName> = keyof (typeof lookups)[N];

/** The label of an enum value in the current (or given) language, from the contract's lookups. */
export function label<N extends LookupName>(name: N, value: LookupKey<N> | string | number, lang: Lang = currentLang()): string {
  const table = lookups[name] as Record<string | number, { zh: string; en: string } | undefined>;
  const entry = table[value as string | number];
  return entry ? entry[lang] : String(value);
}

/** Current language as a React value (re-renders on change). */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : 'en';
}

/** `label` bound to the current language, re-rendering when it changes. */
export function useLabel(): <N extends LookupName>(name: N, value: LookupKey<N> | string | number) => string {
  const lang = useLang();
  return (name, value) => label(name, value, lang);
}
