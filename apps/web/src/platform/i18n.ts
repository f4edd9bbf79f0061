import { type Lang, type LookupName, lookups } from '@openvisit/contract';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import i18next from 'i18next';
import { useEffect, useRef } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { browserLanguages, detectLanguage, isLang, readSavedLanguage, saveLanguagePreference } from './language';
import type { DeepStrings } from './locales/types';

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
  // No texts yet: each language's arrive with loadLanguage, from the loaders registered below and by the apps.
  resources: {},
  partialBundledLanguages: true,
  lng: detectLanguage(readSavedLanguage(), browserLanguages()),
  supportedLngs: ['zh', 'en'],
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Loads what one language needs (texts, a library's locale) for one part of an app: run by loadLanguage. */
type LanguageLoader = (lang: Lang) => Promise<unknown>;
/**
 * Texts come in parts, each loaded when first needed: 'start' (the platform's, and what an app's first page shows)
 * with the page, others (the console's screens) by `requireTexts` before a screen that uses them renders.
 */
const START = 'start';
const loaders: { part: string; load: LanguageLoader }[] = [];
const wanted = new Set([START]);
const loading = new Map<string, Promise<void>>();

function textsLoader(ns: string, texts: { [L in Lang]: () => Promise<object> }): LanguageLoader {
  return async (lang) => i18n.addResourceBundle(lang, ns, await texts[lang](), true, true);
}

/** One part in one language, downloaded once; a failed download is forgotten, so the next attempt tries again. */
function loadPart(lang: Lang, part: string): Promise<void> {
  const key = `${lang}/${part}`;
  let done = loading.get(key);
  if (!done) {
    done = Promise.all(loaders.filter((l) => l.part === part).map((l) => l.load(lang))).then(() => undefined);
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/**
 * Adds a language loader to a part; a part loaded already is loaded again, so it gains what the new loader brings (a
 * module registering late: a test).
 */
export function onLanguageLoad(loader: LanguageLoader, part = START): void {
  loaders.push({ part, load: loader });
  for (const [key, done] of loading) {
    const [lang, loadedPart] = key.split('/') as [Lang, string];
    if (loadedPart === part)
      loading.set(
        key,
        done.then(() => loader(lang)).then(() => undefined),
      );
  }
}

/**
 * Adds texts to a namespace (merged into what it holds: `translation` starts with the platform's), each language a
 * lazy import, so a page downloads only the language it shows, and only the part it needs. The Chinese must have
 * exactly the English keys, checked by tsc; the layer declaring the namespace types it as the sum of its parts.
 */
export function registerTexts<N extends keyof TextNamespaces, T extends object>(
  ns: N,
  texts: { en: () => Promise<T>; zh: () => Promise<DeepStrings<T>> },
  part = START,
): void {
  onLanguageLoad(textsLoader(ns, texts), part);
}

// The platform's own texts (common, errors, validation, enums) and dayjs's Chinese locale.
onLanguageLoad(
  textsLoader('translation', {
    en: () => import('./locales/en').then((m) => m.platformEn),
    zh: () => import('./locales/zh').then((m) => m.platformZh),
  }),
);
onLanguageLoad(async (lang) => {
  if (lang !== 'zh') return;
  await import('dayjs/locale/zh-cn');
  // The page may be in Chinese already (the language is chosen at start-up, before its locale arrives).
  if (currentLang() === 'zh') applyLocale('zh');
});

/** Downloads a language's texts, every part needed so far: render and switch only after it resolves. */
export function loadLanguage(lang: Lang): Promise<void> {
  return Promise.all([...wanted].map((part) => loadPart(lang, part))).then(() => undefined);
}

/** A part of the texts, in the current language, from now on in every language shown: await it before rendering. */
export function requireTexts(part: string): Promise<void> {
  wanted.add(part);
  return loadPart(currentLang(), part);
}

/** Shows the page in a language (its texts downloaded first), without making it the saved preference. */
export async function showLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
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
  await showLanguage(lang);
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

/**
 * A public page reached from a message (an invitation, an approval, the privacy page) speaks the language its answer
 * names, once it arrives, unless the reader picked one on this browser.
 */
export function useAdoptedLanguage(lang: Lang | undefined): void {
  const adopted = useRef(false);
  useEffect(() => {
    if (!lang || adopted.current) return;
    adopted.current = true;
    if (!readSavedLanguage() && i18n.language !== lang) void showLanguage(lang);
  }, [lang]);
}
