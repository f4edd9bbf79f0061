import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/**
 * Employees (qcv_employee). The platform needs the sign-in columns; the employees module owns the rest
 * of the record and extends this table with its own migration.
 */
export const employees = pgTable(
  'employees',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    empNo: text('emp_no'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    subAccountId: integer('sub_account_id'),
    passwordHash: text('password_hash'),
    /** 0 enabled, 1 forbidden, 2 stopped. */
    status: smallint('status').notNull().default(0),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    ...timestamps,
  },
  (t) => [index('employees_company_idx').on(t.companyId), index('employees_phone_idx').on(t.phone)],
);

/** Sub-companies (resident/tenant companies, qcv_sub_account) that share a company's premises. */
export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** 0 gets the fixed module set; others the stored module list. */
    adminType: smallint('admin_type').notNull().default(0),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    /** 1 in use, 0 stopped. */
    isUse: smallint('is_use').notNull().default(1),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sub_accounts_email_uq').on(sql`lower(${t.email})`), index('sub_accounts_company_idx').on(t.companyId)],
);
