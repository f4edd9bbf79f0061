import { eq } from 'drizzle-orm';
import { companies, logisticsLinks } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/tenancy.js';

/** The public booking page carries no session: its link id says which company it books with, so it is read across companies. */
export function logisticsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    linkById: (id: number) =>
      db
        .select({ id: logisticsLinks.id, companyId: logisticsLinks.companyId, secret: logisticsLinks.secret, company: companies.name })
        .from(logisticsLinks)
        .innerJoin(companies, eq(companies.id, logisticsLinks.companyId))
        .where(eq(logisticsLinks.id, id))
        .limit(1)
        .then((r) => r[0]),
  };
}
