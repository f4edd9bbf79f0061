import * as c from '@openvisit/contract';
import { bindDownload } from '../../platform/http/downloads.js';
import { exportAccountData } from './accountExport.js';

export const accountExportDownloads = [bindDownload(c.exportAccountData, (input, ctx) => exportAccountData(ctx, input))];
