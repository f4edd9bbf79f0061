import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { exportVisitReport } from './reportTable.export.js';
import { visitReport } from './reportTable.service.js';

export const reportTableRoutes = [bind(c.getVisitReport, (input, ctx) => visitReport(ctx, input))];

export const reportTableDownloads = [bindDownload(c.exportVisitReport, (input, ctx) => exportVisitReport(ctx, input))];
