/** What other modules may use of modules/blacklist: the only file they import from it. */

export { exportList } from './blacklist.export.js';
export { eraseListed, type ListedRecord, listedOfPerson } from './blacklist.person.js';
export {
  forgetReviews,
  type Hold,
  holdForReview,
  registerScreeningSubject,
  reviewAllowed,
  reviewWaiting,
  type ScreeningSubjectHandler,
  withdrawPassedReviews,
  withdrawReviews,
} from './blacklist.reviews.js';
export type { ReviewRow } from './blacklist.reviews.repository.js';
export { keyUnkeyed, type Screened } from './blacklist.screening.js';
export * as blacklist from './blacklist.service.js';
export { blacklistMatcher, hashListedNumbers } from './blacklist.service.js';
