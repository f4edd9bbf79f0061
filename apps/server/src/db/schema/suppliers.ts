import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';

/**
 * A supplier (labour) company whose workers come as resident visitors (the original's qcv_supplier): name unique in
 * the company, case-insensitively. Server-company staff accounts (sType 1) belong to one (`staff_accounts.supplier_id`).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    /** Normalised like every stored phone; '' when not given. */
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('suppliers_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);
