/** What other modules may use of modules/passkeys: the only file they import from it. */
export type { Account as PasskeyAccount } from './passkeys.repository.js';
export {
  forgetPasskeys,
  type PasskeyDeps,
  resetTwoStep,
  type SignInSecurity,
  secondStepAccount,
  secondStepNeeded,
  signInAccount,
  signInSecurityOf,
  signInStart,
  withSignInSecurity,
} from './passkeys.service.js';
