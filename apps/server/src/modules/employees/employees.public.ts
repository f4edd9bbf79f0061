/** What other modules may use of modules/employees: the only file they import from it. */
export { exportEmployees } from './employees.export.js';
