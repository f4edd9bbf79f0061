export * from './call.js';
export * from './calls/accounts.js';
export * from './calls/auth.js';
export * from './calls/logs.js';
export * from './errors.js';
export * from './lookups.js';
export type { AnyCall, CallByName, CallName } from './registry.js';
export { allCalls, callsByName } from './registry.js';
export * from './validators.js';
