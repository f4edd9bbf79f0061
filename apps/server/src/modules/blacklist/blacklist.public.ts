/** What other modules may use of modules/blacklist: the only file they import from it. */

export { exportList } from './blacklist.export.js';
export { eraseListed, type ListedRecord, listedOfPerson } from './blacklist.person.js';
export * as blacklist from './blacklist.service.js';
export { blacklistMatcher, hashListedNumbers } from './blacklist.service.js';
