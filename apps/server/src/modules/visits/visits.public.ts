/** What other modules may use of modules/visits: the only file they import from it. */
export { screen } from './visits.desk.js';
export { signInAtDoor, signOutAtDoor, visitByCard, visitByCode, visitsByPlate } from './visits.doors.js';
export { exportVisits } from './visits.export.js';
export { residentOnSiteToday, residentSignIns, residentVisitPage, signInResident } from './visits.residents.js';
