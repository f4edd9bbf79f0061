import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { logisticsBookings, logisticsUploads } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type BookingRow = typeof logisticsBookings.$inferSelect;
export type BookingInsert = Omit<typeof logisticsBookings.$inferInsert, 'companyId' | 'id'>;

/** The list's and the export's filters (reference 3.5), already resolved by the service. */
export interface BookingFilter {
  psList?: number[];
  startDate?: string;
  endDate?: string;
  sname?: string;
  logType?: number;
  cardid?: string;
  mobile?: string;
  plateNum?: string;
  companyId?: number;
}

const b = logisticsBookings;

function conditions(companyId: number, f: BookingFilter): SQL[] {
  const c: SQL[] = [eq(b.companyId, companyId)];
  if (f.psList?.length) c.push(inArray(b.pstatus, f.psList));
  if (f.startDate) c.push(gte(b.appointmentDate, f.startDate));
  if (f.endDate) c.push(lte(b.appointmentDate, f.endDate));
  if (f.logType) c.push(eq(b.logType, f.logType));
  if (f.companyId) c.push(eq(b.carrierId, f.companyId));
  const either = (x: SQL | undefined) => x && c.push(x);
  if (f.sname) either(or(ilike(b.sname, containsPattern(f.sname)), ilike(b.dname, containsPattern(f.sname))));
  if (f.cardid) either(or(eq(b.scardId, f.cardid.toUpperCase()), eq(b.dcardId, f.cardid.toUpperCase())));
  if (f.mobile) either(or(ilike(b.smobile, containsPattern(f.mobile)), ilike(b.dmobile, containsPattern(f.mobile))));
  if (f.plateNum) c.push(ilike(b.plateNum, containsPattern(f.plateNum)));
  return c;
}

/** One company's truck bookings. */
export const logisticsRepository = scoped(function logisticsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = (id: number) => and(eq(b.companyId, scope.companyId), eq(b.id, id));
  return {
    async page(f: BookingFilter, offset: number, limit: number) {
      const where = and(...conditions(scope.companyId, f));
      const [rows, total] = await Promise.all([
        db.select().from(b).where(where).orderBy(desc(b.appointmentDate), desc(b.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(b).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /** Keyset-paged read for the export: the next `limit` matching bookings below id `before` (0: from the newest). */
    batchBefore: (f: BookingFilter, before: number, limit: number) =>
      db
        .select()
        .from(b)
        .where(and(...conditions(scope.companyId, f), ...(before > 0 ? [lt(b.id, before)] : [])))
        .orderBy(desc(b.id))
        .limit(limit),
    byId: (id: number) =>
      db
        .select()
        .from(b)
        .where(mine(id))
        .limit(1)
        .then((r): BookingRow | undefined => r[0]),
    /** Today's approved or arrived bookings of a driver (the kiosk's ID-card path), oldest first. */
    ofDriver: (dcardId: string, day: string) =>
      db
        .select()
        .from(b)
        .where(and(eq(b.companyId, scope.companyId), eq(b.dcardId, dcardId), eq(b.appointmentDate, day), eq(b.pstatus, 1)))
        .orderBy(b.id),
    /** Today's approved bookings of a plate (a barrier's read), oldest first. */
    ofPlate: (plate: string, day: string) =>
      db
        .select()
        .from(b)
        .where(and(eq(b.companyId, scope.companyId), eq(b.plateNum, plate), eq(b.appointmentDate, day), eq(b.pstatus, 1)))
        .orderBy(b.id),
    /** Notes an uploaded photo, so the sweep can remove it if no booking names it (logistics.sweep.ts). */
    recordUpload: (key: string) => db.insert(logisticsUploads).values({ key, companyId: scope.companyId }),
    insert: (v: BookingInsert) =>
      db
        .insert(b)
        .values({ ...v, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as BookingRow),
    update: (id: number, v: Partial<BookingInsert>) =>
      db
        .update(b)
        .set(v)
        .where(mine(id))
        .returning()
        .then((r): BookingRow | undefined => r[0]),
    /** A move guarded by the state it starts from (the status, and whether arrival/departure were recorded), so two desks cannot both move it. */
    move: (id: number, from: { pstatus: number; arrived?: boolean; left?: boolean }, v: Partial<BookingInsert>) => {
      const c: SQL[] = [eq(b.companyId, scope.companyId), eq(b.id, id), eq(b.pstatus, from.pstatus)];
      if (from.arrived === false) c.push(isNull(b.visitdate));
      if (from.left === false) c.push(isNull(b.leaveTime));
      return db
        .update(b)
        .set(v)
        .where(and(...c))
        .returning()
        .then((r): BookingRow | undefined => r[0]);
    },
  };
});
