import { and, asc, eq, sql } from 'drizzle-orm';
import { scimGroups, scimUsers } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type ScimUserRow = typeof scimUsers.$inferSelect;
export type ScimGroupRow = typeof scimGroups.$inferSelect;

/** One company's SCIM links: which employees are provisioned Users, which roles Groups (docs/modules/scim.md). */
export const scimRepository = scoped(function scimRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const myUsers = eq(scimUsers.companyId, scope.companyId);
  const myGroups = eq(scimGroups.companyId, scope.companyId);
  return {
    users: () => db.select().from(scimUsers).where(myUsers).orderBy(asc(scimUsers.id)),
    userOf: (empId: number) =>
      db
        .select()
        .from(scimUsers)
        .where(and(myUsers, eq(scimUsers.empId, empId)))
        .then((r) => r[0]),
    /** The employee provisioned under this userName (any case), if any. */
    userNamed: (userName: string) =>
      db
        .select()
        .from(scimUsers)
        .where(and(myUsers, sql`lower(${scimUsers.userName}) = lower(${userName})`))
        .then((r) => r[0]),
    insertUser: (v: { empId: number; userName: string; externalId: string; nameParts: ScimUserRow['nameParts'] }) =>
      db
        .insert(scimUsers)
        .values({ companyId: scope.companyId, ...v })
        .returning()
        .then((r) => r[0] as ScimUserRow),
    updateUser: (empId: number, v: { userName: string; externalId: string; nameParts: ScimUserRow['nameParts'] }) =>
      db
        .update(scimUsers)
        .set({ ...v, version: sql`${scimUsers.version} + 1` })
        .where(and(myUsers, eq(scimUsers.empId, empId)))
        .returning()
        .then((r) => r[0]),
    deleteUser: (empId: number) => db.delete(scimUsers).where(and(myUsers, eq(scimUsers.empId, empId))),
    groups: () => db.select().from(scimGroups).where(myGroups).orderBy(asc(scimGroups.id)),
    groupOf: (roleId: number) =>
      db
        .select()
        .from(scimGroups)
        .where(and(myGroups, eq(scimGroups.roleId, roleId)))
        .then((r) => r[0]),
    insertGroup: (v: { roleId: number; externalId: string }) =>
      db
        .insert(scimGroups)
        .values({ companyId: scope.companyId, ...v })
        .returning()
        .then((r) => r[0] as ScimGroupRow),
    touchGroup: (roleId: number, externalId: string) =>
      db
        .update(scimGroups)
        .set({ externalId, version: sql`${scimGroups.version} + 1` })
        .where(and(myGroups, eq(scimGroups.roleId, roleId)))
        .returning()
        .then((r) => r[0]),
    deleteGroup: (roleId: number) => db.delete(scimGroups).where(and(myGroups, eq(scimGroups.roleId, roleId))),
  };
});
