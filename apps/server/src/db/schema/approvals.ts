import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { visits } from './visits.js';

/**
 * An approval area (qcv_process_area): the approval flow for visits at its gates, or, with no gates, for every
 * visit no other area covers (the company's default flow).
 */
export const processAreas = pgTable(
  'process_areas',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    gids: integer('gids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('process_areas_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * One approver of one level of an area (qcv_process_rule): `rType` 0 an employee role (any member), 1 one employee,
 * 2 the company's HSE accounts, 3 the company administrator. A level is passed when any one of its approvers agrees.
 */
export const processRules = pgTable(
  'process_rules',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => processAreas.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    rType: smallint('r_type').notNull(),
    /** The role id (rType 0) or employee id (rType 1); 0 otherwise. */
    refId: integer('ref_id').notNull().default(0),
  },
  (t) => [index('process_rules_area_idx').on(t.areaId, t.level)],
);

/**
 * One level's decision on one visit (qcv_process_records): created waiting (0) when the visit reaches the level;
 * then approved (1, on to the next level), agreed (2, the last level: the visit is authorised), refused (3) or
 * returned to the host (4). Rows are never deleted: they are the visit's approval history.
 */
export const processRecords = pgTable(
  'process_records',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** The area when submitted (kept when the area is later removed). */
    areaId: integer('area_id'),
    areaName: text('area_name').notNull().default(''),
    level: smallint('level').notNull(),
    /** How many levels the flow had when submitted. */
    levels: smallint('levels').notNull(),
    status: smallint('status').notNull().default(0),
    /** Who submitted (the host, or the account that registered the visit). */
    submitter: text('submitter').notNull().default(''),
    /** Who decided: account kind and id, and the name shown. */
    deciderKind: text('decider_kind'),
    deciderId: integer('decider_id'),
    deciderName: text('decider_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    decidedAt: tstz('decided_at'),
    ...timestamps,
  },
  (t) => [
    index('process_records_visit_idx').on(t.visitId),
    // One waiting decision per visit at a time: two submissions racing cannot open two.
    uniqueIndex('process_records_waiting_uq').on(t.visitId).where(sql`${t.status} = 0`),
    index('process_records_waiting_idx').on(t.companyId, t.areaId, t.level).where(sql`${t.status} = 0`),
    index('process_records_decider_idx').on(t.companyId, t.deciderKind, t.deciderId),
  ],
);
