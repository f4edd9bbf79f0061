import type { RetentionKind } from '@openvisit/contract';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/**
 * How long a company keeps each kind of a visitor's data (modules/privacy, docs/modules/privacy.md): tid 0 is the
 * company's own rules (every kind; none stored: the installation's defaults), any other a visitor type's overrides.
 * A visitor type deleted leaves its row, which nothing reads any more.
 */
export const retentionRules = pgTable(
  'retention_rules',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tid: integer('tid').notNull(),
    rules: jsonb('rules').$type<Partial<Record<RetentionKind, number>>>().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.tid] })],
);

/** Each sweep's report: what it removed, by kind. A run killed midway keeps finished_at null; the next run goes on. */
export const retentionSweeps = pgTable(
  'retention_sweeps',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'daily' | 'manual' */
    trigger: text('trigger').notNull(),
    startedAt: tstz('started_at').notNull(),
    finishedAt: tstz('finished_at'),
    removed: jsonb('removed').$type<Partial<Record<RetentionKind, number>>>().notNull().default({}),
    files: integer('files').notNull().default(0),
  },
  (t) => [index('retention_sweeps_company_idx').on(t.companyId, t.id)],
);
