import { and, count, eq, sql } from 'drizzle-orm';
import { ssoConnections, ssoIdentities } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ConnectionRow = typeof ssoConnections.$inferSelect;
export type ConnectionValues = Omit<typeof ssoConnections.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'lastSignInAt'>;

/** One company's single sign-on connections and the provider subjects linked to its employees. */
export const ssoRepository = scoped(function ssoRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(ssoConnections.companyId, scope.companyId);
  return {
    connections: (): Promise<ConnectionRow[]> => db.select().from(ssoConnections).where(mine).orderBy(ssoConnections.id),
    connection: (id: number): Promise<ConnectionRow | undefined> =>
      db
        .select()
        .from(ssoConnections)
        .where(and(mine, eq(ssoConnections.id, id)))
        .then((r) => r[0]),
    count: (): Promise<number> =>
      db
        .select({ n: count() })
        .from(ssoConnections)
        .where(mine)
        .then((r) => r[0]?.n ?? 0),
    /** Whether an enabled connection stands instead of passwords. */
    required: (): Promise<boolean> =>
      db
        .select({ id: ssoConnections.id })
        .from(ssoConnections)
        .where(and(mine, eq(ssoConnections.enabled, true), eq(ssoConnections.required, true)))
        .limit(1)
        .then((r) => r.length > 0),
    insert: (values: ConnectionValues): Promise<number> =>
      db
        .insert(ssoConnections)
        .values({ ...values, companyId: scope.companyId })
        .returning({ id: ssoConnections.id })
        .then((r) => r[0]?.id ?? 0),
    update: (id: number, values: Partial<ConnectionValues>) =>
      db
        .update(ssoConnections)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(mine, eq(ssoConnections.id, id))),
    delete: (id: number) => db.delete(ssoConnections).where(and(mine, eq(ssoConnections.id, id))),
    signedIn: (id: number) =>
      db
        .update(ssoConnections)
        .set({ lastSignInAt: sql`now()` })
        .where(and(mine, eq(ssoConnections.id, id))),
    /** The employee a provider's subject was linked to. */
    linkedEmployee: (connectionId: number, subject: string): Promise<number | undefined> =>
      db
        .select({ empId: ssoIdentities.empId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.companyId, scope.companyId), eq(ssoIdentities.connectionId, connectionId), eq(ssoIdentities.subject, subject)))
        .then((r) => r[0]?.empId),
    /** Links a subject to an employee (again: to this one), noting the sign-in. */
    link: (connectionId: number, subject: string, empId: number) =>
      db
        .insert(ssoIdentities)
        .values({ companyId: scope.companyId, connectionId, subject, empId })
        .onConflictDoUpdate({ target: [ssoIdentities.connectionId, ssoIdentities.subject], set: { empId, lastSignInAt: sql`now()` } }),
  };
});
