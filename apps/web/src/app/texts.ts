import { registerTexts } from '../platform/i18n';
import { en } from './locales/en';
import { zh } from './locales/zh';

declare module '../platform/i18n' {
  interface TextNamespaces {
    /** The console's texts: the platform's, the shell's menus and every module's. */
    translation: typeof en;
  }
}

registerTexts('translation', { en, zh });
