import type { Lang } from '@openvisit/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLang, i18n } from '../platform/i18n';
import { browserLanguages, detectLanguage, readSavedLanguage } from '../platform/language';
import { kioskEn } from './locales/en';
import { kioskZh } from './locales/zh';

/**
 * The kiosk's texts are the `kiosk` namespace of the console's i18next instance: the kiosk reuses the console's
 * `validation.*` messages and the error policy's texts, and the console bundle never carries the kiosk's strings.
 */
export function registerKioskTexts(): void {
  if (!i18n.hasResourceBundle('en', 'kiosk')) i18n.addResourceBundle('en', 'kiosk', kioskEn);
  if (!i18n.hasResourceBundle('zh', 'kiosk')) i18n.addResourceBundle('zh', 'kiosk', kioskZh);
}

registerKioskTexts();

/** `t` of the kiosk namespace (typed from `kioskEn`) and the current language. */
export function useK() {
  const { t, i18n: instance } = useTranslation('kiosk');
  const lang: Lang = instance.language === 'zh' ? 'zh' : 'en';
  return { t, lang };
}

/**
 * Chinese ↔ English. Staff's choice (on the sign-in screen) becomes the device's language, kept like the console's;
 * a visitor's lasts until the kiosk goes back to its start screen, which restores the device's language.
 */
export function toggleLanguage(opts: { save: boolean }): Promise<unknown> {
  const next: Lang = currentLang() === 'zh' ? 'en' : 'zh';
  return opts.save ? changeLanguage(next) : i18n.changeLanguage(next);
}

/** Back to the device's language (the saved preference, else the browser's). */
export function restoreDeviceLanguage(): Promise<unknown> {
  const lang = detectLanguage(readSavedLanguage(), browserLanguages());
  return lang === currentLang() ? Promise.resolve() : i18n.changeLanguage(lang);
}
