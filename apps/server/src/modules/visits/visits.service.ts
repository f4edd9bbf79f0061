/**
 * What other modules use of visits: the kernel (records and the state machine), the list's search, the desk's
 * screening, the residents' sign-in and the photo keys of a page of visits (compat's photo links). The calls bind to the flow files (walkin, checkin, search, files) directly.
 */

export { faceCandidateVisits, visitsMovedSince } from '../../core/visits/visits.faceSync.js';
export {
  createVisit,
  hostSnapshot,
  move,
  moveIn,
  moveMany,
  noSuchVisit,
  passVisit,
  photoKeysOf,
  setPermission,
  signOutOverdue,
  toVisit,
  type VisitFilter,
  type VisitInsert,
  type VisitRow,
  visibleVisit,
  visitById,
  visitByInviteToken,
  visitsOf,
} from '../../core/visits/visits.kernel.js';
export { filterOf, onSitePeople, peopleCounting, searchPage, type VisitQuery } from '../../core/visits/visits.search.js';
export { checkInWindow } from '../../core/visits/visits.window.js';
export { screen } from './visits.desk.js';
export { signInAtDoor, signOutAtDoor, visitByCard, visitByCode, visitsByPlate } from './visits.doors.js';
export { type ResidentForVisit, residentOnSiteToday, residentSignIns, residentVisitPage, signInResident } from './visits.residents.js';
