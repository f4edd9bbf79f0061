import type { VisitorStatus } from './lookups.js';

/**
 * The visit life cycle (spec section 4) as an explicit state machine, shared by the server (which applies a move
 * only from one of its `from` statuses, in one conditional UPDATE) and the console (which offers only the moves
 * a record allows). One table holds every kind of visit; a kind only decides where a record starts.
 *
 *   walk-in ─────────────────────────────────────────────┐ (registration at the kiosk or desk is the check-in)
 *   invitation:  sent ─view→ viewed ─accept→ accepted ────┤
 *                  └───────decline─────────→ refused      │
 *   booking:     reserved ────────────────────────────────┤
 *   approval:    (sent|viewed|accepted|reserved) ─await→ unauthorized ─approve→ authorized ─┤
 *                          unauthorized|reserved|sent|viewed|accepted ─reject→ refused (an approver refuses)
 *                                                                                           ▼
 *                                                        checkIn → signedIn ─signOut→ signedOut
 *   before check-in: ─expire→ expired (its window passed), ─cancel→ ended (called off; re-send to invite again)
 *
 * signedOut, refused, expired and ended are final.
 */

export const VISIT_KINDS = ['walkin', 'invite', 'appointment', 'resident'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** The original's `signinType`: 1 invitation, 2 appointment, 3 resident; walk-ins 0. */
export const SIGNIN_TYPE: Readonly<Record<VisitKind, number>> = { walkin: 0, invite: 1, appointment: 2, resident: 3 };

const BEFORE_CHECK_IN = ['sent', 'viewed', 'accepted', 'reserved', 'authorized', 'unauthorized'] as const satisfies readonly VisitorStatus[];

export const VISIT_MOVES = {
  view: { from: ['sent'], to: 'viewed' },
  accept: { from: ['sent', 'viewed'], to: 'accepted' },
  decline: { from: ['sent', 'viewed'], to: 'refused' },
  await: { from: ['sent', 'viewed', 'accepted', 'reserved'], to: 'unauthorized' },
  approve: { from: ['unauthorized'], to: 'authorized' },
  reject: { from: ['unauthorized', 'reserved', 'sent', 'viewed', 'accepted'], to: 'refused' },
  checkIn: { from: ['sent', 'viewed', 'accepted', 'reserved', 'authorized'], to: 'signedIn' },
  signOut: { from: ['signedIn'], to: 'signedOut' },
  expire: { from: BEFORE_CHECK_IN, to: 'expired' },
  cancel: { from: BEFORE_CHECK_IN, to: 'ended' },
} as const satisfies Record<string, { from: readonly VisitorStatus[]; to: VisitorStatus }>;

export type VisitEvent = keyof typeof VISIT_MOVES;
export const VISIT_EVENTS = Object.keys(VISIT_MOVES) as VisitEvent[];

/** Where a new record starts: a walk-in is signed in at once, unless the company approves visits first. */
export function initialStatus(kind: VisitKind, opts: { approval: boolean }): VisitorStatus {
  if (kind === 'walkin') return opts.approval ? 'unauthorized' : 'signedIn';
  if (kind === 'invite') return 'sent';
  if (kind === 'appointment') return opts.approval ? 'unauthorized' : 'reserved';
  return 'authorized';
}

/** The status after `event`, or null when the record's status does not allow it. */
export function nextStatus(from: VisitorStatus, event: VisitEvent): VisitorStatus | null {
  const move = VISIT_MOVES[event];
  return (move.from as readonly VisitorStatus[]).includes(from) ? move.to : null;
}

/** The moves a record in this status allows, for the console's actions. */
export function allowedEvents(from: VisitorStatus): VisitEvent[] {
  return VISIT_EVENTS.filter((e) => nextStatus(from, e) !== null);
}

export const FINAL_STATUSES: readonly VisitorStatus[] = ['signedOut', 'refused', 'expired', 'ended'];
