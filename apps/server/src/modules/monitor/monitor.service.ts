import {
  type In,
  logDesc,
  MONITOR_HEARTBEAT_SECONDS,
  MONITOR_LOGS_KEPT_PER_DEVICE,
  MONITOR_OFFLINE_MINUTES_DEFAULT,
  type MonitorErrorLog,
  type MonitoredDevice,
  type Out,
  settingObject,
} from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notFound } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type Heartbeat, type MonitorRow, monitorLogRepository, monitorRepository } from './monitor.repository.js';

type Identity = { type: number; clientId: string; name: string; version: string };

/** The company's offline threshold in minutes. */
export async function offlineMinutes(scope: TenantScope): Promise<number> {
  return (await monitorRepository(scope).offlineMinutes()) ?? MONITOR_OFFLINE_MINUTES_DEFAULT;
}

function heartbeatOf(ctx: AuthedContext, v: Identity, at: Date): Heartbeat {
  return {
    ...v,
    accountId: ctx.session.accountId,
    account: ctx.session.account,
    // A desk tied to several gates reports its first; one tied to none (every gate) reports none.
    gateId: ctx.session.gids[0] ?? null,
    deviceId: null,
    ip: ctx.ip,
    at,
  };
}

/** The heartbeat: one statement (kiosks send it every minute). */
export async function heartbeat(ctx: AuthedContext, input: In<'updateEqptMonitor'>): Promise<Out<'updateEqptMonitor'>> {
  const mid = await monitorRepository(ctx.tenant).beat(heartbeatOf(ctx, input, new Date()));
  return { mid, interval: MONITOR_HEARTBEAT_SECONDS };
}

/**
 * The heartbeat of an access-control device that authenticated with its own credentials (a face terminal: type 3):
 * for the devices module's device-API path, which knows the device's company. Its entry is `device:<id>`, linked to
 * the device (docs/modules/monitor.md, "Face terminals").
 */
export async function deviceHeartbeat(
  scope: TenantScope,
  device: { id: number; name: string; ip: string; version?: string; kind?: string },
): Promise<number> {
  return monitorRepository(scope).beat({
    // A face terminal is the spec's type 3; any other door device (QR, card reader, barrier) type 4.
    type: device.kind === undefined || device.kind === 'face' ? 3 : 4,
    clientId: `device:${device.id}`,
    name: device.name.slice(0, 64),
    version: (device.version ?? '').slice(0, 32),
    accountId: 0,
    account: '',
    gateId: null,
    deviceId: device.id,
    ip: device.ip,
    at: new Date(),
  });
}

/** A batch of a client's log entries; it is a sign of life too, so it also counts as a heartbeat. */
export async function uploadLog(ctx: AuthedContext, input: In<'clientUploadLog'>): Promise<Out<'clientUploadLog'>> {
  const now = new Date();
  return inTransaction(ctx.tenant, async (tx) => {
    const repo = monitorRepository(tx);
    const mid = await repo.beat(heartbeatOf(ctx, input, now));
    const entries = input.logs.map((l) => ({ level: l.level, message: l.message, detail: l.detail, occurredAt: new Date(l.time) }));
    await monitorLogRepository(tx).addLogs(mid, input.version, entries, MONITOR_LOGS_KEPT_PER_DEVICE);
    return { mid, accepted: entries.length };
  });
}

function toDevice(r: { row: MonitorRow; gateName: string | null; errors: number }, cutoff: Date): MonitoredDevice {
  return {
    mid: r.row.id,
    type: r.row.type,
    clientId: r.row.clientId,
    name: r.row.name,
    gid: r.row.gateId,
    gateName: r.gateName ?? '',
    ip: r.row.ip,
    version: r.row.version,
    account: r.row.account,
    eid: r.row.deviceId,
    lastHeartbeat: r.row.lastHeartbeatAt.getTime(),
    status: r.row.lastHeartbeatAt >= cutoff ? 'online' : 'offline',
    errorCount: Number(r.errors),
    createTime: r.row.createdAt.getTime(),
  };
}

export async function list(ctx: AuthedContext, input: In<'getEqptMonitor'>): Promise<Out<'getEqptMonitor'>> {
  const minutes = await offlineMinutes(ctx.tenant);
  const cutoff = new Date(Date.now() - minutes * 60_000);
  const filters = { type: input.type, status: input.status, text: input.name };
  const page = await monitorRepository(ctx.tenant).page(filters, cutoff, input.startIndex, input.requestedCount);
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: page.count,
    list: page.rows.map((r) => toDevice(r, cutoff)),
    online: page.online,
    offline: page.offline,
    offlineMinutes: minutes,
  };
}

export async function remove(ctx: AuthedContext, input: In<'delEqptMonitor'>): Promise<null> {
  const gone = await monitorRepository(ctx.tenant).remove(input.mid);
  if (!gone) throw notFound('monitored device');
  ctx.audit.objId = gone.id;
  ctx.audit.objName = gone.name || gone.clientId;
  return null;
}

export async function searchLog(
  ctx: AuthedContext,
  input: In<'searchEqptMonitorErrorLogByCondition'>,
): Promise<Out<'searchEqptMonitorErrorLogByCondition'>> {
  const filters = {
    mid: input.mid,
    level: input.level,
    from: input.startTime === undefined ? undefined : new Date(input.startTime),
    to: input.endTime === undefined ? undefined : new Date(input.endTime),
    text: input.text,
  };
  const page = await monitorLogRepository(ctx.tenant).logPage(filters, input.startIndex, input.requestedCount);
  const list: MonitorErrorLog[] = page.rows.map((r) => ({
    id: r.log.id,
    mid: r.log.monitorId,
    deviceName: r.name,
    clientId: r.clientId,
    type: r.type,
    level: r.log.level as MonitorErrorLog['level'],
    message: r.log.message,
    detail: r.log.detail,
    version: r.log.version,
    time: r.log.occurredAt.getTime(),
    createTime: r.log.createdAt.getTime(),
  }));
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count: page.count, list };
}

export async function setOfflineMinutes(ctx: AuthedContext, input: In<'updateEqptMonitorSetting'>): Promise<Out<'updateEqptMonitorSetting'>> {
  await monitorRepository(ctx.tenant).setOfflineMinutes(input.offlineMinutes);
  ctx.audit.objName = settingObject('offlineAlert');
  ctx.audit.desc = logDesc('offlineAfterSet', { minutes: input.offlineMinutes });
  return { offlineMinutes: input.offlineMinutes };
}
