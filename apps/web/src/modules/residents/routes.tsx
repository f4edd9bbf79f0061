import type { ScreenEntry } from '../../platform/routes';

/** People › resident visitors (/visitlist, spec section 2): residents, their projects and their visits, in tabs. */
export const residentScreen: ScreenEntry = {
  path: 'visitlist',
  titleKey: 'menu.visitlist',
  module: 'residents',
  icon: 'TeamOutlined',
  roles: ['manager'],
  group: 'people',
  page: () => import('./pages/ResidentsPage').then((m) => m.ResidentsPage),
};
