/** What other modules may use of modules/accounts: the only file they import from it. */

export { markDataExported } from './accounts.closing.js';
export * as accounts from './accounts.service.js';
export { getUserInfo } from './accounts.service.js';
