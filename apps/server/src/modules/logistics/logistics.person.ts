import type { TenantScope } from '../../platform/identity/tenancy.js';
import { keysOf, type PersonKeys, type PersonRecord } from '../../platform/personData.js';
import { logisticsPersonRepository } from './logistics.person.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export type BookingRecord = PersonRecord & { asDriver: boolean; asSender: boolean };

/** A person's logistics bookings, as the driver or the sender (a privacy request): their side's fields and photos. */
export async function bookingsOfPerson(scope: TenantScope, keys: PersonKeys): Promise<BookingRecord[]> {
  const rows = await logisticsPersonRepository(scope).ofPerson(keys);
  return rows.map(({ row: r, asDriver, asSender }) => ({
    id: r.id,
    at: r.visitdate ?? new Date(`${r.appointmentDate}T00:00:00Z`),
    asDriver,
    asSender,
    fields: {
      logNum: r.logNum,
      appointmentDate: r.appointmentDate,
      carrier: r.carrierName,
      ...(asDriver
        ? {
            driverName: r.dname,
            driverPhone: r.dmobile,
            driverIdNumber: r.dcardId,
            plateNum: r.plateNum,
            companions: r.memberInfo.map((m) => [m.name, m.phone].filter(Boolean).join(' ')).join(', '),
            ...Object.fromEntries(Object.entries(r.driverExtend).map(([k, v]) => [`extend.${k}`, String(v)])),
          }
        : {}),
      ...(asSender ? { senderName: r.sname, senderPhone: r.smobile, senderIdNumber: r.scardId } : {}),
      goods: r.goods,
      visitAt: iso(r.visitdate),
      leaveAt: iso(r.leaveTime),
    },
    files: asDriver ? r.photoInfo.filter((k) => k !== '') : [],
    names: [asDriver ? r.dname : '', asSender ? r.sname : ''].filter((n) => n !== ''),
    keys: keysOf([asDriver ? r.dmobile : '', asSender ? r.smobile : ''], [], [asDriver ? r.dcardId : '', asSender ? r.scardId : '']),
  }));
}

/** Blanks the person's side of these bookings (the booking stays, as a count); the caller removes the photos answered. */
export async function forgetBookings(scope: TenantScope, records: readonly BookingRecord[]): Promise<void> {
  const repo = logisticsPersonRepository(scope);
  await repo.forgetDriver(records.filter((r) => r.asDriver).map((r) => r.id));
  await repo.forgetSender(records.filter((r) => r.asSender).map((r) => r.id));
}
