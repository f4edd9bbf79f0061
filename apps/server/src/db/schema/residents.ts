import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { suppliers } from './suppliers.js';

/** A supplier project residents work on (qcv_resident_project): name unique in the company. */
export const residentProjects = pgTable(
  'resident_projects',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The responsible person and their phone (normalised). */
    leader: text('leader').notNull().default(''),
    phone: text('phone').notNull().default(''),
    area: text('area').notNull().default(''),
    content: text('content').notNull().default(''),
    startAt: tstz('start_at'),
    endAt: tstz('end_at'),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('resident_projects_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * A resident visitor (supplier staff, qcv_resident_visitor): approved once (`rstatus`), then signs in at the desk on
 * any day of its validity window without an invitation. Phone and certificate number are each unique in the company,
 * because either one finds the resident at the desk.
 */
export const residentVisitors = pgTable(
  'resident_visitors',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // A project with residents cannot be deleted (the service answers 58; the key is the last guard).
    projectId: integer('project_id')
      .notNull()
      .references(() => residentProjects.id, { onDelete: 'restrict' }),
    /** The supplier company the person works for; `company` keeps its name for the original's clients. */
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    company: text('company').notNull().default(''),
    name: text('name').notNull(),
    /** Normalised like visits' phones; '' when not given. */
    phone: text('phone').notNull().default(''),
    certificateType: text('certificate_type').notNull().default('idCard'),
    idNumber: text('id_number').notNull().default(''),
    /** 0 unknown, 1 male, 2 female. */
    sex: smallint('sex').notNull().default(0),
    age: smallint('age'),
    job: text('job').notNull().default(''),
    department: text('department').notNull().default(''),
    area: text('area').notNull().default(''),
    leader: text('leader').notNull().default(''),
    plateNum: text('plate_num').notNull().default(''),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    /** 0 waiting for approval, 1 approved, 2 refused. */
    rstatus: smallint('rstatus').notNull().default(0),
    refuseCause: text('refuse_cause').notNull().default(''),
    approver: text('approver').notNull().default(''),
    /** File-store key of the face photo; '' when none. */
    face: text('face').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('resident_visitors_company_idx').on(t.companyId, t.createdAt),
    index('resident_visitors_project_idx').on(t.projectId),
    index('resident_visitors_supplier_idx').on(t.companyId, t.supplierId),
    uniqueIndex('resident_visitors_phone_uq').on(t.companyId, t.phone).where(sql`${t.phone} <> ''`),
    uniqueIndex('resident_visitors_id_number_uq').on(t.companyId, t.idNumber).where(sql`${t.idNumber} <> ''`),
  ],
);
