import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as reports from './reports.service.js';

export const reportsRoutes = [
  bind(c.getVisitorChartByDept, (input, ctx) => reports.byDepartment(ctx, input)),
  bind(c.getAllVisitorLineChart, (input, ctx) => reports.lineChart(ctx, input)),
  bind(c.getVisitStatistics, (input, ctx) => reports.statistics(ctx, input)),
];
