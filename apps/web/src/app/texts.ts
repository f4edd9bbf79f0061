import { registerTexts, requireTexts } from '../platform/i18n';
import type { en } from './locales/en';
import type { startEn } from './locales/startEn';

declare module '../platform/i18n' {
  interface TextNamespaces {
    /** The console's texts: the platform's, sign-in's, the shell's menus and every module's. */
    translation: typeof startEn & typeof en;
  }
}

/** The part of the texts the console's screens need beyond the first page's (sign-in's and the platform's). */
const CONSOLE = 'console';

// Each language is a chunk of its own, downloaded when it is shown (platform/i18n.ts); the console's screens' texts
// only once a screen needs them (loadConsoleTexts), so the sign-in page downloads sign-in's texts alone.
registerTexts('translation', {
  en: () => import('./locales/startEn').then((m) => m.startEn),
  zh: () => import('./locales/startZh').then((m) => m.startZh),
});
registerTexts(
  'translation',
  {
    en: () => import('./locales/en').then((m) => m.en),
    zh: () => import('./locales/zh').then((m) => m.zh),
  },
  CONSOLE,
);

/** Downloads the console's screens' texts (in the language shown, and in any shown later): the router awaits it. */
export function loadConsoleTexts(): Promise<void> {
  return requireTexts(CONSOLE);
}
