import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  deviceGroupDevices,
  deviceGroups,
  devices,
  employeeDeviceGroups,
  residentDeviceGroups,
  visitorTypeDeviceGroups,
} from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type DeviceGroupRow = typeof deviceGroups.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type GroupValues = Pick<DeviceGroupRow, 'name' | 'personKind' | 'defaultOn' | 'gids' | 'status' | 'remark'>;
export type DeviceValues = Pick<
  DeviceRow,
  | 'name'
  | 'code'
  | 'extCode'
  | 'doorNo'
  | 'ip'
  | 'port'
  | 'readerNo'
  | 'direction'
  | 'kind'
  | 'status'
  | 'legacyAuth'
  | 'driver'
  | 'driverUser'
  | 'driverTls'
>;
/** The columns a device must not share with another device of the company. */
export type UniqueDeviceField = 'name' | 'code' | 'extCode' | 'readerNo';

export interface DeviceFilter {
  name?: string;
  kind?: string;
  groupId?: number;
  status?: number;
  ids?: number[];
  /** 1: an authenticated request since `since`; 0: none since then (or never). */
  online?: { is: number; since: Date };
}

/** Device groups. */
function groupQueries(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const myGroups = eq(deviceGroups.companyId, companyId);
  const groupOrder = [asc(sql`lower(${deviceGroups.name})`), asc(deviceGroups.id)];
  const groupsWhere = (where?: SQL) =>
    db
      .select()
      .from(deviceGroups)
      .where(and(myGroups, where))
      .orderBy(...groupOrder);
  return {
    groups: (ids?: number[]) => groupsWhere(ids ? inArray(deviceGroups.id, ids.length ? ids : [0]) : undefined),
    group: (id: number) => groupsWhere(eq(deviceGroups.id, id)).then((r) => r[0]),
    async groupPage(name: string, offset: number, limit: number): Promise<{ rows: DeviceGroupRow[]; total: number }> {
      const where = and(myGroups, name ? sql`${deviceGroups.name} ilike ${containsPattern(name)}` : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(deviceGroups)
          .where(where)
          .orderBy(...groupOrder)
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(deviceGroups).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    groupNameTaken: (name: string, exceptId?: number) =>
      db
        .select({ id: deviceGroups.id })
        .from(deviceGroups)
        .where(and(myGroups, sql`lower(${deviceGroups.name}) = lower(${name})`, exceptId ? sql`${deviceGroups.id} <> ${exceptId}` : undefined))
        .limit(1)
        .then((r) => r.length > 0),
    insertGroup: (v: GroupValues) =>
      db
        .insert(deviceGroups)
        .values({ ...v, companyId })
        .returning()
        .then((r) => r[0] as DeviceGroupRow),
    updateGroup: (id: number, v: GroupValues) =>
      db
        .update(deviceGroups)
        .set(v)
        .where(and(myGroups, eq(deviceGroups.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteGroup: (id: number) => db.delete(deviceGroups).where(and(myGroups, eq(deviceGroups.id, id))),
  };
}

/** Which devices each group holds. */
function linkQueries(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const myLinks = eq(deviceGroupDevices.companyId, companyId);
  return {
    /** Membership rows, of the named groups or devices or all. */
    links: (by?: { groupIds?: number[]; deviceIds?: number[] }) =>
      db
        .select({ groupId: deviceGroupDevices.groupId, deviceId: deviceGroupDevices.deviceId })
        .from(deviceGroupDevices)
        .where(
          and(
            myLinks,
            by?.groupIds ? inArray(deviceGroupDevices.groupId, by.groupIds.length ? by.groupIds : [0]) : undefined,
            by?.deviceIds ? inArray(deviceGroupDevices.deviceId, by.deviceIds.length ? by.deviceIds : [0]) : undefined,
          ),
        )
        .orderBy(asc(deviceGroupDevices.groupId), asc(deviceGroupDevices.deviceId)),
    /** Makes a group hold exactly these devices (the service checked they are this company's). */
    async setGroupDevices(groupId: number, deviceIds: number[]): Promise<void> {
      await db.delete(deviceGroupDevices).where(and(myLinks, eq(deviceGroupDevices.groupId, groupId)));
      if (deviceIds.length) await db.insert(deviceGroupDevices).values(deviceIds.map((deviceId) => ({ companyId, groupId, deviceId })));
    },
    /** Puts a device in exactly these groups. */
    async setDeviceGroups(deviceId: number, groupIds: number[]): Promise<void> {
      await db.delete(deviceGroupDevices).where(and(myLinks, eq(deviceGroupDevices.deviceId, deviceId)));
      if (groupIds.length) await db.insert(deviceGroupDevices).values(groupIds.map((groupId) => ({ companyId, groupId, deviceId })));
    },
  };
}

/** The groups granted to employees, visitor types and resident visitors (written by the access-rights calls). */
function grantQueries(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  return {
    /** How many employees, visitor types and residents are granted each group. */
    async grantCounts(): Promise<Map<number, { emp: number; types: number; residents: number }>> {
      const [emp, types, residents] = await Promise.all([
        db
          .select({ g: employeeDeviceGroups.groupId, n: count() })
          .from(employeeDeviceGroups)
          .where(eq(employeeDeviceGroups.companyId, companyId))
          .groupBy(employeeDeviceGroups.groupId),
        db
          .select({ g: visitorTypeDeviceGroups.groupId, n: count() })
          .from(visitorTypeDeviceGroups)
          .where(eq(visitorTypeDeviceGroups.companyId, companyId))
          .groupBy(visitorTypeDeviceGroups.groupId),
        db
          .select({ g: residentDeviceGroups.groupId, n: count() })
          .from(residentDeviceGroups)
          .where(eq(residentDeviceGroups.companyId, companyId))
          .groupBy(residentDeviceGroups.groupId),
      ]);
      const out = new Map<number, { emp: number; types: number; residents: number }>();
      const at = (g: number) => out.get(g) ?? out.set(g, { emp: 0, types: 0, residents: 0 }).get(g) ?? { emp: 0, types: 0, residents: 0 };
      for (const r of emp) at(r.g).emp = r.n;
      for (const r of types) at(r.g).types = r.n;
      for (const r of residents) at(r.g).residents = r.n;
      return out;
    },
    groupIdsOfEmployee: (empId: number) =>
      db
        .select({ g: employeeDeviceGroups.groupId })
        .from(employeeDeviceGroups)
        .where(and(eq(employeeDeviceGroups.companyId, companyId), eq(employeeDeviceGroups.empId, empId)))
        .then((r) => r.map((x) => x.g)),
    groupIdsOfVisitorType: (typeId: number) =>
      db
        .select({ g: visitorTypeDeviceGroups.groupId })
        .from(visitorTypeDeviceGroups)
        .where(and(eq(visitorTypeDeviceGroups.companyId, companyId), eq(visitorTypeDeviceGroups.visitorTypeId, typeId)))
        .then((r) => r.map((x) => x.g)),
    /** Grants a visitor type exactly these groups (the service checked both are this company's). */
    async setVisitorTypeGroups(typeId: number, groupIds: number[]): Promise<void> {
      const mine = and(eq(visitorTypeDeviceGroups.companyId, companyId), eq(visitorTypeDeviceGroups.visitorTypeId, typeId));
      await db.delete(visitorTypeDeviceGroups).where(mine);
      if (groupIds.length)
        await db.insert(visitorTypeDeviceGroups).values(groupIds.map((groupId) => ({ companyId, visitorTypeId: typeId, groupId })));
    },
    /** Grant rows of these employees. */
    employeeGrants: (empIds: number[]) =>
      db
        .select({ empId: employeeDeviceGroups.empId, groupId: employeeDeviceGroups.groupId })
        .from(employeeDeviceGroups)
        .where(and(eq(employeeDeviceGroups.companyId, companyId), inArray(employeeDeviceGroups.empId, empIds.length ? empIds : [0])))
        .orderBy(asc(employeeDeviceGroups.groupId)),
    /** Employees granted this group, or any group. */
    employeesGranted: (groupId?: number) =>
      db
        .selectDistinct({ empId: employeeDeviceGroups.empId })
        .from(employeeDeviceGroups)
        .where(and(eq(employeeDeviceGroups.companyId, companyId), groupId ? eq(employeeDeviceGroups.groupId, groupId) : undefined))
        .then((r) => r.map((x) => x.empId)),
    /** Grants each of these employees exactly these groups (the service checked both are this company's). */
    async setEmployeesGroups(empIds: number[], groupIds: number[]): Promise<void> {
      await db.delete(employeeDeviceGroups).where(and(eq(employeeDeviceGroups.companyId, companyId), inArray(employeeDeviceGroups.empId, empIds)));
      const rows = empIds.flatMap((empId) => groupIds.map((groupId) => ({ companyId, empId, groupId })));
      if (rows.length) await db.insert(employeeDeviceGroups).values(rows);
    },
    residentGrants: (residentIds: number[]) =>
      db
        .select({ residentId: residentDeviceGroups.residentId, groupId: residentDeviceGroups.groupId })
        .from(residentDeviceGroups)
        .where(and(eq(residentDeviceGroups.companyId, companyId), inArray(residentDeviceGroups.residentId, residentIds.length ? residentIds : [0])))
        .orderBy(asc(residentDeviceGroups.groupId)),
    async setResidentsGroups(residentIds: number[], groupIds: number[]): Promise<void> {
      await db
        .delete(residentDeviceGroups)
        .where(and(eq(residentDeviceGroups.companyId, companyId), inArray(residentDeviceGroups.residentId, residentIds)));
      const rows = residentIds.flatMap((residentId) => groupIds.map((groupId) => ({ companyId, residentId, groupId })));
      if (rows.length) await db.insert(residentDeviceGroups).values(rows);
    },
    groupIdsOfResident: (residentId: number) =>
      db
        .select({ g: residentDeviceGroups.groupId })
        .from(residentDeviceGroups)
        .where(and(eq(residentDeviceGroups.companyId, companyId), eq(residentDeviceGroups.residentId, residentId)))
        .then((r) => r.map((x) => x.g)),
  };
}

/** Every grant of the company at once (the face terminals' people lists: one read per table, not one per person). */
function allGrantQueries(scope: TenantScope) {
  const db = dbOf(scope);
  const companyId = scope.companyId;
  const typeGrants = () =>
    db
      .select({ id: visitorTypeDeviceGroups.visitorTypeId, g: visitorTypeDeviceGroups.groupId })
      .from(visitorTypeDeviceGroups)
      .where(eq(visitorTypeDeviceGroups.companyId, companyId));
  return {
    typeGrants,
    async allGrants() {
      // One after the other: callers may hold a transaction (one connection).
      const employees = await db
        .select({ id: employeeDeviceGroups.empId, g: employeeDeviceGroups.groupId })
        .from(employeeDeviceGroups)
        .where(eq(employeeDeviceGroups.companyId, companyId));
      const types = await typeGrants();
      const residents = await db
        .select({ id: residentDeviceGroups.residentId, g: residentDeviceGroups.groupId })
        .from(residentDeviceGroups)
        .where(eq(residentDeviceGroups.companyId, companyId));
      return [employees, types, residents] as const;
    },
  };
}

/** Devices. */
function deviceQueries(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const myDevices = eq(devices.companyId, companyId);
  const myLinks = eq(deviceGroupDevices.companyId, companyId);
  const deviceWhere = (f: DeviceFilter) =>
    and(
      myDevices,
      f.name ? sql`${devices.name} ilike ${containsPattern(f.name)}` : undefined,
      f.kind ? eq(devices.kind, f.kind) : undefined,
      f.status !== undefined ? eq(devices.status, f.status) : undefined,
      f.ids ? inArray(devices.id, f.ids.length ? f.ids : [0]) : undefined,
      f.groupId !== undefined
        ? inArray(
            devices.id,
            db
              .select({ id: deviceGroupDevices.deviceId })
              .from(deviceGroupDevices)
              .where(and(myLinks, eq(deviceGroupDevices.groupId, f.groupId))),
          )
        : undefined,
      f.online
        ? f.online.is
          ? sql`${devices.lastSeenAt} >= ${f.online.since}`
          : sql`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < ${f.online.since})`
        : undefined,
    );
  const byName = [asc(sql`lower(${devices.name})`), asc(devices.id)];
  return {
    devices: (f: DeviceFilter = {}) =>
      db
        .select()
        .from(devices)
        .where(deviceWhere(f))
        .orderBy(...byName),
    async devicePage(f: DeviceFilter, offset: number, limit: number): Promise<{ rows: DeviceRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(devices)
          .where(deviceWhere(f))
          .orderBy(...byName)
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(devices).where(deviceWhere(f)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    device: (id: number) =>
      db
        .select()
        .from(devices)
        .where(and(myDevices, eq(devices.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /** Whether another device of the company has this value (names compared without case). */
    deviceTaken: (field: UniqueDeviceField, value: string, exceptId?: number) =>
      db
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            myDevices,
            field === 'name' ? sql`lower(${devices.name}) = lower(${value})` : eq(devices[field], value),
            exceptId ? sql`${devices.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1)
        .then((r) => r.length > 0),
    insertDevice: (v: DeviceValues & { secretHash: string }) =>
      db
        .insert(devices)
        .values({ ...v, companyId, secretSetAt: new Date() })
        .returning()
        .then((r) => r[0] as DeviceRow),
    updateDevice: (id: number, v: Partial<DeviceValues> & { secretHash?: string; secretSetAt?: Date }) =>
      db
        .update(devices)
        .set(v)
        .where(and(myDevices, eq(devices.id, id)))
        .returning()
        .then((r) => r[0]),
    deleteDevice: (id: number) => db.delete(devices).where(and(myDevices, eq(devices.id, id))),
  };
}

/** One company's device groups, devices, their membership and the groups granted to people. */
export const devicesRepository = scoped(function devicesRepository(scope: TenantScope) {
  return { ...groupQueries(scope), ...linkQueries(scope), ...grantQueries(scope), ...allGrantQueries(scope), ...deviceQueries(scope) };
});
