import { eq } from 'drizzle-orm';
import { bookingApps } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type BookingAppRow = typeof bookingApps.$inferSelect;

/** One company's booking app (at most one). */
export const bookingAppsRepository = scoped(function bookingAppsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(bookingApps.companyId, scope.companyId);
  return {
    get: () =>
      db
        .select()
        .from(bookingApps)
        .where(mine)
        .limit(1)
        .then((r): BookingAppRow | undefined => r[0]),
    /** Makes the app with this code, or gives the existing one (its code kept) a new nonce: the old secret stops matching. */
    setNonce: (appCode: string, nonce: string) =>
      db
        .insert(bookingApps)
        .values({ companyId: scope.companyId, appCode, nonce })
        .onConflictDoUpdate({ target: bookingApps.companyId, set: { nonce, createdAt: new Date(), lastUsedAt: null } })
        .returning()
        .then((r) => r[0] as BookingAppRow),
    remove: () =>
      db
        .delete(bookingApps)
        .where(mine)
        .returning({ id: bookingApps.id })
        .then((r) => r.length > 0),
    touch: (at: Date) => db.update(bookingApps).set({ lastUsedAt: at }).where(mine),
  };
});
