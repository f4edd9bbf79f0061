import type { AuthedContext } from '../../platform/http/calls.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { roleInUse } from '../approvals/approvals.public.js';
import { rolesRepository } from './roles.repository.js';

/** Which of these ids are not roles of the company (a group, another company's or none): a mapping may name roles only. */
export async function notRoles(scope: TenantScope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const roles = new Set((await rolesRepository(scope).all()).filter((r) => r.parentId !== 0).map((r) => r.id));
  return [...new Set(ids)].filter((id) => !roles.has(id));
}

/**
 * An identity provider's groups applied to one employee: a member of each mapped role in `wanted`, of no other
 * mapped role; roles no mapping names are left as people set them.
 */
export async function applyMappedRoles(scope: TenantScope, empId: number, mapped: number[], wanted: number[]): Promise<void> {
  const repo = rolesRepository(scope);
  const keep = new Set(wanted);
  const existing = new Set((await repo.all()).map((r) => r.id));
  for (const roleId of new Set(mapped)) {
    if (!existing.has(roleId)) continue;
    if (keep.has(roleId)) await repo.add(roleId, [empId]);
    else await repo.remove(roleId, [empId]);
  }
}

/**
 * Roles an identity provider provisions as SCIM groups (modules/scim): each a role in one role group of the company's
 * (`groupName`, made at the first group), so approval flows and the roles page use them as any other.
 */
export const providerRoles = (scope: TenantScope) => {
  const repo = rolesRepository(scope);
  return {
    byId: async (id: number) => {
      const role = await repo.byId(id);
      return role && role.parentId !== 0 ? role : undefined;
    },
    async add(groupName: string, name: string): Promise<number | 'taken'> {
      const all = await repo.all();
      const group = all.find((r) => r.parentId === 0 && r.name.toLowerCase() === groupName.toLowerCase());
      const groupId = group?.id ?? (await repo.insert(groupName, 0));
      if (await repo.nameTaken(groupId, name)) return 'taken';
      return repo.insert(name, groupId);
    },
    async rename(id: number, parentId: number, name: string): Promise<'taken' | undefined> {
      if (await repo.nameTaken(parentId, name, id)) return 'taken';
      await repo.rename(id, name);
      return undefined;
    },
    memberIds: (id: number) => repo.memberIds(id),
    /** These roles (those still roles of the company) with their members: two queries whatever their number. */
    async withMembers(ids: number[]): Promise<{ id: number; name: string; members: number[] }[]> {
      const wanted = new Set(ids);
      const roles = (await repo.all()).filter((r) => r.parentId !== 0 && wanted.has(r.id));
      const members = await repo.membersOf(roles.map((r) => r.id));
      return roles.map((r) => ({ id: r.id, name: r.name, members: members.get(r.id) ?? [] }));
    },
    /** Exactly these members (the caller passes only the company's employees). */
    async setMembers(id: number, empIds: number[]): Promise<void> {
      const now = new Set(await repo.memberIds(id));
      const wanted = new Set(empIds);
      await repo.add(
        id,
        [...wanted].filter((e) => !now.has(e)),
      );
      const gone = [...now].filter((e) => !wanted.has(e));
      if (gone.length) await repo.remove(id, gone);
    },
    /** Deleted, or emptied and kept while an approval flow names it (the flow's step then waits for a new member). */
    async retire(ctx: AuthedContext, id: number): Promise<'deleted' | 'kept'> {
      await repo.remove(id, await repo.memberIds(id));
      if (await roleInUse(ctx, [id])) return 'kept';
      await repo.delete(id);
      return 'deleted';
    },
  };
};
