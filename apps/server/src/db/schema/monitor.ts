import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from './access.js';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { gates } from './registration.js';

/**
 * The device monitor (qcv_eqpt_monitor): every kiosk, visitor machine and face terminal that reports a heartbeat.
 * A client is known by the identifier it reports (`clientId`: a kiosk's installation id); a heartbeat is one upsert on
 * (company, clientId). Online is computed when read: the last heartbeat against the company's threshold.
 */
export const monitoredDevices = pgTable(
  'monitored_devices',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1 iPad, 2 visitor machine, 3 face-recognition device. */
    type: smallint('type').notNull(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull().default(''),
    /** The staff account whose session reported it last (id and sign-in name; 0 and '' for a device's own credentials). */
    accountId: integer('account_id').notNull().default(0),
    account: text('account').notNull().default(''),
    gateId: integer('gate_id').references(() => gates.id, { onDelete: 'set null' }),
    /** The access-control device it is, when a face terminal reports with its own credentials. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    ip: text('ip').notNull().default(''),
    version: text('version').notNull().default(''),
    lastHeartbeatAt: tstz('last_heartbeat_at').notNull(),
    /** When administrators were told of the current offline episode; null while online or not yet told. */
    offlineAlertedAt: tstz('offline_alerted_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('monitored_devices_client_uq').on(t.companyId, t.clientId),
    index('monitored_devices_heartbeat_idx').on(t.lastHeartbeatAt),
    index('monitored_devices_alerted_idx').on(t.offlineAlertedAt).where(sql`${t.offlineAlertedAt} IS NOT NULL`),
    index('monitored_devices_device_idx').on(t.deviceId),
  ],
);

/** Client error logs (qcv_eqpt_monitor_error_log): bounded per device and in age (docs/modules/monitor.md). */
export const monitorErrorLogs = pgTable(
  'monitor_error_logs',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitoredDevices.id, { onDelete: 'cascade' }),
    /** 'error' | 'warn' | 'info'. */
    level: text('level').notNull(),
    message: text('message').notNull(),
    detail: text('detail').notNull().default(''),
    version: text('version').notNull().default(''),
    /** When the client says it happened. */
    occurredAt: tstz('occurred_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('monitor_error_logs_company_idx').on(t.companyId, t.id),
    index('monitor_error_logs_monitor_idx').on(t.monitorId, t.id),
    index('monitor_error_logs_created_idx').on(t.createdAt),
  ],
);

/** The company's monitor settings; no row: the defaults. */
export const monitorSettings = pgTable('monitor_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  offlineMinutes: smallint('offline_minutes').notNull(),
  ...timestamps,
});
