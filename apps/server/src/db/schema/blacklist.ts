import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';

/** Blacklist and whitelist entries (qcv_blacklist), told apart by `kind`; phone and number are stored normalised. */
export const listedPeople = pgTable(
  'listed_people',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'black' | 'white' */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    credentialNo: text('credential_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('listed_people_company_idx').on(t.companyId, t.kind, t.createdAt),
    uniqueIndex('listed_people_phone_uq').on(t.companyId, t.kind, t.phone).where(sql`${t.phone} <> ''`),
    uniqueIndex('listed_people_credential_uq').on(t.companyId, t.kind, t.credentialNo).where(sql`${t.credentialNo} <> ''`),
  ],
);
