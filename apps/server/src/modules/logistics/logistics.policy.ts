import * as c from '@openvisit/contract';
import { dayOf } from '../../platform/formats/days.js';
import type { Policy } from '../../platform/identity/policy.js';
import type { BookingRow } from './logistics.repository.js';

const { WAITING, APPROVED } = c.LogisticsStatus;

type Booking = Pick<BookingRow, 'pstatus' | 'appointmentDate' | 'visitdate' | 'exitTime' | 'leaveTime'>;

const waiting = (b: Booking) => b.pstatus === WAITING;
/** On site: approved, arrived, not yet gone (leaving ends the booking). */
const onSite = (b: Booking) => b.pstatus === APPROVED && b.visitdate !== null && b.leaveTime === null;

/**
 * What may be done to a booking: who may is each call's access; from which state is spread over its status and its
 * gate times, so each rule is a predicate over the row. An approved booking arrives on its day (the server's), once;
 * an arrived truck may be released for exit once, and leaves.
 */
export const bookingActions = {
  edit: { call: c.updateLogisticsInfo, when: waiting },
  approve: { call: c.approveLogistics, when: waiting },
  refuse: { call: c.approveLogistics, when: waiting },
  arrive: {
    call: c.logisticsArrive,
    when: (b) => b.pstatus === APPROVED && b.appointmentDate === dayOf(new Date()) && b.visitdate === null,
  },
  release: { call: c.logisticsRelease, when: (b) => onSite(b) && b.exitTime === null },
  leave: { call: c.logisticsLeave, when: onSite },
} as const satisfies Policy<Booking>;
