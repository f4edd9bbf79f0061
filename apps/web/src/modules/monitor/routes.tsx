import type { ScreenEntry } from '../../platform/routes';

/** The device monitor, /monitor (spec section 2), top level, off with the 'monitor' switch. */
export const monitorScreen: ScreenEntry = {
  path: 'monitor',
  titleKey: 'menu.monitor',
  icon: 'DesktopOutlined',
  roles: ['manager'],
  feature: 'monitor',
  page: () => import('./pages/MonitorPage').then((m) => m.MonitorPage),
};
