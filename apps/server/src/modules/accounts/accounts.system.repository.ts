import { and, eq, inArray, sql } from 'drizzle-orm';
import { companies, staffAccounts, superAccounts } from '../../db/schema/index.js';
import type { AccountKind } from '../../platform/identity/sessions.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** Queries over every company's accounts: company names, super accounts and the operator's commands. */
export function accountsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /** A super account oversees several companies; it belongs to none, so its companies are read across them. */
    async companiesOfSuper(superId: number) {
      const [sup] = await db.select().from(superAccounts).where(eq(superAccounts.id, superId)).limit(1);
      if (!sup || sup.companyIds.length === 0) return [];
      return db.select().from(companies).where(inArray(companies.id, sup.companyIds)).orderBy(companies.name);
    },
    // Operator commands (cli.ts) act on the installation, not on a company: they name any company or account.
    /**
     * Is a company with this email or name already installed? Names need not be unique, but the operator sees every
     * company, and a second one of the same name from the command line is most likely a mistake.
     */
    companyExists: (email: string, name: string) =>
      db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`${companies.email} = ${email} OR lower(${companies.name}) = lower(${name})`)
        .then((r) => r.length > 0),
    /** An operator creates a company (already activated). */
    insertCompany: (values: typeof companies.$inferInsert) =>
      db
        .insert(companies)
        .values(values)
        .returning({ id: companies.id })
        .then((r) => r[0]?.id),
    /** Every company id, to check the ones an operator names. */
    companyIds: () =>
      db
        .select({ id: companies.id })
        .from(companies)
        .then((r) => r.map((c) => c.id)),
    async insertSuperAccount(values: typeof superAccounts.$inferInsert): Promise<void> {
      await db.insert(superAccounts).values(values);
    },
    /** Sets an administrator's password by their email (unique installation-wide), unlocking them; answers the company id. */
    resetAdminPassword: (email: string, passwordHash: string) =>
      db
        .update(companies)
        .set({ passwordHash })
        .where(eq(companies.email, email))
        .returning({ id: companies.id })
        .then((r) => r[0]?.id),
    /** Sets a super account's password by its name, unlocking it; answers its id. */
    resetSuperPassword: (account: string, passwordHash: string) =>
      db
        .update(superAccounts)
        .set({ passwordHash })
        .where(sql`lower(${superAccounts.account}) = lower(${account})`)
        .returning({ id: superAccounts.id })
        .then((r) => r[0]?.id),
    /**
     * Sets a staff account's password by its name, unlocking it; it must change it at sign-in. A name is unique within a
     * company only: when several companies hold it, the operator names the company ('ambiguous' otherwise).
     */
    /** The account an operator names, as reset-password does: an administrator by email, a super or staff account by name. */
    async findAccount(by: {
      email?: string;
      account?: string;
      companyId?: number;
    }): Promise<{ kind: AccountKind; id: number } | 'ambiguous' | undefined> {
      if (by.email) {
        const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.email, by.email));
        return row && { kind: 'admin', id: row.id };
      }
      const account = by.account ?? '';
      if (account.startsWith('LFT_')) {
        const [row] = await db.select({ id: superAccounts.id }).from(superAccounts).where(sql`lower(${superAccounts.account}) = lower(${account})`);
        return row && { kind: 'super', id: row.id };
      }
      const byName = sql`lower(${staffAccounts.account}) = lower(${account})`;
      const found = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(by.companyId === undefined ? byName : and(byName, eq(staffAccounts.companyId, by.companyId)));
      if (found.length > 1) return 'ambiguous';
      return found[0] && { kind: 'staff', id: found[0].id };
    },
    async resetStaffPassword(account: string, passwordHash: string, companyId?: number): Promise<number | 'ambiguous' | undefined> {
      const byName = sql`lower(${staffAccounts.account}) = lower(${account})`;
      const found = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(companyId === undefined ? byName : and(byName, eq(staffAccounts.companyId, companyId)));
      if (found.length > 1) return 'ambiguous';
      const id = found[0]?.id;
      if (id === undefined) return undefined;
      await db.update(staffAccounts).set({ passwordHash, mustChangePassword: 1 }).where(eq(staffAccounts.id, id));
      return id;
    },
  };
}
