/** What other modules may use of modules/invitations: the only file they import from it. */

export { passImage } from './invitations.mails.js';
export type { Invited, InviteInput } from './invitations.service.js';
export { invitedVisit, mailInvitations, planInvitations, storeInvitations, submitForApproval } from './invitations.service.js';
