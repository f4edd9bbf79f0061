import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../db/client.js';
import { companies, staffAccounts } from '../../db/schema/index.js';

/** The caller's company: every query here is bound to it and has no way to reach another. */
export interface Scope {
  companyId: number;
}

export type StaffRow = typeof staffAccounts.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export function accountsRepository(db: Db, scope: Scope) {
  const mine = eq(staffAccounts.companyId, scope.companyId);
  return {
    company: () =>
      prepared(db, 'company_by_id', (d, name) =>
        d
          .select()
          .from(companies)
          .where(eq(companies.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      )
        .execute({ id: scope.companyId })
        .then((r) => r[0]),
    updateCompany: (values: Partial<typeof companies.$inferInsert>) =>
      db
        .update(companies)
        .set(values)
        .where(eq(companies.id, scope.companyId))
        .returning()
        .then((r) => r[0]),
    companyNameTaken: (name: string) =>
      db
        .select({ id: companies.id })
        .from(companies)
        .where(and(sql`lower(${companies.name}) = lower(${name})`, sql`${companies.id} <> ${scope.companyId}`))
        .limit(1)
        .then((r) => r.length > 0),
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
}

/** Installation-wide: is a sign-in name already used by any account? (Sign-in names are global.) */
export async function signInNameTaken(db: Db, name: string): Promise<boolean> {
  const staff = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(sql`lower(${staffAccounts.account}) = lower(${name})`).limit(1);
  if (staff.length) return true;
  const admin = await db.select({ id: companies.id }).from(companies).where(sql`lower(${companies.email}) = lower(${name})`).limit(1);
  return admin.length > 0;
}
