/** What other features use of invitations: the invitee rows (meetings invite with the same fields). */
export { InviteeFields, type InviteeRow, inviteesOf } from './components/InviteeFields';
export { namePath, refusedVisitors } from './rules';
