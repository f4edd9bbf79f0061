/** What other modules may use of core/visits: the only file they import from it. */

export {
  acceptancesOf,
  acceptedTerms,
  agreementUse,
  faceConsentColumns,
  faceConsented,
  type ProtocolAsked,
  privacyNoticeColumns,
  privacyNoticeOf,
  protocolCarried,
  protocolColumns,
  protocolOf,
  protocolsAccepted,
  visitFaceCounts,
  withdrawFaceConsents,
} from './visits.consent.js';
export { residentOnSiteToday, visitByCard, visitByCode, visitsByPlate } from './visits.doors.js';
export { faceCandidateVisits, visitsMovedSince } from './visits.faceSync.js';
export type { VisitInsert, VisitRow } from './visits.kernel.js';
export {
  createVisit,
  hostSnapshot,
  move,
  moveIn,
  moveMany,
  needsApprovalAgain,
  noSuchVisit,
  passVisit,
  photoKeysOf,
  setPermission,
  setVisitCard,
  signOutOverdue,
  toVisit,
  visibleVisit,
  visitById,
  visitByInviteToken,
  visitsOf,
  withPass,
} from './visits.kernel.js';
export { meetingWindow, timesOf } from './visits.meetingWindow.js';
export { visitsRepository } from './visits.repository.js';
export { blankVisits, visitsDueForRetention, visitsOfPerson } from './visits.retention.js';
export type { VisitQuery } from './visits.search.js';
export * as search from './visits.search.js';
export { filterOf, onSitePeople, peopleCounting, searchPage } from './visits.search.js';
export { inviteTime, leaveAtFrom } from './visits.time.js';
export { checkInWindow } from './visits.window.js';
