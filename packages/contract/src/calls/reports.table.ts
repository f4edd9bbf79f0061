import { z } from 'zod';
import { cappedPageOf, coercedInt, defineCall, defineDownload, pageInput, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { reportPeriodFields } from '../fieldSchemas.js';
import { LogModule } from '../lookups.js';
import { checkReportPeriod } from '../period.js';
import { VISIT_READERS, visit, visitFilters, visitQueryFilters } from './visits.js';

/**
 * The visitor report (console "data" screen): the visits of a period with every filter of the visitor list, either
 * listed (`none`) or grouped. A visit falls on the day it happened as the visitor list's date filter counts it: signed
 * in, else expected, else registered (server time zone). Its department is its host's departments now: a host in two
 * departments counts in both groups ("no department" when none), while the totals count each visit once.
 */
export const REPORT_GROUPINGS = ['none', 'day', 'department', 'visitType', 'company'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

const { date: _date, endDate: _endDate, ...listFilters } = visitFilters;
const { date: _qdate, endDate: _qendDate, ...listQueryFilters } = visitQueryFilters;

/** The query of the report and of its export: period, the list's filters, a host department and the grouping. */
const reportTableFields = {
  ...reportPeriodFields,
  ...listFilters,
  deptid: z.int32().positive().optional().describe("the host's department (602 when not this company's)"),
  groupBy: z.enum(REPORT_GROUPINGS).default('none'),
};

const figures = {
  visits: z.int32(),
  people: z.int32().describe('with followers'),
  signedIn: z.int32().describe('visits that signed in'),
  signedOut: z.int32(),
  onSite: z.int32().describe('signed in, not signed out'),
  avgStayMinutes: z.number().nullable().describe('mean of sign-out minus sign-in over visits with both, rounded; null when none'),
};
export const reportFigures = z.object(figures);
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportGroup = z.object({
  key: z.string().describe("yyyy-mm-dd, a department id, the stored visit type or the visitor's company; '' for none"),
  label: z.string().describe("department name, else the key ('' for none: the console names it)"),
  ...figures,
});
export type ReportGroup = z.infer<typeof reportGroup>;

export const getVisitReport = defineCall({
  name: 'getVisitReport',
  area: 'visitors',
  module: 'reports',
  summary:
    'The visitor report of a period (at most 366 days; 400 beforeStart/periodTooLong/format): with a grouping, every group (days in order, others most visits first) and the totals; with none, a page of visits (newest first) and the totals',
  access: VISIT_READERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid: z.int32().optional(), ...pageInput, ...reportTableFields }).superRefine(checkReportPeriod),
  output: z.object({
    groupBy: z.enum(REPORT_GROUPINGS),
    groups: z.array(reportGroup).describe('empty with none'),
    totals: reportFigures,
    page: cappedPageOf(visit).nullable().describe('with none only'),
  }),
});

export const exportVisitReport = defineDownload({
  name: 'ExportVisitReport',
  area: 'visitors',
  module: 'reports',
  summary:
    'The visitor report exactly as getVisitReport answers it (the grouped table, or every visit rather than one page) with its totals row, as an xlsx workbook in the chosen language, streamed',
  access: VISIT_READERS,
  contentType: XLSX_TYPE,
  fileName: 'visitor-report',
  extension: 'xlsx',
  log: { module: LogModule.VISITOR, event: 'export' },
  input: z
    .object({
      ...reportPeriodFields,
      ...listQueryFilters,
      deptid: coercedInt().positive().optional(),
      groupBy: z.enum(REPORT_GROUPINGS).default('none'),
      lang: z.enum(['zh', 'en']).default('en'),
    })
    .superRefine(checkReportPeriod),
});

export const reportTableCalls = [getVisitReport] as const;
export const reportTableDownloads = [exportVisitReport] as const;
