import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';
import { employees, subAccounts } from './people.js';
import { gates } from './registration.js';
import { visits } from './visits.js';

/**
 * Invitation templates (qcv_appointment_usertemplate, _satemplate and _emptemplate): a company's, per type and optionally
 * gate (`emp_id` and `sub_account_id` null), a sub-company's, per type (`sub_account_id` set, no gate), or an employee's
 * own, per type (`emp_id` set, no gate). Texts are plain text, in both languages.
 */
export const invitationTemplates = pgTable(
  'invitation_templates',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 0 interview, 1 business. */
    templateType: smallint('template_type').notNull(),
    // A gate's template goes with the gate; an employee's with the employee.
    gid: integer('gid').references(() => gates.id, { onDelete: 'cascade' }),
    empId: integer('emp_id').references(() => employees.id, { onDelete: 'cascade' }),
    // A sub-company's template goes with the sub-company.
    subAccountId: integer('sub_account_id').references(() => subAccounts.id, { onDelete: 'cascade' }),
    inviteContent: text('invite_content').notNull().default(''),
    address: text('address').notNull().default(''),
    traffic: text('traffic').notNull().default(''),
    companyProfile: text('company_profile').notNull().default(''),
    inviteContentEn: text('invite_content_en').notNull().default(''),
    addressEn: text('address_en').notNull().default(''),
    trafficEn: text('traffic_en').notNull().default(''),
    companyProfileEn: text('company_profile_en').notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    ...timestamps,
  },
  (t) => [
    // One company template per type and gate, one default (no gate) per type, one per sub-company and type, one own
    // template per employee and type.
    uniqueIndex('invitation_templates_company_uq')
      .on(t.companyId, t.templateType, sql`coalesce(${t.gid}, 0)`, sql`coalesce(${t.subAccountId}, 0)`)
      .where(sql`${t.empId} IS NULL`),
    uniqueIndex('invitation_templates_emp_uq').on(t.companyId, t.empId, t.templateType).where(sql`${t.empId} IS NOT NULL`),
    index('invitation_templates_gid_idx').on(t.gid),
    index('invitation_templates_emp_idx').on(t.empId),
    index('invitation_templates_sub_idx').on(t.subAccountId),
  ],
);

/**
 * The texts an invitation was sent with, in the visitor's language: later edits or deletion of the template do not
 * change an invitation already sent. One row per invited visit; `source` says which template applied ('' for none).
 */
export const invitationSnapshots = pgTable('invitation_snapshots', {
  visitId: integer('visit_id')
    .primaryKey()
    .references(() => visits.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull(),
  templateType: smallint('template_type').notNull(),
  templateId: integer('template_id'),
  /** 'employee' | 'gate' | 'company' | '' (no template: the standard text). */
  source: text('source').notNull().default(''),
  inviteContent: text('invite_content').notNull().default(''),
  address: text('address').notNull().default(''),
  traffic: text('traffic').notNull().default(''),
  companyProfile: text('company_profile').notNull().default(''),
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
  ...timestamps,
});
