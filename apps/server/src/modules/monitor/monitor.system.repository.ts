import { MONITOR_OFFLINE_MINUTES_DEFAULT } from '@openvisit/contract';
import { lt, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { monitorErrorLogs, monitoredDevices, monitorSettings } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** A device whose offline episode began or ended, as the sweep tells administrators of it. */
export interface EpisodeRow {
  id: number;
  company_id: number;
  type: number;
  name: string;
  client_id: string;
  ip: string;
  gate_id: number | null;
  device_id: number | null;
  last_heartbeat_at: Date | string;
}

const md = monitoredDevices;
const RETURNING = sql`RETURNING ${md.id}, ${md.companyId}, ${md.type}, ${md.name}, ${md.clientId}, ${md.ip}, ${md.gateId}, ${md.deviceId}, ${md.lastHeartbeatAt}`;

/**
 * The monitor's sweep crosses companies: it runs as one job for the installation, not per company, and each device
 * carries its company. Each episode is claimed by the UPDATE that marks it, so two processes never tell it twice.
 */
export function monitorSystemRepository(system: SystemScope) {
  const db = dbOf(system);
  return {
    /** Devices silent longer than their company's threshold and not yet told of: marked told now. */
    claimGoneOffline: (now: Date, limit: number) =>
      selectRows<EpisodeRow>(
        db,
        sql`UPDATE ${md} SET offline_alerted_at = ${now} WHERE ${md.id} IN (
          SELECT d.id FROM ${md} d
          LEFT JOIN ${monitorSettings} s ON s.company_id = d.company_id
          WHERE d.offline_alerted_at IS NULL
            AND d.last_heartbeat_at < ${now}::timestamptz - make_interval(mins => coalesce(s.offline_minutes, ${MONITOR_OFFLINE_MINUTES_DEFAULT})::int)
          ORDER BY d.id LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED) ${RETURNING}`,
      ),
    /** Devices told offline that have reported since: their episode ends. */
    claimBackOnline: (limit: number) =>
      selectRows<EpisodeRow>(
        db,
        sql`UPDATE ${md} SET offline_alerted_at = NULL WHERE ${md.id} IN (
          SELECT d.id FROM ${md} d WHERE d.offline_alerted_at IS NOT NULL AND d.last_heartbeat_at > d.offline_alerted_at
          ORDER BY d.id LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED) ${RETURNING}`,
      ),
    /** Error log entries past the retention, every company's. */
    pruneLogs: (before: Date) => db.delete(monitorErrorLogs).where(lt(monitorErrorLogs.createdAt, before)),
  };
}
