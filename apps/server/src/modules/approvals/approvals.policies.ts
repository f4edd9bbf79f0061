import { type ApprovalPolicy, type In, logDesc, type PolicyDraft, policyProblems, Status } from '@openvisit/contract';
import { company as companyRow, settingsOf } from '../../core/company/company.public.js';
import { departmentsRepository } from '../../core/people/people.public.js';
import { assertGates } from '../../core/sites/sites.public.js';
import { uniqueViolation } from '../../db/sql.js';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import type { StoredStep } from './approvals.repository.js';
import { approvalsRepository, type PolicyRow } from './approvals.repository.js';
import { Directory } from './approvals.resolve.js';

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.tenant);
}

/** The sub-company a caller's policies belong to: a sub-company's own account writes its own; null the company's. */
function ownerOf(ctx: AuthedContext): number | null {
  const sub = ctx.tenant.visibility.subCompany;
  return sub !== null && sub > 0 ? sub : null;
}

const AREA_KINDS = new Set(['role', 'employee', 'hse', 'admin']);

/** Whether the original's area calls can show it: the company's, gate conditions at most, plain sequential levels. */
export function isAreaShaped(p: PolicyRow): boolean {
  const conditions = p.conditions as PolicyDraft['conditions'];
  const steps = p.steps as StoredStep[];
  return (
    p.subCompanyId === null &&
    p.mode === 'steps' &&
    steps.length <= 5 &&
    (conditions.length === 0 || (conditions.length === 1 && conditions[0]?.field === 'gate' && !conditions[0].not)) &&
    steps.every(
      (s) =>
        !s.parallel &&
        s.quorum.mode === 'any' &&
        !s.deadline &&
        !s.fields.length &&
        !s.reasonToApprove &&
        s.approvers.every((a) => AREA_KINDS.has(a.kind)),
    )
  );
}

export function toPolicy(p: PolicyRow, waiting: Map<number | null, number>): ApprovalPolicy {
  return {
    pid: p.id,
    name: p.name,
    enabled: p.enabled,
    mode: p.mode as PolicyDraft['mode'],
    conditions: p.conditions as PolicyDraft['conditions'],
    steps: p.steps as PolicyDraft['steps'],
    material: p.material as PolicyDraft['material'],
    subCompanyId: p.subCompanyId,
    isDefault: p.isDefault,
    position: p.position,
    waiting: waiting.get(p.id) ?? 0,
    area: isAreaShaped(p),
    updateTime: p.updatedAt.getTime(),
  };
}

/** The company's default policy, made when first needed: the desk or an administrator decides, as before policies. */
export async function ensureDefault(ctx: AuthedContext): Promise<void> {
  if (ownerOf(ctx) !== null) return;
  const rows = await repoOf(ctx).policies();
  if (rows.some((p) => p.isDefault && p.subCompanyId === null)) return;
  const lang = (await companyRow(ctx.tenant))?.lang;
  await repoOf(ctx)
    .insertPolicy({ name: lang === 'en' ? 'Default' : '默认', mode: 'desk', isDefault: true, position: 1_000_000 })
    .catch((err: unknown) => {
      // Two first reads at once: the other one made it.
      if (uniqueViolation(err) === undefined) throw err;
    });
}

async function waitingCounts(ctx: AuthedContext): Promise<Map<number | null, number>> {
  return new Map((await repoOf(ctx).waitingByPolicy()).map((w) => [w.policyId, w.n]));
}

/** Policies in the order they are tried (the default last). */
export async function ordered(ctx: AuthedContext): Promise<PolicyRow[]> {
  const rows = await repoOf(ctx).policies();
  return [...rows.filter((p) => !p.isDefault), ...rows.filter((p) => p.isDefault)];
}

export async function list(ctx: AuthedContext): Promise<{ processSwitch: number; policies: ApprovalPolicy[] }> {
  await ensureDefault(ctx);
  const [settings, rows, waiting] = await Promise.all([settingsOf(ctx), ordered(ctx), waitingCounts(ctx)]);
  return { processSwitch: settings.processSwitch, policies: rows.map((p) => toPolicy(p, waiting)) };
}

type FieldError = { field: string; rule: string };

/** `owner`: a sub-company's own policy names only its own employees (it cannot list the head office's). */
async function approverProblems(ctx: AuthedContext, draft: PolicyDraft, dir: Directory, owner: number | null): Promise<FieldError[]> {
  const repo = repoOf(ctx);
  const errors: FieldError[] = [];
  const roleIds = draft.steps.flatMap((s) => [
    ...s.approvers.flatMap((a) => (a.kind === 'role' || a.kind === 'roleGroup' ? [a.id] : [])),
    ...(s.deadline?.roleId ? [s.deadline.roleId] : []),
  ]);
  const roles = await repo.roleNames(roleIds);
  const depts = new Set((await departmentsRepository(ctx.tenant).all()).map((d) => d.id));
  for (const [i, step] of draft.steps.entries()) {
    for (const [j, a] of step.approvers.entries()) {
      const at = `steps.${i}.approvers.${j}.id`;
      if (a.kind === 'role' || a.kind === 'roleGroup') {
        const role = roles.get(a.id);
        if (!role || (a.kind === 'role') !== (role.parentId !== 0)) errors.push({ field: at, rule: 'notFound' });
        else if (!(a.kind === 'role' ? await dir.roleMembers([a.id]) : await dir.groupMembers(a.id)).length)
          errors.push({ field: at, rule: 'noMembers' });
      } else if (a.kind === 'department') {
        if (!depts.has(a.id)) errors.push({ field: at, rule: 'notFound' });
        else if (!(await dir.departmentMembers(a.id)).length) errors.push({ field: at, rule: 'noMembers' });
      } else if (a.kind === 'employee') {
        const p = await dir.person(a.id);
        if (!p || (owner !== null && p.subCompanyId !== owner)) errors.push({ field: at, rule: 'notFound' });
        else if (p.status !== 0) errors.push({ field: at, rule: 'disabled' });
        else if (await dir.chainCycles(a.id)) errors.push({ field: at, rule: 'cycle' });
      }
    }
    const roleId = step.deadline?.action === 'escalate' && step.deadline.to === 'role' ? step.deadline.roleId : null;
    if (roleId && (!roles.has(roleId) || !(await dir.roleMembers([roleId])).length))
      errors.push({ field: `steps.${i}.deadline.roleId`, rule: roles.has(roleId) ? 'noMembers' : 'notFound' });
  }
  return errors;
}

/** Refuses a policy that can never complete or names what the company does not have, with the field named. */
async function check(ctx: AuthedContext, draft: PolicyDraft, isDefault: boolean, owner: number | null): Promise<void> {
  const errors: FieldError[] = policyProblems(draft, isDefault, owner !== null).map((p) => ({ field: p.path.join('.'), rule: p.message }));
  if (isDefault && !draft.enabled) errors.push({ field: 'enabled', rule: 'defaultOn' });
  for (const [i, c] of draft.conditions.entries())
    if (c.field === 'gate')
      await assertGates(ctx, c.in, `conditions.${i}.in`).catch(() => errors.push({ field: `conditions.${i}.in`, rule: 'notFound' }));
  errors.push(...(await approverProblems(ctx, draft, new Directory(ctx, dayOf(new Date())), owner)));
  if (errors.length) throw badParams(errors);
}

const draftOf = (input: PolicyDraft): PolicyDraft => ({
  name: input.name,
  enabled: input.enabled,
  mode: input.mode,
  conditions: input.conditions,
  steps: input.steps,
  material: input.material,
});

function audit(ctx: AuthedContext, p: { id: number; name: string }, steps: number): void {
  ctx.audit.objId = p.id;
  ctx.audit.objName = p.name;
  ctx.audit.desc = logDesc('processArea', { levels: steps });
}

export async function add(ctx: AuthedContext, input: In<'addApprovalPolicy'>): Promise<ApprovalPolicy> {
  const draft = draftOf(input);
  const owner = ownerOf(ctx);
  await check(ctx, draft, false, owner);
  if (await repoOf(ctx).nameTaken(draft.name, owner)) throw new AppError(Status.ALREADY_EXISTS, 'A policy with this name exists');
  await ensureDefault(ctx);
  const last = (await ordered(ctx)).filter((p) => !p.isDefault).at(-1)?.position ?? 0;
  const row = await repoOf(ctx).insertPolicy({ ...draft, steps: draft.steps as StoredStep[], subCompanyId: owner, position: last + 1 });
  audit(ctx, row, draft.steps.length);
  return toPolicy(row, new Map());
}

export async function update(ctx: AuthedContext, input: In<'updateApprovalPolicy'>): Promise<ApprovalPolicy> {
  const row = await repoOf(ctx).policy(input.pid);
  if (!row) throw notFound('approval policy');
  const draft = draftOf(input);
  await check(ctx, draft, row.isDefault, row.subCompanyId);
  if (await repoOf(ctx).nameTaken(draft.name, row.subCompanyId, row.id)) throw new AppError(Status.ALREADY_EXISTS, 'A policy with this name exists');
  const updated = await repoOf(ctx).updatePolicy(row.id, { ...draft, steps: draft.steps as StoredStep[] });
  if (!updated) throw notFound('approval policy');
  audit(ctx, updated, draft.steps.length);
  return toPolicy(updated, await waitingCounts(ctx));
}

export async function remove(ctx: AuthedContext, input: In<'delApprovalPolicy'>): Promise<null> {
  const row = await repoOf(ctx).policy(input.pid);
  if (!row) throw notFound('approval policy');
  if (row.isDefault) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The default policy cannot be removed');
  await repoOf(ctx).deletePolicy(row.id);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return null;
}

export async function order(ctx: AuthedContext, input: In<'orderApprovalPolicies'>): Promise<ApprovalPolicy[]> {
  const all = await ordered(ctx);
  const rows = all.filter((p) => !p.isDefault);
  const mine = new Set(rows.map((p) => p.id));
  const defaults = new Set(all.filter((p) => p.isDefault).map((p) => p.id));
  const wanted = input.pids.filter((id) => !defaults.has(id));
  if (wanted.some((id) => !mine.has(id))) throw notFound('approval policy');
  if (new Set(wanted).size !== wanted.length || wanted.length !== rows.length) throw badParams([{ field: 'pids', rule: 'everyOnce' }]);
  await inTransaction(ctx.tenant, async (tx) => {
    for (const [i, id] of wanted.entries()) await approvalsRepository(tx).updatePolicy(id, { position: i + 1 });
  });
  ctx.audit.desc = logDesc('processArea', { levels: wanted.length });
  const waiting = await waitingCounts(ctx);
  return (await ordered(ctx)).map((p) => toPolicy(p, waiting));
}
