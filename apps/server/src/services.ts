/** Moved to platform/services.ts (the platform depends on no module); kept so existing imports still resolve. */
export type { Services } from './platform/services.js';
