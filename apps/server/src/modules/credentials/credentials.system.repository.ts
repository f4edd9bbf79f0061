import { and, eq, ne, or } from 'drizzle-orm';
import { devices } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/**
 * Look-ups across companies: the sweep finds the companies with a device that keeps people (each is then reconciled in
 * its own scope); a ZKTeco device's poll names only its serial number (unique among ZKTeco devices: devices_zkteco_sn_uq).
 */
export function faceSyncSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    companiesWithTerminals: () =>
      db
        .selectDistinct({ companyId: devices.companyId })
        .from(devices)
        .where(or(eq(devices.kind, 'face'), ne(devices.driver, 'openvisit')))
        .then((r) => r.map((x) => x.companyId)),
    zktecoBySn: (sn: string) =>
      db
        .select({ id: devices.id, companyId: devices.companyId, ip: devices.ip, status: devices.status })
        .from(devices)
        .where(and(eq(devices.driver, 'zkteco'), eq(devices.code, sn)))
        .then((r) => r[0]),
  };
}
