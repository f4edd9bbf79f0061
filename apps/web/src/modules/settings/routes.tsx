import { Navigate } from 'react-router';
import type { ScreenEntry } from '../../platform/routes';

function ToBaseSet() {
  return <Navigate replace to="/setting/baseset" />;
}

/** Custom settings › basic settings (spec section 2: setting/baseset; the older console's /reserve leads there). */
export const basicSettingsScreens: readonly ScreenEntry[] = [
  {
    path: 'setting/baseset',
    titleKey: 'menu.baseset',
    area: 'settings',
    icon: 'ControlOutlined',
    roles: ['manager'],
    feature: 'basicSet',
    group: 'custom',
    page: () => import('./pages/BaseSetPage').then((m) => m.BaseSetPage),
  },
  {
    path: 'reserve',
    titleKey: 'menu.baseset',
    area: 'settings',
    roles: ['manager'],
    feature: 'basicSet',
    hideInMenu: true,
    page: () => Promise.resolve(ToBaseSet),
  },
];
