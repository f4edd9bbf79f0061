import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ScreenEntry } from '../../platform/routes';
import { adminNavItems } from '../layouts/AdminLayout';
import { AREAS } from './areas';
import { areaHome, areaOfPath, firstScreenPath, isEnabled, joinPath, menuNodes } from './derive';

const page = async () => () => null;
const table: ScreenEntry[] = [
  { path: 'visitor', titleKey: 'menu.home', roles: ['manager'], feature: 'blacklist', page },
  { path: 'hidden', titleKey: 'menu.home', roles: ['manager'], hideInMenu: true, page },
  {
    path: 'setting/account',
    titleKey: 'menu.account',
    roles: ['manager'],
    group: 'settings',
    children: [
      { path: '', titleKey: 'menu.accountBase', roles: ['manager'], page },
      { path: 'safe', titleKey: 'menu.accountSafe', roles: ['manager'], page },
    ],
  },
  { path: 'setting/other', titleKey: 'menu.accountSafe', roles: ['manager'], group: 'settings', page },
];

describe('route table derivation', () => {
  it('joins paths', () => {
    expect(joinPath('/', 'setting/account')).toBe('/setting/account');
    expect(joinPath('/setting/account', '')).toBe('/setting/account');
    expect(joinPath('/reception', 'password')).toBe('/reception/password');
  });

  it('hides feature-switched screens until the switch is known to be on', () => {
    expect(firstScreenPath(table, '/', 'manager', undefined)).toBe('/setting/account');
    expect(firstScreenPath(table, '/', 'manager', { blacklist: false })).toBe('/setting/account');
    expect(firstScreenPath(table, '/', 'manager', { blacklist: true })).toBe('/visitor');
    expect(menuNodes(table, '/', 'manager', { blacklist: true }).map((n) => n.path)).toEqual(['/visitor', '/setting/account', '/setting/other']);
    expect(firstScreenPath(table, '/', 'reception', { blacklist: true })).toBeNull();
  });

  it("builds the reception menu from the account's sub-type: the desk's screens, or the visitor machine's kiosk", () => {
    const reception = AREAS.find((a) => a.role === 'reception');
    if (!reception) throw new Error('no reception area');
    const menu = (sType: number | null) => menuNodes(reception.routes, reception.base, 'reception', undefined, sType).map((n) => n.path);
    expect(menu(2)).toEqual(['/reception', '/reception/walkin', '/reception/password']);
    expect(menu(5)).toEqual(['/reception', '/reception/walkin', '/reception/password']);
    expect(menu(4)).toEqual(['/reception/kiosk', '/reception/password']);
    expect(menu(null)).toEqual(['/reception/password']);
    expect(firstScreenPath(reception.routes, reception.base, 'reception', undefined, 4)).toBe('/reception/kiosk');
    expect(firstScreenPath(reception.routes, reception.base, 'reception', undefined, 2)).toBe('/reception');
  });

  it('groups top navigation entries, showing a lone group member directly', () => {
    const t = ((k: string) => k) as unknown as TFunction;
    const grouped = adminNavItems(menuNodes(table, '/', 'manager', undefined), t);
    expect(grouped).toEqual([expect.objectContaining({ key: 'group:settings', label: 'menu.settings' })]);
    const admin = AREAS[0];
    const real = admin ? adminNavItems(menuNodes(admin.routes, admin.base, 'manager', undefined), t) : [];
    // Visitors first (a lone screen, shown directly); until the switches are known, People holds the screens without
    // one: company employees, resident visitors, the whitelist and the overtime query. Meeting stands alone.
    expect(real.map((i) => i?.key)).toEqual(['/visitor', 'group:people', '/meeting', 'group:settings']);
    const people = (features: Parameters<typeof menuNodes>[3]) =>
      (adminNavItems(menuNodes(admin?.routes ?? [], '/', 'manager', features), t)[1] as { children?: { key: string }[] }).children?.map((c) => c.key);
    expect(people(undefined)).toEqual(['/emp', '/visitlist', '/whitelist', '/overtime']);
    expect(people({ blacklist: true, operationLog: true })).toEqual([
      '/emp',
      '/visitlist',
      '/blacklist',
      '/blacklist/reviews',
      '/whitelist',
      '/overtime',
      '/emplog',
    ]);
  });

  it('finds the area of a path by the longest base', () => {
    expect(areaOfPath('/reception/password', AREAS)?.role).toBe('reception');
    expect(areaOfPath('/receptionist', AREAS)?.role).toBe('manager');
    expect(areaOfPath('/hsehome', AREAS)?.role).toBe('hse');
    expect(areaOfPath('/setting/account', AREAS)?.role).toBe('manager');
  });
});

/** Every page of a table with its full path. */
function pages(entries: readonly ScreenEntry[], base: string): { path: string; entry: ScreenEntry }[] {
  return entries.flatMap((e) => (e.children ? pages(e.children, joinPath(base, e.path)) : [{ path: joinPath(base, e.path), entry: e }]));
}

describe('module-driven accounts: the route tables filtered by their grants', () => {
  const admin = AREAS.find((a) => a.role === 'manager');
  const subcom = AREAS.find((a) => a.role === 'subcom');
  if (!admin || !subcom) throw new Error('no admin or sub-company area');
  const all = { blacklist: true, tempCard: true, operationLog: true, notice: true, registration: true, basicSet: true } as const;

  it('every page of the admin and sub-company areas names the area it belongs to, so a new screen cannot forget', () => {
    const unnamed = [...pages(admin.routes, admin.base), ...pages(subcom.routes, subcom.base)].filter((p) => !p.entry.area).map((p) => p.path);
    expect(unnamed).toEqual([]);
  });

  it('a sub-administrator granted employees and blacklist: exactly those menus, and its own password; home on the first', () => {
    const grants = ['employees', 'blacklist'];
    const menu = menuNodes(admin.routes, '/', 'manager', all, 5, grants).map((n) => n.path);
    expect(menu).toEqual(['/emp', '/blacklist', '/blacklist/reviews', '/whitelist', '/setting/invitepower', '/setting/account']);
    const emp = admin.routes.find((e) => e.path === 'emp');
    expect(menuNodes(emp?.children ?? [], '/emp', 'manager', all, 5, grants).map((n) => n.path)).toEqual(['/emp/emplist']);
    const account = admin.routes.find((e) => e.path === 'setting/account');
    expect(menuNodes(account?.children ?? [], '/setting/account', 'manager', all, 5, grants).map((n) => n.path)).toEqual(['/setting/account/safe']);
    expect(areaHome(admin, all, 5, grants)).toBe('/emp/emplist');
    // A screen of a module not granted is not enabled (the guard shows the not-found page); the administrator's is.
    const monitor = pages(admin.routes, '/').find((p) => p.path === '/monitor')?.entry;
    if (!monitor) throw new Error('no monitor screen');
    expect(isEnabled(monitor, 'manager', { monitor: true }, 5, grants)).toBe(false);
    expect(isEnabled(monitor, 'manager', { monitor: true }, 5, [...grants, 'monitor'])).toBe(true);
    expect(isEnabled(monitor, 'manager', { monitor: true }, -1, null)).toBe(true);
  });

  it('grants take nothing from an account that is not module-driven', () => {
    expect(menuNodes(admin.routes, '/', 'manager', all, -1, null)).toEqual(menuNodes(admin.routes, '/', 'manager', all, -1));
  });

  it('a sub-company of adminType 1 granted reports: the statistics and reports, its account; home on the statistics', () => {
    const menu = menuNodes(subcom.routes, subcom.base, 'subcom', all, undefined, ['reports']).map((n) => n.path);
    expect(menu).toEqual(['/subcom/visitors', '/subcom/data', '/subcom/account']);
    expect(areaHome(subcom, all, undefined, ['visitors'])).toBe('/subcom/vlist');
  });
});
