import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { timestamps, tstz } from './columns.js';
import { departments, employees } from './people.js';

/**
 * Directory sync state per company (contacts module): the DingTalk secret (kept out of the settings JSON that
 * GetUserInfo answers), the channel the daily job syncs, the last results and the lease of a running sync.
 */
export const contactSync = pgTable(
  'contact_sync',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ddSecret: text('dd_secret').notNull().default(''),
    /** The channel whose automatic daily sync is on (null when none). Mirrors the settings and `appChannel`. */
    autoChannel: text('auto_channel'),
    /** 'feishu' | 'wecom' while the directory is synced from that work app (DingTalk's and RTX's switches are settings). */
    appChannel: text('app_channel'),
    /** The last report of each step and the last error (the contract's ContactSyncState.last). */
    lastResult: jsonb('last_result').notNull().default({}),
    /** A sync holds this lease while it runs, so two never run at once for one company (on any node). */
    runningUntil: tstz('running_until'),
    ...timestamps,
  },
  (t) => [index('contact_sync_auto_idx').on(t.autoChannel)],
);

/** Which of our departments a provider department is ('dingtalk' dept_id, RTX department id). */
export const contactDepartmentLinks = pgTable(
  'contact_department_links',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.source, t.externalId] }),
    uniqueIndex('contact_department_links_dept_uq').on(t.companyId, t.source, t.deptId),
  ],
);

/**
 * Which of our employees a provider user is (the original's `ddid` / `empRtxAccount`). `stoppedBySync` marks an
 * employee the sync set to stopped because the provider no longer listed them, so their return enables them again.
 */
export const contactEmployeeLinks = pgTable(
  'contact_employee_links',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    stoppedBySync: tstz('stopped_by_sync'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.source, t.externalId] }),
    uniqueIndex('contact_employee_links_emp_uq').on(t.companyId, t.source, t.empId),
  ],
);
