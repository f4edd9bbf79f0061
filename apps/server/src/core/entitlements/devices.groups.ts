import { type DeviceGroup, type In, logDesc, Status } from '@openvisit/contract';
import { foreignKeyViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { assertGates } from '../sites/sites.public.js';
import { type DeviceGroupRow, devicesRepository, type GroupValues } from './devices.repository.js';
import { assertAll, clashOf, groupViews, noSuchRecord, taken, unique } from './devices.shared.js';

/** Device groups (门禁组): the doors a person is granted together. */

export async function listGroups(ctx: AuthedContext): Promise<DeviceGroup[]> {
  const repo = devicesRepository(ctx.tenant);
  return groupViews(repo, await repo.groups());
}

export async function groupPage(ctx: AuthedContext, input: In<'getEquipmentGroupByPage'>) {
  const repo = devicesRepository(ctx.tenant);
  const { rows, total } = await repo.groupPage(input.egname, input.startIndex, input.requestedCount);
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: total,
    list: await groupViews(repo, rows),
  };
}

type GroupInput = In<'addEquipmentGroup'>;

function valuesOf(input: GroupInput): GroupValues {
  return {
    name: input.egname,
    personKind: input.etype,
    defaultOn: input.defaultOn,
    gids: unique(input.gids),
    status: input.status,
    remark: input.remark,
  };
}

/** Gates and member devices must be this company's; the name unique without case (73). */
async function checkGroup(ctx: AuthedContext, input: GroupInput, exceptId?: number): Promise<number[]> {
  const repo = devicesRepository(ctx.tenant);
  await assertGates(ctx, input.gids, 'gids');
  const eids = unique(input.eids);
  assertAll(await repo.devices({ ids: eids }), eids, 'eids');
  if (await repo.groupNameTaken(input.egname, exceptId)) throw taken(Status.DEVICE_GROUP_EXISTS, 'egname');
  return eids;
}

async function saved(ctx: AuthedContext, row: DeviceGroupRow, eids: number[]): Promise<DeviceGroup> {
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('deviceGroupSaved', { devices: eids.length, gates: row.gids.length });
  // One row in, one view out.
  return (await groupViews(devicesRepository(ctx.tenant), [row]))[0] as DeviceGroup;
}

export async function addGroup(ctx: AuthedContext, input: GroupInput): Promise<DeviceGroup> {
  const eids = await checkGroup(ctx, input);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = devicesRepository(tx);
    const g = await repo.insertGroup(valuesOf(input));
    await repo.setGroupDevices(g.id, eids);
    return g;
  }).catch((err: unknown) => {
    throw clashOf(err);
  });
  return saved(ctx, row, eids);
}

export async function updateGroup(ctx: AuthedContext, input: In<'updateEquipmentGroup'>): Promise<DeviceGroup> {
  if (!(await devicesRepository(ctx.tenant).group(input.egid))) throw noSuchRecord('group');
  const eids = await checkGroup(ctx, input, input.egid);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = devicesRepository(tx);
    const g = await repo.updateGroup(input.egid, valuesOf(input));
    if (!g) throw noSuchRecord('group');
    await repo.setGroupDevices(g.id, eids);
    return g;
  }).catch((err: unknown) => {
    throw clashOf(err);
  });
  return saved(ctx, row, eids);
}

/**
 * A group granted to anyone or bound by a pass strategy stays (58, with the counts): deleting it would silently take
 * doors from people. Its member devices only leave it; they are not deleted. `strategies` is counted by passRules,
 * which binds this call (it builds on groups; devices never imports it).
 */
export async function removeGroup(ctx: AuthedContext, input: { egid: number }, uses: { strategies: number }): Promise<null> {
  const repo = devicesRepository(ctx.tenant);
  const [view] = await groupViews(repo, (await repo.groups([input.egid])).slice(0, 1));
  if (!view) throw noSuchRecord('group');
  const { empCount, visitorTypeCount, residentCount, deviceCount } = view;
  if (empCount || visitorTypeCount || residentCount || uses.strategies)
    throw new AppError(
      Status.UPDATE_NOT_ALLOWED,
      `This device group is granted to ${empCount} employees, ${visitorTypeCount} visitor types and ${residentCount} resident visitors, and bound by ${uses.strategies} pass strategies`,
      { devices: deviceCount, employees: empCount, visitorTypes: visitorTypeCount, residents: residentCount, strategies: uses.strategies },
    );
  await repo.deleteGroup(view.egid).catch((err: unknown) => {
    // A grant written between the check and here: the foreign key refuses, answered as the check would have.
    if (foreignKeyViolation(err) !== undefined) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This device group was granted meanwhile');
    throw err;
  });
  ctx.audit.objId = view.egid;
  ctx.audit.objName = view.egname;
  ctx.audit.desc = logDesc('deviceGroupDeleted', { devices: deviceCount });
  return null;
}

export async function groupsOfDevice(ctx: AuthedContext, input: { eid: number }): Promise<DeviceGroup[]> {
  const repo = devicesRepository(ctx.tenant);
  if (!(await repo.device(input.eid))) throw noSuchRecord('device');
  const ids = (await repo.links({ deviceIds: [input.eid] })).map((l) => l.groupId);
  return groupViews(repo, await repo.groups(ids));
}
