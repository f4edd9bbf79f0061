import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { employees } from './people.js';
import { visitorTypes } from './registration.js';
import { residentVisitors } from './residents.js';
import { visits } from './visits.js';

/**
 * Access control's foundation: door devices, the groups they are opened through, and who is granted which group.
 * The pass rules, pass records, device monitor and credential sync build on these tables.
 */

/**
 * Device groups (门禁组, qcv_eqpt_group): the doors a person is granted together. `personKind` is the original's
 * `etype` (0 everyone, 1 staff, 2 visitors, 3 special); `gids` the gates the group belongs to (empty: every gate).
 */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    personKind: smallint('person_kind').notNull().default(0),
    /** Granted to a visitor as soon as their visit is approved, without a visitor type's grant (default-on). */
    defaultOn: boolean('default_on').notNull().default(false),
    gids: integer('gids').array().notNull().default(sql`'{}'::integer[]`),
    /** 0 enabled, 1 disabled (its devices open for nobody through it). */
    status: smallint('status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('device_groups_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * Door devices (qcv_eqpt): QR readers, face terminals, card readers and vehicle barriers. Name and identifier are
 * unique in the company, the extension identifier and reader number when given. A device authenticates with its id and
 * a secret shown once (only its SHA-256 is kept: the secret is 256 random bits, so a slow hash buys nothing).
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The identifier (deviceCode) the device reports itself by. */
    code: text('code').notNull(),
    extCode: text('ext_code').notNull().default(''),
    /** Door number (roomNum). */
    doorNo: text('door_no').notNull().default(''),
    ip: text('ip').notNull().default(''),
    port: integer('port'),
    readerNo: text('reader_no').notNull().default(''),
    /** 1 in, 2 out (enterStatus). */
    direction: smallint('direction').notNull().default(1),
    /** 'qr' | 'face' | 'card' | 'barrier'. */
    kind: text('kind').notNull().default('qr'),
    /** 0 enabled, 1 disabled (answers 1130). */
    status: smallint('status').notNull().default(0),
    secretHash: text('secret_hash').notNull().default(''),
    secretSetAt: tstz('secret_set_at'),
    /** The last request the device authenticated (online while recent). */
    lastSeenAt: tstz('last_seen_at'),
    /**
     * A legacy reader (the original's, which cannot send a credential): under /qcvisit/ only, its calls are taken on
     * its code and registered `ip` alone. Opt-in by the administrator; needs a non-empty `ip`.
     */
    legacyAuth: boolean('legacy_auth').notNull().default(false),
    /**
     * How the server reaches the device's own store of people (docs/modules/credentials.md): 'openvisit' (our protocol:
     * readers ask per scan, face terminals pull), 'hikvision' (ISAPI at `ip`:`port`, pushed to), 'zkteco' (PUSH: the
     * device polls under /iclock/ by its serial number, `code`).
     */
    driver: text('driver').notNull().default('openvisit'),
    /** The device account the server signs in with (Hikvision), and its password sealed with the server's key. */
    driverUser: text('driver_user').notNull().default(''),
    driverSecret: text('driver_secret').notNull().default(''),
    /** HTTPS to the device (Hikvision). */
    driverTls: boolean('driver_tls').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('devices_name_uq').on(t.companyId, sql`lower(${t.name})`),
    // The legacy readers' look-up by code across companies (devices.system.repository.ts).
    index('devices_legacy_code_idx').on(t.code).where(sql`${t.legacyAuth}`),
    // A ZKTeco device names itself by serial number alone (PUSH): one company's, across the server.
    uniqueIndex('devices_zkteco_sn_uq').on(t.code).where(sql`${t.driver} = 'zkteco'`),
    uniqueIndex('devices_code_uq').on(t.companyId, t.code),
    uniqueIndex('devices_ext_code_uq').on(t.companyId, t.extCode).where(sql`${t.extCode} <> ''`),
    uniqueIndex('devices_reader_no_uq').on(t.companyId, t.readerNo).where(sql`${t.readerNo} <> ''`),
  ],
);

/**
 * A pushed-to or polling device's link (drivers other than 'openvisit'): whether the server can reach it and sign in,
 * why not, and until when it waits before trying again (a device that refused our password is not tried again until
 * the device's settings change: no lock-out of its account); the pass-record cursor; the last readback and its drift report.
 */
export const deviceLinks = pgTable('device_links', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** 'ok' | 'authRefused' | 'locked' | 'unreachable' | 'busy' | 'garbage' | 'error' */
  state: text('state').notNull().default('ok'),
  reason: text('reason').notNull().default(''),
  /** No request to the device before this time (a lock-out's end, a refused password's "never until changed"). */
  holdUntil: tstz('hold_until'),
  lastContactAt: tstz('last_contact_at'),
  /** A push or readback of the device holds it until then (one at a time across processes; a crashed one's lapses). */
  runUntil: tstz('run_until'),
  /** The device's own id of the last pass record read (Hikvision serialNo, ZKTeco stamp). */
  eventCursor: bigint('event_cursor', { mode: 'number' }).notNull().default(0),
  readbackAt: tstz('readback_at'),
  /** The last readback's report: counts per kind of drift and what was repaired. */
  drift: jsonb('drift'),
  /** A ZKTeco readback wanted since then (the console's or the sweep's): its queries go at the device's next poll. */
  readbackWantedAt: tstz('readback_wanted_at'),
  /** The ZKTeco readback under way: when its queries went, their ids, and the rows the device has posted back so far. */
  readbackAnswer: jsonb('readback_answer'),
  /** A ZKTeco device's last upload stamps per table other than ATTLOG (OPERLOG, BIODATA, rtlog…), echoed at its handshake. */
  stamps: jsonb('stamps'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Which devices a group holds (qcv_eqptgroup_relation); a device may be in several groups. */
export const deviceGroupDevices = pgTable(
  'device_group_devices',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('device_group_devices_device_idx').on(t.deviceId)],
);

/** The groups an employee is granted (the original's employee `egids`); their validity is the employee's acStart–acEnd. */
export const employeeDeviceGroups = pgTable(
  'employee_device_groups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    // A group with people granted is refused deletion (58 with the counts); the key is the last guard.
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.empId, t.groupId] }), index('employee_device_groups_group_idx').on(t.groupId)],
);

/** The groups a visitor type's visits are granted (the original's `vegids`). */
export const visitorTypeDeviceGroups = pgTable(
  'visitor_type_device_groups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    visitorTypeId: integer('visitor_type_id')
      .notNull()
      .references(() => visitorTypes.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.visitorTypeId, t.groupId] }), index('visitor_type_device_groups_group_idx').on(t.groupId)],
);

/** The groups a resident visitor is granted (qcv_resident_visitor `egids`), within the resident's own window. */
export const residentDeviceGroups = pgTable(
  'resident_device_groups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residentVisitors.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.residentId, t.groupId] }), index('resident_device_groups_group_idx').on(t.groupId)],
);

/**
 * A number per company that triggers (migration 0035) raise whenever anything a door's decision reads of the company
 * changes: its settings, gates and their pass ways, device groups and their devices, visitor types' grants, holidays,
 * schedules and strategies. Doors keep that configuration per process and read only this number per scan, so an edit
 * made through any process is seen by the next scan everywhere.
 */
export const doorConfigVersions = pgTable('door_config_versions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Door passes (qcv_opendoor_info): every decision a device reports or the server takes on a device's behalf, granted
 * or refused. Names and places are copied at the time of the pass, so the record still reads right after a device,
 * group or gate is renamed or deleted. `personType` 1 employee, 2 visitor, 3 resident, -1 unknown; `result` 1
 * success, 0 failure, 2 unknown, with the catalogued `code` (0, or 1111–1130).
 */
export const passRecords = pgTable(
  'pass_records',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name').notNull().default(''),
    deviceCode: text('device_code').notNull().default(''),
    groupId: integer('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    groupName: text('group_name').notNull().default(''),
    gid: integer('gid'),
    gateName: text('gate_name').notNull().default(''),
    personType: smallint('person_type').notNull().default(-1),
    /** The employee's or resident's id (person type 1 or 3); null for visitors and unknown people. */
    personId: integer('person_id'),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    direction: smallint('direction').notNull().default(1),
    /** 'qr' | 'face' | 'card'. */
    way: text('way').notNull().default('qr'),
    result: smallint('result').notNull(),
    code: integer('code').notNull().default(0),
    /** The schedule whose hours refused the pass (copied, as the names above); '' for any other outcome. */
    scheduleName: text('schedule_name').notNull().default(''),
    temperature: numeric('temperature', { precision: 4, scale: 1, mode: 'number' }),
    /** File-store key of the device's snapshot; '' without one. */
    photo: text('photo').notNull().default(''),
  },
  (t) => [
    index('pass_records_company_at_idx').on(t.companyId, t.at, t.id),
    index('pass_records_visit_idx').on(t.visitId).where(sql`${t.visitId} IS NOT NULL`),
    index('pass_records_device_idx').on(t.companyId, t.deviceId, t.at),
  ],
);

/** Vehicle passes reported by barriers (qcv_vehicle_records), matched to a visit by plate number where one fits. */
export const vehicleRecords = pgTable(
  'vehicle_records',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name').notNull().default(''),
    deviceCode: text('device_code').notNull().default(''),
    /** Upper case, without spaces. */
    plate: text('plate').notNull(),
    vehicleType: text('vehicle_type').notNull().default(''),
    direction: smallint('direction').notNull().default(1),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    /** The matched visit's visitor, as at the pass. */
    name: text('name').notNull().default(''),
    result: smallint('result').notNull(),
    code: integer('code').notNull().default(0),
    photo: text('photo').notNull().default(''),
  },
  (t) => [
    index('vehicle_records_company_at_idx').on(t.companyId, t.at, t.id),
    index('vehicle_records_plate_idx').on(t.companyId, t.plate, t.at),
    index('vehicle_records_visit_idx').on(t.visitId).where(sql`${t.visitId} IS NOT NULL`),
  ],
);
