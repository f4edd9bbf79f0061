/** What other modules may use of modules/passRecords: the only file they import from it. */

export { exportPasses, exportVehicles } from './passRecords.export.js';
export type { PassRecordInsert } from './passRecords.repository.js';
export * as passRecords from './passRecords.service.js';
export { recordPass, recordPasses, residentPasses, visitEntries, wentOut } from './passRecords.service.js';
