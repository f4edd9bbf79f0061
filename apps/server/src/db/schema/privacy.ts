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

/**
 * A visitor's request, from their privacy page, that their data be erased: pending until an administrator decides or
 * the company's days pass (privacy_settings). Carried out, the key is masked: nothing of the person stays here either.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The phone or e-mail the person proved (normalised), masked once carried out. */
    key: text('key').notNull(),
    /** 'phone' | 'email' */
    via: text('via').notNull(),
    /** 'pending' | 'done' | 'refused' */
    state: text('state').notNull().default('pending'),
    dueAt: tstz('due_at'),
    decidedAt: tstz('decided_at'),
    decidedBy: text('decided_by').notNull().default(''),
    reason: text('reason').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('erasure_requests_company_idx').on(t.companyId, t.state, t.id), index('erasure_requests_due_idx').on(t.state, t.dueAt)],
);

/** A company's privacy settings beside its retention rules: after how many days an unanswered erasure request is carried out. */
export const privacySettings = pgTable('privacy_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Null: only an administrator's decision carries a request out. */
  erasureAutoDays: integer('erasure_auto_days'),
  /** The console warns as the faces held near this many people (a filing is due at 100,000 in China); null: the default. */
  faceThreshold: integer('face_threshold'),
  ...timestamps,
});
