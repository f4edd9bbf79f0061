/** What other modules may use of modules/approvals: the only file they import from it. */
export { roleInUse } from './approvals.areas.js';
export { isWaiting, needsApproval, reapprove, subjectsWaiting, subjectWaiting, submit, submitSubjectForApproval } from './approvals.flow.js';
export { cardState, decideByCard } from './approvals.links.js';
export { onApprovalSettled } from './approvals.notices.js';
export { registerApprovalSubject, type SubjectHandler } from './approvals.subjects.js';
