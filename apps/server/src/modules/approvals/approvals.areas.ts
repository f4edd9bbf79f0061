import { type ApproverType, type In, logDesc, type ProcessArea, Status } from '@openvisit/contract';
import { patchSettings, settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { assertGates } from '../../core/sites/sites.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { type AreaRow, approvalsRepository, type RuleRow } from './approvals.repository.js';

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.tenant);
}

/** The levels an area's rules define, 1…n. */
export function levelCount(rules: RuleRow[], areaId: number): number {
  return rules.filter((r) => r.areaId === areaId).reduce((n, r) => Math.max(n, r.level), 0);
}

async function toAreas(ctx: AuthedContext, areas: AreaRow[]): Promise<ProcessArea[]> {
  const repo = repoOf(ctx);
  const [rules, waiting] = await Promise.all([repo.rules(areas.map((a) => a.id)), repo.waitingByArea()]);
  const roleIds = rules.filter((r) => r.rType === 0).map((r) => r.refId);
  const empIds = rules.filter((r) => r.rType === 1).map((r) => r.refId);
  const [roleName, empName] = await Promise.all([
    repo.roleNames(roleIds),
    empIds.length ? employees.namesOf(ctx, empIds) : new Map<number, string>(),
  ]);
  const waitingIn = new Map(waiting.map((w) => [w.areaId, w.n]));
  return areas.map((a) => {
    const mine = rules.filter((r) => r.areaId === a.id);
    const levels = Array.from({ length: levelCount(rules, a.id) }, (_, i) => ({
      level: i + 1,
      approvers: mine
        .filter((r) => r.level === i + 1)
        .map((r) => ({
          rType: r.rType as ApproverType,
          id: r.refId,
          // A role or employee removed since: the approver shows empty, and the level still has its others.
          name: r.rType === 0 ? (roleName.get(r.refId) ?? '') : r.rType === 1 ? (empName.get(r.refId) ?? '') : '',
        })),
    }));
    return { aid: a.id, aName: a.name, address: a.address, gids: a.gids, levels, waiting: waitingIn.get(a.id) ?? 0 };
  });
}

/** Whether any approval flow names one of these roles as approvers (a role in use cannot be deleted). */
export function roleInUse(ctx: AuthedContext, roleIds: number[]): Promise<boolean> {
  return repoOf(ctx).roleInUse(roleIds);
}

export async function areas(ctx: AuthedContext): Promise<{ processSwitch: number; areas: ProcessArea[] }> {
  const [settings, rows] = await Promise.all([settingsOf(ctx), repoOf(ctx).areas()]);
  return { processSwitch: settings.processSwitch, areas: await toAreas(ctx, rows) };
}

async function areaOrFail(ctx: AuthedContext, aid: number): Promise<AreaRow> {
  const area = await repoOf(ctx).area(aid);
  if (!area) throw notFound('approval area');
  return area;
}

async function oneArea(ctx: AuthedContext, area: AreaRow): Promise<ProcessArea> {
  const [out] = await toAreas(ctx, [area]);
  if (!out) throw notFound('approval area');
  return out;
}

function auditArea(ctx: AuthedContext, a: ProcessArea): void {
  ctx.audit.objId = a.aid;
  ctx.audit.objName = a.aName;
  ctx.audit.desc = logDesc('processArea', { levels: a.levels.length });
}

export async function addArea(ctx: AuthedContext, input: In<'addProcessArea'>): Promise<ProcessArea> {
  const repo = repoOf(ctx);
  if (await repo.nameTaken(input.aName)) throw new AppError(Status.ALREADY_EXISTS, 'An approval area with this name exists');
  await assertGates(ctx, input.gids, 'gids');
  const out = await oneArea(ctx, await repo.insertArea({ name: input.aName, address: input.address, gids: [...new Set(input.gids)] }));
  auditArea(ctx, out);
  return out;
}

export async function updateArea(ctx: AuthedContext, input: In<'updateProcessArea'>): Promise<ProcessArea> {
  const repo = repoOf(ctx);
  const area = await areaOrFail(ctx, input.aid);
  if (await repo.nameTaken(input.aName, area.id)) throw new AppError(Status.ALREADY_EXISTS, 'An approval area with this name exists');
  await assertGates(ctx, input.gids, 'gids');
  const gids = [...new Set(input.gids)];
  const updated = await repo.updateArea(area.id, { name: input.aName, address: input.address, gids });
  if (!updated) throw notFound('approval area');
  const out = await oneArea(ctx, updated);
  auditArea(ctx, out);
  return out;
}

export async function setRules(
  ctx: AuthedContext,
  input: { aid: number; levels: { level: number; approvers: { rType: number; id: number }[] }[] },
): Promise<ProcessArea> {
  const area = await areaOrFail(ctx, input.aid);
  const roleIds = new Set<number>();
  const empIds = new Set<number>();
  for (const l of input.levels)
    for (const a of l.approvers) {
      if (a.rType === 0) roleIds.add(a.id);
      if (a.rType === 1) empIds.add(a.id);
    }
  const [roleNames, enabled] = await Promise.all([repoOf(ctx).roleNames([...roleIds]), employees.enabledIdsOf(ctx, [...empIds])]);
  const knownRoles = new Set(roleNames.keys());
  const errors: { field: string; rule: string }[] = [];
  for (const [i, l] of input.levels.entries())
    for (const [j, a] of l.approvers.entries()) {
      const unknown = (a.rType === 0 && !knownRoles.has(a.id)) || (a.rType === 1 && !enabled.has(a.id));
      if (unknown) errors.push({ field: `levels.${i}.approvers.${j}.id`, rule: 'notFound' });
    }
  if (errors.length) throw badParams(errors);
  await inTransaction(ctx.tenant, async (tx) =>
    approvalsRepository(tx).replaceRules(
      area.id,
      input.levels.flatMap((l) => l.approvers.map((a) => ({ level: l.level, rType: a.rType, refId: a.rType < 2 ? a.id : 0 }))),
    ),
  );
  const out = await oneArea(ctx, area);
  auditArea(ctx, out);
  return out;
}

export async function removeArea(ctx: AuthedContext, input: In<'delProcessArea'>): Promise<null> {
  const area = await areaOrFail(ctx, input.aid);
  const waiting = (await repoOf(ctx).waitingByArea()).find((w) => w.areaId === area.id)?.n ?? 0;
  if (waiting) throw new AppError(Status.UPDATE_NOT_ALLOWED, `${waiting} visits are waiting for approval in this area`, { waiting });
  await repoOf(ctx).deleteArea(area.id);
  ctx.audit.objId = area.id;
  ctx.audit.objName = area.name;
  return null;
}

export async function setSwitch(ctx: AuthedContext, input: In<'updateProcessSwitch'>): Promise<{ processSwitch: number }> {
  await patchSettings(ctx, { processSwitch: input.processSwitch });
  ctx.audit.desc = logDesc(input.processSwitch === 1 ? 'processSwitchOn' : 'processSwitchOff');
  return { processSwitch: input.processSwitch };
}
