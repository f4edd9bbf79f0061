import { lazy } from 'react';

/**
 * What other modules may use of modules/passkeys. Lazy: the sign-in page takes its passkey pieces (and the WebAuthn
 * library) only when it shows them, so its first download does not grow.
 */
export const PasskeysCard = lazy(() => import('./components/PasskeysCard').then((m) => ({ default: m.PasskeysCard })));
export const PasskeySignInButton = lazy(() => import('./components/PasskeySignIn').then((m) => ({ default: m.PasskeySignInButton })));
export const PasskeySecondStep = lazy(() => import('./components/PasskeySignIn').then((m) => ({ default: m.PasskeySecondStep })));
/** On an administrator's form for another account: lazy too, or the sign-in page would carry its antd pieces. */
export const TwoStepReset = lazy(() => import('./components/TwoStepReset').then((m) => ({ default: m.TwoStepReset })));
