import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { employees } from './people.js';
import { visitorTypes } from './registration.js';
import { residentVisitors } from './residents.js';

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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('devices_name_uq').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('devices_code_uq').on(t.companyId, t.code),
    uniqueIndex('devices_ext_code_uq').on(t.companyId, t.extCode).where(sql`${t.extCode} <> ''`),
    uniqueIndex('devices_reader_no_uq').on(t.companyId, t.readerNo).where(sql`${t.readerNo} <> ''`),
  ],
);

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
