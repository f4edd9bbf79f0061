/** What other modules may use of modules/logistics: the only file they import from it. */

export { truckApproval, truckScreening } from './logistics.approval.js';
export { bookingPeople } from './logistics.bookings.js';
export { exportBookings } from './logistics.export.js';
export * as logistics from './logistics.gate.js';
export { type BookingRecord, bookingsOfPerson, forgetBookings } from './logistics.person.js';
export { listTypes as logisticsTypes } from './logistics.settings.js';
