import type { ContactChannel } from '@openvisit/contract';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
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

/**
 * For the work apps' connections (modules/im): the active companies whose DingTalk app is set up (an AppKey in the
 * settings and its secret stored here), each with a version that changes when either does (the sealed secret is sealed
 * anew on every save), so a saved change reopens the connection.
 */
export async function companiesWithDingTalkApp(scope: SystemScope): Promise<{ companyId: number; version: string }[]> {
  const appKey = sql<string>`coalesce(${companies.settings}->>'ddcorpid', '')`;
  const rows = await dbOf(scope)
    .select({ companyId: contactSync.companyId, appKey, sealed: contactSync.ddSecret })
    .from(contactSync)
    .innerJoin(companies, eq(companies.id, contactSync.companyId))
    .where(and(ne(contactSync.ddSecret, ''), sql`${appKey} <> ''`, eq(companies.status, 1)));
  return rows.map((r) => ({ companyId: r.companyId, version: `${r.appKey}|${r.sealed.slice(-16)}` }));
}
