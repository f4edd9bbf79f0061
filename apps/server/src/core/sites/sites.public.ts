/** What other modules may use of core/sites: the only file they import from it. */
export * as gates from './sites.gates.js';
export { assertGates, gateNameIn, gateNamesIn, gatesNamed, listGates } from './sites.gates.js';
export * as registration from './sites.types.js';
export { listTypes, snapshot, toVisitorType, typeById } from './sites.types.js';
