import type { ScreenEntry } from '../../platform/routes';

/** Settings › work apps: the company's DingTalk, Feishu and WeCom apps (credentials and a connection test). */
export const workAppsScreen: ScreenEntry = {
  path: 'setting/workapps',
  titleKey: 'menu.workApps',
  area: 'contacts',
  icon: 'ApiOutlined',
  roles: ['manager'],
  group: 'settings',
  page: () => import('./pages/WorkAppsPage').then((m) => m.WorkAppsPage),
};
