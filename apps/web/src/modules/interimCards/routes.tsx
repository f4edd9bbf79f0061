import { Role } from '@openvisit/contract';
import type { ScreenEntry } from '../../platform/routes';

const page = () => import('./pages/TempCardsPage').then((m) => m.TempCardsPage);

/** People › temporary cards (/tempcard, spec section 2), off with the 'tempCard' switch. */
export const tempCardScreen: ScreenEntry = {
  path: 'tempcard',
  titleKey: 'menu.tempCard',
  area: 'temp-cards',
  icon: 'IdcardOutlined',
  roles: ['manager'],
  feature: 'tempCard',
  group: 'people',
  page,
};

/** The front desk's copy of the screen (/reception/tempcard): the desk lends, refuses and takes cards back. */
export const tempCardDeskScreen: ScreenEntry = {
  path: 'tempcard',
  titleKey: 'menu.tempCard',
  area: 'temp-cards',
  icon: 'IdcardOutlined',
  roles: ['reception'],
  sTypes: [Role.GATE, Role.SUBADMIN],
  feature: 'tempCard',
  page,
};

/** The employee portal's temporary cards (/emporder/tcard, spec section 2 `tcard`): apply, and follow their own. */
export const tempCardPortalScreen: ScreenEntry = {
  path: 'tcard',
  titleKey: 'menu.tempCard',
  area: 'temp-cards',
  icon: 'IdcardOutlined',
  roles: ['emporder'],
  feature: 'tempCard',
  page: () => import('./pages/TempCardsPage').then((m) => m.MyTempCardsPage),
};
