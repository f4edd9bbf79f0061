/** What other modules may use of modules/contacts: the only file they import from it. */

export type { HttpAnswer, HttpLimits } from './contacts.http.js';
export { fetchBounded } from './contacts.http.js';
export { decodeRtx } from './contacts.providers.js';
export * as contacts from './contacts.service.js';
