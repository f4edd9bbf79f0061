import type { Readable } from 'node:stream';
import {
  type Lang,
  type PassFilters,
  passDirectionLabels,
  passOutcome,
  passWayLabels,
  personTypeLabels,
  statusInfo,
  type VehicleFilters,
} from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { ExportCell } from '../../platform/formats/exportCells.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { type PassRecordRow, passRecordsRepository, type VehicleRecordRow } from './passRecords.repository.js';
import { passFilterOf, vehicleFilterOf } from './passRecords.service.js';

const BATCH = 2000;

interface Sheet<R> {
  name: Record<Lang, string>;
  headers: Record<Lang, string[]>;
  widths: number[];
  batch: (before: { at: Date; id: number } | null) => Promise<R[]>;
  cells: (r: R, lang: Lang) => ExportCell[];
}

const label = (t: Partial<Record<string | number, Record<Lang, string>>>, key: string | number, lang: Lang) => t[key]?.[lang] ?? String(key);

/** A refusal's reason in the reader's language; '' for a success. */
function reason(code: number, lang: Lang): string {
  if (code === 0) return '';
  const s = statusInfo(code);
  return s ? `${code} ${lang === 'zh' ? s.zh : s.en}` : String(code);
}

/** Streams a record list newest first: keyset-paged reads of (at, id), each batch written before the next is read. */
function exportSheet<R extends { at: Date; id: number }>(ctx: AuthedContext, lang: Lang, s: Sheet<R>, what: string): Readable {
  const columns = s.headers[lang].map((header, i) => ({ header, width: s.widths[i] ?? 14 }));
  return xlsxStream(
    { sheet: s.name[lang], columns, freezeHeader: true },
    async (sheet) => {
      let before: { at: Date; id: number } | null = null;
      let total = 0;
      for (;;) {
        const rows = await s.batch(before);
        for (const r of rows) sheet.row(s.cells(r, lang));
        await sheet.flush();
        total += rows.length;
        const last = rows[rows.length - 1];
        if (!last || rows.length < BATCH) break;
        before = { at: last.at, id: last.id };
      }
      ctx.log.info({ rows: total }, `${what} exported`);
    },
    (err) => ctx.log.error({ err }, `${what} export failed`),
  );
}

export function exportPasses(ctx: AuthedContext, input: PassFilters & { lang: Lang }): Readable {
  const repo = passRecordsRepository(ctx.tenant);
  const filter = passFilterOf(input);
  return exportSheet<PassRecordRow>(
    ctx,
    input.lang,
    {
      name: { en: 'Pass records', zh: '通行记录' },
      headers: {
        en: [
          'Time',
          'Name',
          'Mobile phone',
          'Company',
          'Person type',
          'Device',
          'Device group',
          'Gate',
          'Direction',
          'Way',
          'Result',
          'Reason',
          'Temperature',
        ],
        zh: ['时间', '姓名', '手机号', '单位', '人员类型', '设备', '设备组', '门岗', '方向', '通行方式', '结果', '原因', '体温'],
      },
      widths: [18, 14, 16, 20, 10, 18, 16, 14, 8, 10, 10, 30, 10],
      batch: (before) => repo.passBatchBefore(filter, before, BATCH),
      cells: (r, lang) => [
        r.at,
        r.name,
        r.phone,
        r.company,
        label(personTypeLabels, r.personType, lang),
        r.deviceName,
        r.groupName,
        r.gateName,
        label(passDirectionLabels, r.direction, lang),
        label(passWayLabels, r.way, lang),
        passOutcome({ result: r.result, code: r.code, schedule: r.scheduleName }, lang),
        reason(r.code, lang),
        r.temperature,
      ],
    },
    'pass records',
  );
}

export function exportVehicles(ctx: AuthedContext, input: VehicleFilters & { lang: Lang }): Readable {
  const repo = passRecordsRepository(ctx.tenant);
  const filter = vehicleFilterOf(input);
  return exportSheet<VehicleRecordRow>(
    ctx,
    input.lang,
    {
      name: { en: 'Vehicle records', zh: '车辆通行记录' },
      headers: {
        en: ['Time', 'Plate', 'Vehicle type', 'Device', 'Direction', 'Visitor', 'Result', 'Reason'],
        zh: ['时间', '车牌号', '车辆类型', '设备', '方向', '访客', '结果', '原因'],
      },
      widths: [18, 12, 12, 18, 8, 14, 10, 30],
      batch: (before) => repo.vehicleBatchBefore(filter, before, BATCH),
      cells: (r, lang) => [
        r.at,
        r.plate,
        r.vehicleType,
        r.deviceName,
        label(passDirectionLabels, r.direction, lang),
        r.name,
        passOutcome({ result: r.result, code: r.code }, lang),
        reason(r.code, lang),
      ],
    },
    'vehicle records',
  );
}
