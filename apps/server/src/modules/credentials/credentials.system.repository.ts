import { eq } from 'drizzle-orm';
import { devices } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The sync's sweep crosses companies: it finds those with a face terminal (each is then reconciled in its own scope). */
export function faceSyncSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    companiesWithTerminals: () =>
      db
        .selectDistinct({ companyId: devices.companyId })
        .from(devices)
        .where(eq(devices.kind, 'face'))
        .then((r) => r.map((x) => x.companyId)),
  };
}
