import {
  checkPersonId,
  checkPlateIn,
  extendValueErrors,
  type FieldError,
  type In,
  LOGISTICS_FIELD_GROUPS,
  type LogisticsBooking,
  LogisticsStatus,
  LogModule,
  logDesc,
  maskIdNumber,
  type Out,
  Role,
  Status,
} from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import type { FileStore } from '../../platform/files/files.js';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { keptIdNumber, logWholeRead, wholeShown } from '../../platform/identity/idNumbers.js';
import { abilitiesOf, assertMay } from '../../platform/identity/policy.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { submitBooking } from './logistics.approval.js';
import { companyPhotos, dropPhotos } from './logistics.photos.js';
import { bookingActions } from './logistics.policy.js';
import { type BookingFilter, type BookingInsert, type BookingRow, logisticsRepository } from './logistics.repository.js';
import { logisticsSettingsRepository, type TypeRow } from './logistics.settings.repository.js';

const time = (d: Date | null) => (d ? d.getTime() : null);

export function toBooking(ctx: AuthedContext, r: BookingRow): LogisticsBooking {
  return {
    sid: r.id,
    logNum: r.logNum,
    logType: r.logType,
    logTypeName: r.logTypeName,
    companyId: r.carrierId,
    company: r.carrierName,
    companyPhone: r.carrierPhone,
    sname: r.sname,
    smobile: r.smobile,
    scardId: maskIdNumber(r.scardId),
    dname: r.dname,
    dmobile: r.dmobile,
    dcardId: maskIdNumber(r.dcardId),
    plateNum: r.plateNum,
    goods: r.goods,
    loadStart: time(r.loadStart),
    loadEnd: time(r.loadEnd),
    appointmentDate: r.appointmentDate,
    memberInfo: r.memberInfo,
    photoInfo: r.photoInfo,
    driverExtend: r.driverExtend,
    vehicleExtend: r.vehicleExtend,
    goodsExtend: r.goodsExtend,
    logExtend: r.logExtend,
    remark: r.remark,
    pstatus: r.pstatus,
    approver: r.approver,
    approveTime: time(r.approveTime),
    approveReason: r.approveReason,
    visitdate: time(r.visitdate),
    exitTime: time(r.exitTime),
    leaveTime: time(r.leaveTime),
    finishTime: time(r.finishTime),
    source: r.source,
    creator: r.creator,
    createTime: r.createdAt.getTime(),
    can: abilitiesOf(bookingActions, ctx, r),
  };
}

type BookingFields = Omit<In<'addLogisticsInfo'>, 'userid'>;

/** The type's shown fields, group by group, against the values given: a hidden field takes no value. */
function extendErrors(type: TypeRow, v: Pick<BookingFields, (typeof LOGISTICS_FIELD_GROUPS)[number]>): FieldError[] {
  return LOGISTICS_FIELD_GROUPS.flatMap((g) =>
    extendValueErrors(
      type.fields[g].filter((f) => f.shown),
      v[g],
      g,
    ),
  );
}

/** The ID numbers and the plate by the company's country (the contract checked only the shape every country's take). */
function countryErrors(country: string, v: Pick<BookingFields, 'dcardId' | 'scardId' | 'plateNum'>): FieldError[] {
  const errors: FieldError[] = [];
  const driver = checkPersonId(country, v.dcardId);
  if (driver) errors.push({ field: 'dcardId', rule: driver });
  const sender = v.scardId ? checkPersonId(country, v.scardId) : null;
  if (sender) errors.push({ field: 'scardId', rule: sender });
  const plate = checkPlateIn(country, v.plateNum);
  if (plate) errors.push({ field: 'plateNum', rule: plate });
  return errors;
}

/**
 * Every rule a booking must meet beyond its shape, checked before anything is written: the type and the carrier are
 * this company's (602), ID numbers and plate follow the company's country, the date is not past, the type's fields are
 * filled as it says, the photos are the company's uploads (602). Answers the row's values.
 */
async function checked(files: FileStore, scope: TenantScope, v: BookingFields, dateChanged: boolean): Promise<BookingInsert> {
  const settings = logisticsSettingsRepository(scope);
  const type = await settings.type(v.logType);
  if (!type) throw notFound('logistics type');
  const carrier = v.companyId ? await settings.carrier(v.companyId) : null;
  if (v.companyId && !carrier) throw notFound('carrier');
  const errors = countryErrors((await settingsIn(scope)).country, v);
  if (dateChanged && v.appointmentDate < dayOf(new Date())) errors.push({ field: 'appointmentDate', rule: 'past' });
  errors.push(...extendErrors(type, v));
  if (errors.length) throw badParams(errors);
  const photoInfo = await companyPhotos(files, scope.companyId, v.photoInfo);
  const { logType, companyId, companyPhone, loadStart, loadEnd, ...rest } = v;
  return {
    ...rest,
    photoInfo,
    scardId: v.scardId.toUpperCase(),
    dcardId: v.dcardId.toUpperCase(),
    logType,
    logTypeName: type.name,
    carrierId: carrier?.id ?? null,
    carrierName: carrier?.name ?? '',
    carrierPhone: companyPhone || carrier?.phone || '',
    loadStart: loadStart === null ? null : new Date(loadStart),
    loadEnd: loadEnd === null ? null : new Date(loadEnd),
  };
}

/** Stores a booking, waiting for approval, with its number: L + the day + the id. */
export async function createBooking(
  files: FileStore,
  scope: TenantScope,
  v: BookingFields,
  by: { creator: string; source: 'console' | 'link' },
): Promise<BookingRow> {
  const values = await checked(files, scope, v, true);
  return inTransaction(scope, async (tx) => {
    const repo = logisticsRepository(tx);
    const row = await repo.insert({ ...values, ...by, pstatus: LogisticsStatus.WAITING });
    const logNum = `L${dayOf(new Date()).replaceAll('-', '')}${String(row.id).padStart(6, '0')}`;
    return (await repo.update(row.id, { logNum })) ?? row;
  });
}

export async function addBooking(ctx: AuthedContext, input: In<'addLogisticsInfo'>): Promise<LogisticsBooking> {
  const { userid: _, ...fields } = input;
  const created = await createBooking(ctx.services.files, ctx.tenant, fields, { creator: ctx.session.name, source: 'console' });
  const row = await submitBooking(ctx, created, ctx.session.name);
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.logNum} ${row.plateNum}`;
  return toBooking(ctx, row);
}

/** Only a waiting booking changes; the result is checked as a whole, as when booked. */
export async function updateBooking(ctx: AuthedContext, input: In<'updateLogisticsInfo'>): Promise<LogisticsBooking> {
  const repo = logisticsRepository(ctx.tenant);
  const current = await repo.byId(input.sid);
  if (!current) throw notFound('booking');
  assertMay(bookingActions.edit, current, { why: 'Only a booking waiting for approval can be changed' });
  const given = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && k !== 'userid' && k !== 'sid'));
  const { can: _, ...shown } = toBooking(ctx, current);
  const ids = {
    scardId: keptIdNumber(current.scardId, input.scardId ?? current.scardId, 'scardId'),
    dcardId: keptIdNumber(current.dcardId, input.dcardId ?? current.dcardId, 'dcardId'),
  };
  const merged = { ...shown, logType: current.logType ?? 0, ...given, ...ids } as unknown as BookingFields;
  const values = await checked(ctx.services.files, ctx.tenant, merged, input.appointmentDate !== undefined);
  const row = await repo.move(current.id, { pstatus: LogisticsStatus.WAITING }, values);
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The booking was decided meanwhile');
  await dropPhotos(ctx.services.files, ctx.tenant.companyId, current.photoInfo, row.photoInfo);
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.logNum} ${row.plateNum}`;
  return toBooking(ctx, row);
}

/** The desk and the kiosk see only today's approved and ended bookings (what they act on), when the days asked include today. */
const GATE_ROLES: readonly number[] = [Role.GATE, Role.MACHINE];

export function filterFor(ctx: AuthedContext, input: Omit<In<'getLogisticsInfo'>, 'startIndex' | 'requestedCount' | 'idNumbers'>): BookingFilter {
  const { psList, startDate, endDate, sname, logType, cardid, mobile, plateNum, companyId } = input;
  const filter = { psList, startDate, endDate, sname, logType, cardid, mobile, plateNum, companyId };
  if (!GATE_ROLES.includes(ctx.session.role)) return filter;
  const today = dayOf(new Date());
  const allowed = [LogisticsStatus.APPROVED, LogisticsStatus.ENDED] as number[];
  // Today within the days asked, else nothing (a day that ends before it starts): never another day's trucks.
  return {
    ...filter,
    startDate: startDate && startDate > today ? startDate : today,
    endDate: endDate && endDate < today ? endDate : today,
    psList: psList?.length ? psList.filter((s) => allowed.includes(s)).concat(-1) : allowed,
  };
}

export async function listBookings(ctx: AuthedContext, input: In<'getLogisticsInfo'>): Promise<Out<'getLogisticsInfo'>> {
  const { rows, count } = await logisticsRepository(ctx.tenant).page(filterFor(ctx, input), input.startIndex, input.requestedCount);
  const whole = wholeShown(ctx, input.idNumbers);
  if (whole) {
    const read = rows.filter((r) => r.dcardId || r.scardId);
    await logWholeRead(
      ctx,
      LogModule.LOGISTICS,
      read.map((r) => ({ objId: r.id, objName: r.dname, desc: logDesc('idNumbersOfBooking') })),
    );
  }
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count,
    list: rows.map((r) => ({ ...toBooking(ctx, r), ...(whole && { scardId: r.scardId, dcardId: r.dcardId }) })),
  };
}

/**
 * A booking's driver and sender with their whole ID numbers (revealIdNumber), when the caller's list would show the
 * booking: the desk only today's approved and ended ones (filterFor).
 */
export async function bookingPeople(ctx: AuthedContext, sid: number) {
  const r = await logisticsRepository(ctx.tenant).byId(sid);
  const f = filterFor(ctx, {});
  const shown =
    r &&
    (!f.startDate || r.appointmentDate >= f.startDate) &&
    (!f.endDate || r.appointmentDate <= f.endDate) &&
    (!f.psList || f.psList.includes(r.pstatus));
  if (!shown) return undefined;
  return { driver: { name: r.dname, idNumber: r.dcardId }, sender: { name: r.sname, idNumber: r.scardId } };
}
