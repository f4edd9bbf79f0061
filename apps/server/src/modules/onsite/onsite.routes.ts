import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { evacuationPdfFile, evacuationWorkbook } from './onsite.export.js';
import { onSiteList } from './onsite.service.js';

export const onSiteRoutes = [bind(c.getOnSiteList, (_input, ctx) => onSiteList(ctx))];

export const onSiteDownloadRoutes = [
  bindDownload(c.exportEvacuationList, (input, ctx) => evacuationWorkbook(ctx, input.lang)),
  bindDownload(c.evacuationPdf, (input, ctx) => evacuationPdfFile(ctx, input.lang)),
];
