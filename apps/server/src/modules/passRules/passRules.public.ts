/** What other modules may use of modules/passRules: the only file they import from it. */

export type { HolidayDay, PassUsage } from './passRules.decision.js';
export { withinLimits, withinSchedule } from './passRules.decision.js';
export type { DoorStrategy } from './passRules.service.js';
export * as passRules from './passRules.service.js';
