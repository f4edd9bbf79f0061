import type { TenantScope } from '../../platform/identity/tenancy.js';
import { devicesRepository } from './devices.repository.js';

/**
 * Which device groups open for a person: the one rule the door decision (uploadQrcode) and the face terminals' people
 * lists both apply, so a QR pass and a face open the same doors.
 *
 * - A disabled group opens for nobody.
 * - A group's `personKind` (the original's etype: 0 everyone, 1 staff, 2 visitors, 3 special) bounds who it can serve:
 *   staff-only groups never open for visitors or residents, visitor-only groups never for employees; special groups
 *   only through an explicit grant.
 * - Visitors and residents: their explicit grants (the visitor type's, the resident's own) plus every default-on group
 *   for everyone or visitors. A group tied to gates opens only for a visit registered at one of them: a visit with no
 *   gate gets only groups of every gate (less access is the safe side).
 * - Employees: their explicit grants only (default-on is "after a visit is authorised"), at every gate.
 */
export interface GroupFacts {
  id: number;
  name: string;
  personKind: number;
  defaultOn: boolean;
  gids: number[];
  status: number;
}

export type Entitled =
  | { kind: 'visitor'; granted: readonly number[]; gid: number | null }
  | { kind: 'resident'; granted: readonly number[]; gid: number | null }
  | { kind: 'employee'; granted: readonly number[] };

const EVERYONE = 0;
const STAFF = 1;
const VISITORS = 2;

export function entitledGroups(person: Entitled, groups: readonly GroupFacts[]): number[] {
  const granted = new Set(person.granted);
  const out: number[] = [];
  for (const g of groups) {
    if (g.status !== 0) continue;
    if (person.kind === 'employee') {
      if (granted.has(g.id) && g.personKind !== VISITORS) out.push(g.id);
      continue;
    }
    if (g.personKind === STAFF) continue;
    const byDefault = g.defaultOn && (g.personKind === EVERYONE || g.personKind === VISITORS);
    if (!granted.has(g.id) && !byDefault) continue;
    if (g.gids.length > 0 && (person.gid === null || !g.gids.includes(person.gid))) continue;
    out.push(g.id);
  }
  return out.sort((a, b) => a - b);
}

/** Every group of the company with what the rule needs (a company has tens of groups, not thousands). */
export async function groupFacts(scope: TenantScope): Promise<GroupFacts[]> {
  return (await devicesRepository(scope).groups()).map((g) => ({
    id: g.id,
    name: g.name,
    personKind: g.personKind,
    defaultOn: g.defaultOn,
    gids: g.gids,
    status: g.status,
  }));
}

/**
 * The groups a visit opens: its visitor type's grants (a resident visit: the resident's) and the default-on groups.
 * `known` hands in the company's groups and visitor types' grants already read (the doors keep them per process).
 */
export async function groupsOfVisit(
  scope: TenantScope,
  v: { tid: number | null; gid: number | null; residentId: number | null },
  known?: { groups: readonly GroupFacts[]; typeGrants: ReadonlyMap<number, readonly number[]> },
): Promise<number[]> {
  const repo = devicesRepository(scope);
  const [groups, granted] = await Promise.all([
    known?.groups ?? groupFacts(scope),
    v.residentId !== null
      ? repo.groupIdsOfResident(v.residentId)
      : v.tid === null
        ? []
        : known
          ? (known.typeGrants.get(v.tid) ?? [])
          : repo.groupIdsOfVisitorType(v.tid),
  ]);
  return entitledGroups({ kind: v.residentId !== null ? 'resident' : 'visitor', granted, gid: v.gid }, groups);
}

/** The groups an employee opens (their validity window acStart–acEnd is the caller's to check). */
export async function groupsOfEmployee(scope: TenantScope, empId: number): Promise<number[]> {
  const [groups, granted] = await Promise.all([groupFacts(scope), devicesRepository(scope).groupIdsOfEmployee(empId)]);
  return entitledGroups({ kind: 'employee', granted }, groups);
}
