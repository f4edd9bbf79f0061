import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';

/**
 * The texts a visitor accepts (core/agreements, docs/modules/privacy.md): per company, kind (AGREEMENT_KINDS) and
 * language, each change a new version; a version is never edited, so a record of what someone accepted points at the
 * words they read. A version a visit points at cannot be deleted.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'protocol' | 'privacy' | 'face' */
    kind: text('kind').notNull(),
    /** 'zh' | 'en' */
    lang: text('lang').notNull(),
    /** 1, 2, … per company, kind and language. */
    version: integer('version').notNull(),
    text: text('text').notNull(),
    /** Who wrote it ('' for the product's default text). */
    createdBy: text('created_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('agreements_version_uq').on(t.companyId, t.kind, t.lang, t.version)],
);
