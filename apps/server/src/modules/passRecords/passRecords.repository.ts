import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { passRecords, vehicleRecords } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { visibleRows } from '../../platform/identity/visibility.js';

export type PassRecordRow = typeof passRecords.$inferSelect;
export type VehicleRecordRow = typeof vehicleRecords.$inferSelect;

export interface PassRecordFilter {
  from?: Date;
  until?: Date;
  text?: string;
  deviceId?: number;
  groupId?: number;
  gid?: number;
  personType?: number;
  direction?: number;
  result?: number;
  way?: string;
  visitId?: number;
  /** Records of these people (with `personType`). */
  personIds?: number[];
}

export interface VehicleRecordFilter {
  from?: Date;
  until?: Date;
  plate?: string;
  deviceId?: number;
  direction?: number;
  result?: number;
}

function passWhere(scope: TenantScope, f: PassRecordFilter): SQL | undefined {
  const p = passRecords;
  const c: (SQL | undefined)[] = [eq(p.companyId, scope.companyId)];
  c.push(visibleRows(scope, { gate: p.gid }));
  if (f.from) c.push(gte(p.at, f.from));
  if (f.until) c.push(lt(p.at, f.until));
  if (f.text) c.push(or(ilike(p.name, containsPattern(f.text)), ilike(p.phone, containsPattern(f.text))));
  if (f.deviceId !== undefined) c.push(eq(p.deviceId, f.deviceId));
  if (f.groupId !== undefined) c.push(eq(p.groupId, f.groupId));
  if (f.gid !== undefined) c.push(eq(p.gid, f.gid));
  if (f.personType !== undefined) c.push(eq(p.personType, f.personType));
  if (f.direction !== undefined) c.push(eq(p.direction, f.direction));
  if (f.result !== undefined) c.push(eq(p.result, f.result));
  if (f.way) c.push(eq(p.way, f.way));
  if (f.visitId !== undefined) c.push(eq(p.visitId, f.visitId));
  if (f.personIds) c.push(inArray(p.personId, f.personIds.length ? f.personIds : [0]));
  return and(...c);
}

function vehicleWhere(scope: TenantScope, f: VehicleRecordFilter): SQL | undefined {
  const v = vehicleRecords;
  const c: SQL[] = [eq(v.companyId, scope.companyId)];
  if (f.from) c.push(gte(v.at, f.from));
  if (f.until) c.push(lt(v.at, f.until));
  if (f.plate) c.push(ilike(v.plate, containsPattern(f.plate)));
  if (f.deviceId !== undefined) c.push(eq(v.deviceId, f.deviceId));
  if (f.direction !== undefined) c.push(eq(v.direction, f.direction));
  if (f.result !== undefined) c.push(eq(v.result, f.result));
  return and(...c);
}

/** Reading the records: pages, export batches, one record. */
function readQueries(scope: TenantScope) {
  const db = dbOf(scope);
  const newest = [desc(passRecords.at), desc(passRecords.id)];
  const newestVehicles = [desc(vehicleRecords.at), desc(vehicleRecords.id)];
  return {
    async passPage(f: PassRecordFilter, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(passRecords)
          .where(passWhere(scope, f))
          .orderBy(...newest)
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(passRecords).where(passWhere(scope, f)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** For the export: the next batch after the (at, id) of the last row sent, newest first. */
    passBatchBefore(f: PassRecordFilter, before: { at: Date; id: number } | null, limit: number) {
      const after = before ? sql`(${passRecords.at}, ${passRecords.id}) < (${before.at}, ${before.id})` : undefined;
      return db
        .select()
        .from(passRecords)
        .where(and(passWhere(scope, f), after))
        .orderBy(...newest)
        .limit(limit);
    },
    async vehiclePage(f: VehicleRecordFilter, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(vehicleRecords)
          .where(vehicleWhere(scope, f))
          .orderBy(...newestVehicles)
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(vehicleRecords).where(vehicleWhere(scope, f)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    vehicleBatchBefore(f: VehicleRecordFilter, before: { at: Date; id: number } | null, limit: number) {
      const after = before ? sql`(${vehicleRecords.at}, ${vehicleRecords.id}) < (${before.at}, ${before.id})` : undefined;
      return db
        .select()
        .from(vehicleRecords)
        .where(and(vehicleWhere(scope, f), after))
        .orderBy(...newestVehicles)
        .limit(limit);
    },
    /** One pass record, as the lists would show it to this scope (a desk: its gates'). */
    passById: (id: number) =>
      db
        .select()
        .from(passRecords)
        .where(and(passWhere(scope, {}), eq(passRecords.id, id)))
        .then((r) => r[0]),
    vehicleById: (id: number) =>
      db
        .select()
        .from(vehicleRecords)
        .where(and(vehicleWhere(scope, {}), eq(vehicleRecords.id, id)))
        .then((r) => r[0]),
    /** Each visit's last successful pass through a door: which way it went, and when (the on-site board). */
    lastPasses(visitIds: number[]) {
      if (!visitIds.length) return Promise.resolve([]);
      return db
        .selectDistinctOn([passRecords.visitId], { visitId: passRecords.visitId, direction: passRecords.direction, at: passRecords.at })
        .from(passRecords)
        .where(and(eq(passRecords.companyId, scope.companyId), inArray(passRecords.visitId, visitIds), eq(passRecords.result, 1)))
        .orderBy(passRecords.visitId, desc(passRecords.at), desc(passRecords.id));
    },
    vehiclesOfVisit(visitId: number) {
      return db
        .select()
        .from(vehicleRecords)
        .where(and(eq(vehicleRecords.companyId, scope.companyId), eq(vehicleRecords.visitId, visitId)))
        .orderBy(asc(vehicleRecords.at), asc(vehicleRecords.id));
    },
  };
}

/**
 * Pass and vehicle records of one company, newest first. A front desk tied to gates sees only its gates' door passes
 * (a pass at a device of no gate is nobody's gate: the head office sees it).
 */
export const passRecordsRepository = scoped(function passRecordsRepository(scope: TenantScope) {
  return readQueries(scope);
});
