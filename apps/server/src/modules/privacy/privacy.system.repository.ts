import { asc, eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The nightly sweep goes through every active company (every company has rules: its own or the defaults). */
export async function companiesToSweep(scope: SystemScope): Promise<number[]> {
  const rows = await dbOf(scope).select({ id: companies.id }).from(companies).where(eq(companies.status, 1)).orderBy(asc(companies.id));
  return rows.map((r) => r.id);
}
