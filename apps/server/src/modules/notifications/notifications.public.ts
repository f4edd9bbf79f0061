/** What other modules may use of modules/notifications: the only file they import from it. */
export { notifyArrival } from './arrival.js';
export { checkCode, checkQuietCode, forgetSmsCodes, queueQuietCode, sendCode, smsSwitchedOn } from './notifications.smsCodes.js';
