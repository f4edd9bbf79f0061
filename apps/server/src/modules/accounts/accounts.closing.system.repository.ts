import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { closedCompanies, companies } from '../../db/schema/index.js';
import { cacheKey, forget } from '../../platform/http/requestCache.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/**
 * Closing accounts across companies: the deletion job finds the companies whose grace period has ended (any company,
 * so across them) and deletes each one's data. Nothing here is reachable from a call.
 */
export function accountsClosingSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /** Companies whose closing is due at `now`, oldest first. */
    due: (now: Date, limit: number) =>
      db
        .select({ id: companies.id, name: companies.name, closingDue: companies.closingDue })
        .from(companies)
        .where(and(isNotNull(companies.closingDue), lte(companies.closingDue, now)))
        .orderBy(companies.closingDue)
        .limit(limit),
    /**
     * Deletes the company (still due: a cancellation that won the race keeps it). Its row cascades to every table whose
     * company_id references it; the tables holding a company_id without that reference (sessions, the operation log,
     * messages, and rows keyed through another parent) are cleared by their column, found in the catalogue so a table
     * added later is not forgotten. Answers the rows removed from those, or undefined when the company was not due.
     */
    async deleteCompany(id: number, now: Date): Promise<number | undefined> {
      const gone = await db
        .delete(companies)
        .where(and(eq(companies.id, id), isNotNull(companies.closingDue), lte(companies.closingDue, now)))
        .returning({ id: companies.id });
      forget(cacheKey.company(id));
      if (!gone.length) return undefined;
      const tables = await db.execute(sql`
        SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'company_id' AND table_name <> 'companies'
        ORDER BY table_name`);
      let removed = 0;
      for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
        const res = await db.execute(sql`DELETE FROM ${sql.identifier(table_name)} WHERE company_id = ${id}`);
        const r = res as unknown as { rowCount?: number | null; affectedRows?: number };
        removed += r.rowCount ?? r.affectedRows ?? 0;
      }
      return removed;
    },
    record: (values: typeof closedCompanies.$inferInsert) => db.insert(closedCompanies).values(values),
    closed: () => db.select().from(closedCompanies).orderBy(closedCompanies.id),
  };
}
