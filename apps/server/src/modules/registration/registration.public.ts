/** What other modules may use of modules/registration: the only file they import from it. */
export { padConfig } from './registration.pad.js';
