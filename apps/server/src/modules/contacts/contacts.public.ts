/** What other modules may use of modules/contacts: the only file they import from it. */

export { type AppDirectory, type AppDirectoryDeps, registerAppDirectory } from './contacts.apps.js';
export type { HttpAnswer, HttpLimits } from './contacts.http.js';
export { fetchBounded, mapLimit, sleep } from './contacts.http.js';
export { type DirectoryProvider, decodeRtx, type ExtDepartment, type ExtUser, mergeUser, walkTree } from './contacts.providers.js';
export { directoryChanged } from './contacts.schedule.js';
export * as contacts from './contacts.service.js';
export { companiesWithDingTalkApp } from './contacts.system.repository.js';
