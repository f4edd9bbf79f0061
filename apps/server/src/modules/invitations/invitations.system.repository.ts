import { and, eq, lt, sql } from 'drizzle-orm';
import { bookingAppSignatures, bookingApps, companies } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

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
    /**
     * Spends a signature of the app: true the first time, false when it was spent already (by this process or
     * another: the primary key decides). The app's expired signatures are cleared on the way.
     */
    spendSignature: async (appCode: string, authid: string, expiresAt: Date): Promise<boolean> => {
      await db.delete(bookingAppSignatures).where(and(eq(bookingAppSignatures.appCode, appCode), lt(bookingAppSignatures.expiresAt, sql`now()`)));
      const spent = await db
        .insert(bookingAppSignatures)
        .values({ appCode, authid, expiresAt })
        .onConflictDoNothing()
        .returning({ authid: bookingAppSignatures.authid });
      return spent.length === 1;
    },
  };
}
