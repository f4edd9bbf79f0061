import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** The visitors on site now. */
export function onSiteScreen(role: ConsoleRole): ScreenEntry {
  return {
    path: 'onsite',
    titleKey: 'menu.onSite',
    area: 'visitors',
    icon: 'TeamOutlined',
    roles: [role],
    page: () => import('./pages/OnSiteBoardPage').then((m) => m.OnSiteBoardPage),
  };
}
