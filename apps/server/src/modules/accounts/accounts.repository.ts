import { and, eq, inArray, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { type CompanyRecord, companies, companyRecord, staffAccounts, subAccounts } from '../../db/schema/index.js';
import { cacheKey, forget, readOnce } from '../../platform/requestCache.js';
import { dbOf, scoped, type TenantScope } from '../../platform/tenancy.js';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type CompanyRow = CompanyRecord;

/** The scope's company row and its staff accounts: every query here is bound to the company and has no way to reach another. */
export const accountsRepository = scoped(function accountsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(staffAccounts.companyId, scope.companyId);
  return {
    /** Read once per call (the session look-up has usually read it already: platform/requestCache.ts). */
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
    /** One of the company's sub-companies, as its own administrator sees itself (GetUserInfo of a sub-company session). */
    subAccount: (id: number) =>
      db
        .select({
          id: subAccounts.id,
          companyName: subAccounts.companyName,
          email: subAccounts.email,
          phone: subAccounts.phone,
          contactName: subAccounts.contactName,
          shortName: subAccounts.shortName,
          vaPerm: subAccounts.vaPerm,
          createdAt: subAccounts.createdAt,
        })
        .from(subAccounts)
        .where(and(eq(subAccounts.companyId, scope.companyId), eq(subAccounts.id, id)))
        .limit(1)
        .then((r) => r[0]),
    listStaff: (sTypes?: number[]) =>
      db
        .select()
        .from(staffAccounts)
        .where(sTypes ? and(mine, inArray(staffAccounts.sType, sTypes)) : mine)
        .orderBy(staffAccounts.sType, staffAccounts.account),
    staffByAccount: (account: string) =>
      db
        .select()
        .from(staffAccounts)
        .where(and(mine, sql`lower(${staffAccounts.account}) = lower(${account})`))
        .limit(1)
        .then((r) => r[0]),
    insertStaff: (values: Omit<typeof staffAccounts.$inferInsert, 'companyId'>) =>
      db
        .insert(staffAccounts)
        .values({ ...values, companyId: scope.companyId })
        .returning()
        .then((r) => r[0] as StaffRow),
    updateStaff: (id: number, values: Partial<typeof staffAccounts.$inferInsert>) =>
      db
        .update(staffAccounts)
        .set(values)
        .where(and(mine, eq(staffAccounts.id, id)))
        .returning()
        .then((r) => r[0] as StaffRow),
    deleteStaff: (id: number) => db.delete(staffAccounts).where(and(mine, eq(staffAccounts.id, id))),
  };
});
