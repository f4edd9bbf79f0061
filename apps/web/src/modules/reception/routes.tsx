import { Role } from '@openvisit/contract';
import type { ScreenEntry } from '../../platform/routes';

/**
 * Who works the desk screens: reception (gate) and sub-administrator accounts. A visitor-machine account reads no
 * visitor lists (the server refuses it), so its console is the way to the kiosk it runs.
 */
const DESK_STYPES = [Role.GATE, Role.SUBADMIN] as const;

/**
 * The front desk (reception) area's own screens (spec section 2, reference 3.6), by sub-type: the desk's today's visitors
 * and walk-in registration. The area's table (app/routes/areas.tsx) adds trucks, temporary cards, the kiosk, the password.
 */
export const receptionDeskScreens: readonly ScreenEntry[] = [
  {
    path: '',
    titleKey: 'menu.receptionToday',
    icon: 'TeamOutlined',
    roles: ['reception'],
    sTypes: DESK_STYPES,
    page: () => import('./pages/TodayPage').then((m) => m.TodayPage),
  },
  {
    path: 'walkin',
    titleKey: 'menu.receptionWalkIn',
    icon: 'UserAddOutlined',
    roles: ['reception'],
    sTypes: DESK_STYPES,
    page: () => import('./pages/WalkInPage').then((m) => m.WalkInPage),
  },
];

/** The visitor machine's screen: the kiosk it runs (after the desk's trucks and temporary cards in the area's table). */
export const receptionKioskScreen: ScreenEntry = {
  path: 'kiosk',
  titleKey: 'menu.receptionKiosk',
  icon: 'DesktopOutlined',
  roles: ['reception'],
  sTypes: [Role.MACHINE],
  page: () => import('./pages/KioskLaunchPage').then((m) => m.KioskLaunchPage),
};
