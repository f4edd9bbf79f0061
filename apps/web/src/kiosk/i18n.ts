import type { Lang } from '@openvisit/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLang, registerTexts, showLanguage } from '../platform/i18n';
import { browserLanguages, detectLanguage, readSavedLanguage } from '../platform/language';
import type { kioskEn } from './locales/en';

declare module '../platform/i18n' {
  interface TextNamespaces {
    kiosk: typeof kioskEn;
  }
}

/**
 * The kiosk's texts are the `kiosk` namespace of the platform's i18next instance: the kiosk reuses the platform's
 * `validation.*` messages and the error policy's texts, and the console bundle never carries the kiosk's strings.
 */
registerTexts('kiosk', {
  en: () => import('./locales/en').then((m) => m.kioskEn),
  zh: () => import('./locales/zh').then((m) => m.kioskZh),
});

/**
 * `t` of the kiosk namespace (typed from `kioskEn`), `ct` of the platform's texts (`validation.*`, `kioskFace.*`…)
 * and the current language. Both `t`s are bound to the language of the render that made them.
 */
export function useK() {
  const { t, i18n: instance } = useTranslation('kiosk');
  const { t: ct } = useTranslation();
  const lang: Lang = instance.language === 'zh' ? 'zh' : 'en';
  return { t, ct, lang };
}

/**
 * Chinese ↔ English. Staff's choice (on the sign-in screen) becomes the device's language, kept like the console's;
 * a visitor's lasts until the kiosk goes back to its start screen, which restores the device's language.
 */
export function toggleLanguage(opts: { save: boolean }): Promise<unknown> {
  const next: Lang = currentLang() === 'zh' ? 'en' : 'zh';
  return opts.save ? changeLanguage(next) : showLanguage(next);
}

/** Back to the device's language (the saved preference, else the browser's). */
export function restoreDeviceLanguage(): Promise<unknown> {
  const lang = detectLanguage(readSavedLanguage(), browserLanguages());
  return lang === currentLang() ? Promise.resolve() : showLanguage(lang);
}

/**
 * How a message is worded, from the kiosk's `t` and language at the time it is shown: kept instead of its text, so it
 * reads in whatever language is shown (a `t` kept from the moment of the error stays bound to that moment's language).
 */
export type Wording = (now: ReturnType<typeof useK>) => string;

/**
 * A message a screen shows until it is replaced (a refusal, a problem with the form), worded when shown: a visitor who
 * switches to 中文 after an error reads it in Chinese (issue 15; a kept string stayed in the language it was made in).
 */
export function useMessage(): [string | null, (wording: Wording | null) => void] {
  const now = useK();
  const [wording, setWording] = useState<{ words: Wording } | null>(null);
  const set = useCallback((w: Wording | null) => setWording(w ? { words: w } : null), []);
  return [wording ? wording.words(now) : null, set];
}
