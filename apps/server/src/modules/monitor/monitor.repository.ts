import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { devices, gates, monitorErrorLogs, monitoredDevices, monitorSettings } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type MonitorRow = typeof monitoredDevices.$inferSelect;

/** What a heartbeat says about its client (the company comes from the scope). */
export interface Heartbeat {
  type: number;
  clientId: string;
  name: string;
  version: string;
  accountId: number;
  account: string;
  gateId: number | null;
  /** The access-control device reporting with its own credentials (face terminals), else null. */
  deviceId: number | null;
  ip: string;
  at: Date;
}

export interface LogEntry {
  level: string;
  message: string;
  detail: string;
  occurredAt: Date;
}

/** What a heartbeat of a known client changes: a name or version left empty keeps the one known. */
const BEAT_UPDATE = {
  type: sql`excluded.type`,
  name: sql`CASE WHEN excluded.name <> '' THEN excluded.name ELSE ${monitoredDevices.name} END`,
  version: sql`CASE WHEN excluded.version <> '' THEN excluded.version ELSE ${monitoredDevices.version} END`,
  accountId: sql`excluded.account_id`,
  account: sql`excluded.account`,
  gateId: sql`excluded.gate_id`,
  deviceId: sql`excluded.device_id`,
  ip: sql`excluded.ip`,
  lastHeartbeatAt: sql`excluded.last_heartbeat_at`,
  updatedAt: sql`excluded.last_heartbeat_at`,
};

/** One company's monitored devices, their error logs and the monitor setting. */
export const monitorRepository = scoped(function monitorRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(monitoredDevices.companyId, scope.companyId);
  const online = (cutoff: Date) => gte(monitoredDevices.lastHeartbeatAt, cutoff);
  const deviceWhere = (f: { type?: number; status?: 'online' | 'offline'; text?: string }, cutoff: Date) => {
    const c: SQL[] = [mine];
    if (f.type !== undefined) c.push(eq(monitoredDevices.type, f.type));
    if (f.status === 'online') c.push(online(cutoff));
    if (f.status === 'offline') c.push(lt(monitoredDevices.lastHeartbeatAt, cutoff));
    if (f.text) {
      const t = containsPattern(f.text);
      c.push(or(ilike(monitoredDevices.name, t), ilike(monitoredDevices.clientId, t), ilike(monitoredDevices.ip, t)) as SQL);
    }
    return and(...c);
  };
  return {
    /**
     * The heartbeat: one statement creating the entry or marking it seen. A name or version left empty keeps the one
     * known; the gate is taken only while it is the company's (a gate deleted under a live session is dropped).
     */
    beat: (h: Heartbeat) =>
      db
        .insert(monitoredDevices)
        .values({
          companyId: scope.companyId,
          type: h.type,
          clientId: h.clientId,
          name: h.name,
          version: h.version,
          accountId: h.accountId,
          account: h.account,
          gateId:
            h.gateId === null
              ? null
              : sql`(SELECT ${gates.id} FROM ${gates} WHERE ${gates.id} = ${h.gateId} AND ${gates.companyId} = ${scope.companyId})`,
          deviceId:
            h.deviceId === null
              ? null
              : sql`(SELECT ${devices.id} FROM ${devices} WHERE ${devices.id} = ${h.deviceId} AND ${devices.companyId} = ${scope.companyId})`,
          ip: h.ip,
          lastHeartbeatAt: h.at,
        })
        .onConflictDoUpdate({
          target: [monitoredDevices.companyId, monitoredDevices.clientId],
          set: BEAT_UPDATE,
        })
        .returning({ id: monitoredDevices.id })
        .then((r) => r[0]?.id ?? 0),

    async page(f: { type?: number; status?: 'online' | 'offline'; text?: string }, cutoff: Date, offset: number, limit: number) {
      const where = deviceWhere(f, cutoff);
      const day = new Date(cutoff.getTime() - 24 * 3600_000);
      const errors = sql<number>`(SELECT count(*)::int FROM ${monitorErrorLogs} WHERE ${monitorErrorLogs.monitorId} = ${monitoredDevices.id}
        AND ${monitorErrorLogs.level} = 'error' AND ${monitorErrorLogs.createdAt} >= ${day})`;
      const [rows, total, counts] = await Promise.all([
        db
          .select({ row: monitoredDevices, gateName: gates.name, errors })
          .from(monitoredDevices)
          .leftJoin(gates, eq(gates.id, monitoredDevices.gateId))
          .where(where)
          .orderBy(asc(monitoredDevices.name), asc(monitoredDevices.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(monitoredDevices).where(where),
        db
          .select({
            online: sql<number>`count(*) FILTER (WHERE ${online(cutoff)})::int`,
            all: sql<number>`count(*)::int`,
          })
          .from(monitoredDevices)
          .where(mine),
      ]);
      const c = counts[0] ?? { online: 0, all: 0 };
      return { rows, count: total[0]?.n ?? 0, online: c.online, offline: c.all - c.online };
    },

    remove: (id: number) =>
      db
        .delete(monitoredDevices)
        .where(and(mine, eq(monitoredDevices.id, id)))
        .returning({ id: monitoredDevices.id, name: monitoredDevices.name, clientId: monitoredDevices.clientId })
        .then((r) => r[0]),

    offlineMinutes: () =>
      db
        .select({ m: monitorSettings.offlineMinutes })
        .from(monitorSettings)
        .where(eq(monitorSettings.companyId, scope.companyId))
        .then((r) => r[0]?.m ?? null),

    setOfflineMinutes: (minutes: number) =>
      db
        .insert(monitorSettings)
        .values({ companyId: scope.companyId, offlineMinutes: minutes })
        .onConflictDoUpdate({ target: monitorSettings.companyId, set: { offlineMinutes: minutes, updatedAt: new Date() } }),
  };
});

/** One company's client error logs. */
export const monitorLogRepository = scoped(function monitorLogRepository(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    /** Adds a batch to a device's log and drops its entries beyond the newest `keep`. */
    async addLogs(monitorId: number, version: string, entries: LogEntry[], keep: number) {
      await db.insert(monitorErrorLogs).values(entries.map((e) => ({ ...e, companyId: scope.companyId, monitorId, version })));
      await db.execute(sql`DELETE FROM ${monitorErrorLogs} WHERE ${monitorErrorLogs.monitorId} = ${monitorId} AND ${monitorErrorLogs.id} <= (
        SELECT ${monitorErrorLogs.id} FROM ${monitorErrorLogs} WHERE ${monitorErrorLogs.monitorId} = ${monitorId}
        ORDER BY ${monitorErrorLogs.id} DESC OFFSET ${keep} LIMIT 1)`);
    },

    async logPage(f: { mid?: number; level?: string; from?: Date; to?: Date; text?: string }, offset: number, limit: number) {
      const c: SQL[] = [eq(monitorErrorLogs.companyId, scope.companyId)];
      if (f.mid !== undefined) c.push(eq(monitorErrorLogs.monitorId, f.mid));
      if (f.level) c.push(eq(monitorErrorLogs.level, f.level));
      if (f.from) c.push(gte(monitorErrorLogs.occurredAt, f.from));
      if (f.to) c.push(lte(monitorErrorLogs.occurredAt, f.to));
      if (f.text) c.push(ilike(monitorErrorLogs.message, containsPattern(f.text)));
      const where = and(...c);
      const [rows, total] = await Promise.all([
        db
          .select({ log: monitorErrorLogs, name: monitoredDevices.name, clientId: monitoredDevices.clientId, type: monitoredDevices.type })
          .from(monitorErrorLogs)
          .innerJoin(monitoredDevices, eq(monitoredDevices.id, monitorErrorLogs.monitorId))
          .where(where)
          .orderBy(desc(monitorErrorLogs.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(monitorErrorLogs).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
  };
});
