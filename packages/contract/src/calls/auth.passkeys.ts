import { z } from 'zod';
import { defineCall, empty } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { loginResult, zLang } from './auth.js';
import { authenticationResponse, webauthnOptions, zCeremony } from './passkeys.js';

/**
 * Signing in with a passkey (docs/modules/passkeys.md): instead of the password (any of the person's passkeys, chosen
 * in the browser's own prompt: no name is typed), or after it, when the account asks for two steps: a password
 * sign-in then answers 1421 with `{ceremony, options}` in its result, finished here with the account's passkey or
 * one of its recovery codes.
 */
export const passkeySignInStart = defineCall({
  name: 'passkeySignInStart',
  area: 'auth',
  module: 'auth',
  summary: 'Begin signing in with a passkey: the options for navigator.credentials.get (any discoverable credential of this site)',
  access: 'public',
  rate: 'signin',
  input: empty,
  output: z.object({ ceremony: zCeremony, options: webauthnOptions }),
});

export const passkeySignIn = defineCall({
  name: 'passkeySignIn',
  area: 'auth',
  module: 'auth',
  summary: "Finish signing in with a passkey: the browser's signed answer to the challenge; the session of the account the passkey is",
  access: 'public',
  statuses: [
    Status.PASSKEY_FAILED,
    Status.SSO_REQUIRED,
    Status.IM_SIGNIN_REQUIRED,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({ ceremony: zCeremony, response: authenticationResponse, lang: zLang.optional() }),
  output: loginResult,
});

export const passkeySecondStep = defineCall({
  name: 'passkeySecondStep',
  area: 'auth',
  module: 'auth',
  summary:
    'The second step of a password sign-in that answered 1421: the account’s passkey (the browser’s answer to its options) or one of its recovery codes; five wrong tries spend the step',
  access: 'public',
  statuses: [
    Status.PASSKEY_FAILED,
    Status.RECOVERY_CODE_WRONG,
    Status.SSO_REQUIRED,
    Status.IM_SIGNIN_REQUIRED,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z
    .object({
      ceremony: zCeremony,
      response: authenticationResponse.optional(),
      recoveryCode: z.string().trim().min(1).max(32).optional(),
      lang: zLang.optional(),
    })
    .refine((v) => Boolean(v.response) !== Boolean(v.recoveryCode), { message: 'oneOf', path: ['recoveryCode'] }),
  output: loginResult,
});

export const authPasskeyCalls = [passkeySignInStart, passkeySignIn, passkeySecondStep] as const;
