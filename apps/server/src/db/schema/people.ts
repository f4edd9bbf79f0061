import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/**
 * Employees (qcv_employee). The platform needs the sign-in columns; the employees module owns the rest
 * of the record and extends this table with its own migration.
 */
export const employees = pgTable(
  'employees',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Work number, unique in the company when not empty. */
    empNo: text('emp_no').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    position: text('position').notNull().default(''),
    cardNo: text('card_no').notNull().default(''),
    telephone: text('telephone').notNull().default(''),
    workbay: text('workbay').notNull().default(''),
    remark: text('remark').notNull().default(''),
    superiorNo: text('superior_no').notNull().default(''),
    superiorName: text('superior_name').notNull().default(''),
    domainAccount: text('domain_account').notNull().default(''),
    visitType: text('visit_type').notNull().default(''),
    defaultNotify: smallint('default_notify').notNull().default(0),
    defaultReceiver: boolean('default_receiver').notNull().default(false),
    isLeader: boolean('is_leader').notNull().default(false),
    defaultContact: boolean('default_contact').notNull().default(false),
    forbidAppointment: boolean('forbid_appointment').notNull().default(false),
    forbidInvite: boolean('forbid_invite').notNull().default(false),
    hideFromPad: boolean('hide_from_pad').notNull().default(false),
    /** Face photo status (spec section 4); null without a photo. */
    face: smallint('face'),
    /** Key of the face photo in the file store; '' without one. */
    avatar: text('avatar').notNull().default(''),
    /** Access rights for the device module: allowed, between these inclusive dates (null = open-ended). */
    acEnabled: boolean('ac_enabled').notNull().default(true),
    acStart: date('ac_start', { mode: 'string' }),
    acEnd: date('ac_end', { mode: 'string' }),
    subAccountId: integer('sub_account_id'),
    passwordHash: text('password_hash'),
    /** 0 enabled, 1 forbidden, 2 stopped. */
    status: smallint('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('employees_company_idx').on(t.companyId, t.createdAt),
    index('employees_phone_idx').on(t.phone),
    uniqueIndex('employees_emp_no_uq').on(t.companyId, t.empNo).where(sql`${t.empNo} <> ''`),
    uniqueIndex('employees_card_no_uq').on(t.companyId, t.cardNo).where(sql`${t.cardNo} <> ''`),
    index('employees_sub_account_idx').on(t.companyId, t.subAccountId),
  ],
);

/**
 * Face photos waiting to be sent to the company's access devices (one row per employee): `/updateAllFace` and
 * new photos add rows; the device module takes them and reports each employee's face status back.
 */
export const faceSyncQueue = pgTable(
  'face_sync_queue',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    empId: integer('emp_id')
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    requestedAt: tstz('requested_at').notNull().defaultNow(),
  },
  (t) => [index('face_sync_queue_company_idx').on(t.companyId, t.requestedAt)],
);

/** Departments (qcv_department): a tree per company; parentId 0 is the top level. */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deptNo: text('dept_no').notNull().default(''),
    parentId: integer('parent_id').notNull().default(0),
    managerEmpId: integer('manager_emp_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('departments_sibling_name_uq').on(t.companyId, t.parentId, sql`lower(${t.name})`),
    uniqueIndex('departments_no_uq').on(t.companyId, t.deptNo).where(sql`${t.deptNo} <> ''`),
  ],
);

/** Which departments an employee belongs to (qcv_emp_dept); an employee may be in several. */
export const employeeDepartments = pgTable(
  'employee_departments',
  {
    companyId: integer('company_id').notNull(),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.empId, t.deptId] }), index('employee_departments_dept_idx').on(t.companyId, t.deptId)],
);

/** Sub-companies (resident/tenant companies, qcv_sub_account) that share a company's premises. */
export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    /** At most 6 characters, unique in the head company (any case); '' only for rows older than the column. */
    shortName: text('short_name').notNull().default(''),
    /** Key of the stored logo in the file store; '' without one. */
    logo: text('logo').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    floor: text('floor').notNull().default(''),
    roomNumbers: text('room_numbers').array().notNull().default(sql`'{}'::text[]`),
    /** The gates and door (device) groups of the head company it may use. */
    gids: integer('gids').array().notNull().default(sql`'{}'::int[]`),
    egids: integer('egids').array().notNull().default(sql`'{}'::int[]`),
    /** Bits: 1 invitation, 2 appointment, 4 visits need authorisation. */
    vaPerm: smallint('va_perm').notNull().default(3),
    passwordHash: text('password_hash').notNull(),
    /** 0 gets the fixed module set; others the stored module list. */
    adminType: smallint('admin_type').notNull().default(0),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    /** Its employees who manage it (GetSubAccountManager); read back only while they are still its employees. */
    managerEmpIds: integer('manager_emp_ids').array().notNull().default(sql`'{}'::int[]`),
    /** 1 in use, 0 stopped. */
    isUse: smallint('is_use').notNull().default(1),
    /** Validity (inclusive days; null open-ended): outside it the sub-company cannot sign in. */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Set when deleted with records on record: stopped, kept for the history. */
    archivedAt: tstz('archived_at'),
    ...timestamps,
  },
  // The sign-in email is unique within the head company only: an installation-wide index would tell whoever creates a
  // sub-company that another company's tenant holds the address. Sign-in lets the password pick (subAccountLogin).
  (t) => [
    uniqueIndex('sub_accounts_company_email_uq').on(t.companyId, sql`lower(${t.email})`),
    index('sub_accounts_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('sub_accounts_company_name_uq').on(t.companyId, sql`lower(${t.companyName})`),
    uniqueIndex('sub_accounts_short_name_uq').on(t.companyId, sql`lower(${t.shortName})`).where(sql`${t.shortName} <> ''`),
  ],
);

/** Named sets of the fields many sub-companies share (addSubAccountTemp): floor, gates, door groups, vaPerm, modules, validity. */
export const subAccountTemplates = pgTable(
  'sub_account_templates',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    floor: text('floor').notNull().default(''),
    gids: integer('gids').array().notNull().default(sql`'{}'::int[]`),
    egids: integer('egids').array().notNull().default(sql`'{}'::int[]`),
    vaPerm: smallint('va_perm').notNull().default(3),
    adminType: smallint('admin_type').notNull().default(0),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('sub_account_templates_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);
