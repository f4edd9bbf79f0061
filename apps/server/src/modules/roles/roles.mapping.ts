import type { TenantScope } from '../../platform/identity/tenancy.js';
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
