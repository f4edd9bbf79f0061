/** What other modules may use of modules/im: the only file they import from it. */
export { type AppDeps, appDirectories, signedInEmployee, signInOptions, signInState, signInUrl } from './im.service.js';
