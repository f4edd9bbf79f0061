import type { Features, ScreenEntry, SType } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';
import type { AreaDef } from './types';

/** '/' + 'setting/account' → '/setting/account'; '/setting/account' + '' → '/setting/account'. */
export function joinPath(base: string, path: string): string {
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return joined === '' ? '/' : joined;
}

/** A module-driven account's granted areas (platform/session.ts `grantsOf`); null or absent: not module-driven. */
export type Grants = readonly string[] | null | undefined;

/**
 * A screen is reachable by a role when it lists the role, the account's sub-type (when the screen names sub-types)
 * and its feature switch (if any) is on; for a module-driven account, when its module is granted (or is 'own').
 */
export function isEnabled(entry: ScreenEntry, role: ConsoleRole | null, features: Features, sType?: SType, grants?: Grants): boolean {
  if (!role || !entry.roles.includes(role)) return false;
  if (entry.sTypes && (sType == null || !entry.sTypes.includes(sType))) return false;
  if (entry.feature && features?.[entry.feature] !== true) return false;
  if (entry.children) return entry.children.some((c) => isEnabled(c, role, features, sType, grants));
  return isGranted(entry, grants);
}

/** A page a module-driven account may open: its area granted, or one of the account's own; any page for others. */
export function isGranted(entry: ScreenEntry, grants: Grants): boolean {
  if (grants == null || entry.children) return true;
  return entry.area === 'own' || (entry.area !== undefined && grants.includes(entry.area));
}

export interface MenuNode {
  path: string;
  entry: ScreenEntry;
}

/** The menu entries of a list of screens (visible, enabled), with their full paths. */
export function menuNodes(
  entries: readonly ScreenEntry[],
  base: string,
  role: ConsoleRole | null,
  features: Features,
  sType?: SType,
  grants?: Grants,
): MenuNode[] {
  return entries
    .filter((e) => !e.hideInMenu && isEnabled(e, role, features, sType, grants))
    .map((entry) => ({ entry, path: joinPath(base, entry.path) }));
}

/** The first screen a role can open in a list of screens (depth first), or null. */
export function firstScreenPath(
  entries: readonly ScreenEntry[],
  base: string,
  role: ConsoleRole | null,
  features: Features,
  sType?: SType,
  grants?: Grants,
): string | null {
  for (const { entry, path } of menuNodes(entries, base, role, features, sType, grants)) {
    if (!entry.children) return path;
    const inner = firstScreenPath(entry.children, path, role, features, sType, grants);
    if (inner) return inner;
  }
  return null;
}

export function areaHome(area: AreaDef, features: Features, sType?: SType, grants?: Grants): string {
  return firstScreenPath(area.routes, area.base, area.role, features, sType, grants) ?? area.base;
}

function under(pathname: string, base: string): boolean {
  if (base === '/') return true;
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The area a path belongs to: the longest base that contains it (the admin area '/' holds the rest). */
export function areaOfPath(pathname: string, areas: readonly AreaDef[]): AreaDef | undefined {
  return [...areas].sort((a, b) => b.base.length - a.base.length).find((a) => under(pathname, a.base));
}
