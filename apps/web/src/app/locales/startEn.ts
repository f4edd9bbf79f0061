import { authEn } from '../../modules/auth/locales/en';
import { passkeySignInEn } from '../../modules/passkeys/locales/signinEn';
import { platformEn } from '../../platform/locales/en';

/**
 * The texts of the console's first page, the only ones the sign-in screens need: the platform's and sign-in's (passkeys' own pieces of it too). The
 * console's screens add `en.ts` (app/texts.ts); `startZh.ts` must have exactly these keys (checked by tsc).
 */
export const startEn = {
  ...platformEn,
  auth: authEn,
  passkeySignIn: passkeySignInEn,
} as const;
