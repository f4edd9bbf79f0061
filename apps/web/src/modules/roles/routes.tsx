import type { ScreenEntry } from '../../platform/routes';

/** People › roles, /emp/rolist: a screen of the company-employees section that the menu does not list (spec section 2). */
export const rolesScreen: ScreenEntry = {
  path: 'rolist',
  titleKey: 'menu.roles',
  area: 'roles',
  icon: 'IdcardOutlined',
  roles: ['manager'],
  hideInMenu: true,
  page: () => import('./pages/RolesPage').then((m) => m.RolesPage),
};
