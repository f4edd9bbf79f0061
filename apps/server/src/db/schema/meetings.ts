import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { employees } from './people.js';

/**
 * Meetings (the original's qcv_meeting): a time, a place and an organiser; its visitors are invitations (`visits` of
 * kind 'invite' with `meeting_id`). The status is derived from the times and the explicit start, end and
 * cancellation (`meetingStatusOf` in the contract), never stored.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** The organiser, the host of every invitation; the name is kept as it was when the employee leaves. */
    empId: integer('emp_id').references(() => employees.id, { onDelete: 'set null' }),
    empName: text('emp_name').notNull().default(''),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    address: text('address').notNull().default(''),
    gid: integer('gid'),
    tid: integer('tid'),
    visitType: text('visit_type').notNull().default(''),
    remark: text('remark').notNull().default(''),
    startedAt: tstz('started_at'),
    endedAt: tstz('ended_at'),
    cancelledAt: tstz('cancelled_at'),
    ...timestamps,
  },
  (t) => [index('meetings_company_start_idx').on(t.companyId, t.startAt, t.id), index('meetings_company_emp_idx').on(t.companyId, t.empId)],
);
