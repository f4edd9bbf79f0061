import { registerTexts } from '../platform/i18n';
import type { cardEn } from './locales/en';

declare module '../platform/i18n' {
  interface TextNamespaces {
    card: typeof cardEn;
  }
}

/** The badge page's texts are the `card` namespace of the platform's i18next instance; the console never loads them. */
registerTexts('card', {
  en: () => import('./locales/en').then((m) => m.cardEn),
  zh: () => import('./locales/zh').then((m) => m.cardZh),
});
