import { getTableColumns, sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, tstz } from './columns.js';

/** A company (tenant): the original's qcv_users. Its id is the `userid` of the wire protocol. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** The administrator's sign-in email, stored normalised (lowercase). */
    email: text('email').notNull(),
    username: text('username').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** 0 waiting for activation, 1 active, 2 disabled. */
    status: smallint('status').notNull().default(0),
    /** Version: 0 free, 1–2 business, 3 factory. */
    userType: smallint('user_type').notNull().default(0),
    expireDate: tstz('expire_date'),
    loginDate: tstz('login_date'),
    lang: text('lang').notNull().default('en'),
    guideDone: smallint('guide_done').notNull().default(0),
    settings: jsonb('settings').notNull().default({}),
    /** The account is being closed (updateUnSubscribe): its data is deleted at this moment; null when not closing. */
    closingDue: tstz('closing_due'),
    /** When the administrator last downloaded the export of everything (ExportAccountData): closing asks for a recent one. */
    dataExportedAt: tstz('data_exported_at'),
    ...timestamps,
  },
  // The name need not be unique: sign-in is by email, and refusing a name held elsewhere would tell any registrant or
  // administrator the names of other companies (issue 13).
  (t) => [uniqueIndex('companies_email_uq').on(t.email), index('companies_closing_idx').on(t.closingDue).where(sql`closing_due IS NOT NULL`)],
);

/**
 * The installation's record of closed accounts: a company's own operation log dies with it, so the deletion is kept
 * here for the operator (and in the server log). No company_id column on purpose: it is not tenant data and must
 * survive the company; it names the company only by its former id and name.
 */
export const closedCompanies = pgTable('closed_companies', {
  id: id(),
  formerCompanyId: integer('former_company_id').notNull(),
  name: text('name').notNull(),
  requestedAt: tstz('requested_at'),
  closedAt: tstz('closed_at').notNull().defaultNow(),
  /** Stored files removed with it. */
  filesRemoved: integer('files_removed').notNull().default(0),
  ...timestamps,
});

/**
 * The company row as calls read it: everything but the administrator's password hash (only sign-in and recovery read
 * that, by their own queries). The session look-up joins it, so a call has its company without another statement.
 */
export const companyRecord = (() => {
  const { passwordHash: _hash, ...columns } = getTableColumns(companies);
  return columns;
})();
export type CompanyRecord = Omit<typeof companies.$inferSelect, 'passwordHash'>;

/** Staff accounts of a company (qcv_security_staff): HSE, server company, reception, logistics, machine, sub-admin. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * Sign-in name, unique within the company. Sign-in does not name the company: when several companies hold the name,
     * the password tells which account signs in (as for employees' phones), so a name never reveals another company's.
     */
    account: text('account').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    sType: smallint('s_type').notNull(),
    gids: integer('gids').array().notNull().default(sql`'{}'::integer[]`),
    subAccountId: integer('sub_account_id'),
    /** A server-company account's supplier company (suppliers.id; sType 1 only): it manages that company's workers alone. */
    supplierId: integer('supplier_id'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    remark: text('remark').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: smallint('must_change_password').notNull().default(1),
    /** 0 enabled, 1 disabled. */
    status: smallint('status').notNull().default(0),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_accounts_company_account_uq').on(t.companyId, sql`lower(${t.account})`),
    index('staff_accounts_account_idx').on(sql`lower(${t.account})`),
    index('staff_accounts_company_idx').on(t.companyId, t.sType),
  ],
);

/** Headquarters accounts that oversee several companies (LFT_ prefix). */
export const superAccounts = pgTable(
  'super_accounts',
  {
    id: id(),
    account: text('account').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(0),
    companyIds: integer('company_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('super_accounts_account_uq').on(sql`lower(${t.account})`)],
);
