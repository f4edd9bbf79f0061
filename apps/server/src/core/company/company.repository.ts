import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { type CompanyRecord, companies, companyRecord, staffAccounts, subAccounts } from '../../db/schema/index.js';
import { cacheKey, forget, readOnce } from '../../platform/http/requestCache.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type CompanyRow = CompanyRecord;
export type SubCompanyRow = typeof subAccounts.$inferSelect;

/** The scope's company row, its settings and its sub-companies' rows: bound to the company, no way to reach another. */
export const companyRepository = scoped(function companyRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const s = subAccounts;
  const mine = eq(s.companyId, scope.companyId);
  return {
    /** What each staff account is tied to: its gates and, for a server-company account, its supplier company. */
    staffScopes: () =>
      db
        .select({ sType: staffAccounts.sType, gids: staffAccounts.gids, supplierId: staffAccounts.supplierId })
        .from(staffAccounts)
        .where(eq(staffAccounts.companyId, scope.companyId)),
    /** Read once per call (the session look-up has usually read it already: platform/http/requestCache.ts). */
    company: () =>
      readOnce(cacheKey.company(scope.companyId), () =>
        prepared(db, 'company_by_id', (d, name) =>
          d
            .select(companyRecord)
            .from(companies)
            .where(eq(companies.id, sql.placeholder('id')))
            .limit(1)
            .prepare(name),
        )
          .execute({ id: scope.companyId })
          .then((r): CompanyRecord | undefined => r[0]),
      ),
    updateCompany: (values: Partial<typeof companies.$inferInsert>) =>
      db
        .update(companies)
        .set(values)
        .where(eq(companies.id, scope.companyId))
        .returning(companyRecord)
        .then((r) => {
          forget(cacheKey.company(scope.companyId));
          return r[0];
        }),
    /** The settings JSON, locked until the transaction ends (run inside `inTransaction`). */
    lockSettings: () =>
      db
        .select({ settings: companies.settings })
        .from(companies)
        .where(eq(companies.id, scope.companyId))
        .for('update')
        .then((r) => r[0]?.settings as Record<string, unknown> | undefined),
    setSettings: (settings: Record<string, unknown>) =>
      db
        .update(companies)
        .set({ settings })
        .where(eq(companies.id, scope.companyId))
        .then(() => forget(cacheKey.company(scope.companyId))),
    subCompany: (id: number) =>
      db
        .select()
        .from(s)
        .where(and(mine, eq(s.id, id)))
        .then((r): SubCompanyRow | undefined => r[0]),
    /** Not archived, by name: pickers. */
    subCompanies: (inUseOnly: boolean) =>
      db
        .select()
        .from(s)
        .where(and(mine, isNull(s.archivedAt), ...(inUseOnly ? [eq(s.isUse, 1)] : [])))
        .orderBy(asc(s.companyName)),
  };
});
