import type { ScreenEntry } from '../../platform/routes';

/**
 * The device monitor, /monitor (spec section 2), off with the 'monitor' switch. Its path is top level; its menu entry
 * sits under custom settings with the access-control screens, since a top-level item pushed the system settings out
 * of the top navigation at 1366 px.
 */
export const monitorScreen: ScreenEntry = {
  path: 'monitor',
  titleKey: 'menu.monitor',
  area: 'monitor',
  icon: 'DesktopOutlined',
  roles: ['manager'],
  feature: 'monitor',
  group: 'custom',
  page: () => import('./pages/MonitorPage').then((m) => m.MonitorPage),
};
