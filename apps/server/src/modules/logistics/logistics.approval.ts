import { LogisticsStatus } from '@openvisit/contract';
import { dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { type SubjectHandler, submitSubjectForApproval } from '../approvals/approvals.public.js';
import type { ScreeningSubjectHandler } from '../blacklist/blacklist.public.js';
import { type BookingRow, logisticsRepository } from './logistics.repository.js';

/**
 * Truck bookings through the company's approval policies (docs/modules/approvals.md): a policy with steps asks its
 * approvers and `approveLogistics` waits for them (58); the default leaves the booking to the desk as before; a policy
 * asking nobody approves it at once.
 */
export async function submitBooking(ctx: AuthedContext, row: BookingRow, submitter: string): Promise<BookingRow> {
  const at = row.loadStart ?? dayStart(row.appointmentDate);
  const mode = await submitSubjectForApproval(ctx, {
    subjectKind: 'truck',
    subjectId: row.id,
    facts: {
      kind: 'truck',
      tid: null,
      gid: null,
      hostId: null,
      start: at.getTime(),
      end: row.loadEnd?.getTime() ?? null,
      companions: row.memberInfo.length,
      idType: 'idCard',
      visitorName: row.dname,
      fields: { ...row.logExtend, ...row.driverExtend, ...row.vehicleExtend, ...row.goodsExtend },
    },
    summary: {
      name: `${row.dname} ${row.plateNum}`,
      phone: row.dmobile,
      company: row.carrierName,
      host: '',
      at: at.getTime(),
      reason: row.goods || row.logTypeName,
      gate: '',
    },
    submitter,
  });
  if (mode !== 'none') return row;
  const moved = await logisticsRepository(ctx.tenant).move(
    row.id,
    { pstatus: LogisticsStatus.WAITING },
    { pstatus: LogisticsStatus.APPROVED, approver: 'policy', approveTime: new Date() },
  );
  return moved ?? row;
}

/** A policy's outcome on a booking: approved or refused by whoever completed it, with their reason. */
export const truckApproval: SubjectHandler = {
  async apply(ctx, id, outcome, by) {
    await logisticsRepository(ctx.tenant).move(
      id,
      { pstatus: LogisticsStatus.WAITING },
      {
        pstatus: outcome === 'approved' ? LogisticsStatus.APPROVED : LogisticsStatus.REFUSED,
        approver: by.name,
        approveTime: new Date(),
        approveReason: by.remark,
      },
    );
  },
  async closed(ctx, id) {
    return (await logisticsRepository(ctx.tenant).byId(id))?.pstatus !== LogisticsStatus.WAITING;
  },
};

/**
 * A screening reviewer's decision on a driver held at the gate (registered in app.ts): allowed, nothing moves (the next
 * arrival goes through); refused, the approved booking is refused, the reviewer's reason kept.
 */
export const truckScreening: ScreeningSubjectHandler = {
  async allowed() {},
  async refused(ctx, review) {
    await logisticsRepository(ctx.tenant).move(
      review.subjectId,
      { pstatus: LogisticsStatus.APPROVED },
      { pstatus: LogisticsStatus.REFUSED, approver: review.decidedBy, approveTime: new Date(), approveReason: review.remark },
    );
  },
};
