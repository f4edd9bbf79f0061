/** What other modules may use of modules/sso: the only file they import from it. */
export { registerSamlRoutes } from './sso.acs.js';
export { registerSsoJobs } from './sso.jobs.js';
export { type SsoDeps, type SsoPerson, ssoFinish, ssoOptions, ssoRequired, ssoStart } from './sso.signin.js';
