import { and, eq, ne, sql } from 'drizzle-orm';
import { companies, imApps, imLeases } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/**
 * The connection holder's cross-company reads and its leases: it acts for every company with an app that needs an
 * outgoing connection (one process holds each), then works each one through that company's own scope.
 */

/** Apps set up (an id and secrets saved) on `platform`, of active companies: each wants a connection. */
export async function appsWantingConnection(scope: SystemScope, platform: string): Promise<{ companyId: number; appId: string; updatedAt: Date }[]> {
  return dbOf(scope)
    .select({ companyId: imApps.companyId, appId: imApps.appId, updatedAt: imApps.updatedAt })
    .from(imApps)
    .innerJoin(companies, eq(companies.id, imApps.companyId))
    .where(and(eq(imApps.platform, platform), ne(imApps.appId, ''), ne(imApps.secrets, ''), eq(companies.status, 1)));
}

/**
 * Takes or renews the lease of one company's app for `holder` unless another holder's is still running (database
 * time, so the processes' clocks do not matter); answers whether `holder` has it now.
 */
export async function takeLease(scope: SystemScope, companyId: number, platform: string, holder: string, leaseMs: number): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  const rows = await dbOf(scope)
    .insert(imLeases)
    .values({ companyId, platform, holder, until })
    .onConflictDoUpdate({
      target: [imLeases.companyId, imLeases.platform],
      set: { holder, until },
      setWhere: sql`${imLeases.holder} = ${holder} OR ${imLeases.until} < now()`,
    })
    .returning({ holder: imLeases.holder });
  return rows.length > 0;
}

/** Gives a lease up (a process stopping, or an app no longer wanting its connection), if `holder` still has it. */
export async function dropLease(scope: SystemScope, companyId: number, platform: string, holder: string): Promise<void> {
  await dbOf(scope)
    .delete(imLeases)
    .where(and(eq(imLeases.companyId, companyId), eq(imLeases.platform, platform), eq(imLeases.holder, holder)));
}
