import { type Lang, type LookupName, lookups } from '@openvisit/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { kioskEn } from '../kiosk/locales/en';
import { en } from '../locales/en';
import { zh } from '../locales/zh';
import { browserLanguages, detectLanguage, isLang, readSavedLanguage, saveLanguagePreference } from './language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `kiosk` is loaded by the kiosk entry only (src/kiosk/i18n.ts). */
    resources: { translation: typeof en; kiosk: typeof kioskEn };
    returnNull: false;
  }
}

// Localized formats ('L', 'LT'…) follow the language through dayjs's locale.
dayjs.extend(localizedFormat);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: detectLanguage(readSavedLanguage(), browserLanguages()),
  supportedLngs: ['zh', 'en'],
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

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
