import type { TruckEventData } from '@openvisit/contract';
import type { OutgoingEvent } from '../../platform/jobs/eventOutbox.js';
import type { BookingRow } from './logistics.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `truck.arrived` or `truck.left` (packages/contract/src/events.site.ts) of a booking as the gate move left it. */
export function truckEvent(type: 'truck.arrived' | 'truck.left', r: BookingRow): OutgoingEvent {
  const data: TruckEventData = {
    bookingId: r.id,
    logNum: r.logNum,
    plate: r.plateNum,
    type: r.logTypeName,
    carrier: r.carrierName,
    supplier: r.sname,
    driver: { name: r.dname, phone: r.dmobile },
    goods: r.goods,
    appointmentDate: r.appointmentDate,
    arrivedAt: iso(r.visitdate),
    releasedAt: iso(r.exitTime),
    leftAt: iso(r.leaveTime),
  };
  return { type, data };
}
