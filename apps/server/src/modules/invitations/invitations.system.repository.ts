import { eq } from 'drizzle-orm';
import { bookingApps, companies } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/tenancy.js';

/**
 * A signed booking carries no session: its appCode says which company it books with, so the app is read across
 * companies, before any tenant is known.
 */
export function invitationsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    appByCode: (appCode: string) =>
      db
        .select({ companyId: bookingApps.companyId, appCode: bookingApps.appCode, nonce: bookingApps.nonce, company: companies.name })
        .from(bookingApps)
        .innerJoin(companies, eq(companies.id, bookingApps.companyId))
        .where(eq(bookingApps.appCode, appCode))
        .limit(1)
        .then((r) => r[0]),
  };
}
