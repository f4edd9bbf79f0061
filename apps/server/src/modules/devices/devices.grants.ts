import { type In, logDesc, Status } from '@openvisit/contract';
import { assertAll, devicesRepository, unique } from '../../core/entitlements/entitlements.public.js';
import { typeById } from '../../core/sites/sites.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { residentsNamed } from '../residents/residents.public.js';

/** Access rights: the device groups granted to visitor types and resident visitors (employees': employees.attributes). */

async function typeOf(ctx: AuthedContext, tid: number) {
  const type = await typeById(ctx, tid);
  if (!type) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
  return type;
}

export async function visitorTypeGroups(ctx: AuthedContext, input: { tid: number }) {
  await typeOf(ctx, input.tid);
  return { tid: input.tid, egids: await devicesRepository(ctx.tenant).groupIdsOfVisitorType(input.tid) };
}

export async function setVisitorTypeGroups(ctx: AuthedContext, input: In<'setVisitorTypeEgroups'>) {
  const type = await typeOf(ctx, input.tid);
  const egids = unique(input.egids);
  assertAll(await devicesRepository(ctx.tenant).groups(egids), egids, 'egids');
  await inTransaction(ctx.tenant, (tx) => devicesRepository(tx).setVisitorTypeGroups(input.tid, egids));
  ctx.audit.objId = input.tid;
  ctx.audit.objName = type.vType;
  ctx.audit.desc = logDesc('visitorTypeGroupsSet', { groups: egids.length });
  return { tid: input.tid, egids };
}

/** Residents are the residents module's: reached through its service, which answers 602 for one not the company's. */
export async function residentGroups(ctx: AuthedContext, input: In<'getResidentEgroups'>) {
  await residentsNamed(ctx, input.rids);
  const byResident = new Map<number, number[]>();
  for (const g of await devicesRepository(ctx.tenant).residentGrants(unique(input.rids)))
    byResident.set(g.residentId, [...(byResident.get(g.residentId) ?? []), g.groupId]);
  return input.rids.map((rid) => ({ rid, egids: byResident.get(rid) ?? [] }));
}

export async function setResidentGroups(ctx: AuthedContext, input: In<'setResidentEgroups'>) {
  const residents = await residentsNamed(ctx, input.rids);
  const egids = unique(input.egids);
  assertAll(await devicesRepository(ctx.tenant).groups(egids), egids, 'egids');
  const rids = residents.map((r) => r.rid);
  await inTransaction(ctx.tenant, (tx) => devicesRepository(tx).setResidentsGroups(rids, egids));
  ctx.audit.objId = rids.join(',');
  ctx.audit.objName = residents
    .map((r) => r.name)
    .join(', ')
    .slice(0, 200);
  ctx.audit.desc = logDesc('residentGroupsSet', { groups: egids.length });
  return { updated: rids.length };
}
