/** What other modules may use of modules/visits: the only file they import from it. */
export { holdVisit, screen, screenAll, screenTogether } from './visits.desk.js';
export { exportVisits } from './visits.export.js';
export { residentSignIns, residentVisitPage, signInResident } from './visits.residents.js';
export { visitScreening } from './visits.screening.js';
