import type { ScreenEntry } from '../../platform/routes';

/** The super account's home (spec section 2: super.html's `/`): its companies' figures and their read-only consoles. */
export const superHomeScreen: ScreenEntry = {
  path: '',
  titleKey: 'menu.related',
  icon: 'HomeOutlined',
  roles: ['super'],
  page: () => import('./pages/SuperHomePage').then((m) => m.SuperHomePage),
};
