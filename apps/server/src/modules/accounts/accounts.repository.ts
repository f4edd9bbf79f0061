import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CompanyRecord, staffAccounts } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type CompanyRow = CompanyRecord;

/** The scope's company row and its staff accounts: every query here is bound to the company and has no way to reach another. */
export const accountsRepository = scoped(function accountsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(staffAccounts.companyId, scope.companyId);
  return {
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
