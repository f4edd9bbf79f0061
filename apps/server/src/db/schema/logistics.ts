import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { questionnaires } from './questionnaires.js';

/** One field of a logistics type (the contract's `logisticsField`). */
export interface LogisticsFieldRow {
  fieldName: string;
  displayName: string;
  inputType: 'text' | 'date' | 'button';
  inputValue: string[];
  shown: boolean;
  required: boolean;
}
export interface LogisticsTypeFields {
  driverExtend: LogisticsFieldRow[];
  vehicleExtend: LogisticsFieldRow[];
  goodsExtend: LogisticsFieldRow[];
  logExtend: LogisticsFieldRow[];
}

/** Logistics types (the original's extend types): a bilingual name and the fields of each group. */
export const logisticsTypes = pgTable(
  'logistics_types',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<LogisticsTypeFields>().notNull(),
    /** The safety induction its drivers must have passed before arriving (null: none). */
    questionnaireId: integer('questionnaire_id').references(() => questionnaires.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('logistics_types_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** Carrier (supplier) companies that bring trucks; `nameKey` (lower case, spaces squeezed) keeps names unique. */
export const logisticsCarriers = pgTable(
  'logistics_carriers',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('logistics_carriers_name_uq').on(t.companyId, t.nameKey)],
);

/** Truck bookings (qcv_logistics): the original's column names in camel case, times as timestamps. */
export const logisticsBookings = pgTable(
  'logistics_bookings',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    logNum: text('log_num').notNull().default(''),
    logType: integer('log_type').references(() => logisticsTypes.id, { onDelete: 'set null' }),
    logTypeName: text('log_type_name').notNull().default(''),
    carrierId: integer('carrier_id').references(() => logisticsCarriers.id, { onDelete: 'set null' }),
    carrierName: text('carrier_name').notNull().default(''),
    carrierPhone: text('carrier_phone').notNull().default(''),
    sname: text('sname').notNull(),
    smobile: text('smobile').notNull(),
    scardId: text('scard_id').notNull().default(''),
    dname: text('dname').notNull(),
    dmobile: text('dmobile').notNull(),
    dcardId: text('dcard_id').notNull(),
    plateNum: text('plate_num').notNull(),
    goods: text('goods').notNull().default(''),
    loadStart: tstz('load_start'),
    loadEnd: tstz('load_end'),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    memberInfo: jsonb('member_info').$type<{ name: string; phone: string }[]>().notNull().default([]),
    photoInfo: jsonb('photo_info').$type<string[]>().notNull().default([]),
    driverExtend: jsonb('driver_extend').$type<Record<string, string>>().notNull().default({}),
    vehicleExtend: jsonb('vehicle_extend').$type<Record<string, string>>().notNull().default({}),
    goodsExtend: jsonb('goods_extend').$type<Record<string, string>>().notNull().default({}),
    logExtend: jsonb('log_extend').$type<Record<string, string>>().notNull().default({}),
    remark: text('remark').notNull().default(''),
    /** 0 waiting, 1 approved, 2 refused, 3 ended. */
    pstatus: smallint('pstatus').notNull().default(0),
    approver: text('approver').notNull().default(''),
    approveTime: tstz('approve_time'),
    approveReason: text('approve_reason').notNull().default(''),
    visitdate: tstz('visitdate'),
    exitTime: tstz('exit_time'),
    leaveTime: tstz('leave_time'),
    finishTime: tstz('finish_time'),
    /** 'console' or 'link'. */
    source: text('source').notNull().default('console'),
    creator: text('creator').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('logistics_bookings_day_idx').on(t.companyId, t.appointmentDate, t.id),
    index('logistics_bookings_plate_idx').on(t.companyId, t.plateNum, t.appointmentDate),
    index('logistics_bookings_driver_idx').on(t.companyId, t.dcardId, t.appointmentDate),
  ],
);

/** A company's public booking link: the token is `<id>.<mac of id and secret>`; a new secret voids the old link. */
export const logisticsLinks = pgTable('logistics_links', {
  id: id(),
  companyId: integer('company_id')
    .notNull()
    .unique('logistics_links_company_uq')
    .references(() => companies.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  ...timestamps,
});

/**
 * Every booking photo uploaded, so the sweep (logistics.sweep.ts) finds those no booking of the company names. No
 * foreign key to the company on purpose: a deleted company's rows stay until their files are swept.
 */
export const logisticsUploads = pgTable(
  'logistics_uploads',
  {
    key: text('key').primaryKey(),
    companyId: integer('company_id').notNull(),
    uploadedAt: tstz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [index('logistics_uploads_at_idx').on(t.uploadedAt)],
);
