import { z } from 'zod';
import { defineDownload } from '../call.js';
import { LogModule, Role } from '../lookups.js';

export const exportAccountData = defineDownload({
  name: 'ExportAccountData',
  area: 'accounts',
  module: 'accountExport',
  summary:
    'Everything the company keeps, as a zip of xlsx workbooks (employees, visits and invitations, blacklist and whitelist, temporary cards, logistics bookings, door and vehicle records), streamed; recorded as the export closing the account asks for',
  access: [Role.ADMIN],
  contentType: 'application/zip',
  fileName: 'account-data',
  extension: 'zip',
  log: { module: LogModule.ACCOUNT, event: 'export' },
  input: z.object({ lang: z.enum(['zh', 'en']).default('en') }),
});

export const accountExportDownloads = [exportAccountData] as const;
