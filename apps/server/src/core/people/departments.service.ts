import { type DepartmentNode, type In, logDesc, Status } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type DepartmentRow, departmentsRepository } from './departments.repository.js';

function repoOf(ctx: AuthedContext) {
  return departmentsRepository(ctx.tenant);
}

const noSuchDepartment = () => new AppError(Status.NO_SUCH_RECORD, 'No such department');

/** Checks the department exists (the members list, which lives above employees, asks). */
export async function assertExists(ctx: AuthedContext, deptId: number): Promise<DepartmentRow[]> {
  const repo = repoOf(ctx);
  if (!(await repo.byId(deptId))) throw noSuchDepartment();
  return repo.all();
}

/** Ids of a department and everything under it. */
export function descendantsOf(rows: DepartmentRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as number;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export async function tree(ctx: AuthedContext): Promise<DepartmentNode[]> {
  const repo = repoOf(ctx);
  const [rows, counts, totals] = await Promise.all([repo.all(), repo.memberCounts(), repo.subtreeMemberCounts()]);
  const managers = await repo.employeeNames(rows.map((r) => r.managerEmpId).filter((x): x is number => x !== null));
  const nodes = new Map<number, DepartmentNode>(
    rows.map((r) => [
      r.id,
      {
        deptid: r.id,
        deptName: r.name,
        deptNo: r.deptNo,
        parentId: r.parentId,
        deptManagerEmpid: r.managerEmpId,
        deptManager: r.managerEmpId ? (managers.get(r.managerEmpId) ?? '') : '',
        empCount: counts.get(r.id) ?? 0,
        subtreeCount: totals.get(r.id) ?? 0,
        childDeptList: [],
      },
    ]),
  );
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.childDeptList.push(node);
    else roots.push(node);
  }
  return roots;
}

async function checkManager(ctx: AuthedContext, empId: number | null | undefined): Promise<void> {
  if (empId && (await repoOf(ctx).employeeNames([empId])).size === 0) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
}

export async function add(ctx: AuthedContext, input: In<'addDepartment'>) {
  const repo = repoOf(ctx);
  if (input.parentId && !(await repo.byId(input.parentId))) throw noSuchDepartment();
  if (await repo.siblingNamed(input.parentId, input.deptName)) throw new AppError(Status.DEPARTMENT_EXISTS);
  if (input.deptNo && (await repo.numbered(input.deptNo))) throw new AppError(Status.DEPARTMENT_NUMBER_EXISTS);
  await checkManager(ctx, input.deptManagerEmpid);
  const deptid = await repo.insert({ name: input.deptName, deptNo: input.deptNo, parentId: input.parentId, managerEmpId: input.deptManagerEmpid });
  ctx.audit.objId = deptid;
  ctx.audit.objName = input.deptName;
  ctx.audit.desc = logDesc('department');
  return { deptid };
}

export async function update(
  ctx: AuthedContext,
  input: { deptid: number; deptName?: string; deptNo?: string; parentId?: number; deptManagerEmpid?: number | null },
): Promise<null> {
  const repo = repoOf(ctx);
  const dept = await repo.byId(input.deptid);
  if (!dept) throw noSuchDepartment();
  const parentId = input.parentId ?? dept.parentId;
  const name = input.deptName ?? dept.name;
  if (input.parentId !== undefined && input.parentId !== dept.parentId && input.parentId !== 0) {
    if (!(await repo.byId(input.parentId))) throw noSuchDepartment();
    if (descendantsOf(await repo.all(), dept.id).includes(input.parentId)) throw badParams([{ field: 'parentId', rule: 'cycle' }]);
  }
  if ((input.deptName !== undefined || input.parentId !== undefined) && (await repo.siblingNamed(parentId, name, dept.id)))
    throw new AppError(Status.DEPARTMENT_EXISTS);
  if (input.deptNo && (await repo.numbered(input.deptNo, dept.id))) throw new AppError(Status.DEPARTMENT_NUMBER_EXISTS);
  await checkManager(ctx, input.deptManagerEmpid);
  await repo.update(dept.id, {
    ...(input.deptName !== undefined && { name: input.deptName }),
    ...(input.deptNo !== undefined && { deptNo: input.deptNo }),
    ...(input.parentId !== undefined && { parentId: input.parentId }),
    ...(input.deptManagerEmpid !== undefined && { managerEmpId: input.deptManagerEmpid }),
  });
  ctx.audit.objId = dept.id;
  ctx.audit.objName = name;
  ctx.audit.desc = logDesc('department');
  return null;
}

export async function remove(ctx: AuthedContext, input: In<'delDepartment'>): Promise<null> {
  const repo = repoOf(ctx);
  const dept = await repo.byId(input.deptid);
  if (!dept) throw noSuchDepartment();
  const all = await repo.all();
  const children = all.filter((d) => d.parentId === dept.id).length;
  if (children)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `The department has ${children} sub-departments; delete or move them first`, { children });
  const members = await repo.memberCount(dept.id);
  if (members && !input.moveTo)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `The department has ${members} employees; choose a department to move them to`, { members });
  if (input.moveTo && (input.moveTo === dept.id || !(await repo.byId(input.moveTo)))) throw noSuchDepartment();
  await inTransaction(ctx.tenant, async (tx) => {
    const r = departmentsRepository(tx);
    if (members && input.moveTo) await r.moveMembers(dept.id, input.moveTo);
    await r.delete(dept.id);
  });
  ctx.audit.objId = dept.id;
  ctx.audit.objName = dept.name;
  ctx.audit.desc = members && input.moveTo ? logDesc('departmentMembersMoved', { members, moveTo: input.moveTo }) : logDesc('department');
  return null;
}

export async function relate(ctx: AuthedContext, input: In<'updateDeptEmpRelation'>) {
  const repo = repoOf(ctx);
  const dept = await repo.byId(input.deptid);
  if (!dept) throw noSuchDepartment();
  // Other companies' employee ids are ignored: only the caller's employees are known to the employees module.
  const mine = input.action === 'add' ? [...(await repo.employeeNames(input.empids)).keys()] : [];
  const changed = input.action === 'add' ? await repo.addMembers(dept.id, mine) : await repo.removeMembers(dept.id, input.empids);
  ctx.audit.objId = dept.id;
  ctx.audit.objName = dept.name;
  ctx.audit.desc = logDesc(input.action === 'add' ? 'departmentMembersAdded' : 'departmentMembersRemoved', { count: changed });
  return { changed };
}

/** For the employees module: which of these department ids exist, and the sub-tree of one. */
export async function existingIds(ctx: AuthedContext, ids: number[]): Promise<number[]> {
  return repoOf(ctx).existing(ids);
}

export async function subtree(ctx: AuthedContext, deptId: number): Promise<number[]> {
  return descendantsOf(await repoOf(ctx).all(), deptId);
}

export async function clearManager(ctx: AuthedContext, empIds: number[]): Promise<void> {
  await repoOf(ctx).clearManager(empIds);
}

/**
 * Finds departments by path ("HQ/Sales", names matched case-insensitively level by level) and creates the
 * missing ones; for imports, inside the caller's transaction (`scope`). Reads the company's tree once.
 */
export async function pathResolver(scope: TenantScope) {
  const repo = departmentsRepository(scope);
  const rows = await repo.all();
  const key = (parentId: number, name: string) => `${parentId}\u0000${name.toLowerCase()}`;
  const byKey = new Map(rows.map((d) => [key(d.parentId, d.name), d.id]));
  let created = 0;
  return {
    get created() {
      return created;
    },
    /** The id of the path's last department, or undefined when `create` is off and some level is missing. */
    async resolve(path: string, create = true): Promise<number | undefined> {
      let parentId = 0;
      for (const name of path.split('/')) {
        let id = byKey.get(key(parentId, name));
        if (!id) {
          if (!create) return undefined;
          id = await repo.insert({ name, deptNo: '', parentId, managerEmpId: null });
          byKey.set(key(parentId, name), id);
          created++;
        }
        parentId = id;
      }
      return parentId;
    },
  };
}

/** "HQ / Sales" → "HQ/Sales"; empty levels dropped. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
}
