import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

const credentialColumns = {
  id: devices.id,
  companyId: devices.companyId,
  status: devices.status,
  secretHash: devices.secretHash,
  lastSeenAt: devices.lastSeenAt,
  name: devices.name,
  code: devices.code,
  kind: devices.kind,
  direction: devices.direction,
  ip: devices.ip,
};

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
          .select(credentialColumns)
          .from(devices)
          .where(eq(devices.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      )
        .execute({ id })
        .then((r) => r[0]),
    /**
     * The legacy readers of a code, in every company: a reader without a credential names only its code, so its company
     * is not known before this look-up. Codes are unique within a company, so at most one row a company; the caller keeps
     * the one registered at the request's address (compared canonically, so not in SQL).
     */
    legacyOf: (code: string) =>
      db
        .select(credentialColumns)
        .from(devices)
        .where(and(eq(devices.code, code), eq(devices.legacyAuth, true))),
    touch: (id: number) =>
      db
        .update(devices)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(devices.id, id), or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, sql`now() - interval '1 minute'`))))
        .returning({ id: devices.id })
        .then((r) => r.length > 0),
  };
}
