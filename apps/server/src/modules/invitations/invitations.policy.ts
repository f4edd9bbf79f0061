import * as c from '@openvisit/contract';
import type { Policy } from '../../platform/identity/policy.js';

/** An invitation as the policy reads it: a visit's status and kind (a booking is not the inviter's to resend or call off). */
export interface InvitationState {
  readonly status: string;
  readonly kind: string;
}

/** A visit that took place: it cannot be sent again (invite afresh for another visit). */
const CAME: readonly string[] = ['signedIn', 'signedOut'];

/**
 * What the inviter may do to an invitation: who may is each call's access; whose is the scope's visibility (an
 * employee their own, a sub-company its employees'), which the list and the services apply before this.
 */
export const invitationActions = {
  resend: { call: c.resendInvitation, when: (v) => v.kind === 'invite' && !CAME.includes(v.status) },
  cancel: { call: c.cancelInvite, from: c.VISIT_MOVES.cancel.from, when: (v) => v.kind === 'invite' },
} as const satisfies Policy<InvitationState>;
