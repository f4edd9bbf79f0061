import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';

/**
 * Blacklist and whitelist entries (qcv_blacklist), told apart by `kind`; the phone is stored normalised, the certificate
 * number only as a keyed hash and a masked form (a list is only matched against).
 */
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
    /** Only entries from before ID numbers were hashed (migration 0074) until the nightly sweep hashes them; else ''. */
    credentialNo: text('credential_no').notNull().default(''),
    /** The certificate number's keyed hash (platform/identity/idNumbers.ts): what screening matches. */
    credentialHash: text('credential_hash').notNull().default(''),
    /** The number masked (maskIdNumber): what the console shows. */
    credentialMasked: text('credential_masked').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('listed_people_company_idx').on(t.companyId, t.kind, t.createdAt),
    uniqueIndex('listed_people_phone_uq').on(t.companyId, t.kind, t.phone).where(sql`${t.phone} <> ''`),
    uniqueIndex('listed_people_credential_uq').on(t.companyId, t.kind, t.credentialNo).where(sql`${t.credentialNo} <> ''`),
    uniqueIndex('listed_people_credential_hash_uq').on(t.companyId, t.kind, t.credentialHash).where(sql`${t.credentialHash} <> ''`),
  ],
);
