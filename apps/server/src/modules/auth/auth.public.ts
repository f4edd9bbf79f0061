/** What other modules may use of modules/auth: the only file they import from it. */
export { changeOwnPassword, confirmPassword, updatePassword } from './auth.credentials.js';
export { mailSubAccountLink } from './auth.recovery.js';
