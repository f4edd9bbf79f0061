/** What other modules may use of modules/im: the only file they import from it. */
export { ImConnections, registerWorkApps } from './im.connections.js';
export { sendDingTalkCard } from './im.dingtalk.cards.js';
export { appsSetUp, sendWorkAppText, WORK_APP_BY_PHONE, type WorkAppPlatform, WorkAppSendError } from './im.notices.js';
export { type AppDeps, signedInEmployee, signInOptions, signInState, signInUrl } from './im.service.js';
export { registerWeComCallback } from './im.wecom.callback.js';
