/** What other modules may use of modules/notifications: the only file they import from it. */
export { notifyArrival } from './arrival.js';
export { checkCode, forgetSmsCodes, sendCode, smsSwitchedOn } from './notifications.smsCodes.js';
