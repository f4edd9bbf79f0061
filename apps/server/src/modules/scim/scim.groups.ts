import { logDesc } from '@openvisit/contract';
import { employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { providerRoles } from '../roles/roles.public.js';
import { type Filter, matches } from './scim.filter.js';
import { applyPatch, PatchError } from './scim.patch.js';
import { type ScimGroupRow, scimRepository } from './scim.repository.js';
import { baseUrl, get, type Json, logScim, meta, notFound, SCHEMA, ScimError, text } from './scim.resources.js';
import { idOf } from './scim.users.js';

/**
 * SCIM Groups are roles (docs/modules/scim.md): each in the role group `SCIM` of the company's roles, so approval flows
 * name them as approvers and the roles page shows them. Members are employees; a member the company does not have is
 * refused.
 */
export const SCIM_ROLE_GROUP = 'SCIM';
const NAME_MAX = 64;
const MEMBERS_MAX = 10_000;

async function groups(ctx: AuthedContext, only?: number): Promise<Json[]> {
  const repo = scimRepository(ctx.tenant);
  const links = only === undefined ? await repo.groups() : [await repo.groupOf(only)].filter((g): g is ScimGroupRow => !!g);
  const roles = await providerRoles(ctx.tenant).withMembers(links.map((l) => l.roleId));
  const names = await employees.namesOf(ctx, [...new Set(roles.flatMap((r) => r.members))]);
  const out: Json[] = [];
  // In the links' order (as provisioned), each with its role's current name and members.
  for (const link of links) {
    const role = roles.find((r) => r.id === link.roleId);
    if (!role) continue;
    out.push({
      schemas: [SCHEMA.group],
      id: String(role.id),
      ...(link.externalId ? { externalId: link.externalId } : {}),
      displayName: role.name,
      members: role.members.map((id) => ({ value: String(id), display: names.get(id) ?? '', $ref: `${baseUrl(ctx)}/Users/${id}` })),
      meta: meta(ctx, 'Group', role.id, link),
    });
  }
  return out;
}

export async function listGroups(ctx: AuthedContext, filter: Filter | undefined): Promise<Json[]> {
  const list = await groups(ctx);
  return filter ? list.filter((g) => matches(filter, g)) : list;
}

export async function getGroup(ctx: AuthedContext, id: string): Promise<Json> {
  const roleId = idOf(id);
  const [group] = roleId === undefined ? [] : await groups(ctx, roleId);
  if (!group) throw notFound('group');
  return group;
}

interface GroupFields {
  displayName: string;
  externalId?: string;
  /** Undefined: the members are left as they are. */
  members?: number[];
}

async function fieldsOf(ctx: AuthedContext, r: Json): Promise<GroupFields> {
  const displayName = text(get(r, 'displayName'), 'displayName', NAME_MAX);
  if (!displayName) throw new ScimError(400, 'displayName: required', 'invalidValue');
  let members: number[] | undefined;
  const list = get(r, 'members');
  if (list !== undefined && list !== null) {
    if (!Array.isArray(list)) throw new ScimError(400, 'members: a list', 'invalidValue');
    if (list.length > MEMBERS_MAX) throw new ScimError(400, `members: at most ${MEMBERS_MAX}`, 'invalidValue');
    const ids = list.map((m) => idOf(String(get(m, 'value') ?? '')));
    if (ids.some((id) => id === undefined)) throw new ScimError(400, "members: each a User's id", 'invalidValue');
    members = [...new Set(ids as number[])];
    const known = await employees.namesOf(ctx, members);
    const unknown = members.filter((id) => !known.has(id));
    if (unknown.length) throw new ScimError(400, `members: no User ${unknown.slice(0, 5).join(', ')}`, 'invalidValue');
  }
  return { displayName, externalId: text(get(r, 'externalId'), 'externalId', 256), members };
}

export async function createGroup(ctx: AuthedContext, body: Json): Promise<Json> {
  const f = await fieldsOf(ctx, body);
  const roles = providerRoles(ctx.tenant);
  const roleId = await roles.add(SCIM_ROLE_GROUP, f.displayName);
  if (roleId === 'taken') throw new ScimError(409, `A group "${f.displayName}" exists`, 'uniqueness');
  await scimRepository(ctx.tenant).insertGroup({ roleId, externalId: f.externalId ?? '' });
  if (f.members) await roles.setMembers(roleId, f.members);
  await logScim(ctx, { event: 'add', objId: roleId, objName: f.displayName, desc: logDesc('scimGroupMembers', { count: f.members?.length ?? 0 }) });
  return getGroup(ctx, String(roleId));
}

export async function replaceGroup(ctx: AuthedContext, id: string, body: Json): Promise<Json> {
  const current = await getGroup(ctx, id);
  return saveGroup(ctx, Number(current.id), await fieldsOf(ctx, body));
}

export async function patchGroup(ctx: AuthedContext, id: string, body: Json): Promise<Json> {
  const current = await getGroup(ctx, id);
  try {
    const patched = applyPatch(current, body);
    // Members the patch left alone need no check: a patch naming none keeps them as they are.
    const f = await fieldsOf(ctx, patched);
    if (JSON.stringify(patched.members) === JSON.stringify(current.members)) f.members = undefined;
    return await saveGroup(ctx, Number(current.id), f);
  } catch (err) {
    if (err instanceof PatchError) throw new ScimError(400, err.message, err.scimType);
    throw err;
  }
}

async function saveGroup(ctx: AuthedContext, roleId: number, f: GroupFields): Promise<Json> {
  const roles = providerRoles(ctx.tenant);
  const role = await roles.byId(roleId);
  if (!role) throw notFound('group');
  if (role.name !== f.displayName && (await roles.rename(role.id, role.parentId, f.displayName)) === 'taken')
    throw new ScimError(409, `A group "${f.displayName}" exists`, 'uniqueness');
  if (f.members) await roles.setMembers(role.id, f.members);
  await scimRepository(ctx.tenant).touchGroup(role.id, f.externalId ?? '');
  const after = await getGroup(ctx, String(role.id));
  await logScim(ctx, {
    event: 'update',
    objId: role.id,
    objName: f.displayName,
    desc: logDesc('scimGroupMembers', { count: (after.members as unknown[]).length }),
  });
  return after;
}

/** DELETE: the role goes, or, while an approval flow names it, stays without members (the flow's step shows it empty). */
export async function removeGroup(ctx: AuthedContext, id: string): Promise<void> {
  const current = await getGroup(ctx, id);
  const roleId = Number(current.id);
  await scimRepository(ctx.tenant).deleteGroup(roleId);
  await providerRoles(ctx.tenant).retire(ctx, roleId);
  await logScim(ctx, { event: 'delete', objId: roleId, objName: String(current.displayName), desc: logDesc('scimGroupMembers', { count: 0 }) });
}
