/** What other modules may use of modules/residents: the only file they import from it. */
export { faceCandidateResidents, residentsNamed } from './residents.service.js';
