import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { roleMembers, roles } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

/** One company's roles and role memberships. */
export const rolesRepository = scoped(function rolesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(roles.companyId, scope.companyId);
  const myLinks = eq(roleMembers.companyId, scope.companyId);
  return {
    all: () => db.select().from(roles).where(mine).orderBy(asc(roles.name), asc(roles.id)),
    byId: (id: number) =>
      db
        .select()
        .from(roles)
        .where(and(mine, eq(roles.id, id)))
        .limit(1)
        .then((r) => r[0]),
    nameTaken: (parentId: number, name: string, exceptId?: number) =>
      db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(mine, eq(roles.parentId, parentId), sql`lower(${roles.name}) = lower(${name})`, exceptId ? sql`${roles.id} <> ${exceptId}` : undefined),
        )
        .limit(1)
        .then((r) => r.length > 0),
    insert: (name: string, parentId: number) =>
      db
        .insert(roles)
        .values({ companyId: scope.companyId, name, parentId })
        .returning({ id: roles.id })
        .then((r) => r[0]?.id ?? 0),
    rename: (id: number, name: string) =>
      db
        .update(roles)
        .set({ name })
        .where(and(mine, eq(roles.id, id))),
    delete: (id: number) => db.delete(roles).where(and(mine, eq(roles.id, id))),
    async memberCounts(): Promise<Map<number, number>> {
      const rows = await db.select({ roleId: roleMembers.roleId, n: count() }).from(roleMembers).where(myLinks).groupBy(roleMembers.roleId);
      return new Map(rows.map((r) => [r.roleId, r.n]));
    },
    memberIds: (roleId: number) =>
      db
        .select({ empId: roleMembers.empId })
        .from(roleMembers)
        .where(and(myLinks, eq(roleMembers.roleId, roleId)))
        .then((r) => r.map((x) => x.empId)),
    /** The members of each of these roles, in one query. */
    async membersOf(roleIds: number[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>(roleIds.map((id) => [id, []]));
      if (!roleIds.length) return out;
      const rows = await db
        .select({ roleId: roleMembers.roleId, empId: roleMembers.empId })
        .from(roleMembers)
        .where(and(myLinks, inArray(roleMembers.roleId, roleIds)));
      for (const r of rows) out.get(r.roleId)?.push(r.empId);
      return out;
    },
    /** Adds memberships (the service passes only this company's employees); answers how many were new. */
    async add(roleId: number, empIds: number[]): Promise<number> {
      if (!empIds.length) return 0;
      const added = await db
        .insert(roleMembers)
        .values(empIds.map((empId) => ({ companyId: scope.companyId, roleId, empId })))
        .onConflictDoNothing()
        .returning({ empId: roleMembers.empId });
      return added.length;
    },
    async remove(roleId: number, empIds: number[]): Promise<number> {
      const removed = await db
        .delete(roleMembers)
        .where(and(myLinks, eq(roleMembers.roleId, roleId), inArray(roleMembers.empId, empIds)))
        .returning({ empId: roleMembers.empId });
      return removed.length;
    },
  };
});
