import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { companies, emailTokens, employees, staffAccounts, subAccounts, superAccounts } from '../../db/schema/index.js';
import type { AccountKind } from '../../platform/identity/sessions.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** What a one-time email link does: activate a company, reset its administrator's password, set an employee's. */
export type EmailTokenPurpose = 'activate' | 'reset' | 'empPassword' | 'subPassword';

const credentialTables = {
  admin: companies,
  staff: staffAccounts,
  employee: employees,
  sub: subAccounts,
  super: superAccounts,
} as const;

export function credentialTable(kind: AccountKind) {
  return credentialTables[kind];
}

/**
 * Sign-in, sign-up and password links. These run before there is a session (or for a super account, which belongs to
 * no company), so they search across companies: by a sign-in name or email (installation-wide for administrators and
 * super accounts; staff names, employees' phones and sub-company emails may repeat across companies, and the password
 * picks), by a link token, or by an account id a session or token has already named.
 */
export function authSystemRepository(scope: SystemScope) {
  return { ...companyRecords(scope), ...accountsByName(scope), ...credentials(scope), ...emailLinks(scope) };
}

/** Companies found by their administrator's email or id; created by sign-up. */
function companyRecords(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /** Sign-in and sign-up: an administrator's email is unique installation-wide. */
    findCompanyByEmail: (email: string) =>
      db
        .select()
        .from(companies)
        .where(eq(companies.email, email))
        .limit(1)
        .then((r) => r[0]),
    /** The company an account or link names, before any session exists. */
    findCompany: (id: number) =>
      db
        .select()
        .from(companies)
        .where(eq(companies.id, id))
        .limit(1)
        .then((r) => r[0]),
    /** A super account's companies: it oversees several and belongs to none. */
    companyNames: (ids: number[]) =>
      ids.length
        ? db.select({ userid: companies.id, company: companies.name }).from(companies).where(inArray(companies.id, ids))
        : Promise.resolve([]),
    /** Sign-up creates a company: there is no tenant before it. */
    insertCompany: (values: typeof companies.$inferInsert) =>
      db
        .insert(companies)
        .values(values)
        .returning({ id: companies.id })
        .then((r) => r[0]),
    /** An activation link names the company it activates. */
    activateCompany: (id: number) => db.update(companies).set({ status: 1 }).where(eq(companies.id, id)),
    /** The account being signed in, by the id its sign-in name resolved to. */
    async markLoggedIn(companyId: number): Promise<void> {
      await db.update(companies).set({ loginDate: new Date() }).where(eq(companies.id, companyId));
    },
  };
}

/** Staff, employees, sub-companies and super accounts found by what they sign in with. */
function accountsByName(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /**
     * Sign-in: a staff account name is unique within its company, so several companies may hold it; the password tells
     * which one signs in (a few at most are tried).
     */
    findStaffByAccount: (account: string) =>
      db.select().from(staffAccounts).where(sql`lower(${staffAccounts.account}) = lower(${account})`).orderBy(staffAccounts.id).limit(5),
    /** A provider's sign-in to the console: one company's staff accounts with this name (at most one, names being unique in it). */
    findCompanyStaffByAccount: (companyId: number, account: string) =>
      db
        .select()
        .from(staffAccounts)
        .where(and(eq(staffAccounts.companyId, companyId), sql`lower(${staffAccounts.account}) = lower(${account})`))
        .limit(2),
    /** A work app's sign-in to the console: the enabled staff accounts of one company with this (normalised) phone. */
    findStaffByPhone: (companyId: number, phone: string) =>
      db
        .select()
        .from(staffAccounts)
        .where(and(eq(staffAccounts.companyId, companyId), eq(staffAccounts.phone, phone), eq(staffAccounts.status, 0)))
        .limit(5),
    /** Employee sign-in: the same phone may be an employee of several companies; the password tells which. */
    findEmployeesByPhone: (phone: string) =>
      db
        .select()
        .from(employees)
        .where(and(eq(employees.phone, phone), isNotNull(employees.passwordHash)))
        .limit(5),
    /** A password link names its company and employee; there is no session yet to scope by. */
    findEmployee: (companyId: number, id: number) =>
      db
        .select()
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** A sub-company's password link names its head company and the sub-company. */
    findSubAccount: (companyId: number, id: number) =>
      db
        .select()
        .from(subAccounts)
        .where(and(eq(subAccounts.companyId, companyId), eq(subAccounts.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** Enabled employees with this phone, in any company, with or without a password (an employee asks for a password link). */
    findEnabledEmployeesByPhone: (phone: string) =>
      db
        .select()
        .from(employees)
        .where(and(eq(employees.phone, phone), eq(employees.status, 0)))
        .limit(10),
    /** Enabled employees with this email, in any company (an employee asks for a password link by email). */
    findEmployeesByEmail: (email: string) =>
      db
        .select()
        .from(employees)
        .where(and(sql`lower(${employees.email}) = ${email.toLowerCase()}`, eq(employees.status, 0)))
        .limit(10),
    /** Sub-company sign-in: its email is unique within a head company, so several companies' tenants may hold it. */
    findSubAccountsByEmail: (email: string) => db.select().from(subAccounts).where(sql`lower(${subAccounts.email}) = lower(${email})`).limit(10),
    /** A passkey names its account by kind and id. */
    findStaff: (id: number) =>
      db
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id))
        .limit(1)
        .then((r) => r[0]),
    findSuperAccountById: (id: number) =>
      db
        .select()
        .from(superAccounts)
        .where(eq(superAccounts.id, id))
        .limit(1)
        .then((r) => r[0]),
    /** Super accounts belong to no company. */
    findSuperAccount: (account: string) =>
      db
        .select()
        .from(superAccounts)
        .where(sql`lower(${superAccounts.account}) = lower(${account})`)
        .limit(1)
        .then((r) => r[0]),
  };
}

/** Password hashes by kind of account and id (failed sign-ins are counted by platform/identity/signinGuard.ts). */
function credentials(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /** By the id a session or a claimed link names (super accounts have no company). */
    async setPasswordHash(kind: AccountKind, id: number, passwordHash: string): Promise<void> {
      const table = credentialTables[kind];
      const extra = kind === 'staff' ? sql`, must_change_password = 0` : sql``;
      await db.execute(sql`UPDATE ${table} SET password_hash = ${passwordHash}, updated_at = now()${extra} WHERE id = ${id}`);
    },
    /** By the id the caller's session names (super accounts have no company). */
    async getPasswordHash(kind: AccountKind, id: number): Promise<string | null> {
      const table = credentialTables[kind];
      const rows = await selectRows<{ password_hash: string | null }>(db, sql`SELECT password_hash FROM ${table} WHERE id = ${id}`);
      return rows[0]?.password_hash ?? null;
    },
    /** An account's password, by session kind and id (for re-confirming the signed-in account's password). */
    async findLockable(kind: AccountKind, id: number) {
      const table = credentialTables[kind];
      const [row] = await selectRows<{ id: number; password_hash: string | null }>(db, sql`SELECT id, password_hash FROM ${table} WHERE id = ${id}`);
      return row && { id: row.id, passwordHash: row.password_hash };
    },
  };
}

/** One-time email link tokens. */
function emailLinks(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /** Link tokens are written for a company being signed up or an account that has no session. */
    async insertEmailToken(v: {
      tokenHash: string;
      purpose: EmailTokenPurpose;
      companyId: number;
      email: string;
      accountId?: number;
      expiresAt: Date;
    }) {
      await db.insert(emailTokens).values(v);
    },
    /** Claims a one-time token: answers its row and marks it used, or nothing when unknown, used or expired. The token names its company. */
    async claimEmailToken(tokenHash: string, purpose: EmailTokenPurpose) {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            sql`${emailTokens.usedAt} IS NULL`,
            sql`${emailTokens.expiresAt} > now()`,
          ),
        )
        .returning();
      return rows[0];
    },
    /** A link token, whichever company it names. */
    findEmailToken: (tokenHash: string, purpose: EmailTokenPurpose) =>
      db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
        .limit(1)
        .then((r) => r[0]),
  };
}
