import { type In, type LogisticsBooking, LogisticsStatus, Status } from '@openvisit/contract';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { assertMay, startsFrom } from '../../platform/identity/policy.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Induction } from '../../platform/induction.js';
import { emitEvents } from '../../platform/jobs/eventOutbox.js';
import { subjectWaiting } from '../approvals/approvals.public.js';
import { blacklist, holdForReview } from '../blacklist/blacklist.public.js';
import { toBooking } from './logistics.bookings.js';
import { truckEvent } from './logistics.events.js';
import { bookingActions } from './logistics.policy.js';
import { type BookingInsert, type BookingRow, logisticsRepository } from './logistics.repository.js';
import { logisticsSettingsRepository } from './logistics.settings.repository.js';

/**
 * The booking's life after it is booked: the manager approves or refuses a waiting one; an approved booking for today
 * arrives at the gate (visitdate), may be released for exit once loaded (exitTime), and leaves (leaveTime), which ends
 * it (3, finishTime). Which state each move starts from is logistics.policy.ts; each write names it again, so a
 * second desk acting at once gets 58.
 */

/** A booking photo's place in the store: what a signed link to it names (the original desk app's `photoInfo`, modules/compat). */
export { photoPath } from './logistics.photos.js';

const notAllowed = (why: string) => new AppError(Status.UPDATE_NOT_ALLOWED, why);

function audited(ctx: AuthedContext, row: BookingRow): LogisticsBooking {
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.logNum} ${row.plateNum}`;
  return toBooking(ctx, row);
}

export async function approve(ctx: AuthedContext, input: In<'approveLogistics'>): Promise<LogisticsBooking> {
  const repo = logisticsRepository(ctx.tenant);
  const current = await repo.byId(input.sid);
  if (!current) throw notFound('booking');
  const rule = input.pstatus === LogisticsStatus.APPROVED ? bookingActions.approve : bookingActions.refuse;
  assertMay(rule, current, { why: 'Only a booking waiting for approval can be approved or refused' });
  if (await subjectWaiting(ctx, 'truck', current.id)) throw notAllowed('The booking waits for the approvers its approval policy names');
  const row = await repo.move(
    current.id,
    { pstatus: LogisticsStatus.WAITING },
    {
      pstatus: input.pstatus,
      approver: ctx.session.name,
      approveTime: new Date(),
      approveReason: input.reason,
    },
  );
  if (!row) throw notAllowed('The booking was decided meanwhile');
  return audited(ctx, row);
}

/** The booking a gate move acts on: by id, or today's approved booking of the driver (the kiosk reads the ID card). */
async function gateBooking(scope: TenantScope, input: { sid?: number; dcardId?: string }, want: 'arrive' | 'leave'): Promise<BookingRow> {
  const repo = logisticsRepository(scope);
  if (input.sid !== undefined) {
    const row = await repo.byId(input.sid);
    if (!row) throw notFound('booking');
    return row;
  }
  const rows = await repo.ofDriver((input.dcardId ?? '').toUpperCase(), dayOf(new Date()));
  const row = rows.find((r) => (want === 'arrive' ? !r.visitdate : r.visitdate && !r.leaveTime));
  if (!row) throw notFound('approved booking for this driver today');
  return row;
}

/** Arrival: approved, for today, not yet arrived; else why not (no throw: a barrier's read only tries). */
async function arrival(scope: TenantScope, row: BookingRow, recorded: Pick<BookingInsert, 'memberInfo'> = {}): Promise<BookingRow | string> {
  if (!startsFrom(bookingActions.arrive, row)) {
    if (row.pstatus !== LogisticsStatus.APPROVED) return 'Only an approved booking can arrive';
    return row.appointmentDate !== dayOf(new Date()) ? 'The booking is for another day' : 'The truck has already arrived';
  }
  const moved = await movedWithEvent(
    scope,
    'truck.arrived',
    row.id,
    { pstatus: LogisticsStatus.APPROVED, arrived: false },
    { ...recorded, visitdate: new Date() },
  );
  return moved ?? 'The truck arrived meanwhile';
}

/** Departure: arrived and not yet left; the booking ends. */
async function departure(scope: TenantScope, row: BookingRow, recorded: Pick<BookingInsert, 'remark'> = {}): Promise<BookingRow | string> {
  if (!startsFrom(bookingActions.leave, row)) return 'The truck has not arrived';
  const now = new Date();
  const moved = await movedWithEvent(
    scope,
    'truck.left',
    row.id,
    { pstatus: LogisticsStatus.APPROVED, left: false },
    { ...recorded, leaveTime: now, finishTime: now, pstatus: LogisticsStatus.ENDED },
  );
  return moved ?? 'The truck left meanwhile';
}

/** A gate move and its event (logistics.events.ts) in one transaction; undefined when another desk moved it first. */
function movedWithEvent(
  scope: TenantScope,
  type: 'truck.arrived' | 'truck.left',
  ...[id, from, set]: Parameters<ReturnType<typeof logisticsRepository>['move']>
): Promise<BookingRow | undefined> {
  return inTransaction(scope, async (tx) => {
    const moved = await logisticsRepository(tx).move(id, from, set);
    if (moved) await emitEvents(tx, tx.companyId, [truckEvent(type, moved)]);
    return moved;
  });
}

function moved(result: BookingRow | string): BookingRow {
  if (typeof result === 'string') throw notAllowed(result);
  return result;
}

/** The questionnaire the booking's type names when its driver has not passed it (the type may have been deleted). */
async function inductionOwed(scope: TenantScope, induction: Induction, row: BookingRow): Promise<number | null> {
  const qid = row.logType === null ? null : ((await logisticsSettingsRepository(scope).type(row.logType))?.questionnaireId ?? null);
  if (qid === null) return null;
  return (await induction.pendingOf(scope, qid, { phone: row.dmobile, idNumber: row.dcardId, email: '' })) ? qid : null;
}

export async function arrive(ctx: AuthedContext, input: In<'logisticsArrive'>): Promise<LogisticsBooking> {
  const row = await gateBooking(ctx.tenant, input, 'arrive');
  const qid = row.pstatus === LogisticsStatus.APPROVED && !row.visitdate ? await inductionOwed(ctx.tenant, ctx.services.induction, row) : null;
  if (qid !== null) throw new AppError(Status.EXAM_REQUIRED, 'The driver must pass the safety induction first', { qid, sid: row.id });
  await screenDriver(ctx, row);
  // The companions as they turned up at the gate (checked as when booked), else those booked.
  const recorded = input.memberInfo ? { memberInfo: input.memberInfo } : {};
  return audited(ctx, moved(await arrival(ctx.tenant, row, recorded)));
}

/**
 * The driver screened at the gate (with the company's screening on): a refusing match stops the truck (66), a possible
 * one holds it for a reviewer (1121); allowed, the next arrival goes through; refused, the booking is refused.
 */
async function screenDriver(ctx: AuthedContext, row: BookingRow): Promise<void> {
  const who = { name: row.dname, phone: row.dmobile, idNumber: row.dcardId };
  const screened = await blacklist.screenSubject(ctx, who, { kind: 'truck', id: row.id });
  if (screened.decision === 'refuse') throw new AppError(Status.BLACKLISTED);
  if (screened.decision !== 'review') return;
  await holdForReview(ctx, {
    subject: 'truck',
    subjectId: row.id,
    name: row.dname,
    phone: row.dmobile,
    channel: 'logistics',
    matches: screened.matches,
  });
  throw new AppError(Status.VISITOR_UNAUTHORIZED, 'Please wait: the gate will see the driver in', { held: true, sid: row.id });
}

/** Who takes a booking's induction and which questionnaire (the kiosk draws the driver's paper); undefined: no booking. */
export async function driverOf(
  scope: TenantScope,
  sid: number,
): Promise<{ name: string; phone: string; idNumber: string; qid: number | null } | undefined> {
  const row = await logisticsRepository(scope).byId(sid);
  if (!row) return undefined;
  const type = row.logType === null ? undefined : await logisticsSettingsRepository(scope).type(row.logType);
  return { name: row.dname, phone: row.dmobile, idNumber: row.dcardId, qid: type?.questionnaireId ?? null };
}

export async function leave(ctx: AuthedContext, input: In<'logisticsLeave'>): Promise<LogisticsBooking> {
  const recorded = input.remark === undefined ? {} : { remark: input.remark };
  return audited(ctx, moved(await departure(ctx.tenant, await gateBooking(ctx.tenant, input, 'leave'), recorded)));
}

/** Exit release: arrived, not yet left, not released before. */
export async function release(ctx: AuthedContext, input: In<'logisticsRelease'>): Promise<LogisticsBooking> {
  const repo = logisticsRepository(ctx.tenant);
  const row = await repo.byId(input.sid);
  if (!row) throw notFound('booking');
  assertMay(bookingActions.release, row, { why: row.exitTime ? 'The truck was already released' : 'The truck has not arrived' });
  const moved = await repo.move(row.id, { pstatus: LogisticsStatus.APPROVED, left: false }, { exitTime: new Date() });
  if (!moved) throw notAllowed('The truck left meanwhile');
  return audited(ctx, moved);
}

/**
 * A barrier read a plate (the doors module asks): today's approved booking of that plate arrives on entry, or leaves
 * on exit. Answers the booking (moved false while its driver owes the safety induction), or null when none fits (the
 * barrier then decides as for visits).
 */
export async function matchPlate(
  scope: TenantScope,
  induction: Induction,
  plate: string,
  direction: 1 | 2,
): Promise<{ sid: number; dname: string; moved: boolean } | null> {
  const rows = await logisticsRepository(scope).ofPlate(plate, dayOf(new Date()));
  const row = rows.find((r) => (direction === 1 ? !r.visitdate : r.visitdate && !r.leaveTime));
  if (!row) return null;
  // A driver owing the induction does not arrive by the plate (moved false): the barrier sends them to the kiosk.
  if (direction === 1 && (await inductionOwed(scope, induction, row)) !== null) return { sid: row.id, dname: row.dname, moved: false };
  const result = await (direction === 1 ? arrival(scope, row) : departure(scope, row));
  return typeof result === 'string' ? null : { sid: result.id, dname: result.dname, moved: true };
}
