import { and, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { logisticsBookings as b } from '../../db/schema/index.js';
import { exactPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { type PersonKeys, phoneForms } from '../../platform/personData.js';

/** A person's logistics bookings, as driver or sender, as a privacy request reads and erases them (logistics.person.ts). */
export const logisticsPersonRepository = scoped(function logisticsPersonRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(b.companyId, scope.companyId);
  /** The driver's or the sender's side of the booking names the person. */
  const side = (keys: PersonKeys, name: typeof b.dname | typeof b.sname, phone: SQLWrapper, card: SQLWrapper): SQL | undefined => {
    const by: SQL[] = [];
    if (keys.phones.length) by.push(inArray(phone, phoneForms(keys.phones)));
    if (keys.idNumbers.length) by.push(inArray(sql`upper(${card})`, keys.idNumbers));
    if (keys.names?.length) by.push(or(...keys.names.map((n) => ilike(name, exactPattern(n)))) as SQL);
    return by.length ? or(...by) : undefined;
  };
  return {
    async ofPerson(keys: PersonKeys) {
      const driver = side(keys, b.dname, b.dmobile, b.dcardId);
      const sender = side(keys, b.sname, b.smobile, b.scardId);
      if (!driver || !sender) return [];
      return db
        .select({ row: b, asDriver: sql<boolean>`coalesce(${driver}, false)`, asSender: sql<boolean>`coalesce(${sender}, false)` })
        .from(b)
        .where(and(mine, or(driver, sender)));
    },
    /** The driver's side blanked (and what travelled with them: companions, photos, driver fields); counts stay. */
    forgetDriver: (ids: readonly number[]) =>
      db
        .update(b)
        .set({ dname: '', dmobile: '', dcardId: '', plateNum: '', memberInfo: [], photoInfo: [], driverExtend: {}, vehicleExtend: {} })
        .where(and(mine, inArray(b.id, ids.length ? [...ids] : [0]))),
    forgetSender: (ids: readonly number[]) =>
      db
        .update(b)
        .set({ sname: '', smobile: '', scardId: '' })
        .where(and(mine, inArray(b.id, ids.length ? [...ids] : [0]))),
  };
});
