import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/tenancy.js';

/**
 * A device's credential check runs before anything names a company: the device id of the credential is looked up
 * across companies, and the row's company becomes the call's tenant.
 */
export function devicesSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /** Every device request starts here: prepared. */
    credentialOf: (id: number) =>
      prepared(db, 'device_credential', (d, name) =>
        d
          .select({
            id: devices.id,
            companyId: devices.companyId,
            status: devices.status,
            secretHash: devices.secretHash,
            lastSeenAt: devices.lastSeenAt,
            name: devices.name,
            code: devices.code,
            kind: devices.kind,
            direction: devices.direction,
          })
          .from(devices)
          .where(eq(devices.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      )
        .execute({ id })
        .then((r) => r[0]),
    touch: (id: number) =>
      db
        .update(devices)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(devices.id, id), or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, sql`now() - interval '1 minute'`))))
        .returning({ id: devices.id })
        .then((r) => r.length > 0),
  };
}
