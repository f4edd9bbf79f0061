/** The auth calls, by flow: sign-in, sign-up and activation, password recovery; shared checks in auth.credentials. */
export { changeOwnPassword, confirmPassword, updatePassword } from './auth.credentials.js';
export {
  checkEmployeeInfo,
  mailSubAccountLink,
  modifyPassword,
  registerRecoveryJobs,
  resetEmployeePassword,
  retrievePassword,
} from './auth.recovery.js';
export { empLogin, login, refreshSession, subAccountLogin, superAccountLogin } from './auth.signin.js';
export { activate, register, resendActivation } from './auth.signup.js';
