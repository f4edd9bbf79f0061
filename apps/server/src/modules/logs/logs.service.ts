import type { Readable } from 'node:stream';
import {
  type Lang,
  LogModule,
  logEndLabels,
  logEventLabels,
  logModuleLabels,
  logRoleLabels,
  type OperationLog,
  renderLogDesc,
} from '@openvisit/contract';
import { xlsxStream } from '../../platform/files/xlsx.js';
import { dayStart } from '../../platform/formats/days.js';
import { ServerText } from '../../platform/formats/exportCells.js';
import { type AuditEntry, writeLog } from '../../platform/http/audit.js';
import { verifyChain } from '../../platform/http/auditChain.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { type LogFilter, logsRepository } from './logs.repository.js';

/** A client's own record: its details are free text, kept as written (no key). */
export async function addLog(ctx: AuthedContext, input: Omit<AuditEntry, 'details' | 'desc'>): Promise<null> {
  await writeLog(ctx.tenant, ctx.services.secrets, ctx.session, input, ctx.ip);
  return null;
}

interface LogQuery {
  optName?: string;
  optRole?: number;
  optModule?: number;
  optClient?: number;
  optEvent?: string;
  startDate?: string;
  endDate?: string;
}

/** Dates are whole days in the server's time zone; endDate is inclusive. */
function filterOf(input: LogQuery): LogFilter {
  const to = input.endDate ? dayStart(input.endDate) : undefined;
  to?.setDate(to.getDate() + 1);
  return {
    optName: input.optName,
    optRole: input.optRole,
    optModule: input.optModule,
    optClient: input.optClient,
    optEvent: input.optEvent,
    from: input.startDate ? dayStart(input.startDate) : undefined,
    to,
  };
}

export async function listLogs(ctx: AuthedContext, input: LogQuery & { startIndex: number; requestedCount: number }) {
  const { rows, count } = await logsRepository(ctx.tenant).page(filterOf(input), input.startIndex, input.requestedCount);
  const list: OperationLog[] = rows.map((r) => ({
    id: r.id,
    userid: r.companyId,
    optId: r.optId,
    optName: r.optName,
    optRole: r.optRole,
    ipAddr: r.ipAddr,
    objId: r.objId,
    objName: r.objName,
    optEvent: r.optEvent,
    optClient: r.optClient,
    optModule: r.optModule,
    oTime: r.oTime.getTime(),
    optDesc: r.optDesc,
    descKey: r.descKey,
    descParams: r.descParams ?? {},
    seq: r.seq,
  }));
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count, list };
}

/** Today's blacklist alerts of the company (kiosk or desk refusals of a blacklisted visitor), newest first. */
export async function blacklistAlerts(ctx: AuthedContext) {
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const { rows, count } = await logsRepository(ctx.tenant).page({ optModule: LogModule.BLACKLIST, optEvent: 'alert', from }, 0, 50);
  return { count, list: rows.map((r) => ({ id: r.id, objName: r.objName, optName: r.optName, optClient: r.optClient, oTime: r.oTime.getTime() })) };
}

/** The company's chain checked with the server's key (platform/http/auditChain.ts). */
export async function verifyLogChain(ctx: AuthedContext) {
  const report = await verifyChain(ctx.tenant, ctx.services.secrets, ctx.tenant.companyId);
  const broken = report.firstBroken;
  return {
    checked: report.checked,
    pending: report.pending,
    firstBroken: broken && { reason: broken.reason, seq: broken.seq, id: broken.id, oTime: broken.oTime?.getTime() ?? null },
  };
}

const HEADERS: Record<Lang, string[]> = {
  en: ['Chain place', 'Time', 'Operator', 'Account', 'Role', 'Module', 'Event', 'Object', 'Details', 'End', 'IP address', 'Previous hash', 'Hash'],
  zh: ['链序号', '时间', '操作人', '账号', '角色', '模块', '事件', '对象', '详情', '终端', 'IP地址', '前一条哈希', '哈希'],
};
const WIDTHS = [10, 18, 16, 16, 12, 14, 12, 22, 48, 8, 16, 46, 46];
const BATCH = 2000;

type LogRow = Awaited<ReturnType<ReturnType<typeof logsRepository>['inChainOrder']>>[number];

function exportRow(r: LogRow, lang: Lang) {
  const label = (labels: Record<string | number, Record<Lang, string>>, key: string | number) => labels[key]?.[lang] ?? String(key);
  return [
    r.seq,
    r.oTime,
    r.optName,
    r.optId,
    label(logRoleLabels, r.optRole),
    label(logModuleLabels, r.optModule),
    label(logEventLabels, r.optEvent),
    r.objName,
    (r.descKey && renderLogDesc(r.descKey, r.descParams, lang)) || r.optDesc,
    label(logEndLabels, r.optClient),
    r.ipAddr,
    ServerText.of(r.prevHash ?? ''),
    ServerText.of(r.hash ?? ''),
  ];
}

/**
 * The log as a workbook in chain order (entries not sealed in yet first), each entry with its place, the previous hash
 * and its own: a copy taken today shows later whether the chain the server holds still continues it.
 */
export async function exportLogs(ctx: AuthedContext, input: LogQuery & { lang: Lang }): Promise<Readable> {
  const repo = logsRepository(ctx.tenant);
  const filter = filterOf(input);
  const columns = HEADERS[input.lang].map((header, i) => ({ header, width: WIDTHS[i] ?? 14 }));
  return xlsxStream(
    { sheet: input.lang === 'zh' ? '操作日志' : 'Operation log', columns, freezeHeader: true },
    async (sheet) => {
      for (const part of ['unsealed', 'chained'] as const) {
        let after = 0;
        for (;;) {
          const rows = await repo.inChainOrder(filter, part, after, BATCH);
          for (const r of rows) sheet.row(exportRow(r, input.lang));
          await sheet.flush();
          if (rows.length < BATCH) break;
          const last = rows[rows.length - 1];
          after = (part === 'unsealed' ? last?.id : last?.seq) ?? after;
        }
      }
    },
    (err) => ctx.log.error({ err }, 'operation log export failed'),
  );
}
