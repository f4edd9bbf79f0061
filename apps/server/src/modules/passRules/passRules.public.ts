/** What other modules may use of modules/passRules: the only file they import from it. */

export { doorRules, holidaysIn } from './passRules.service.js';
