import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, codeAsTyped, deskCheckIn, rowsOf, todayOnly, visitIdOf, visitList, visits, withBody } from './compat.shared.js';

/** The front desk's batch sign-out sends the visits as a top-level array: of ids, or of rows carrying `vid`. */
function batchOfVids(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return { vids: raw.map((item) => (typeof item === 'object' && item !== null ? (item as { vid?: unknown }).vid : item)) };
}

/** `searchType` of the original's visit lists: 1 on site now, 2 signed out, 3 not yet signed in; else all. */
function bySearchType(raw: unknown): unknown {
  const { searchType, ...body } = asObject(raw);
  switch (Number(searchType)) {
    case 1:
      return { ...body, onSite: true };
    case 2:
      return { ...body, status: 'signedOut' };
    case 3:
      return { ...body, status: 'authorized' };
    default:
      return body;
  }
}

/** Today's lists, a visit's detail, its sign-in and sign-out (frontdesk-app.md §3a–c). */
export const visitDialect: DialectAdapters<DialectContext> = {
  batchSignOut: { request: batchOfVids },
  SearchVisitByCondition: visitList,
  SearchVisitByConditionPage: { request: bySearchType, response: visits },
  SearchRVisitorByCondition: visitList,
  SearchRVisitorByConditionPage: { call: 'SearchRVisitorByCondition', request: bySearchType, response: visits },
  SearchAppointmentByCondition: visitList,
  SearchAppointmentByConditionPage: {
    call: 'SearchAppointmentByCondition',
    request: (raw) => ({ kind: 'appointment', ...asObject(bySearchType(raw)) }),
    response: visits,
  },
  searchInviteByCondition: visitList,
  searchInviteByConditionPage: { call: 'searchInviteByCondition', request: bySearchType, response: visits },
  // Signed in without an access card yet: the desk's "cards to hand out".
  getNotSendCardVisitPage: { call: 'SearchVisitByConditionPage', request: withBody({ onSite: true, noCard: true }), response: visits },
  // The front desk names a visit `v<vid>` (and an invitation or booking, which are visits here too, `a<id>`).
  GetVisitorByVid: { request: visitIdOf, response: visits },
  AppClientSignin: { request: deskCheckIn, response: visits },
  // The desk's check-in of an invitation (appointmentSignin) or a booking (VisitAppointmentSignin) from its list.
  appointmentSignin: { call: 'AppClientSignin', request: deskCheckIn, response: visits },
  VisitAppointmentSignin: { call: 'AppClientSignin', request: deskCheckIn, response: visits },
  VisitorSignOut: { request: codeAsTyped, response: visits },
  VisitorSignOutByVid: { request: visitIdOf, response: visits },
  getTodayAppointmentByPhone: { call: 'SearchAppointmentByCondition', request: todayOnly, response: rowsOf },
  getVisitorAppointmentByName: { call: 'SearchAppointmentByCondition', request: todayOnly, response: rowsOf },
  // Every other call answering visits answers them as the lists do.
  updateVisitInfo: { request: visitIdOf, response: visits },
  updateVisitStatus: { request: visitIdOf, response: visits },
  addAppointment: visitList,
  setCancelStatusForWeb: { request: visitIdOf, response: visits },
  resendInvitation: { request: visitIdOf, response: visits },
};
