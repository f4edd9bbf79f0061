import { type In, logDesc, Status } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/calls.js';
import { AppError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/tenancy.js';
import { typeById } from '../registration/registration.service.js';
import { devicesRepository } from './devices.repository.js';
import { assertAll, unique } from './devices.shared.js';

/** Access rights: the device groups granted to visitor types (employees' and residents' are still to come). */

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
