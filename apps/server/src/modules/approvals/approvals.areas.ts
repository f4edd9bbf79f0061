import { type ApproverType, type In, logDesc, type PolicyDraft, type ProcessArea, Status } from '@openvisit/contract';
import { patchSettings, settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { assertGates } from '../../core/sites/sites.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { ensureDefault, isAreaShaped, ordered } from './approvals.policies.js';
import type { StoredStep } from './approvals.repository.js';
import { approvalsRepository, type PolicyRow } from './approvals.repository.js';

/**
 * The original's approval areas (getProcessArea…), kept for its clients: an area is a policy with at most a gate
 * condition and plain levels (any one approver of a level decides), as migration 0058 turned every area into.
 */

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.tenant);
}

const R_TYPE: Record<string, ApproverType> = { role: 0, employee: 1, hse: 2, admin: 3 };
const KIND = ['role', 'employee', 'hse', 'admin'] as const;

const gidsOf = (p: PolicyRow) => ((p.conditions as PolicyDraft['conditions'])[0] as { in?: number[] } | undefined)?.in ?? [];

async function toAreas(ctx: AuthedContext, rows: PolicyRow[]): Promise<ProcessArea[]> {
  const repo = repoOf(ctx);
  const steps = rows.flatMap((p) => p.steps as StoredStep[]);
  const ids = (kind: string) => steps.flatMap((s) => s.approvers.filter((a) => a.kind === kind).map((a) => a.id ?? 0));
  const [roleName, empName, waiting] = await Promise.all([
    repo.roleNames(ids('role')),
    ids('employee').length ? employees.namesOf(ctx, ids('employee')) : new Map<number, string>(),
    repo.waitingByPolicy(),
  ]);
  const waitingIn = new Map(waiting.map((w) => [w.policyId, w.n]));
  return rows.map((p) => ({
    aid: p.id,
    aName: p.name,
    address: p.address,
    gids: gidsOf(p),
    levels: (p.steps as StoredStep[]).map((s, i) => ({
      level: i + 1,
      approvers: s.approvers.map((a) => ({
        rType: R_TYPE[a.kind] ?? 3,
        id: a.id ?? 0,
        // A role or employee removed since: the approver shows empty, and the level still has its others.
        name: a.kind === 'role' ? (roleName.get(a.id ?? 0)?.name ?? '') : a.kind === 'employee' ? (empName.get(a.id ?? 0) ?? '') : '',
      })),
    })),
    waiting: waitingIn.get(p.id) ?? 0,
  }));
}

/** Whether any policy names one of these roles (a role in use cannot be deleted). */
export function roleInUse(ctx: AuthedContext, roleIds: number[]): Promise<boolean> {
  return repoOf(ctx).roleInUse(roleIds);
}

export async function areas(ctx: AuthedContext): Promise<{ processSwitch: number; areas: ProcessArea[] }> {
  const [settings, rows] = await Promise.all([settingsOf(ctx), ordered(ctx)]);
  return { processSwitch: settings.processSwitch, areas: await toAreas(ctx, rows.filter(isAreaShaped)) };
}

async function areaOrFail(ctx: AuthedContext, aid: number): Promise<PolicyRow> {
  const p = await repoOf(ctx).policy(aid);
  if (!p || !isAreaShaped(p)) throw notFound('approval area');
  return p;
}

async function oneArea(ctx: AuthedContext, p: PolicyRow): Promise<ProcessArea> {
  const [out] = await toAreas(ctx, [p]);
  if (!out) throw notFound('approval area');
  return out;
}

function auditArea(ctx: AuthedContext, a: ProcessArea): void {
  ctx.audit.objId = a.aid;
  ctx.audit.objName = a.aName;
  ctx.audit.desc = logDesc('processArea', { levels: a.levels.length });
}

const gateConditions = (gids: number[]) => (gids.length ? [{ field: 'gate', not: false, in: [...new Set(gids)] }] : []);

/**
 * A new area: a policy tried where the original tried it, an area naming gates before every policy without
 * conditions, one without gates after the others (before the default).
 */
export async function addArea(ctx: AuthedContext, input: In<'addProcessArea'>): Promise<ProcessArea> {
  const repo = repoOf(ctx);
  if (await repo.nameTaken(input.aName, null)) throw new AppError(Status.ALREADY_EXISTS, 'An approval area with this name exists');
  await assertGates(ctx, input.gids, 'gids');
  await ensureDefault(ctx);
  const rows = (await ordered(ctx)).filter((p) => !p.isDefault);
  const catchAll = rows.find((p) => (p.conditions as unknown[]).length === 0);
  let position = (rows.at(-1)?.position ?? 0) + 1;
  if (input.gids.length && catchAll) {
    position = catchAll.position;
    for (const p of rows.filter((r) => r.position >= catchAll.position)) await repo.updatePolicy(p.id, { position: p.position + 1 });
  }
  const row = await repo.insertPolicy({
    name: input.aName,
    address: input.address,
    conditions: gateConditions(input.gids),
    mode: 'steps',
    steps: [],
    position,
  });
  const out = await oneArea(ctx, row);
  auditArea(ctx, out);
  return out;
}

export async function updateArea(ctx: AuthedContext, input: In<'updateProcessArea'>): Promise<ProcessArea> {
  const repo = repoOf(ctx);
  const area = await areaOrFail(ctx, input.aid);
  if (await repo.nameTaken(input.aName, null, area.id)) throw new AppError(Status.ALREADY_EXISTS, 'An approval area with this name exists');
  await assertGates(ctx, input.gids, 'gids');
  const updated = await repo.updatePolicy(area.id, { name: input.aName, address: input.address, conditions: gateConditions(input.gids) });
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
  const errors: { field: string; rule: string }[] = [];
  for (const [i, l] of input.levels.entries())
    for (const [j, a] of l.approvers.entries()) {
      const unknown = (a.rType === 0 && !roleNames.has(a.id)) || (a.rType === 1 && !enabled.has(a.id));
      if (unknown) errors.push({ field: `levels.${i}.approvers.${j}.id`, rule: 'notFound' });
    }
  if (errors.length) throw badParams(errors);
  const steps: StoredStep[] = input.levels.map((l) => ({
    name: '',
    parallel: false,
    approvers: l.approvers.map((a) => {
      const kind = KIND[a.rType] ?? 'admin';
      return a.rType < 2 ? { kind, id: a.id } : { kind };
    }),
    quorum: { mode: 'any', count: 1 },
    reasonToApprove: false,
    fields: [],
    deadline: null,
  }));
  const updated = await repoOf(ctx).updatePolicy(area.id, { steps });
  if (!updated) throw notFound('approval area');
  const out = await oneArea(ctx, updated);
  auditArea(ctx, out);
  return out;
}

export async function removeArea(ctx: AuthedContext, input: In<'delProcessArea'>): Promise<null> {
  const area = await areaOrFail(ctx, input.aid);
  if (area.isDefault) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The default policy cannot be removed');
  const waiting = (await repoOf(ctx).waitingByPolicy()).find((w) => w.policyId === area.id)?.n ?? 0;
  if (waiting) throw new AppError(Status.UPDATE_NOT_ALLOWED, `${waiting} visits are waiting for approval in this area`, { waiting });
  await repoOf(ctx).deletePolicy(area.id);
  ctx.audit.objId = area.id;
  ctx.audit.objName = area.name;
  return null;
}

export async function setSwitch(ctx: AuthedContext, input: In<'updateProcessSwitch'>): Promise<{ processSwitch: number }> {
  await patchSettings(ctx, { processSwitch: input.processSwitch });
  ctx.audit.desc = logDesc(input.processSwitch === 1 ? 'processSwitchOn' : 'processSwitchOff');
  return { processSwitch: input.processSwitch };
}
