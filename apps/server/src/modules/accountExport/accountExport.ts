import type { Readable } from 'node:stream';
import type { Lang } from '@openvisit/contract';
import * as c from '@openvisit/contract';
import { zipStream } from '../../platform/files/zipWriter.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { markDataExported } from '../accounts/accounts.public.js';
import { exportList } from '../blacklist/blacklist.public.js';
import { exportEmployees } from '../employees/employees.public.js';
import { exportCards } from '../interimCards/interimCards.public.js';
import { exportBookings } from '../logistics/logistics.public.js';
import { exportPasses, exportVehicles } from '../passRecords/passRecords.public.js';
import { exportVisits } from '../visits/visits.public.js';

type Part = { file: Record<Lang, string>; open: (ctx: AuthedContext, lang: Lang) => Promise<Readable> | Readable };

/**
 * The workbooks of the export of everything, each written by its module's own export (all rows: no filter), in this
 * order. Visits hold the invitations too (an invitation is a visit booked ahead).
 */
const PARTS: Part[] = [
  { file: { en: 'employees', zh: '员工' }, open: (ctx, lang) => exportEmployees(ctx, { lang }) },
  {
    file: { en: 'visits-and-invitations', zh: '访客与邀请' },
    open: (ctx, lang) => exportVisits(ctx, c.exportVisitorList.input.parse({ lang, idNumbers: 'whole' })),
  },
  { file: { en: 'blacklist', zh: '黑名单' }, open: (ctx, lang) => exportList(ctx, 'black', { lang }) },
  { file: { en: 'whitelist', zh: '白名单' }, open: (ctx, lang) => exportList(ctx, 'white', { lang }) },
  { file: { en: 'temporary-cards', zh: '临时卡' }, open: (ctx, lang) => exportCards(ctx, c.exportInterimCardList.input.parse({ lang })) },
  {
    file: { en: 'logistics', zh: '物流' },
    open: (ctx, lang) => exportBookings(ctx, c.exportLogisticsList.input.parse({ lang, idNumbers: 'whole' })),
  },
  { file: { en: 'door-records', zh: '通行记录' }, open: (ctx, lang) => exportPasses(ctx, c.exportRfidRecordsList.input.parse({ lang })) },
  { file: { en: 'vehicle-records', zh: '车辆记录' }, open: (ctx, lang) => exportVehicles(ctx, c.exportVehicleInfoList.input.parse({ lang })) },
];

export const ACCOUNT_EXPORT_FILES = PARTS.map((p) => p.file);

/**
 * ExportAccountData: one zip streamed a workbook at a time (each streamed in turn, so memory stays flat). Written to
 * the end, it is recorded as the export closing the account asks for; a download cut short is not.
 */
export async function exportAccountData(ctx: AuthedContext, input: { lang: Lang }): Promise<{ stream: Readable; fileName: string }> {
  ctx.audit.desc = c.logDesc('accountDataExported');
  const stream = zipStream(
    async (zip) => {
      for (const part of PARTS) await zip.fromStream(`${part.file[input.lang]}.xlsx`, await part.open(ctx, input.lang));
      await markDataExported(ctx);
    },
    (err) => ctx.log.error({ err }, 'account data export failed'),
  );
  return { stream, fileName: `account-data-${new Date().toISOString().slice(0, 10)}.zip` };
}
