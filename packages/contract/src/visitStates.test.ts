import { describe, expect, it } from 'vitest';
import { type VisitorStatus, visitorStatusLabels } from './lookups.js';
import { allowedEvents, FINAL_STATUSES, initialStatus, nextStatus, VISIT_EVENTS, VISIT_KINDS } from './visitStates.js';

const STATUSES = Object.keys(visitorStatusLabels) as VisitorStatus[];

/** The life cycle written out by hand, status by status: what each event does, '-' when refused. */
const TABLE: Record<VisitorStatus, Partial<Record<(typeof VISIT_EVENTS)[number], VisitorStatus>>> = {
  sent: {
    view: 'viewed',
    accept: 'accepted',
    decline: 'refused',
    await: 'unauthorized',
    reject: 'refused',
    checkIn: 'signedIn',
    expire: 'expired',
    cancel: 'ended',
  },
  viewed: {
    accept: 'accepted',
    decline: 'refused',
    await: 'unauthorized',
    reject: 'refused',
    checkIn: 'signedIn',
    expire: 'expired',
    cancel: 'ended',
  },
  accepted: { await: 'unauthorized', reject: 'refused', checkIn: 'signedIn', expire: 'expired', cancel: 'ended' },
  reserved: { await: 'unauthorized', reject: 'refused', checkIn: 'signedIn', expire: 'expired', cancel: 'ended' },
  unauthorized: { approve: 'authorized', reject: 'refused', expire: 'expired', cancel: 'ended' },
  authorized: { checkIn: 'signedIn', expire: 'expired', cancel: 'ended' },
  signedIn: { signOut: 'signedOut' },
  signedOut: {},
  refused: {},
  expired: {},
  ended: {},
};

describe('visit state machine', () => {
  it('every status answers every event exactly as the table says', () => {
    for (const from of STATUSES)
      for (const event of VISIT_EVENTS) expect(nextStatus(from, event), `${from} --${event}-->`).toBe(TABLE[from][event] ?? null);
  });

  it('final statuses allow nothing; every other status can still end or move on', () => {
    for (const s of STATUSES) expect(allowedEvents(s).length === 0, s).toBe(FINAL_STATUSES.includes(s));
  });

  it('where each kind starts', () => {
    expect(VISIT_KINDS.map((k) => initialStatus(k, { approval: false }))).toEqual(['signedIn', 'sent', 'reserved', 'authorized']);
    expect(VISIT_KINDS.map((k) => initialStatus(k, { approval: true }))).toEqual(['unauthorized', 'sent', 'unauthorized', 'authorized']);
  });

  it('a signed-in visit is reached only by check-in and left only by sign-out', () => {
    for (const s of STATUSES)
      for (const e of VISIT_EVENTS) {
        if (nextStatus(s, e) === 'signedIn') expect(e).toBe('checkIn');
        if (s === 'signedIn' && nextStatus(s, e)) expect(e).toBe('signOut');
      }
  });
});
