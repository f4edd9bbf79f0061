import { eq, ne, or } from 'drizzle-orm';
import { devices } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The sync's sweep crosses companies: it finds those with a device that keeps people (a face terminal, any device of another driver) (each is then reconciled in its own scope). */
export function faceSyncSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    companiesWithTerminals: () =>
      db
        .selectDistinct({ companyId: devices.companyId })
        .from(devices)
        .where(or(eq(devices.kind, 'face'), ne(devices.driver, 'openvisit')))
        .then((r) => r.map((x) => x.companyId)),
  };
}
