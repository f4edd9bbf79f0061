import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';
import { employees } from './people.js';

/** Role groups (parentId 0) and roles (qcv_role). */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_sibling_name_uq').on(t.companyId, t.parentId, sql`lower(${t.name})`)],
);

/** Employees holding a role (qcv_role_emp). */
export const roleMembers = pgTable(
  'role_members',
  {
    companyId: integer('company_id').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.empId] }), index('role_members_emp_idx').on(t.companyId, t.empId)],
);

/** Visit proxies (qcv_visit_proxy): one delegation per employee. */
export const visitProxies = pgTable(
  'visit_proxies',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    proxyId: integer('proxy_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('visit_proxies_emp_uq').on(t.companyId, t.empId), index('visit_proxies_proxy_idx').on(t.companyId, t.proxyId)],
);
