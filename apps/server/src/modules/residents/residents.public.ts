/** What other modules may use of modules/residents: the only file they import from it. */

export { residentApproval } from './residents.approval.js';
export { eraseResidents, forgetResidentFaces, residentFaceCount, residentFaces, residentsOfPerson } from './residents.person.js';
export { faceCandidateResidents, residentIdNumber, residentsNamed } from './residents.service.js';
export { residentScreening } from './residents.signin.js';
