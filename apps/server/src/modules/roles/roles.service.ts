import { type In, logDesc, type RoleNode, Status } from '@openvisit/contract';
import { employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { roleInUse } from '../approvals/approvals.public.js';
import { rolesRepository } from './roles.repository.js';

function repoOf(ctx: AuthedContext) {
  return rolesRepository(ctx.tenant);
}

const noSuchRole = () => new AppError(Status.NO_SUCH_RECORD, 'No such role');

export async function tree(ctx: AuthedContext): Promise<RoleNode[]> {
  const repo = repoOf(ctx);
  const [rows, counts] = await Promise.all([repo.all(), repo.memberCounts()]);
  const groups = rows
    .filter((r) => r.parentId === 0)
    .map((g) => ({ rid: g.id, rgName: g.name, parentId: 0, empCount: 0, children: [] as RoleNode[] }));
  const byId = new Map(groups.map((g) => [g.rid, g]));
  for (const r of rows) {
    if (r.parentId === 0) continue;
    const group = byId.get(r.parentId);
    const node = { rid: r.id, rgName: r.name, parentId: r.parentId, empCount: counts.get(r.id) ?? 0, children: [] };
    if (group) {
      group.children.push(node);
      group.empCount += node.empCount;
    }
  }
  return groups;
}

export async function add(ctx: AuthedContext, input: In<'addRARG'>) {
  const repo = repoOf(ctx);
  if (input.parentId) {
    const parent = await repo.byId(input.parentId);
    // Two levels only: a role belongs to a group, and a group to nothing.
    if (parent?.parentId !== 0) throw noSuchRole();
  }
  if (await repo.nameTaken(input.parentId, input.rgName)) throw new AppError(Status.ALREADY_EXISTS, 'A role with this name exists here');
  const rid = await repo.insert(input.rgName, input.parentId);
  ctx.audit.objId = rid;
  ctx.audit.objName = input.rgName;
  ctx.audit.desc = logDesc(input.parentId ? 'role' : 'roleGroup');
  return { rid };
}

export async function rename(ctx: AuthedContext, input: In<'updateRARG'>): Promise<null> {
  const repo = repoOf(ctx);
  const role = await repo.byId(input.rid);
  if (!role) throw noSuchRole();
  if (await repo.nameTaken(role.parentId, input.rgName, role.id)) throw new AppError(Status.ALREADY_EXISTS, 'A role with this name exists here');
  await repo.rename(role.id, input.rgName);
  ctx.audit.objId = role.id;
  ctx.audit.objName = input.rgName;
  return null;
}

export async function remove(ctx: AuthedContext, input: In<'delRARG'>): Promise<null> {
  const repo = repoOf(ctx);
  const role = await repo.byId(input.rid);
  if (!role) throw noSuchRole();
  const all = await repo.all();
  const children = all.filter((r) => r.parentId === role.id).length;
  const members = (await repo.memberCounts()).get(role.id) ?? 0;
  if (children || members) throw new AppError(Status.ROLE_IN_USE, undefined, { children, members });
  if (await roleInUse(ctx, [role.id]))
    throw new AppError(Status.ROLE_IN_USE, 'The role approves visits in an approval flow', { children, members, approvals: true });
  await repo.delete(role.id);
  ctx.audit.objId = role.id;
  ctx.audit.objName = role.name;
  return null;
}

async function roleOnly(ctx: AuthedContext, rid: number) {
  const role = await repoOf(ctx).byId(rid);
  if (!role || role.parentId === 0) throw noSuchRole();
  return role;
}

export async function members(ctx: AuthedContext, input: In<'getEmpRoleList'>) {
  const role = await roleOnly(ctx, input.rid);
  const ids = await repoOf(ctx).memberIds(role.id);
  return employees.page(ctx, { ids, startIndex: input.startIndex, requestedCount: input.requestedCount, sortBy: 'empName', sortOrder: 'asc' });
}

export async function grant(ctx: AuthedContext, input: In<'addEmpRole'>) {
  const role = await roleOnly(ctx, input.rid);
  // Other companies' employee ids are ignored: only the caller's employees are known to the employees module.
  const mine = [...(await employees.namesOf(ctx, input.empids)).keys()];
  const changed = await repoOf(ctx).add(role.id, mine);
  ctx.audit.objId = role.id;
  ctx.audit.objName = role.name;
  ctx.audit.desc = logDesc('roleGranted', { count: changed });
  return { changed };
}

export async function revoke(ctx: AuthedContext, input: In<'delRoleEmp'>) {
  const role = await roleOnly(ctx, input.rid);
  const changed = await repoOf(ctx).remove(role.id, input.empids);
  ctx.audit.objId = role.id;
  ctx.audit.objName = role.name;
  ctx.audit.desc = logDesc('roleRevoked', { count: changed });
  return { changed };
}
