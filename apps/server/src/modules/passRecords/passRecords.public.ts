/** What other modules may use of modules/passRecords: the only file they import from it. */

export { exportPasses, exportVehicles } from './passRecords.export.js';
export { residentPasses, wentOut } from './passRecords.service.js';
