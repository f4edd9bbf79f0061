import { eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { doorConfigVersions } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** The company's door configuration version (raised by triggers, migration 0035): the one read a cached decision needs. */
export const doorsRepository = scoped(function doorsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    configVersion: () =>
      prepared(db, 'door_config_version', (d, name) =>
        d
          .select({ version: doorConfigVersions.version })
          .from(doorConfigVersions)
          .where(eq(doorConfigVersions.companyId, sql.placeholder('companyId')))
          .prepare(name),
      )
        .execute({ companyId: scope.companyId })
        .then((r) => r[0]?.version ?? 0),
  };
});
