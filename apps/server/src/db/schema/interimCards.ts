import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { employees } from './people.js';

/**
 * Temporary cards (qcv_interimcard): an application (0), lent (1), returned (2) or refused (3). The holder's name,
 * department, work number and contacts are copied when applying, as the original keeps them.
 */
export const interimCards = pgTable(
  'interim_cards',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The employee; null for a visitor's card. */
    empId: integer('emp_id').references(() => employees.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    deptName: text('dept_name').notNull().default(''),
    empNo: text('emp_no').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    office: text('office').notNull().default(''),
    cardNo: text('card_no').notNull().default(''),
    status: smallint('status').notNull().default(0),
    refuseReason: text('refuse_reason').notNull().default(''),
    submittedAt: tstz('submitted_at').notNull().defaultNow(),
    lentAt: tstz('lent_at'),
    /** Due back: the time the desk gave, else the end of the day it was lent; overdue is computed from it. */
    dueAt: tstz('due_at'),
    returnedAt: tstz('returned_at'),
    createdBy: text('created_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('interim_cards_company_idx').on(t.companyId, t.submittedAt),
    index('interim_cards_emp_idx').on(t.companyId, t.empId),
    // A card number is lent to one person at a time in a company.
    uniqueIndex('interim_cards_lent_uq').on(t.companyId, sql`lower(${t.cardNo})`).where(sql`${t.status} = 1`),
  ],
);
