import { Navigate } from 'react-router';
import type { ScreenEntry } from '../../platform/routes';

function ToPadset() {
  return <Navigate replace to="/setting/padset" />;
}

function ToVset() {
  return <Navigate replace to="/setting/vset" />;
}

/**
 * Custom settings › registration settings (spec section 2): /setting/padset, linked to the hidden /setting/vset
 * (visitor types and their forms); both off with the 'registration' switch. /pad and /vset, the paths of the older
 * console's front-desk settings, lead there.
 */
export const registrationScreens: readonly ScreenEntry[] = [
  {
    path: 'setting/padset',
    titleKey: 'menu.padset',
    area: 'registration',
    icon: 'FormOutlined',
    roles: ['manager'],
    feature: 'registration',
    group: 'custom',
    page: () => import('./pages/PadSetPage').then((m) => m.PadSetPage),
  },
  {
    path: 'setting/vset',
    titleKey: 'menu.vset',
    area: 'registration',
    roles: ['manager'],
    feature: 'registration',
    hideInMenu: true,
    page: () => import('./pages/VisitTypesPage').then((m) => m.VisitTypesPage),
  },
  {
    path: 'pad',
    titleKey: 'menu.padset',
    area: 'registration',
    roles: ['manager'],
    feature: 'registration',
    hideInMenu: true,
    page: () => Promise.resolve(ToPadset),
  },
  {
    path: 'vset',
    titleKey: 'menu.vset',
    area: 'registration',
    roles: ['manager'],
    feature: 'registration',
    hideInMenu: true,
    page: () => Promise.resolve(ToVset),
  },
];
