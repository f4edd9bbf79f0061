/** What other modules may use of modules/reports: the only file they import from it. */
export * as reports from './reports.service.js';
