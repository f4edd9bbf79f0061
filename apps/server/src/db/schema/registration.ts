import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';

/** Gates (门岗, qcv_gate): the reception posts a front desk or visitor machine belongs to; names unique per company. */
export const gates = pgTable(
  'gates',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('gates_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** A sub-visit type as the original keeps it: a JSON list of {name, selected}. */
export interface SubVisitType {
  name: string;
  selected: boolean;
}

/**
 * Visitor types (qcv_visitor_type). The original stores the name as one '中文#English' string; the two parts are
 * kept apart here (each unique in the company) and joined again on the wire.
 */
export const visitorTypes = pgTable(
  'visitor_types',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    subTypes: jsonb('sub_types').$type<SubVisitType[]>().notNull().default([]),
    /** Visit reasons offered with this type, each a label ('中文#English' or one name). */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** Days a visit of this type stays valid (povDays). */
    povDays: smallint('pov_days').notNull().default(1),
    /** Gates where this type is offered; empty means every gate. */
    gids: integer('gids').array().notNull().default(sql`'{}'::integer[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('visitor_types_name_zh_uq').on(t.companyId, sql`lower(${t.nameZh})`),
    uniqueIndex('visitor_types_name_en_uq').on(t.companyId, sql`lower(${t.nameEn})`),
  ],
);

/**
 * Visitor fields (qcv_visitor_extend): the standard fields of the registration form (seeded per company, never
 * deleted) and the company's custom ones (text, date, choice). Order is shared by every visitor type.
 */
export const visitorFields = pgTable(
  'visitor_fields',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The key of the value: a standard field's name, or the key a custom value is stored under in a visit. */
    fieldName: text('field_name').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** 'standard' for the built-in fields, else 'text' | 'date' | 'button' (a choice). */
    inputType: text('input_type').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    placeholder: text('placeholder').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('visitor_fields_name_uq').on(t.companyId, t.fieldName), index('visitor_fields_order_idx').on(t.companyId, t.sortOrder)],
);

/** Which fields a visitor type shows (a row) and requires (the flag). */
export const visitorTypeFields = pgTable(
  'visitor_type_fields',
  {
    companyId: integer('company_id').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => visitorTypes.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => visitorFields.id, { onDelete: 'cascade' }),
    required: boolean('required').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.fieldId] }), index('visitor_type_fields_field_idx').on(t.companyId, t.fieldId)],
);
