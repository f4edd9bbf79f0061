import { authZh } from '../../modules/auth/locales/zh';
import { passkeySignInZh } from '../../modules/passkeys/locales/signinZh';
import type { DeepStrings } from '../../platform/locales/types';
import { platformZh } from '../../platform/locales/zh';
import type { startEn } from './startEn';

/** Every key of `startEn`, in Chinese: a missing or extra key fails the type check. */
export const startZh: DeepStrings<typeof startEn> = {
  ...platformZh,
  auth: authZh,
  passkeySignIn: passkeySignInZh,
};
