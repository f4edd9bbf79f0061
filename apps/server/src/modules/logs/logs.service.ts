import { LogModule, type OperationLog } from '@openvisit/contract';
import { dayStart } from '../../platform/formats/days.js';
import { type AuditEntry, writeLog } from '../../platform/http/audit.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { logsRepository } from './logs.repository.js';

/** A client's own record: its details are free text, kept as written (no key). */
export async function addLog(ctx: AuthedContext, input: Omit<AuditEntry, 'details' | 'desc'>): Promise<null> {
  await writeLog(ctx.tenant, ctx.session, input, ctx.ip);
  return null;
}

/** Dates are whole days in the server's time zone; endDate is inclusive. */
export async function listLogs(
  ctx: AuthedContext,
  input: {
    startIndex: number;
    requestedCount: number;
    optName?: string;
    optRole?: number;
    optModule?: number;
    optClient?: number;
    optEvent?: string;
    startDate?: string;
    endDate?: string;
  },
) {
  const to = input.endDate ? dayStart(input.endDate) : undefined;
  to?.setDate(to.getDate() + 1);
  const { rows, count } = await logsRepository(ctx.tenant).page(
    {
      optName: input.optName,
      optRole: input.optRole,
      optModule: input.optModule,
      optClient: input.optClient,
      optEvent: input.optEvent,
      from: input.startDate ? dayStart(input.startDate) : undefined,
      to,
    },
    input.startIndex,
    input.requestedCount,
  );
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
