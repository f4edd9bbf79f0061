/** What other modules may use of modules/monitor: the only file they import from it. */
export { deviceHeartbeat } from './monitor.service.js';
