import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { deviceGroups } from './access.js';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';
import { gates, visitorTypes } from './registration.js';

/** Holidays (qcv_holiday_bill): one row per date and company; `kind` 1 a day off, 2 a make-up working day (passFlag). */
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** yyyy-mm-dd: a calendar day of the server's time zone (platform/formats/days.ts). */
    day: text('day').notNull(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('holidays_day_uq').on(t.companyId, t.day)],
);

/** A day's slots as 'HH:mm-HH:mm', sorted by start. */
export type SlotList = string[];
/** The seven weekdays' slots, Monday first. */
export type WeekSlots = [SlotList, SlotList, SlotList, SlotList, SlotList, SlotList, SlotList];

/**
 * Traffic schedules (pass rules, qcv_passtime_rule): the times of each weekday a door opens, with an optional first
 * and last day, and what holidays (`holMode`, `hol`) and make-up working days (`daysOffMode`, `daysOff`) do.
 */
export const passRules = pgTable(
  'pass_rules',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: text('start_date').notNull().default(''),
    endDate: text('end_date').notNull().default(''),
    week: jsonb('week').$type<WeekSlots>().notNull(),
    hol: jsonb('hol').$type<SlotList>().notNull().default([]),
    holMode: smallint('hol_mode').notNull().default(0),
    daysOff: jsonb('days_off').$type<SlotList>().notNull().default([]),
    daysOffMode: smallint('days_off_mode').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('pass_rules_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** Pass configs (strategies, qcv_pass_config): who passes which groups by which schedule, with per-visitor limits. */
export const passConfigs = pgTable(
  'pass_configs',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    forEmployees: boolean('for_employees').notNull().default(false),
    forVisitors: boolean('for_visitors').notNull().default(false),
    forResidents: boolean('for_residents').notNull().default(false),
    // A schedule in use is refused deletion (58 with the count); the key is the last guard.
    ruleId: integer('rule_id')
      .notNull()
      .references(() => passRules.id, { onDelete: 'restrict' }),
    maxDays: integer('max_days').notNull().default(0),
    maxUses: integer('max_uses').notNull().default(0),
    /** 'multiple' | 'single' entries a day. */
    entryMode: text('entry_mode').notNull().default('multiple'),
    /** 'both' | 'qr' | 'face'. */
    passWay: text('pass_way').notNull().default('both'),
    explain: text('explain').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('pass_configs_name_uq').on(t.companyId, sql`lower(${t.name})`), index('pass_configs_rule_idx').on(t.ruleId)],
);

/** The device groups a strategy opens (none: every group). A group bound by a strategy is refused deletion (58). */
export const passConfigGroups = pgTable(
  'pass_config_groups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => passConfigs.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.configId, t.groupId] }), index('pass_config_groups_group_idx').on(t.groupId)],
);

/** The visitor types a strategy is for (none: every type). A deleted type leaves the strategies it was in. */
export const passConfigVisitorTypes = pgTable(
  'pass_config_visitor_types',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => passConfigs.id, { onDelete: 'cascade' }),
    visitorTypeId: integer('visitor_type_id')
      .notNull()
      .references(() => visitorTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.configId, t.visitorTypeId] }), index('pass_config_visitor_types_type_idx').on(t.visitorTypeId)],
);

/** The ways a gate's doors accept (face, QR, both); a gate without a row accepts both. */
export const gatePassWays = pgTable('gate_pass_ways', {
  gateId: integer('gate_id')
    .primaryKey()
    .references(() => gates.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  passWay: text('pass_way').notNull().default('both'),
});
