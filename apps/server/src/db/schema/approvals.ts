import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { employees, subAccounts } from './people.js';
import { visits } from './visits.js';

/** A policy's approvers and steps as the contract writes them (`policyStep`); checked on save, read as stored. */
export type StoredStep = {
  name: string;
  parallel: boolean;
  approvers: ({ kind: string; id?: number } & Record<string, unknown>)[];
  quorum: { mode: 'any' | 'all' | 'count'; count: number };
  reasonToApprove: boolean;
  fields: { name: string; required: boolean }[];
  deadline: { minutes: number; action: 'escalate' | 'approve' | 'refuse'; to: 'manager' | 'role' | 'admin' | 'next'; roleId: number | null } | null;
};

/**
 * An approval policy: the steps a request goes through, chosen by conditions over it. Tried in `position` order, a
 * sub-company's own before the company's; the default (no conditions) last. The original's approval areas
 * (qcv_process_area and its rules) became policies with gate conditions (migration 0058).
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A sub-company's own policy; null the company's. */
    subCompanyId: integer('sub_company_id').references(() => subAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The original area's address (shown by getProcessArea). */
    address: text('address').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** 'steps' | 'desk' | 'none'. */
    mode: text('mode').notNull().default('steps'),
    conditions: jsonb('conditions').$type<Record<string, unknown>[]>().notNull().default([]),
    steps: jsonb('steps').$type<StoredStep[]>().notNull().default([]),
    material: jsonb('material').$type<string[]>().notNull().default(['time', 'gate', 'visitType', 'companions']),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('approval_policies_name_uq').on(t.companyId, sql`coalesce(${t.subCompanyId}, 0)`, sql`lower(${t.name})`),
    uniqueIndex('approval_policies_default_uq').on(t.companyId, sql`coalesce(${t.subCompanyId}, 0)`).where(sql`${t.isDefault}`),
  ],
);

/**
 * One request for approval (a visit, a truck booking, a temporary card application): the policy it matched, its
 * steps as they were then (`plan`: later edits of the policy do not reach it), the stage it waits at, the outcome.
 * 0 waiting, 1 approved, 2 refused, 3 returned to the requester, 4 called off (the visit ended without a decision).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'visit', or 'truck' (a logistics booking), 'interimCard' (a temporary card application): `subjectId` names those. */
    subjectKind: text('subject_kind').notNull().default('visit'),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id'),
    /** What the queues and mails show of a subject other than a visit, as it was submitted. */
    summary: jsonb('summary').$type<{
      name: string;
      phone: string;
      company: string;
      host: string;
      at: number | null;
      reason: string;
      gate: string;
    }>(),
    policyId: integer('policy_id'),
    policyName: text('policy_name').notNull().default(''),
    plan: jsonb('plan').$type<StoredStep[]>().notNull().default([]),
    material: jsonb('material').$type<string[]>().notNull().default([]),
    /** The request's facts when submitted (re-approval compares an edit with them). */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    stage: smallint('stage').notNull().default(0),
    status: smallint('status').notNull().default(0),
    submitter: text('submitter').notNull().default(''),
    decidedAt: tstz('decided_at'),
    ...timestamps,
  },
  (t) => [
    // One waiting request per visit: two submissions racing cannot open two.
    uniqueIndex('approval_requests_waiting_uq').on(t.visitId).where(sql`${t.status} = 0`),
    uniqueIndex('approval_requests_subject_waiting_uq')
      .on(t.companyId, t.subjectKind, t.subjectId)
      .where(sql`${t.status} = 0 AND ${t.subjectId} IS NOT NULL`),
    index('approval_requests_visit_idx').on(t.visitId),
    index('approval_requests_policy_idx').on(t.companyId, t.policyId).where(sql`${t.status} = 0`),
  ],
);

/**
 * One seat of one step of a request (the original's qcv_process_records, one row per level): who may fill it
 * (`emp_ids`, or any HSE account, or the administrator), frozen when its stage starts with stand-ins applied, and its
 * decision. 0 waiting, 1 approved, 2 agreed (the approval that completed the request), 3 refused, 4 returned,
 * 5 closed undecided (the step was settled without it), 6 decided by the deadline.
 */
export const approvalSeats = pgTable(
  'approval_seats',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    seat: smallint('seat').notNull().default(0),
    /** The approver as the policy names it; null for seats migrated from decided levels. */
    spec: jsonb('spec').$type<{ kind: string; id?: number }>(),
    empIds: integer('emp_ids').array().notNull().default(sql`'{}'::int[]`),
    hse: boolean('hse').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    /** Whom the people asked stand in for (names), and why: leave, proxy, superior. */
    standIns: jsonb('stand_ins').$type<{ forId: number; forName: string; byId: number; byName: string; why: string }[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    /** What happened without a decision: 'escalated', 'unresolved', 'deadlineApproved', 'deadlineRefused', 'skipped'. */
    note: text('note').notNull().default(''),
    dueAt: tstz('due_at'),
    deciderKind: text('decider_kind'),
    deciderId: integer('decider_id'),
    deciderName: text('decider_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    decidedAt: tstz('decided_at'),
    ...timestamps,
  },
  (t) => [
    index('approval_seats_request_idx').on(t.requestId, t.step),
    index('approval_seats_visit_idx').on(t.visitId),
    index('approval_seats_waiting_emp_idx').using('gin', t.empIds).where(sql`${t.status} = 0`),
    index('approval_seats_waiting_idx').on(t.companyId, t.createdAt).where(sql`${t.status} = 0`),
    index('approval_seats_due_idx').on(t.dueAt).where(sql`${t.status} = 0 AND ${t.dueAt} IS NOT NULL`),
    index('approval_seats_decider_idx').on(t.companyId, t.deciderKind, t.deciderId),
  ],
);

/** An approver away for a date range (inclusive), and who stands in (else their visit proxy, their superior, the administrator). */
export const approverLeaves = pgTable(
  'approver_leaves',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    standInId: integer('stand_in_id').references(() => employees.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('approver_leaves_emp_idx').on(t.companyId, t.empId, t.endDate)],
);
