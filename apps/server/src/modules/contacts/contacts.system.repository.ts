import type { ContactChannel } from '@openvisit/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { companies, contactSync } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/**
 * For the daily job: the companies whose automatic sync is on, and with which channel. This is a deliberate
 * cross-company read (like the sign-in look-ups): the scheduler acts for every company, then works each one
 * through its own scoped context. Only active companies are synced.
 */
export async function companiesWithAutoSync(scope: SystemScope): Promise<{ companyId: number; channel: ContactChannel }[]> {
  const rows = await dbOf(scope)
    .select({ companyId: contactSync.companyId, channel: contactSync.autoChannel })
    .from(contactSync)
    .innerJoin(companies, eq(companies.id, contactSync.companyId))
    .where(and(isNotNull(contactSync.autoChannel), eq(companies.status, 1)));
  return rows.map((r) => ({ companyId: r.companyId, channel: r.channel as ContactChannel }));
}
