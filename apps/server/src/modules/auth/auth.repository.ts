import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, emailTokens, employees, staffAccounts, subAccounts, superAccounts } from '../../db/schema/index.js';
import type { AccountKind } from '../../platform/sessions.js';

/**
 * Sign-in look-ups. These run before there is a session, so they are the one place that searches
 * across companies: by a sign-in name that is unique installation-wide.
 */
export function findCompanyByEmail(db: Db, email: string) {
  return db
    .select()
    .from(companies)
    .where(eq(companies.email, email))
    .limit(1)
    .then((r) => r[0]);
}

export function findCompanyByName(db: Db, name: string) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${name})`)
    .limit(1)
    .then((r) => r[0]);
}

export function findStaffByAccount(db: Db, account: string) {
  return db
    .select()
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.account}) = lower(${account})`)
    .limit(1)
    .then((r) => r[0]);
}

export function findEmployeesByPhone(db: Db, phone: string) {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.phone, phone), isNotNull(employees.passwordHash)))
    .limit(5);
}

export function findEmployee(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id)))
    .limit(1)
    .then((r) => r[0]);
}

/** Enabled employees with this phone, in any company, with or without a password (an employee asks for a password link). */
export function findEnabledEmployeesByPhone(db: Db, phone: string) {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.phone, phone), eq(employees.status, 0)))
    .limit(10);
}

/** Enabled employees with this email, in any company (an employee asks for a password link by email). */
export function findEmployeesByEmail(db: Db, email: string) {
  return db
    .select()
    .from(employees)
    .where(and(sql`lower(${employees.email}) = ${email.toLowerCase()}`, eq(employees.status, 0)))
    .limit(10);
}

export function findSubAccountByEmail(db: Db, email: string) {
  return db
    .select()
    .from(subAccounts)
    .where(sql`lower(${subAccounts.email}) = lower(${email})`)
    .limit(1)
    .then((r) => r[0]);
}

export function findSuperAccount(db: Db, account: string) {
  return db
    .select()
    .from(superAccounts)
    .where(sql`lower(${superAccounts.account}) = lower(${account})`)
    .limit(1)
    .then((r) => r[0]);
}

export function findCompany(db: Db, id: number) {
  return db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);
}

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

/** Counts a failed sign-in and answers the new count; locks the account once it reaches `lockAfter`. */
export async function recordFailure(db: Db, kind: AccountKind, id: number, lockAfter: number, lockMinutes: number): Promise<number> {
  const table = credentialTables[kind];
  const result = await db.execute(sql`
    UPDATE ${table} SET failed_logins = failed_logins + 1,
      locked_until = CASE WHEN failed_logins + 1 >= ${lockAfter} THEN now() + make_interval(mins => ${lockMinutes}) ELSE locked_until END
    WHERE id = ${id} RETURNING failed_logins`);
  const rows = (result as unknown as { rows: { failed_logins: number }[] }).rows;
  return rows[0]?.failed_logins ?? 0;
}

export async function clearFailures(db: Db, kind: AccountKind, id: number): Promise<void> {
  const table = credentialTables[kind];
  await db.execute(sql`UPDATE ${table} SET failed_logins = 0, locked_until = NULL WHERE id = ${id}`);
}

export async function setPasswordHash(db: Db, kind: AccountKind, id: number, passwordHash: string): Promise<void> {
  const table = credentialTables[kind];
  const extra = kind === 'staff' ? sql`, must_change_password = 0` : sql``;
  await db.execute(
    sql`UPDATE ${table} SET password_hash = ${passwordHash}, failed_logins = 0, locked_until = NULL, updated_at = now()${extra} WHERE id = ${id}`,
  );
}

export async function getPasswordHash(db: Db, kind: AccountKind, id: number): Promise<string | null> {
  const table = credentialTables[kind];
  const result = await db.execute(sql`SELECT password_hash FROM ${table} WHERE id = ${id}`);
  const rows = (result as unknown as { rows: { password_hash: string | null }[] }).rows;
  return rows[0]?.password_hash ?? null;
}

/** An account's password and lock, by session kind and id (for re-confirming the signed-in account's password). */
export async function findLockable(db: Db, kind: AccountKind, id: number) {
  const table = credentialTables[kind];
  const result = await db.execute(
    sql`SELECT id, password_hash, (extract(epoch from locked_until) * 1000)::float8 AS locked_ms FROM ${table} WHERE id = ${id}`,
  );
  const row = (result as unknown as { rows: { id: number; password_hash: string | null; locked_ms: number | null }[] }).rows[0];
  return row && { id: row.id, passwordHash: row.password_hash, lockedUntil: row.locked_ms === null ? null : new Date(Number(row.locked_ms)) };
}

/** What a one-time email link does: activate a company, reset its administrator's password, set an employee's. */
export type EmailTokenPurpose = 'activate' | 'reset' | 'empPassword';

export async function insertEmailToken(
  db: Db,
  v: { tokenHash: string; purpose: EmailTokenPurpose; companyId: number; email: string; accountId?: number; expiresAt: Date },
) {
  await db.insert(emailTokens).values(v);
}

/** Claims a one-time token: answers its row and marks it used, or nothing when unknown, used or expired. */
export async function claimEmailToken(db: Db, tokenHash: string, purpose: EmailTokenPurpose) {
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
}

export function findEmailToken(db: Db, tokenHash: string, purpose: EmailTokenPurpose) {
  return db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1)
    .then((r) => r[0]);
}

export async function markLoggedIn(db: Db, companyId: number): Promise<void> {
  await db.update(companies).set({ loginDate: new Date() }).where(eq(companies.id, companyId));
}
