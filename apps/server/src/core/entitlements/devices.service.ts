import { DEVICE_ONLINE_MS, type Device, type DeviceDriver, type DeviceKind, type DeviceLink, type In, logDesc, Status } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { newDeviceSecret } from '../../platform/identity/deviceAuth.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { deviceLinksRepository, linkView } from './deviceLinks.repository.js';
import { type DeviceRow, type DeviceValues, devicesRepository, type UniqueDeviceField } from './devices.repository.js';
import { assertAll, clashOf, noSuchRecord, taken, unique } from './devices.shared.js';

/**
 * Door devices (qcv_eqpt). The exported look-ups at the end are the service other modules call (the device API of the
 * pass decisions, face sync, monitor): by scope, so a job or a device's own call can use them too.
 */

export function deviceView(row: DeviceRow, egids: number[], now = Date.now(), link: DeviceLink | null = null): Device {
  const seen = row.lastSeenAt?.getTime() ?? null;
  return {
    eid: row.id,
    deviceName: row.name,
    deviceCode: row.code,
    extendCode: row.extCode,
    roomNum: row.doorNo,
    deviceIp: row.ip,
    devicePort: row.port,
    readerNo: row.readerNo,
    enterStatus: row.direction,
    eType: row.kind as DeviceKind,
    status: row.status,
    onlineStatus: seen !== null && now - seen < DEVICE_ONLINE_MS ? 1 : 0,
    lastSeenAt: seen,
    secretSetAt: row.secretSetAt?.getTime() ?? null,
    egids,
    legacyAuth: row.legacyAuth,
    driver: row.driver as DeviceDriver,
    driverUser: row.driverUser,
    driverPasswordSet: row.driverSecret !== '',
    driverTls: row.driverTls,
    link: row.driver === 'openvisit' ? null : link,
  };
}

async function views(scope: TenantScope, rows: DeviceRow[]): Promise<Device[]> {
  const ids = rows.map((d) => d.id);
  const links = await devicesRepository(scope).links({ deviceIds: ids });
  const groups = new Map<number, number[]>();
  for (const l of links) groups.set(l.deviceId, [...(groups.get(l.deviceId) ?? []), l.groupId]);
  const pushed = rows.filter((d) => d.driver !== 'openvisit').map((d) => d.id);
  const states = new Map((pushed.length ? await deviceLinksRepository(scope).ofDevices(pushed) : []).map((l) => [l.deviceId, linkView(l)]));
  const now = Date.now();
  return rows.map((d) => deviceView(d, groups.get(d.id) ?? [], now, states.get(d.id) ?? null));
}

export async function listDevices(ctx: AuthedContext, input: In<'getEquipmentbyUserid'>): Promise<Device[]> {
  const rows = await devicesRepository(ctx.tenant).devices({ name: input.deviceName, kind: input.eType, groupId: input.egid, status: input.status });
  const all = await views(ctx.tenant, rows);
  return input.onlineStatus === undefined ? all : all.filter((d) => d.onlineStatus === input.onlineStatus);
}

/** A page of devices; online is decided in SQL from `last_seen_at`, so the page and its count agree. */
export async function devicePage(ctx: AuthedContext, input: In<'getEquipmentByPage'>) {
  const online = input.onlineStatus === undefined ? undefined : { is: input.onlineStatus, since: new Date(Date.now() - DEVICE_ONLINE_MS) };
  const { rows, total } = await devicesRepository(ctx.tenant).devicePage(
    { name: input.deviceName, kind: input.eType, groupId: input.egid, status: input.status, online },
    input.startIndex,
    input.requestedCount,
  );
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: total,
    list: await views(ctx.tenant, rows),
  };
}

export async function devicesOfGroup(ctx: AuthedContext, input: { egid: number }): Promise<Device[]> {
  const repo = devicesRepository(ctx.tenant);
  if (!(await repo.group(input.egid))) throw noSuchRecord('group');
  return views(ctx.tenant, await repo.devices({ groupId: input.egid }));
}

type DeviceInput = In<'addEquipment'> | In<'updateEquipment'>;

/** The form's values; a device password given is sealed with the server's key (left out, the stored one stays). */
function valuesOf(ctx: AuthedContext, input: DeviceInput): DeviceValues & { driverSecret?: string } {
  const other = input.driver === 'openvisit';
  return {
    driver: input.driver,
    driverUser: other ? '' : input.driverUser,
    driverTls: !other && input.driverTls,
    ...(other ? { driverSecret: '' } : input.driverPassword ? { driverSecret: ctx.services.secrets.seal(input.driverPassword) } : {}),
    name: input.deviceName,
    code: input.deviceCode,
    extCode: input.extendCode,
    doorNo: input.roomNum,
    ip: input.deviceIp,
    port: input.devicePort,
    readerNo: input.readerNo,
    direction: input.enterStatus,
    kind: input.eType,
    status: input.status,
    legacyAuth: input.legacyAuth,
  };
}

const uniqueFields: [UniqueDeviceField, keyof DeviceInput, (typeof Status)[keyof typeof Status]][] = [
  ['name', 'deviceName', Status.DEVICE_NAME_EXISTS],
  ['code', 'deviceCode', Status.DEVICE_ID_EXISTS],
  ['extCode', 'extendCode', Status.DEVICE_EXT_ID_EXISTS],
  ['readerNo', 'readerNo', Status.READER_NUMBER_EXISTS],
];

/** Groups must be this company's; name, identifier, extension identifier and reader number unique (70/71/72/731). */
async function checkDevice(ctx: AuthedContext, input: DeviceInput, exceptId?: number): Promise<number[]> {
  const repo = devicesRepository(ctx.tenant);
  const egids = unique(input.egids);
  assertAll(await repo.groups(egids), egids, 'egids');
  for (const [column, field, status] of uniqueFields) {
    const value = String(input[field]);
    if (value && (await repo.deviceTaken(column, value, exceptId))) throw taken(status, field);
  }
  return egids;
}

function audit(ctx: AuthedContext, row: DeviceRow): void {
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
}

export async function addDevice(ctx: AuthedContext, input: DeviceInput): Promise<{ device: Device; secret: string }> {
  const egids = await checkDevice(ctx, input);
  const { secret, hash } = newDeviceSecret();
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = devicesRepository(tx);
    const d = await repo.insertDevice({ ...valuesOf(ctx, input), secretHash: hash });
    await repo.setDeviceGroups(d.id, egids);
    return d;
  }).catch((err: unknown) => {
    throw clashOf(err);
  });
  audit(ctx, row);
  ctx.audit.desc = logDesc('deviceAdded', { code: row.code });
  return { device: deviceView(row, egids), secret };
}

/** What the server reaches a pushed-to device with: a change means a device that refused us is tried again. */
const reachedBy = (d: DeviceRow) => JSON.stringify([d.driver, d.ip, d.port, d.driverTls, d.driverUser, d.driverSecret, d.code]);

export async function updateDevice(ctx: AuthedContext, input: In<'updateEquipment'>): Promise<Device> {
  const before = await devicesRepository(ctx.tenant).device(input.eid);
  if (!before) throw noSuchRecord('device');
  const egids = await checkDevice(ctx, input, input.eid);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = devicesRepository(tx);
    const d = await repo.updateDevice(input.eid, valuesOf(ctx, input));
    if (!d) throw noSuchRecord('device');
    await repo.setDeviceGroups(d.id, egids);
    if (reachedBy(d) !== reachedBy(before)) await deviceLinksRepository(tx).reset(d.id);
    return d;
  }).catch((err: unknown) => {
    throw clashOf(err);
  });
  audit(ctx, row);
  ctx.audit.desc = logDesc('deviceSaved', { code: row.code, groups: egids.length });
  const [view] = await views(ctx.tenant, [row]);
  return view ?? deviceView(row, egids);
}

/** Deleting the row revokes the secret with it; the device leaves its groups (the links cascade). */
export async function removeDevice(ctx: AuthedContext, input: { eid: number }): Promise<null> {
  const repo = devicesRepository(ctx.tenant);
  const row = await repo.device(input.eid);
  if (!row) throw noSuchRecord('device');
  await repo.deleteDevice(row.id);
  audit(ctx, row);
  ctx.audit.desc = logDesc('deviceDeleted', { code: row.code });
  return null;
}

export async function setDeviceStatus(ctx: AuthedContext, input: In<'setEquipmentStatus'>): Promise<Device> {
  const row = await devicesRepository(ctx.tenant).updateDevice(input.eid, { status: input.status });
  if (!row) throw noSuchRecord('device');
  audit(ctx, row);
  ctx.audit.desc = logDesc(input.status ? 'deviceDisabled' : 'deviceEnabled', { code: row.code });
  const [view] = await views(ctx.tenant, [row]);
  return view ?? deviceView(row, []);
}

/** A new secret, answered once; the stored hash is replaced in the same statement, so the old secret fails at once. */
export async function rotateSecret(ctx: AuthedContext, input: { eid: number }): Promise<{ device: Device; secret: string }> {
  const { secret, hash } = newDeviceSecret();
  const row = await devicesRepository(ctx.tenant).updateDevice(input.eid, { secretHash: hash, secretSetAt: new Date() });
  if (!row) throw noSuchRecord('device');
  audit(ctx, row);
  ctx.audit.desc = logDesc('deviceSecretRotated', { code: row.code });
  const [view] = await views(ctx.tenant, [row]);
  return { device: view ?? deviceView(row, []), secret };
}

// --- the service other modules call (by scope) ---

/** A device of the company, with its groups; undefined when the company has none by that id. */
export async function deviceById(scope: TenantScope, eid: number): Promise<Device | undefined> {
  const row = await devicesRepository(scope).device(eid);
  return row ? (await views(scope, [row]))[0] : undefined;
}

/** The groups a device belongs to. */
export async function groupIdsOfDevice(scope: TenantScope, eid: number): Promise<number[]> {
  return (await devicesRepository(scope).links({ deviceIds: [eid] })).map((l) => l.groupId);
}

/** The devices of any of these groups. */
export async function devicesOfGroups(scope: TenantScope, egids: number[]): Promise<Device[]> {
  const repo = devicesRepository(scope);
  const ids = unique((await repo.links({ groupIds: egids })).map((l) => l.deviceId));
  return views(scope, await repo.devices({ ids }));
}

/** The groups granted to an employee, a visitor type or a resident visitor. */
export function groupIdsGranted(scope: TenantScope, to: { empId: number } | { visitorTypeId: number } | { residentId: number }): Promise<number[]> {
  const repo = devicesRepository(scope);
  if ('empId' in to) return repo.groupIdsOfEmployee(to.empId);
  if ('visitorTypeId' in to) return repo.groupIdsOfVisitorType(to.visitorTypeId);
  return repo.groupIdsOfResident(to.residentId);
}

type GrantMap = Map<number, number[]>;

function grantMap(rows: { id: number; g: number }[]): GrantMap {
  const out: GrantMap = new Map();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.g]);
  return out;
}

/** Every visitor type's grants, by type (the doors' cached configuration). */
export async function visitorTypeGrants(scope: TenantScope): Promise<GrantMap> {
  return grantMap(await devicesRepository(scope).typeGrants());
}

/** Every device's groups, by device. */
export async function groupsByDevice(scope: TenantScope): Promise<GrantMap> {
  return grantMap((await devicesRepository(scope).links()).map((l) => ({ id: l.deviceId, g: l.groupId })));
}

/** Every grant of the company, by employee, visitor type and resident (for bulk use of `entitledGroups`). */
export async function allGrants(scope: TenantScope): Promise<{ employees: GrantMap; visitorTypes: GrantMap; residents: GrantMap }> {
  const [employees, visitorTypes, residents] = await devicesRepository(scope).allGrants();
  return { employees: grantMap(employees), visitorTypes: grantMap(visitorTypes), residents: grantMap(residents) };
}

export { type Entitled, entitledGroups, type GroupFacts, groupFacts, groupsOfEmployee, groupsOfVisit } from './entitlements.js';
/** The company's device groups by name (all, or these ids; unknown ids are left out), for binding and naming. */
export async function groupsById(scope: TenantScope, ids?: number[]): Promise<{ id: number; name: string }[]> {
  return (await devicesRepository(scope).groups(ids)).map((g) => ({ id: g.id, name: g.name }));
}

/** Refuses groups that are not the company's (400 `egids` notFound); answers the ids without repeats. */
export async function assertGroups(scope: TenantScope, egids: number[]): Promise<number[]> {
  const ids = unique(egids);
  assertAll(await devicesRepository(scope).groups(ids), ids, 'egids');
  return ids;
}

/** Each employee's granted groups (employees without any are absent). */
export async function groupIdsOfEmployees(scope: TenantScope, empIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const g of await devicesRepository(scope).employeeGrants(empIds)) out.set(g.empId, [...(out.get(g.empId) ?? []), g.groupId]);
  return out;
}

/** The employees granted this group, or any group. */
export function employeesGranted(scope: TenantScope, egid?: number): Promise<number[]> {
  return devicesRepository(scope).employeesGranted(egid);
}

/** Grants these employees exactly these groups (checked with assertGroups; call inside the caller's transaction). */
export function setEmployeesGroups(scope: TenantScope, empIds: number[], egids: number[]): Promise<void> {
  return devicesRepository(scope).setEmployeesGroups(unique(empIds), unique(egids));
}
