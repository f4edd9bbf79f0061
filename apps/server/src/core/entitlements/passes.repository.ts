import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { insertRow, prepared } from '../../db/client.js';
import { passRecords, vehicleRecords } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type PassRecordInsert = Omit<typeof passRecords.$inferInsert, 'id' | 'companyId'>;
export type VehicleRecordInsert = Omit<typeof vehicleRecords.$inferInsert, 'id' | 'companyId'>;

/**
 * The write side of pass and vehicle records (the device side: doors, face terminals, barriers) and what a door's
 * decision reads of them, a visit's entries. The console's lists and exports read them in modules/passRecords.
 */
export const passesRepository = scoped(function passesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    /**
     * A visit's successful entries: in all, since `dayFrom`, and the first one's time (for the pass limits; every door
     * decision reads them): prepared.
     */
    async visitEntries(visitId: number, dayFrom: Date): Promise<{ total: number; today: number; first: Date | null }> {
      const [r] = await prepared(db, 'visit_entries', (d, name) =>
        d
          .select({
            total: count(),
            today: sql<number>`count(*) filter (where ${passRecords.at} >= ${sql.placeholder('dayFrom')})`.mapWith(Number),
            first: sql<Date | null>`min(${passRecords.at})`.mapWith((v) => (v === null ? null : new Date(v))),
          })
          .from(passRecords)
          .where(
            and(
              eq(passRecords.companyId, sql.placeholder('companyId')),
              eq(passRecords.visitId, sql.placeholder('visitId')),
              eq(passRecords.direction, 1),
              eq(passRecords.result, 1),
            ),
          )
          .prepare(name),
      ).execute({ companyId: scope.companyId, visitId, dayFrom: dayFrom.toISOString() });
      return { total: r?.total ?? 0, today: r?.today ?? 0, first: r?.first ?? null };
    },
    /** One pass record (a door's decision, on every scan): a prepared insert of its shape. */
    addPass: (row: PassRecordInsert) => insertRow(db, 'pass_record', passRecords, { ...row, companyId: scope.companyId }, { id: passRecords.id }),
    /** Written by the device side; the caller has resolved every id in this company. */
    async addPasses(rows: PassRecordInsert[]) {
      if (!rows.length) return [];
      return db
        .insert(passRecords)
        .values(rows.map((r) => ({ ...r, companyId: scope.companyId })))
        .returning();
    },
    /**
     * Blanks who passed in these visits' door and vehicle records (the records stay, counted): answers how many and the
     * snapshots' file keys, read before they are forgotten.
     */
    async forgetVisits(visitIds: readonly number[]): Promise<{ records: number; files: string[] }> {
      if (!visitIds.length) return { records: 0, files: [] };
      const ids = [...visitIds];
      const passes = and(eq(passRecords.companyId, scope.companyId), inArray(passRecords.visitId, ids));
      const cars = and(eq(vehicleRecords.companyId, scope.companyId), inArray(vehicleRecords.visitId, ids));
      const personal = (t: typeof passRecords | typeof vehicleRecords) => or(ne(t.name, ''), ne(t.photo, ''));
      const snaps = [
        ...(await db
          .select({ photo: passRecords.photo })
          .from(passRecords)
          .where(and(passes, ne(passRecords.photo, '')))),
        ...(await db
          .select({ photo: vehicleRecords.photo })
          .from(vehicleRecords)
          .where(and(cars, ne(vehicleRecords.photo, '')))),
      ];
      const a = await db
        .update(passRecords)
        .set({ name: '', phone: '', company: '', photo: '' })
        .where(and(passes, or(personal(passRecords), ne(passRecords.phone, ''))))
        .returning({ id: passRecords.id });
      const b = await db
        .update(vehicleRecords)
        .set({ name: '', plate: '', photo: '' })
        .where(and(cars, or(personal(vehicleRecords), ne(vehicleRecords.plate, ''))))
        .returning({ id: vehicleRecords.id });
      return { records: a.length + b.length, files: snaps.map((r) => r.photo) };
    },
    async addVehicles(rows: VehicleRecordInsert[]) {
      if (!rows.length) return [];
      return db
        .insert(vehicleRecords)
        .values(rows.map((r) => ({ ...r, companyId: scope.companyId })))
        .returning();
    },
  };
});
