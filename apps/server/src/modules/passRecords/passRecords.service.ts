import type { Readable } from 'node:stream';
import { type In, type Out, type PassFilters, type PassRecord, Status, type VehicleFilters, type VehicleRecord } from '@openvisit/contract';
import { normalizePlate } from '../../core/entitlements/entitlements.public.js';
import { visibleVisit } from '../../core/visits/visits.public.js';
import { dayStart } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import {
  type PassRecordFilter,
  type PassRecordRow,
  passRecordsRepository,
  type VehicleRecordFilter,
  type VehicleRecordRow,
} from './passRecords.repository.js';

/** Days are whole days of the server's time zone, both ends included. */
function period(f: { date?: string; endDate?: string }) {
  return { from: f.date ? dayStart(f.date) : undefined, until: f.endDate ? dayStart(f.endDate, 1) : undefined };
}

export function passFilterOf(f: PassFilters): PassRecordFilter {
  return {
    ...period(f),
    text: f.name || undefined,
    deviceId: f.eid,
    groupId: f.egid,
    gid: f.gid,
    personType: f.vtype,
    direction: f.direction,
    result: f.openStatus,
    way: f.passWay,
    visitId: f.vid,
  };
}

export function vehicleFilterOf(f: VehicleFilters): VehicleRecordFilter {
  const plate = f.plateNum ? normalizePlate(f.plateNum) : '';
  return { ...period(f), plate: plate || undefined, deviceId: f.eid, direction: f.direction, result: f.openStatus };
}

export function toPassRecord(r: PassRecordRow): PassRecord {
  return {
    id: r.id,
    openDate: r.at.getTime(),
    eid: r.deviceId,
    deviceName: r.deviceName,
    deviceCode: r.deviceCode,
    egid: r.groupId,
    gname: r.groupName,
    gid: r.gid,
    gateName: r.gateName,
    vtype: r.personType,
    vid: r.visitId,
    vname: r.name,
    mobile: r.phone,
    company: r.company,
    direction: r.direction,
    passWay: r.way as PassRecord['passWay'],
    openStatus: r.result,
    code: r.code,
    schedule: r.scheduleName,
    temp: r.temperature,
    photo: r.photo !== '',
  };
}

export function toVehicleRecord(r: VehicleRecordRow): VehicleRecord {
  return {
    id: r.id,
    sTime: r.at.getTime(),
    eid: r.deviceId,
    deviceName: r.deviceName,
    deviceCode: r.deviceCode,
    plateNum: r.plate,
    vehType: r.vehicleType,
    direction: r.direction,
    vid: r.visitId,
    vname: r.name,
    openStatus: r.result,
    code: r.code,
    photo: r.photo !== '',
  };
}

const pageNo = (input: { startIndex: number; requestedCount: number }) => Math.floor(input.startIndex / input.requestedCount) + 1;

export async function passPage(ctx: AuthedContext, input: In<'getOpendoorInfo'>): Promise<Out<'getOpendoorInfo'>> {
  const { rows, count } = await passRecordsRepository(ctx.tenant).passPage(passFilterOf(input), input.startIndex, input.requestedCount);
  return { pageNo: pageNo(input), pageSize: input.requestedCount, count, list: rows.map(toPassRecord) };
}

/** Door passes of resident visitors (person type 3), newest first, for the residents' pass records. */
export function residentPasses(
  ctx: AuthedContext,
  f: { from?: Date; until?: Date; text?: string; residentIds?: number[] },
  offset: number,
  limit: number,
): Promise<{ rows: PassRecordRow[]; count: number }> {
  return passRecordsRepository(ctx.tenant).passPage(
    { from: f.from, until: f.until, text: f.text, personType: 3, personIds: f.residentIds },
    offset,
    limit,
  );
}

export async function vehiclePage(ctx: AuthedContext, input: In<'getVehicleRecord'>): Promise<Out<'getVehicleRecord'>> {
  const { rows, count } = await passRecordsRepository(ctx.tenant).vehiclePage(vehicleFilterOf(input), input.startIndex, input.requestedCount);
  return { pageNo: pageNo(input), pageSize: input.requestedCount, count, list: rows.map(toVehicleRecord) };
}

export async function vehiclesOfVisit(ctx: AuthedContext, input: In<'getVehicleRecordByVid'>): Promise<Out<'getVehicleRecordByVid'>> {
  const v = await visibleVisit(ctx, input.vid);
  const rows = await passRecordsRepository(ctx.tenant).vehiclesOfVisit(v.id);
  return rows.map(toVehicleRecord);
}

/** The visits (of these) whose last pass through a door since `since(visit)` was an exit: they are out, signed in or not. */
export async function wentOut(scope: TenantScope, visits: { id: number; since: Date | null }[]): Promise<Set<number>> {
  const since = new Map(visits.map((v) => [v.id, v.since?.getTime() ?? 0]));
  const last = await passRecordsRepository(scope).lastPasses([...since.keys()]);
  return new Set(
    last.filter((p) => p.visitId !== null && p.direction === 2 && p.at.getTime() >= (since.get(p.visitId) ?? 0)).map((p) => p.visitId as number),
  );
}

/** The snapshot of a record this account sees; 1123 otherwise (or when it has none). */
export async function recordPhoto(ctx: AuthedContext, what: 'pass' | 'vehicle', id: number): Promise<Readable> {
  const repo = passRecordsRepository(ctx.tenant);
  const row = what === 'pass' ? await repo.passById(id) : await repo.vehicleById(id);
  const stream = row?.photo ? await ctx.services.files.stream(row.photo) : undefined;
  if (!stream) throw new AppError(Status.UNKNOWN_RECORD);
  return stream;
}
