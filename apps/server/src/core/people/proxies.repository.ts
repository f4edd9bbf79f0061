import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { visitProxies } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ProxyRow = typeof visitProxies.$inferSelect;

/** One company's visit delegations (an employee's proxy while they are away). */
export const proxiesRepository = scoped(function proxiesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(visitProxies.companyId, scope.companyId);
  /** Delegations in force on `day` (switched on, the day within their dates). */
  const runningOn = (day: string) =>
    and(mine, eq(visitProxies.status, 1), sql`${visitProxies.startDate} <= ${day}`, sql`${visitProxies.endDate} >= ${day}`);
  return {
    upsert: (empId: number, values: { proxyId: number; startDate: string; endDate: string; status: number }) =>
      db
        .insert(visitProxies)
        .values({ companyId: scope.companyId, empId, ...values })
        .onConflictDoUpdate({ target: [visitProxies.companyId, visitProxies.empId], set: { ...values, updatedAt: new Date() } })
        .returning()
        .then((r) => r[0] as ProxyRow),
    ofEmployee: (empId: number) =>
      db
        .select()
        .from(visitProxies)
        .where(and(mine, eq(visitProxies.empId, empId))),
    runningForProxy: (proxyId: number, day: string) =>
      db
        .select()
        .from(visitProxies)
        .where(and(runningOn(day), eq(visitProxies.proxyId, proxyId))),
    /** Whom a host's visitors go to today (every arrival notice asks): prepared. */
    runningForEmployee: (empId: number, day: string) =>
      prepared(db, 'proxy_running_for', (d, name) =>
        d
          .select({ proxyId: visitProxies.proxyId })
          .from(visitProxies)
          .where(
            and(
              eq(visitProxies.companyId, sql.placeholder('companyId')),
              eq(visitProxies.status, 1),
              sql`${visitProxies.startDate} <= ${sql.placeholder('day')}`,
              sql`${visitProxies.endDate} >= ${sql.placeholder('day')}`,
              eq(visitProxies.empId, sql.placeholder('empId')),
            ),
          )
          .limit(1)
          .prepare(name),
      )
        .execute({ companyId: scope.companyId, empId, day })
        .then((r): { proxyId: number } | undefined => r[0]),
  };
});
