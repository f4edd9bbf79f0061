import { type DeviceEventData, MONITOR_LOGS_KEPT_DAYS } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { company as companyRow } from '../../core/company/company.public.js';
import { inTransaction, type SystemScope, scopeForCompany } from '../../platform/identity/tenancy.js';
import { emitEvents, type OutgoingEvent } from '../../platform/jobs/eventOutbox.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Services } from '../../platform/services.js';
import { backOnlineMail, type EpisodeDevice, offlineMail } from './monitor.mails.js';
import { offlineMinutes } from './monitor.service.js';
import { type EpisodeRow, monitorSystemRepository } from './monitor.system.repository.js';

/**
 * The monitor's sweep: every minute, devices silent past their company's threshold are marked and their company's
 * administrator is told once per offline episode, and once more when they report again; error logs past the
 * retention are dropped. One job per minute slot, keyed by the slot, so any number of processes may schedule it.
 */
export const MONITOR_SWEEP_JOB = 'monitor.sweep';
export const MONITOR_SWEEP_EVERY_MS = 60_000;
/** Devices handled per statement; a run repeats until none are left. */
const BATCH = 500;

export interface MonitorDeps {
  system: SystemScope;
  config: Config;
  services: Pick<Services, 'jobs' | 'notifier'>;
  log: FastifyBaseLogger;
}

export async function ensureMonitorSweep(jobs: JobQueue, now: Date = new Date()): Promise<void> {
  const at = new Date(Math.floor(now.getTime() / MONITOR_SWEEP_EVERY_MS) * MONITOR_SWEEP_EVERY_MS + MONITOR_SWEEP_EVERY_MS);
  await jobs.enqueue(MONITOR_SWEEP_JOB, { at: at.toISOString() }, { runAt: at, key: `${MONITOR_SWEEP_JOB}:${at.toISOString()}`, maxAttempts: 3 });
}

function byCompany(rows: EpisodeRow[]): Map<number, EpisodeDevice[]> {
  const out = new Map<number, EpisodeDevice[]>();
  for (const r of rows) {
    const list = out.get(r.company_id) ?? [];
    list.push({ type: r.type, name: r.name, clientId: r.client_id, ip: r.ip, lastHeartbeat: new Date(r.last_heartbeat_at) });
    out.set(r.company_id, list);
  }
  return out;
}

async function tellCompany(deps: MonitorDeps, companyId: number, devices: EpisodeDevice[], kind: 'offline' | 'online'): Promise<void> {
  const scope = scopeForCompany(deps.system, companyId);
  const company = await companyRow(scope);
  if (!company?.email) return;
  const lang = company.lang === 'zh' ? 'zh' : 'en';
  const link = `${deps.config.publicUrl}/monitor`;
  const mail =
    kind === 'offline' ? offlineMail(lang, { devices, minutes: await offlineMinutes(scope), link }) : backOnlineMail(lang, { devices, link });
  await deps.services.notifier.tell(companyId, { channel: 'email', to: company.email, toName: company.username }, { ...mail, short: mail.subject });
}

/** One sweep at `now`: answers how many devices went offline and came back. */
export async function sweepMonitor(deps: MonitorDeps, now: Date): Promise<{ offline: number; online: number }> {
  const repo = monitorSystemRepository(deps.system);
  const gone = await claimAll(deps.system, 'device.offline', (r) => r.claimGoneOffline(now, BATCH));
  const back = await claimAll(deps.system, 'device.online', (r) => r.claimBackOnline(BATCH));
  // The episode is marked before the mail is queued: a failure here loses one notice rather than repeating it every minute.
  for (const [companyId, devices] of byCompany(gone)) await tellSafely(deps, companyId, devices, 'offline');
  for (const [companyId, devices] of byCompany(back)) await tellSafely(deps, companyId, devices, 'online');
  await repo.pruneLogs(new Date(now.getTime() - MONITOR_LOGS_KEPT_DAYS * 24 * 3600_000));
  return { offline: gone.length, online: back.length };
}

type MonitorRepository = ReturnType<typeof monitorSystemRepository>;

/** Claims episodes a batch at a time, each batch with its events (`device.offline`, `device.online`) in its transaction. */
async function claimAll(
  system: SystemScope,
  type: 'device.offline' | 'device.online',
  claim: (repo: MonitorRepository) => Promise<EpisodeRow[]>,
): Promise<EpisodeRow[]> {
  const all: EpisodeRow[] = [];
  for (;;) {
    const batch = await inTransaction(system, async (tx) => {
      const rows = await claim(monitorSystemRepository(tx));
      for (const companyId of new Set(rows.map((r) => r.company_id)))
        await emitEvents(
          tx,
          companyId,
          rows.filter((r) => r.company_id === companyId).map((r) => deviceEvent(type, r)),
        );
      return rows;
    });
    all.push(...batch);
    if (batch.length < BATCH) return all;
  }
}

const KINDS = { 1: 'frontDesk', 2: 'visitorMachine', 3: 'faceTerminal' } as const satisfies Record<number, DeviceEventData['kind']>;

function deviceEvent(type: 'device.offline' | 'device.online', r: EpisodeRow): OutgoingEvent {
  const data: DeviceEventData = {
    monitorId: r.id,
    kind: KINDS[r.type as keyof typeof KINDS] ?? 'frontDesk',
    name: r.name,
    clientId: r.client_id,
    ip: r.ip,
    gateId: r.gate_id,
    deviceId: r.device_id,
    lastHeartbeatAt: new Date(r.last_heartbeat_at).toISOString(),
  };
  return { type, data };
}

async function tellSafely(deps: MonitorDeps, companyId: number, devices: EpisodeDevice[], kind: 'offline' | 'online'): Promise<void> {
  try {
    await tellCompany(deps, companyId, devices, kind);
  } catch (err) {
    deps.log.warn({ err, companyId }, `device monitor: ${kind} notice not queued`);
  }
}

export function registerMonitorJobs(deps: MonitorDeps, now: () => Date = () => new Date()): void {
  deps.services.jobs.register(MONITOR_SWEEP_JOB, async () => {
    if (deps.config.features.monitor) await sweepMonitor(deps, now());
    await ensureMonitorSweep(deps.services.jobs, now());
  });
}
