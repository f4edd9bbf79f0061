import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { reportPeriodFields } from '../fieldSchemas.js';
import { checkReportPeriod } from '../period.js';
import { VISIT_KINDS } from '../visitStates.js';
import { VISIT_READERS } from './visits.js';

const userid = z.int32().optional();
const byKind = z.record(z.enum(VISIT_KINDS), z.int32());

/**
 * Placement rules shared by the statistics calls (docs/ARCHITECTURE.md, "Statistics"): a visit that came counts on
 * the day (server time zone) and hour of its check-in (`visitAt`); an invitation that never came counts on the day
 * of its expected time. A host's departments are the ones they belong to now (employee_departments): a visit to a
 * host in two departments counts in each; a host with none (or no host) counts under deptid null. A sub-company
 * session sees only its own visits. Period rules: format, beforeStart, periodTooLong (400, nothing answered).
 */
export const getVisitorChartByDept = defineCall({
  name: 'getVisitorChartByDept',
  area: 'reports',
  module: 'reports',
  summary:
    'Visits that came in the period (by check-in day) per host department now (a host in two departments counts in each; deptid null: no department); with deptid, that department and those under it only (another company’s department: 602 no such record, as the departments calls answer)',
  access: VISIT_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, ...reportPeriodFields, deptid: z.int32().positive().optional() }).superRefine(checkReportPeriod),
  output: z.array(z.object({ deptid: z.int32().nullable(), deptName: z.string(), count: z.int32() })),
});

export const getAllVisitorLineChart = defineCall({
  name: 'getAllVisitorLineChart',
  area: 'reports',
  module: 'reports',
  summary: 'Visits that came per day of the period (check-in day, server time zone), split by kind; every day present, zeros included',
  access: VISIT_READERS,
  input: z.object({ userid, ...reportPeriodFields }).superRefine(checkReportPeriod),
  output: z.array(z.object({ date: z.string(), total: z.int32(), byKind })),
});

export const getVisitStatistics = defineCall({
  name: 'getVisitStatistics',
  area: 'reports',
  module: 'reports',
  summary:
    'The rest of the statistics screen over a period: visits that came by kind, top 10 visit types and reasons, by hour of check-in (0–23), average stay in minutes (visits checked in during the period and signed out), invitations (invited or booked visits expected in the period whose time has passed, not refused or called off) and no-shows among them (never checked in)',
  access: VISIT_READERS,
  input: z.object({ userid, ...reportPeriodFields }).superRefine(checkReportPeriod),
  output: z.object({
    total: z.int32(),
    byKind,
    topTypes: z.array(z.object({ name: z.string(), count: z.int32() })),
    topReasons: z.array(z.object({ name: z.string(), count: z.int32() })),
    byHour: z.array(z.int32()).length(24),
    averageStayMinutes: z.number().nullable().describe('null when no visit of the period has signed out'),
    stays: z.int32().describe('visits the average is over'),
    invitations: z.int32(),
    noShows: z.int32(),
  }),
});

export const reportCalls = [getVisitorChartByDept, getAllVisitorLineChart, getVisitStatistics] as const;
